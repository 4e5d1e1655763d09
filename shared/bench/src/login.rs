//! Sign-in latency: `POST /api/auth/login` in-process, password check and
//! session writes included, on both table adapters, from a browser the
//! account does not know (the address's counter and the account's run)
//! and from the one that created it (its device cookie: its own counter):
//! each counted before the password check and given back after it.
//! The API tests only check that sign-ins succeed; how long they take is
//! this figure.

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

/// One POST from its own forwarded address (so the per-address limit never
/// bites), with the browser's `device` cookie when it has one.
fn post(
    app: &App,
    path: &str,
    address: usize,
    device: Option<&str>,
    body: serde_json::Value,
) -> Request<Body> {
    let request = json_request(app, "POST", path);
    let request = match device {
        Some(value) => request.header("cookie", format!("device={value}")),
        None => request,
    };
    request
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

/// The device cookie's value in an answer's `Set-Cookie` headers.
fn device_cookie(response: &axum::response::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("device="))
        .and_then(|v| v.split(';').next())
        .map(str::to_string)
}

/// Untrusted and trusted sign-ins, in that order.
async fn measure(app: &App) -> (Figures, Figures) {
    let api = server::routes::api(app.clone());
    let emails: Vec<String> = (0..ACCOUNTS)
        .map(|i| format!("bench{i}@example.com"))
        .collect();
    let mut devices = Vec::with_capacity(ACCOUNTS);
    for (i, email) in emails.iter().enumerate() {
        let body = json!({
            "email": email, "password": PASSWORD, "confirmPassword": PASSWORD, "title": "Ms",
            "firstname": "Ada", "lastname": "Lovelace", "birthday": "1990-12-10", "agreeToUpdates": true,
        });
        let response = api
            .clone()
            .oneshot(post(app, "/api/auth/register", i, None, body))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED, "{email} signs up");
        devices.push(device_cookie(&response).expect("the creator's device cookie"));
    }
    let runs = ACCOUNTS * PER_ACCOUNT;
    let mut figures = Vec::new();
    for trusted in [false, true] {
        let before = app.table.request_count();
        let mut times: Vec<Duration> = Vec::with_capacity(runs);
        for run in 0..runs {
            let account = run % ACCOUNTS;
            let body = json!({ "email": emails[account], "password": PASSWORD });
            let device = trusted.then_some(devices[account].as_str());
            let request = post(app, "/api/auth/login", ACCOUNTS + run, device, body);
            let (status, time) = timed(&api, request).await;
            times.push(time);
            assert_eq!(status, StatusCode::OK, "sign-in {run} succeeds");
        }
        let requests = (app.table.request_count() - before) as f64 / runs as f64;
        figures.push(Figures::of(requests, times));
    }
    let trusted = figures.pop().expect("measured");
    (figures.pop().expect("measured"), trusted)
}

/// Prints the sign-in row: table requests per sign-in and p50 / p99 on each adapter.
pub async fn report(embedded: &App, dynamo: &App) {
    let (e, e_trusted) = measure(embedded).await;
    let (d, d_trusted) = measure(dynamo).await;
    print_header(&format!(
        "API: sign-in latency ({} sign-ins each, in-process)",
        ACCOUNTS * PER_ACCOUNT
    ));
    print_millis_row("POST /api/auth/login (a new browser)", &e, &d);
    print_millis_row(
        "POST /api/auth/login (a trusted browser)",
        &e_trusted,
        &d_trusted,
    );
}
