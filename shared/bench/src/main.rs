//! `shop-bench`: the API's figures for `make bench` (DESIGN.md section 10).
//! Prints, per catalogue route, table requests per call and in-process
//! handler latency on the embedded store and on DynamoDB Local side by side,
//! and the same for sign-in (`POST /api/auth/login`) and card checkout
//! (`POST /api/payment/checkout`, p50 / p99), what the session check
//! adds to signed-in routes, and the atelier console's routes;
//! catalogue reads over HTTP next to nginx serving the same bytes, and the
//! DynamoDB read units of a product list for 40 and 500 products; the
//! catalogue at a season's size (2,000 products imported from a folder);
//! then each function's Lambda bootstrap size, zipped, on x86_64 and arm64,
//! and its start-to-ready time, next to a hello-world lambda_http bootstrap
//! built the same way (`make lambda-bootstraps`).

mod atelier;
mod checkout;
mod coldstart;
mod http;
mod latency;
mod login;
mod reads;
mod season;
mod signed_in;
mod sizes;

#[path = "../../testkit/dynamodb-local.rs"]
mod dynamodb_local;
#[path = "../../testkit/folders.rs"]
mod folders;

#[tokio::main]
async fn main() {
    let target_dir = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .expect("usage: shop-bench <cargo target dir>");
    // `shop-bench <dir> signed-in`: only the session check's cost.
    if std::env::args().nth(2).as_deref() == Some("signed-in") {
        latency::report_signed_in().await;
        return;
    }
    // `shop-bench <dir> sign-in`: only the sign-in figures.
    if std::env::args().nth(2).as_deref() == Some("sign-in") {
        latency::report_sign_in().await;
        return;
    }
    // `shop-bench <dir> atelier`: only the atelier console's figures.
    if std::env::args().nth(2).as_deref() == Some("atelier") {
        latency::report_atelier().await;
        return;
    }
    // `shop-bench <dir> checkout`: only the card checkout's figures.
    if std::env::args().nth(2).as_deref() == Some("checkout") {
        latency::report_checkout().await;
        return;
    }
    // `shop-bench <dir> bootstraps`: only the Lambda bootstraps' figures.
    if std::env::args().nth(2).as_deref() == Some("bootstraps") {
        sizes::report(&target_dir);
        coldstart::report(&target_dir).await;
        return;
    }
    // `shop-bench <dir> season`: only the catalogue at a season's size.
    if std::env::args().nth(2).as_deref() == Some("season") {
        let dynamodb = dynamodb_local::DynamoDbLocal::start();
        season::report(&dynamodb.endpoint()).await;
        return;
    }
    // `shop-bench <dir> catalogue`: only the catalogue's HTTP and read-unit figures.
    let only_catalogue = std::env::args().nth(2).as_deref() == Some("catalogue");
    if !only_catalogue {
        latency::report().await;
    }
    http::report(&target_dir.join("release")).await;
    let dynamodb = dynamodb_local::DynamoDbLocal::start();
    reads::report(&dynamodb.endpoint()).await;
    season::report(&dynamodb.endpoint()).await;
    if only_catalogue {
        return;
    }
    sizes::report(&target_dir);
    coldstart::report(&target_dir).await;
}
