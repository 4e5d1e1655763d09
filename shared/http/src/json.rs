//! JSON in and out. Bodies must say they are JSON, stay under [`BODY_LIMIT`]
//! and parse; each failure is a clear 4xx, never a panic.

use axum::body::to_bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{ApiError, ErrorCode};

/// The largest body any route accepts: generous for a form, far from a megabyte.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A JSON request body. Use `#[serde(default)]` fields in request types so a
/// missing field reaches validation and gets the spec's message.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                ErrorCode::UnsupportedMediaType,
                "Send the request body as application/json.",
            ));
        }
        let bytes = to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|_| too_large())?;
        parse(&bytes).map(JsonBody)
    }
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::PayloadTooLarge,
        "The request body is too large.",
    )
}

/// Parses a body, telling malformed JSON apart from JSON of the wrong shape.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|_| ApiError::bad_request("The request body is not valid JSON."))?;
    if !value.is_object() {
        return Err(ApiError::bad_request(
            "The request body must be a JSON object.",
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| ApiError::bad_request(format!("The request body is not valid: {e}.")))
}
