//! The sandbox on its own, with the SDK's built assets beside it:
//! `sandbox-dev [port] [sdk-dist-dir]` serves `/sandbox/...` and `/web/...`.
//! Used by the SDK's browser tests when the whole local server is not needed,
//! and by `make watch`, whose functions sign in through the sign-in sandbox
//! it serves beside the payment one (`/sandbox/oauth/...`).

use axum::http::{header, HeaderValue};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let port: u16 = args.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    let dist = args.next().unwrap_or_else(|| "sdk/dist".into());
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let base = format!("http://{}", listener.local_addr()?);
    let app = axum::Router::new()
        .nest(
            "/sandbox",
            sandbox::router(sandbox::SandboxConfig {
                public_url: format!("{base}/sandbox"),
                assets_url: base.clone(),
            })
            .merge(signin_sandbox::router()),
        )
        .nest(
            "/web",
            axum::Router::new()
                .fallback_service(ServeDir::new(std::path::Path::new(&dist).join("web")))
                // As the assets host answers: merchant pages on other origins
                // import the SDK's modules and fetch its wasm in CORS mode.
                .layer(SetResponseHeaderLayer::overriding(
                    header::ACCESS_CONTROL_ALLOW_ORIGIN,
                    HeaderValue::from_static("*"),
                )),
        );
    println!("{base}");
    axum::serve(listener, app).await
}
