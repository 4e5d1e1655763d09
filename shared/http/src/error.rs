//! API errors: `{ "message", "code", "errors": { field: message } }` with the right status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::ports::TableError;
use domain::validation::FieldErrors;
use serde_json::json;

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub errors: FieldErrors,
    /// Adds `"success": false` to the body (the payment routes' refusals).
    pub success_flag: bool,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            errors: FieldErrors::new(),
            success_flag: false,
        }
    }

    /// 400 with each field's message; the first one is also the `message`.
    pub fn validation(errors: FieldErrors) -> Self {
        let message = errors
            .iter()
            .next()
            .map(|(_, m)| m.to_string())
            .unwrap_or_default();
        Self {
            errors,
            ..Self::new(StatusCode::BAD_REQUEST, "validation", message)
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "conflict", message)
    }
    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", message)
    }
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Something went wrong. Please try again.",
        )
    }

    /// The same error, its body also saying `"success": false`.
    pub fn with_success_flag(mut self) -> Self {
        self.success_flag = true;
        self
    }

    /// The same error with another message (routes give 401s their own words).
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }
}

impl From<FieldErrors> for ApiError {
    fn from(errors: FieldErrors) -> Self {
        Self::validation(errors)
    }
}

impl From<TableError> for ApiError {
    fn from(error: TableError) -> Self {
        match error {
            TableError::ConditionFailed | TableError::TransactionCanceled { .. } => {
                Self::conflict("The record was changed by another request. Please try again.")
            }
            other => {
                tracing::error!(error = %other, "table request failed");
                Self::internal()
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "message": self.message, "code": self.code });
        if !self.errors.is_empty() {
            body["errors"] = json!(self.errors);
        }
        if self.success_flag {
            body["success"] = json!(false);
        }
        (self.status, Json(body)).into_response()
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}
