//! The password-based account routes.

pub mod login;
pub mod password;
pub mod register;
pub mod session;
pub mod verify;

use domain::validation::FieldErrors;
use shop_http::ApiError;

/// A 400 naming the field.
pub fn field_error(field: &str, text: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, text);
    ApiError::validation(errors)
}
