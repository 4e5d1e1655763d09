//! The atelier console's routes: table requests per call and in-process
//! latency, signed in as an owner, over the orders the checkout figures
//! placed (run after them). Each call carries the console cookie and the
//! shop's Origin, as the console's pages send them.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};

use app::App;
use domain::atelier::{ConsoleSession, ConsoleSessions, Opening, Role, Staff, StaffMember};
use domain::timestamp::Timestamp;

use crate::latency::{answer, json_request, print_header, print_millis_row, timed, Figures};

const RUNS: usize = 60;

/// Stores an owner and a live console session; the cookie that carries it.
async fn owner_cookie(app: &App) -> String {
    let now = Timestamp::now();
    let member = StaffMember {
        id: ulid::Ulid::new().to_string(),
        email: "owner@bench.example.com".into(),
        name: "Bench Owner".into(),
        role: Role::Owner,
        since: now,
    };
    Staff::of(&*app.table)
        .add(&member)
        .await
        .expect("owner stored");
    let token = atelier::console::new_token();
    let session = ConsoleSession::start(&member.id, &token, now);
    let sessions = ConsoleSessions::of(&*app.table);
    let opened = sessions.open(&session, &member, Opening::SignIn).await;
    assert!(opened.expect("session stored"), "the session is opened");
    format!(
        "{}={}",
        atelier::console::cookie_name(&app.config),
        atelier::console::cookie_value(&member.id, &token)
    )
}

fn call(app: &App, cookie: &str, method: &str, path: &str, body: &Value) -> Request<Body> {
    json_request(app, method, path)
        .header(header::COOKIE, cookie)
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// One route timed `RUNS` times after a warm-up: requests per call, p50 / p99.
async fn measure(app: &App, cookie: &str, method: &str, path: &str, body: Value) -> Figures {
    let api = server::routes::api(app.clone());
    for _ in 0..3 {
        let (status, _) = timed(&api, call(app, cookie, method, path, &body)).await;
        assert!(status.is_success(), "{method} {path} answers ({status})");
    }
    let before = app.table.request_count();
    let mut times: Vec<Duration> = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        times.push(timed(&api, call(app, cookie, method, path, &body)).await.1);
    }
    let requests = (app.table.request_count() - before) as f64 / RUNS as f64;
    Figures::of(requests, times)
}

/// The newest order in the queue: the one whose page is measured.
async fn an_order(app: &App, cookie: &str) -> String {
    let api = server::routes::api(app.clone());
    let queue = call(app, cookie, "GET", "/api/atelier/orders", &Value::Null);
    let (status, body) = answer(&api, queue).await;
    assert_eq!(status, StatusCode::OK, "the queue answers");
    let queue: Value = serde_json::from_slice(&body).unwrap();
    queue["orders"][0]["id"]
        .as_str()
        .expect("the checkout figures placed orders")
        .to_string()
}

/// Prints a row per console route, both adapters side by side.
pub async fn report(embedded: &App, dynamo: &App) {
    let (e_cookie, d_cookie) = (owner_cookie(embedded).await, owner_cookie(dynamo).await);
    let (e_order, d_order) = (
        an_order(embedded, &e_cookie).await,
        an_order(dynamo, &d_cookie).await,
    );
    let today = Timestamp::now().to_string()[..10].to_string();
    let routes: Vec<(&str, String, Value)> = vec![
        ("GET", "/api/atelier/me".into(), Value::Null),
        ("GET", "/api/atelier/orders".into(), Value::Null),
        ("GET", "/api/atelier/orders/{id}".into(), Value::Null),
        (
            "POST",
            "/api/atelier/orders/{id}/notes".into(),
            json!({ "text": "Bench note." }),
        ),
        ("GET", "/api/atelier/payments/attention".into(), Value::Null),
        ("GET", "/api/atelier/requests".into(), Value::Null),
        ("GET", "/api/atelier/staff".into(), Value::Null),
        (
            "GET",
            format!("/api/atelier/audit?from={today}&to={today}"),
            Value::Null,
        ),
    ];
    print_header(&format!(
        "Atelier console: table requests and in-process latency per route (owner, {RUNS} calls)"
    ));
    for (method, path, body) in routes {
        let e_path = path.replace("{id}", &e_order);
        let d_path = path.replace("{id}", &d_order);
        let e = measure(embedded, &e_cookie, method, &e_path, body.clone()).await;
        let d = measure(dynamo, &d_cookie, method, &d_path, body).await;
        print_millis_row(&format!("{method} {path}"), &e, &d);
    }
}
