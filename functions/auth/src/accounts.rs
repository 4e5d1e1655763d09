//! Creating accounts: the answer when the address already has one.

use app::App;
use axum::http::StatusCode;
use domain::accounts::{Accounts, Register, EMAIL_TAKEN};
use domain::accounts::{Credentials, Identity, UserProfile};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, ErrorCode};

/// Creates profile and credentials (and a social identity) at once; a second
/// account for the same address (in any letter case) is a 409, with nothing
/// written.
pub async fn create(
    app: &App,
    profile: &UserProfile,
    credentials: &Credentials,
    identity: Option<&Identity>,
) -> ApiResult<()> {
    match Accounts::of(&*app.table)
        .register(profile, credentials, identity)
        .await?
    {
        Register::Created => Ok(()),
        Register::EmailTaken => Err(email_taken()),
    }
}

/// A 409 that still names the field, so the form shows it under the email.
fn email_taken() -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("email", EMAIL_TAKEN);
    ApiError {
        status: StatusCode::CONFLICT,
        code: ErrorCode::Conflict,
        ..ApiError::validation(errors)
    }
}
