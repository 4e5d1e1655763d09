//! The password-based account routes.

pub mod login;
pub mod password;
pub mod register;
pub mod session;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::timestamp::Timestamp;
use serde_json::Value;

/// Today's date (UTC), the upper bound of a date of birth.
pub fn today() -> time::Date {
    Timestamp::now().date()
}

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
