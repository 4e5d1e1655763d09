//! The password-based account routes.

pub mod login;
pub mod password;
pub mod register;
pub mod session;
pub mod verify;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::validation::FieldErrors;
use serde_json::{json, Value};
use shop_http::ApiError;

/// A JSON answer that sets cookies; never cached.
pub fn with_cookies(status: StatusCode, cookies: Vec<HeaderValue>, body: Value) -> Response {
    let mut response = (status, Json(body)).into_response();
    let headers = response.headers_mut();
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A 200 with just a message.
pub fn message(text: &str) -> Response {
    (StatusCode::OK, Json(json!({ "message": text }))).into_response()
}

/// A 400 naming the field.
pub fn field_error(field: &str, text: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, text);
    ApiError::validation(errors)
}
