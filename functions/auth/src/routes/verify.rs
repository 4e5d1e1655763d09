//! `POST /api/auth/verify-email`: the welcome email's link, followed.

use axum::extract::State;
use axum::Json;

use app::App;
use domain::accounts::forms::VerifyEmailForm;
use domain::accounts::limits::VERIFY_PER_ADDRESS;
use domain::accounts::records::{Claim, Credentials, PasswordReset};
use domain::accounts::{Accounts, ACCOUNT_CLAIMED, EMAIL_VERIFIED, VERIFY_LINK_INVALID};
use domain::answers::EmailVerified;
use domain::timestamp::Timestamp;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiResult, JsonBody};

use super::field_error;
use crate::devices::TrustedDevices;
use crate::{crypto, verification};

/// Marks the address verified while it still belongs to the linked account.
/// Followed from the browser that created the account (or signed in to it),
/// that is all. Followed from anywhere else, the address's owner may not be
/// who created the account (someone can sign up with another's address):
/// the owner takes it over ([`claim`]).
pub async fn verify(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<VerifyEmailForm>,
) -> ApiResult<Json<EmailVerified>> {
    let token = form.validate()?;
    let now = app.clock.now();
    limits::hit(&app, VERIFY_PER_ADDRESS, &address, now).await?;
    let invalid = || field_error("token", VERIFY_LINK_INVALID);
    let link = verification::read(&app.config, &token, now).ok_or_else(invalid)?;
    let accounts = Accounts::of(&*app.table);
    let credentials = accounts
        .credentials(&link.email)
        .await?
        .filter(|c| c.user_id == link.user_id)
        .ok_or_else(invalid)?;
    if credentials.email_verified {
        return Ok(verified());
    }
    if devices.of(&credentials.email).is_none() {
        return claim(&app, &credentials, now).await;
    }
    accounts
        .confirm_email(&link.email, &link.user_id)
        .await?
        .or(invalid())?;
    tracing::info!(user = %link.user_id, "email verified");
    Ok(verified())
}

fn verified() -> Json<EmailVerified> {
    Json(EmailVerified {
        message: EMAIL_VERIFIED.into(),
        reset_token: None,
    })
}

/// The address's owner takes the account over: every session ends, the
/// password they never proved stops working, and the answer carries a reset
/// link's token so they choose their own password at once.
async fn claim(
    app: &App,
    credentials: &Credentials,
    now: Timestamp,
) -> ApiResult<Json<EmailVerified>> {
    let token = crypto::random_token(32);
    let reset = PasswordReset::new(credentials, crypto::sha256_hex(&token), now);
    Accounts::of(&*app.table)
        .claim(
            credentials,
            Claim::VerificationLink,
            None,
            Some(&reset),
            now,
        )
        .await?;
    tracing::warn!(user = %credentials.user_id, "account claimed by its address's owner: sessions ended, password voided");
    Ok(Json(EmailVerified {
        message: ACCOUNT_CLAIMED.into(),
        reset_token: Some(token),
    }))
}
