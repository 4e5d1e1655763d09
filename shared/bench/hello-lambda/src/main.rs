//! The yardstick for cold starts: the smallest lambda_http function.

use lambda_http::{run, service_fn, Body, Error, Request, Response};

async fn hello(_: Request) -> Result<Response<Body>, Error> {
    Ok(Response::new(Body::from("hello")))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    run(service_fn(hello)).await
}
