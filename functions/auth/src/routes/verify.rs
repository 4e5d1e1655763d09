//! `POST /api/auth/verify-email`: the welcome email's link, followed.

use axum::extract::State;
use axum::response::Response;

use app::App;
use domain::accounts::forms::VerifyEmailForm;
use domain::accounts::limits::VERIFY_PER_ADDRESS;
use domain::accounts::{Accounts, EMAIL_VERIFIED, VERIFY_LINK_INVALID};
use domain::timestamp::Timestamp;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiResult, JsonBody};

use super::{field_error, message};
use crate::verification;

/// Marks the address verified while it still belongs to the linked account.
pub async fn verify(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<VerifyEmailForm>,
) -> ApiResult<Response> {
    let token = form.validate()?;
    let now = Timestamp::now();
    limits::hit(&app, VERIFY_PER_ADDRESS, &address, now).await?;
    let invalid = || field_error("token", VERIFY_LINK_INVALID);
    let link = verification::read(&app.config, &token, now).ok_or_else(invalid)?;
    Accounts::of(&*app.table)
        .confirm_email(&link.email, &link.user_id)
        .await?
        .or(invalid())?;
    tracing::info!(user = %link.user_id, "email verified");
    Ok(message(EMAIL_VERIFIED))
}
