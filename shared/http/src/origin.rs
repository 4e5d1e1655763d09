//! Proof that a request came through CloudFront: the distribution adds a
//! secret header (`X-Origin-Verify`) to every request it sends to the API, so
//! a call straight to the `execute-api` endpoint, which could forge the
//! viewer address and skip the edge's protections, is refused.

use axum::extract::{Request, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use app::{App, EdgeConfig};
use domain::accounts::constant_time_eq;

use crate::{ApiError, ErrorCode};

/// The header CloudFront adds with the origin secret.
pub const ORIGIN_VERIFY: &str = "x-origin-verify";

/// Whether the request carries the configured origin secret (always false
/// when none is configured).
pub fn verified(parts: &Parts, edge: &EdgeConfig) -> bool {
    carries_secret(parts.headers.get(ORIGIN_VERIFY), edge)
}

fn carries_secret(header: Option<&axum::http::HeaderValue>, edge: &EdgeConfig) -> bool {
    let presented = header.and_then(|v| v.to_str().ok());
    match (presented, edge.origin_secret.as_deref()) {
        (Some(presented), Some(secret)) => constant_time_eq(presented, secret),
        _ => false,
    }
}

/// With an origin secret configured, every request must carry it.
pub async fn require_secret(State(app): State<App>, req: Request, next: Next) -> Response {
    let edge = &app.config.edge;
    if edge.origin_secret.is_none() || carries_secret(req.headers().get(ORIGIN_VERIFY), edge) {
        return next.run(req).await;
    }
    tracing::warn!("request without the origin secret refused");
    ApiError::new(
        StatusCode::FORBIDDEN,
        ErrorCode::OriginNotAllowed,
        "This request's origin is not allowed.",
    )
    .into_response()
}
