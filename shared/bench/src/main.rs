//! `shop-bench`: the API's figures for `make bench` (DESIGN.md section 10).
//! Prints, per catalogue route, table requests per call and in-process
//! handler latency on the embedded store and on DynamoDB Local side by side,
//! and the same for sign-in (`POST /api/auth/login`) and card checkout
//! (`POST /api/payment/checkout`, p50 / p99), and what the session check
//! adds to signed-in routes;
//! catalogue reads over HTTP next to nginx serving the same bytes, and the
//! DynamoDB read units of a product list for 40 and 500 products;
//! then each function's release bootstrap size, zipped, and its start-to-ready
//! time next to a hello-world lambda_http binary.

mod checkout;
mod coldstart;
mod http;
mod latency;
mod login;
mod reads;
mod signed_in;
mod sizes;

#[path = "../../testkit/dynamodb-local.rs"]
mod dynamodb_local;

#[tokio::main]
async fn main() {
    let bin_dir = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .expect("usage: shop-bench <release bin dir>");
    // `shop-bench <dir> signed-in`: only the session check's cost.
    if std::env::args().nth(2).as_deref() == Some("signed-in") {
        latency::report_signed_in().await;
        return;
    }
    // `shop-bench <dir> catalogue`: only the catalogue's HTTP and read-unit figures.
    let only_catalogue = std::env::args().nth(2).as_deref() == Some("catalogue");
    if !only_catalogue {
        latency::report().await;
    }
    http::report(&bin_dir).await;
    let dynamodb = dynamodb_local::DynamoDbLocal::start();
    reads::report(&dynamodb.endpoint()).await;
    if only_catalogue {
        return;
    }
    sizes::report(&bin_dir);
    coldstart::report(&bin_dir).await;
}
