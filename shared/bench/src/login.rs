//! Sign-in latency: `POST /api/auth/login` in-process, password check and
//! session writes included, on both table adapters. The API tests only check
//! that sign-ins succeed; how long they take is this figure.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use tower::ServiceExt;

use app::App;

use crate::latency::{json_request, print_header, print_millis_row, timed, Figures};

const PASSWORD: &str = "couture1!";
/// Sign-ins per account: under the per-email limit of the login window.
const PER_ACCOUNT: usize = 8;
const ACCOUNTS: usize = 12;

/// One POST from its own forwarded address (so the per-address limit never bites).
fn post(app: &App, path: &str, address: usize, body: serde_json::Value) -> Request<Body> {
    json_request(app, "POST", path)
        .header(
            "x-forwarded-for",
            format!(
                "10.{}.{}.{}",
                address / 65536,
                address / 256 % 256,
                address % 256
            ),
        )
        .body(Body::from(body.to_string()))
        .unwrap()
}

async fn measure(app: &App) -> Figures {
    let api = server::routes::api(app.clone());
    let emails: Vec<String> = (0..ACCOUNTS)
        .map(|i| format!("bench{i}@example.com"))
        .collect();
    for (i, email) in emails.iter().enumerate() {
        let body = json!({
            "email": email, "password": PASSWORD, "confirmPassword": PASSWORD, "title": "Ms",
            "firstname": "Ada", "lastname": "Lovelace", "birthday": "1990-12-10", "agreeToUpdates": true,
        });
        let response = api
            .clone()
            .oneshot(post(app, "/api/auth/register", i, body))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED, "{email} signs up");
    }
    let before = app.table.request_count();
    let runs = ACCOUNTS * PER_ACCOUNT;
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    for run in 0..runs {
        let body = json!({ "email": emails[run % ACCOUNTS], "password": PASSWORD });
        let request = post(app, "/api/auth/login", ACCOUNTS + run, body);
        let (status, time) = timed(&api, request).await;
        times.push(time);
        assert_eq!(status, StatusCode::OK, "sign-in {run} succeeds");
    }
    let requests = (app.table.request_count() - before) as f64 / runs as f64;
    Figures::of(requests, times)
}

/// Prints the sign-in row: table requests per sign-in and p50 / p99 on each adapter.
pub async fn report(embedded: &App, dynamo: &App) {
    let e = measure(embedded).await;
    let d = measure(dynamo).await;
    print_header(&format!(
        "API: sign-in latency ({} sign-ins, in-process)",
        ACCOUNTS * PER_ACCOUNT
    ));
    print_millis_row("POST /api/auth/login", &e, &d);
}
