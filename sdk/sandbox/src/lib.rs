//! The sandbox: stands in for the payment provider (client API and gateway),
//! PayPal, and the Google and Facebook sign-in pages, for local runs and tests.
//! The local server mounts it at `/sandbox`.

pub mod oauth;

use axum::Router;

/// Where the sandbox is reached from a browser.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// The sandbox's own public address, e.g. `http://127.0.0.1:3000/sandbox`.
    pub public_url: String,
    /// The assets host serving `/web/3.130.0/...`, e.g. `http://127.0.0.1:3000`.
    pub assets_url: String,
}

pub fn router(config: SandboxConfig) -> Router {
    Router::new().merge(oauth::router(&config))
}
