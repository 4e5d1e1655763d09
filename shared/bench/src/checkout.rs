//! Checkout latency: `POST /api/payment/checkout` in-process, from the bag
//! read and priced to the order placed (claim, charge at the provider, one
//! transaction), at the quote `GET /api/cart` answered,
//! the provider being the sandbox on a loopback port. Invoice and email are
//! written after placing and are timed too, as the shopper waits for them.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::json;
use tower::ServiceExt;

use app::App;
use domain::catalog::{Kind, Product};
use shop_http::session::{access_cookie_name, issue_access, AccessClaims};

use crate::latency::{json_request, print_header, print_millis_row, timed, Figures};

const RUNS: usize = 60;

/// The app with its gateway pointed at a sandbox of its own.
async fn with_sandbox(app: &App) -> App {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let sandbox = sandbox::router(sandbox::SandboxConfig {
        public_url: url.clone(),
        assets_url: url.clone(),
    });
    tokio::spawn(async move { axum::serve(listener, sandbox).await.unwrap() });
    let mut app = app.clone();
    app.gateway = payments::open(&payments::PaymentsConfig::sandbox(&url)).unwrap();
    app
}

pub(crate) fn request(
    app: &App,
    user: &str,
    method: &str,
    path: &str,
    body: serde_json::Value,
) -> Request<Body> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let claims = AccessClaims {
        sub: user.into(),
        email: format!("{user}@example.com"),
        sid: format!("s-{user}"),
        iat: now,
        exp: now + 900,
    };
    let cookie = format!(
        "{}={}",
        access_cookie_name(&app.config),
        issue_access(&app.config, &claims)
    );
    json_request(app, method, path)
        .header(header::COOKIE, cookie)
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// Stores the live session a signed-in shopper's access token names.
pub(crate) async fn open_session(app: &App, user: &str) {
    let who = domain::accounts::NewSession {
        user_id: user.into(),
        email: format!("{user}@example.com"),
        remember: false,
        provider: None,
        provider_token: None,
    };
    let now = domain::timestamp::Timestamp::now();
    let session = domain::accounts::Session::start(who, format!("s-{user}"), "bench".into(), now);
    let _ = app
        .table
        .write(&session, domain::ports::Condition::None)
        .await
        .unwrap();
}

/// The first active product under 1000 USD (a bag of one, under the
/// sandbox's declining amounts).
async fn a_product(app: &App) -> Product {
    let products: Vec<Product> = app
        .table
        .read_all(domain::ports::Query::partition(Kind::Product.partition()))
        .await
        .unwrap();
    products
        .into_iter()
        .find(|p| p.is_active() && p.items.is_empty() && p.price.cents() < 100_000)
        .expect("a product under 1000 USD")
}

async fn measure(app: &App) -> Figures {
    let app = with_sandbox(app).await;
    let api = server::routes::api(app.clone());
    let product = a_product(&app).await;
    let mut times: Vec<Duration> = Vec::with_capacity(RUNS);
    let mut requests = 0;
    for run in 0..RUNS {
        let user = format!("bench-buyer-{run}");
        open_session(&app, &user).await;
        let add = json!({ "productId": product.id, "size": "M", "color": product.color.first(), "quantity": 1 });
        let added = api
            .clone()
            .oneshot(request(&app, &user, "POST", "/api/cart/add", add))
            .await
            .unwrap();
        assert_eq!(added.status(), StatusCode::OK, "the bag is filled");
        let quote = bag_quote(&api, &app, &user).await;
        let body = json!({ "amount": quote["total"], "shippingfee": quote["shippingfee"],
            "taxRate": 0, "paymentMethodNonce": "fake-valid-nonce", "customerName": "Bench Buyer",
            "addresses": { "firstName": "Bench", "lastName": "Buyer", "country": "Vietnam", "street": "1 Le Loi",
                           "zipCode": "700000", "phoneCode": "+84", "phone": "0901234567" },
            "idempotencyKey": user });
        let checkout = request(&app, &user, "POST", "/api/payment/checkout", body);
        let before = app.table.request_count();
        let (status, time) = timed(&api, checkout).await;
        times.push(time);
        requests += app.table.request_count() - before;
        assert_eq!(status, StatusCode::CREATED, "checkout {run} is placed");
    }
    Figures::of(requests as f64 / RUNS as f64, times)
}

/// The bag's quote as the site reads it (`GET /api/cart`): the amount the
/// shopper saw and sends back.
async fn bag_quote(api: &impl server::HttpService, app: &App, user: &str) -> serde_json::Value {
    let read = request(app, user, "GET", "/api/cart", serde_json::Value::Null);
    let response = api.clone().oneshot(read).await.unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let bag: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    bag["quote"].clone()
}

/// Prints the checkout row: table requests per checkout and p50 / p99 on each adapter.
pub async fn report(embedded: &App, dynamo: &App) {
    let e = measure(embedded).await;
    let d = measure(dynamo).await;
    print_header(&format!(
        "API: card checkout latency ({RUNS} checkouts, in-process, sandbox provider on loopback)"
    ));
    print_millis_row("POST /api/payment/checkout", &e, &d);
}
