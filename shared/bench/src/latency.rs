//! Table requests and handler latency per catalogue route, in-process.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, request, Request, StatusCode};
use tower::ServiceExt;

use app::{App, Config};

use crate::dynamodb_local::DynamoDbLocal;

const ROUTES: [&str; 15] = [
    "/api/menus",
    "/api/categories",
    "/api/categories/cat-women",
    "/api/products",
    "/api/products/prod-lotus-reverie-01",
    "/api/products/search?q=silk",
    "/api/products/by-collection?name=Lotus%20Reverie",
    "/api/collections",
    "/api/collections/col-lotus-reverie",
    "/api/runways",
    "/api/runways/featured",
    "/api/runways/run-saigon-nocturne",
    "/api/banners",
    "/api/news",
    "/api/news/news-nocturne-show",
];

pub struct Figures {
    pub requests: f64,
    pub p50: Duration,
    pub p99: Duration,
}

impl Figures {
    /// The median and 99th percentile of the measured times, beside the
    /// table requests per run.
    pub fn of(requests: f64, mut times: Vec<Duration>) -> Figures {
        times.sort();
        let runs = times.len();
        Figures {
            requests,
            p50: times[runs / 2],
            p99: times[runs * 99 / 100],
        }
    }
}

/// A JSON request as the site sends it: with the shop's own Origin.
pub fn json_request(app: &App, method: &str, path: &str) -> request::Builder {
    let origin = app.config.allowed_origins.first().cloned();
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ORIGIN, origin.unwrap_or_default())
}

/// Sends one request through `api` and reads the whole answer: its status
/// and how long the round took.
pub async fn timed(
    api: &impl server::HttpService,
    request: Request<Body>,
) -> (StatusCode, Duration) {
    let start = Instant::now();
    let response = api.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let _ = axum::body::to_bytes(response.into_body(), usize::MAX).await;
    (status, start.elapsed())
}

/// Prints the table's header: one row per route, both adapters side by side.
pub fn print_header(title: &str) {
    println!("\n== {title} ==");
    println!(
        "{:<50} {:>8} {:>22} {:>26}",
        "route", "requests", "embedded p50 / p99", "DynamoDB Local p50 / p99"
    );
}

/// Prints a route's row, both adapters in milliseconds.
pub fn print_millis_row(route: &str, embedded: &Figures, dynamo: &Figures) {
    let (e, d) = (embedded, dynamo);
    println!(
        "{:<50} {:>8} {:>22} {:>26}",
        route,
        format!("{:.1}", e.requests.max(d.requests)),
        format!("{:.1} ms / {:.1} ms", millis(e.p50), millis(e.p99)),
        format!("{:.1} ms / {:.1} ms", millis(d.p50), millis(d.p99)),
    );
}

async fn shop(dir: &std::path::Path, dynamo: Option<&str>) -> App {
    shop_on(dir, dynamo, true).await
}

/// A shop on the embedded store, or on DynamoDB Local at `dynamo`; with the
/// sample catalogue imported if `seeded`.
pub async fn shop_on(dir: &std::path::Path, dynamo: Option<&str>, seeded: bool) -> App {
    let mut config = Config::local(dir.to_path_buf(), "http://127.0.0.1:3000").expect("config");
    // The bench stands for many shoppers, as the journeys do: each request names
    // its own client address in X-Forwarded-For, trusted as behind a proxy, so
    // the per-address limits (ten sign-ups an hour) count each shopper alone.
    config.edge.trust_forwarded_for = true;
    if let Some(endpoint) = dynamo {
        let aws = aws_env::Aws::local();
        let client = store::DynamoTable::connect(aws.sdk_config().await, "bench", Some(endpoint));
        store::create_table(client.client(), "bench")
            .await
            .expect("create table");
        config.table = store::TableConfig::Dynamo {
            table: "bench".into(),
            endpoint: Some(endpoint.into()),
        };
    }
    let app = App::with_config(config).await.expect("app");
    if seeded {
        shopctl::seed::run(&app).await.expect("seed");
    }
    app
}

/// Sends one request through `api`: its status and its whole body.
pub async fn answer(
    api: &impl server::HttpService,
    request: Request<Body>,
) -> (StatusCode, axum::body::Bytes) {
    let response = api.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, body)
}

pub async fn measure(app: &App, path: &str, runs: usize) -> Figures {
    let api = server::routes::api(app.clone());
    let call = || {
        api.clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
    };
    for _ in 0..5 {
        assert!(
            call().await.unwrap().status().is_success(),
            "{path} answers"
        );
    }
    let before = app.table.request_count();
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let (_, time) = timed(&api, Request::get(path).body(Body::empty()).unwrap()).await;
        times.push(time);
    }
    let requests = (app.table.request_count() - before) as f64 / runs as f64;
    Figures::of(requests, times)
}

pub async fn report() {
    let (_dir, _dynamodb, embedded, dynamo) = both_adapters().await;
    print_header("API: table requests and in-process handler latency per catalogue route");
    for path in ROUTES {
        let e = measure(&embedded, path, 400).await;
        let d = measure(&dynamo, path, 60).await;
        println!(
            "{:<50} {:>8} {:>22} {:>26}",
            format!("GET {path}"),
            format!("{:.1}", e.requests.max(d.requests)),
            format!("{:.0} µs / {:.0} µs", micros(e.p50), micros(e.p99)),
            format!("{:.2} ms / {:.2} ms", millis(d.p50), millis(d.p99)),
        );
    }
    crate::login::report(&embedded, &dynamo).await;
    crate::checkout::report(&embedded, &dynamo).await;
    crate::signed_in::report(&embedded, &dynamo).await;
    crate::atelier::report(&embedded, &dynamo).await;
}

/// The seeded shop on each adapter (DynamoDB Local kept running while
/// they are used), for the reports that measure one flow on both.
async fn both_adapters() -> (tempfile::TempDir, DynamoDbLocal, App, App) {
    let dir = tempfile::tempdir().unwrap();
    let embedded = shop(&dir.path().join("embedded"), None).await;
    let dynamodb = DynamoDbLocal::start();
    let dynamo = shop(&dir.path().join("dynamo"), Some(&dynamodb.endpoint())).await;
    (dir, dynamodb, embedded, dynamo)
}

/// Only the signed-in routes' figures (what the session check costs).
pub async fn report_signed_in() {
    let (_dir, _dynamodb, embedded, dynamo) = both_adapters().await;
    crate::signed_in::report(&embedded, &dynamo).await;
}

/// Only the atelier console's figures (over the orders checkout places).
pub async fn report_atelier() {
    let (_dir, _dynamodb, embedded, dynamo) = both_adapters().await;
    crate::checkout::report(&embedded, &dynamo).await;
    crate::atelier::report(&embedded, &dynamo).await;
}

/// Only the card checkout's figures.
pub async fn report_checkout() {
    let (_dir, _dynamodb, embedded, dynamo) = both_adapters().await;
    crate::checkout::report(&embedded, &dynamo).await;
}

/// Only the sign-in figures (a new browser, a trusted one).
pub async fn report_sign_in() {
    let (_dir, _dynamodb, embedded, dynamo) = both_adapters().await;
    crate::login::report(&embedded, &dynamo).await;
}

pub fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

pub fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
