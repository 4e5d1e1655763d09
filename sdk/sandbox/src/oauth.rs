//! The OAuth 2.0 sign-in pages standing in for Google and Facebook.

use axum::Router;

use crate::SandboxConfig;

pub fn router(_config: &SandboxConfig) -> Router {
    Router::new()
}
