//! The layers every router is served with, in Lambda and locally alike.

use std::any::Any;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;

use app::App;

use crate::{ApiError, ErrorCode};

const REQUEST_ID: &str = "x-request-id";

/// Wraps a function's router: JSON 404s, the Origin check on state-changing
/// methods, the CloudFront origin secret when configured, nosniff and
/// no-store by default, checked request ids in every log line, and panics
/// turned into 500s so the process keeps serving.
pub fn serve(router: Router, app: App) -> Router {
    let request_id = header::HeaderName::from_static(REQUEST_ID);
    // One stack, outermost first, in one `layer` call: axum wraps every
    // route in a box per `Router::layer` call and clones each box for every
    // request, so one call per middleware cost a chain of clones per request.
    let layers = ServiceBuilder::new()
        .layer(middleware::map_request(drop_unsafe_request_id))
        .layer(SetRequestIdLayer::new(request_id.clone(), Ulids))
        .layer(PropagateRequestIdLayer::new(request_id))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
        }))
        .layer(middleware::map_response(api_headers))
        .layer(middleware::map_response(empty_refusals))
        // The panic catcher's body type, as the layer above takes it.
        .map_response(IntoResponse::into_response)
        .layer(CatchPanicLayer::custom(panic_to_500))
        .layer(middleware::from_fn_with_state(app.clone(), crate::origin::require_secret))
        .layer(middleware::from_fn_with_state(app, check_origin));
    router.fallback(not_found).layer(layers)
}

/// Every API answer: never sniffed as another type, and never stored by a
/// browser or a shared cache unless its handler said otherwise (the
/// personal routes never do).
async fn api_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// A 404 or 405 an inner router answered with no body (a nested router's
/// own miss, a route that does not take the method) gets the API's JSON
/// answer, as every other refusal has; the `Allow` header stays.
async fn empty_refusals(response: Response) -> Response {
    use axum::body::HttpBody;
    let status = response.status();
    let empty = response.body().size_hint().exact() == Some(0);
    if !empty {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut answer = match status {
        StatusCode::NOT_FOUND => not_found().await.into_response(),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::MethodNotAllowed,
            METHOD_NOT_ALLOWED,
        )
        .into_response(),
        _ => return response,
    };
    if let Some(allow) = allow {
        answer.headers_mut().insert(header::ALLOW, allow);
    }
    answer
}

pub const METHOD_NOT_ALLOWED: &str = "This API route does not take this method.";

/// A client's request id is kept only when it is short and plain (it is
/// echoed and written into every log line); otherwise a fresh one is made.
async fn drop_unsafe_request_id(mut req: Request) -> Request {
    let safe = req
        .headers()
        .get(REQUEST_ID)
        .is_none_or(|v| is_safe_request_id(v.as_bytes()));
    if !safe {
        req.headers_mut().remove(REQUEST_ID);
    }
    req
}

fn is_safe_request_id(id: &[u8]) -> bool {
    (1..=64).contains(&id.len())
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[derive(Clone, Copy)]
struct Ulids;

impl MakeRequestId for Ulids {
    fn make_request_id<B>(&mut self, _: &http::Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(&ulid::Ulid::new().to_string())
            .ok()
            .map(RequestId::new)
    }
}

async fn not_found() -> ApiError {
    ApiError::not_found("No such API route.")
}

fn panic_to_500(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("panic");
    tracing::error!(panic = detail, "handler panicked");
    ApiError::internal().into_response()
}

/// State-changing requests must come from an allowed Origin: with SameSite
/// cookies and JSON-only bodies this closes cross-site request forgery.
async fn check_origin(State(app): State<App>, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok());
    match origin {
        Some(origin) if app.config.allowed_origins.iter().any(|o| o == origin) => {
            next.run(req).await
        }
        _ => ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::OriginNotAllowed,
            "This request's origin is not allowed.",
        )
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_short_and_plain() {
        assert!(is_safe_request_id(b"01JD0000000000000000000000"));
        assert!(is_safe_request_id(b"trace-1.2_3"));
        assert!(!is_safe_request_id(b""));
        assert!(!is_safe_request_id(&[b'a'; 65]));
        assert!(!is_safe_request_id(b"a\"} forged=\"log"));
        assert!(!is_safe_request_id(b"a b"));
    }
}
