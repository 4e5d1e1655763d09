//! What the session check costs a signed-in route: each route timed with the
//! access cookie as the site sends it (the token verified, then one GetItem
//! of the session: is it still live?) and with the shopper already known to
//! the request, as the extractor answers a second time within one request
//! (no check at all: the cost before sessions were checked, less the
//! token's verification, a few µs).

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::Value;

use app::App;
use shop_http::CurrentUser;

use crate::checkout::{open_session, request};
use crate::latency::{micros, millis, print_header, timed, Figures};

const ROUTES: [&str; 3] = ["/api/cart", "/api/addresses", "/api/orders/me"];
const USER: &str = "bench-signed-in";

async fn measure(app: &App, path: &str, checked: bool, runs: usize) -> Figures {
    let api = server::routes::api(app.clone());
    let call = || {
        let mut call = request(app, USER, "GET", path, Value::Null);
        if !checked {
            call.extensions_mut().insert(CurrentUser {
                id: USER.into(),
                email: format!("{USER}@example.com"),
                session_id: format!("s-{USER}"),
            });
        }
        call
    };
    for _ in 0..5 {
        let (status, _) = timed(&api, call()).await;
        assert!(status != StatusCode::UNAUTHORIZED, "{path} is signed in");
    }
    let before = app.table.request_count();
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    for _ in 0..runs {
        times.push(timed(&api, call()).await.1);
    }
    let requests = (app.table.request_count() - before) as f64 / runs as f64;
    Figures::of(requests, times)
}

/// Prints, per route: table requests and p50 / p99 unchecked → checked, on each adapter.
pub async fn report(embedded: &App, dynamo: &App) {
    open_session(embedded, USER).await;
    open_session(dynamo, USER).await;
    print_header("API: signed-in routes, no session check → session checked (in-process)");
    for path in ROUTES {
        let (e0, e1) = (
            measure(embedded, path, false, 400).await,
            measure(embedded, path, true, 400).await,
        );
        let (d0, d1) = (
            measure(dynamo, path, false, 200).await,
            measure(dynamo, path, true, 200).await,
        );
        println!(
            "{:<50} {:>8} {:>22} {:>26}",
            format!("GET {path}"),
            format!(
                "{:.0} → {:.0}",
                e0.requests.max(d0.requests),
                e1.requests.max(d1.requests)
            ),
            format!(
                "{:.0}/{:.0} → {:.0}/{:.0} µs",
                micros(e0.p50),
                micros(e0.p99),
                micros(e1.p50),
                micros(e1.p99)
            ),
            format!(
                "{:.2}/{:.2} → {:.2}/{:.2} ms",
                millis(d0.p50),
                millis(d0.p99),
                millis(d1.p50),
                millis(d1.p99)
            ),
        );
    }
}
