//! The atelier function under lambda_http (and `cargo lambda watch`).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shop_http::lambda::run("atelier", atelier::router).await
}
