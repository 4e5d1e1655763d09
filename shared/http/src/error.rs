//! API errors: `{ "message", "code", "errors": { field: message } }` with the right status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::answers::ErrorCode;
use domain::ports::TableError;
use domain::validation::FieldErrors;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
    pub errors: FieldErrors,
    /// Adds `"success": false` to the body (the payment routes' refusals).
    pub success_flag: bool,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
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
        let message = errors.first().unwrap_or_default().to_string();
        Self {
            errors,
            ..Self::new(StatusCode::BAD_REQUEST, ErrorCode::Validation, message)
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
    }
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, message)
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, ErrorCode::Conflict, message)
    }
    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyRequests,
            message,
        )
    }
    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
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

/// The body of an error answer; `errors` keeps the order the fields failed in.
#[derive(Serialize)]
struct Body<'a> {
    message: &'a str,
    code: ErrorCode,
    #[serde(skip_serializing_if = "no_errors")]
    errors: &'a FieldErrors,
    #[serde(skip_serializing_if = "Option::is_none")]
    success: Option<bool>,
}

fn no_errors(errors: &&FieldErrors) -> bool {
    errors.is_empty()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            message: &self.message,
            code: self.code,
            errors: &self.errors,
            success: self.success_flag.then_some(false),
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_400_leads_with_the_first_failure_and_lists_fields_in_failure_order() {
        let mut errors = FieldErrors::new();
        errors.add("zipCode", "Please enter postal code.");
        errors.add("country", "Please select country.");
        errors.add("zipCode", "Please enter a valid postal code.");
        let answer = ApiError::validation(errors).into_response();
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
        let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(
            std::str::from_utf8(&bytes).unwrap(),
            r#"{"message":"Please enter postal code.","code":"validation","errors":{"zipCode":"Please enter postal code.","country":"Please select country."}}"#
        );
    }

    #[tokio::test]
    async fn a_refusal_without_fields_has_no_errors_and_may_say_success_false() {
        let answer = ApiError::conflict("Taken.")
            .with_success_flag()
            .into_response();
        let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .unwrap();
        assert_eq!(
            std::str::from_utf8(&bytes).unwrap(),
            r#"{"message":"Taken.","code":"conflict","success":false}"#
        );
    }
}
