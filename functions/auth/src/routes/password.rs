//! Forgot, reset and change password.

use axum::extract::State;
use axum::Json;

use app::App;
use domain::accounts::forms::{ChangePasswordForm, ForgotForm, ResetForm, RESET_LINK_INVALID};
use domain::accounts::limits::{
    CHANGE_PER_USER, FORGOT_PER_ADDRESS, RESET_MAILS_PER_EMAIL, RESET_PER_ADDRESS, RESET_PER_TOKEN,
};
use domain::accounts::PasswordReset;
use domain::accounts::{
    Accounts, Reset, NO_PASSWORD_YET, PASSWORD_CHANGED, RESET_DONE, RESET_SENT, WRONG_CURRENT,
};
use domain::answers::Message;
use shop_http::session::SESSION_EXPIRED;
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody, WithCookies};

use super::field_error;
use crate::devices::TrustedDevices;
use crate::{crypto, mail};
use shop_http::limits::{self, ClientAddress};

/// The same answer whether or not the address has an account, and whether
/// or not its reset mails reached their limit: past it nothing is sent or
/// stored, and the newest link already mailed still works.
pub async fn forgot(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<ForgotForm>,
) -> ApiResult<Json<Message>> {
    let email = form.validate()?;
    let now = app.clock.now();
    limits::hit(&app, FORGOT_PER_ADDRESS, &address, now).await?;
    let answer_at = tokio::time::Instant::now() + FORGOT_ANSWER_FLOOR;
    let may_mail =
        limits::mail_allowed(&app, RESET_MAILS_PER_EMAIL, &email.canonical(), now).await?;
    let accounts = Accounts::of(&*app.table);
    let account = if may_mail {
        accounts.credentials(email.as_str()).await?
    } else {
        None
    };
    if let Some(credentials) = account {
        let token = crypto::random_token(32);
        let reset = PasswordReset::new(&credentials, crypto::sha256_hex(&token), now);
        accounts.request_reset(&reset).await?;
        mail::reset(&app, &credentials.email, &token).await;
        tracing::info!(user = %credentials.user_id, "password reset sent");
    }
    // Known or not, the answer leaves at the same time, so its timing does
    // not tell whether the address has an account. (Answering first and
    // mailing after would not do in Lambda, which freezes once it answers.)
    tokio::time::sleep_until(answer_at).await;
    Ok(Json(Message::new(RESET_SENT)))
}

/// Longer than storing a link and handing a mail to SES takes.
const FORGOT_ANSWER_FLOOR: std::time::Duration = std::time::Duration::from_millis(500);

/// Uses the link exactly once, and signs out every session. The browser
/// that used it read the account's mail: it is trusted for the account.
pub async fn reset(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<ResetForm>,
) -> ApiResult<WithCookies<Json<Message>>> {
    let reset = form.validate()?;
    let now = app.clock.now();
    let token_hash = crypto::sha256_hex(&reset.token);
    limits::hit(&app, RESET_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, RESET_PER_TOKEN, &token_hash, now).await?;
    let invalid = || field_error("token", RESET_LINK_INVALID);
    let accounts = Accounts::of(&*app.table);
    let pending = accounts
        .pending_reset(&token_hash)
        .await?
        .ok_or_else(invalid)?;
    let password_hash = crypto::hash_password(reset.new_password).await?;
    match accounts
        .reset_password(&pending, &password_hash, now)
        .await?
    {
        Reset::Done { trust_epoch } => {
            tracing::info!(user = %pending.user_id, "password reset; sessions revoked, browsers untrusted");
            let trusted = devices.trusting(&app.config, &pending.email, &trust_epoch, now);
            Ok(WithCookies::new(
                vec![trusted],
                Json(Message::new(RESET_DONE)),
            ))
        }
        Reset::TokenUsed => Err(invalid()),
    }
}

/// For a signed-in shopper; signs out every other session and trusts no
/// browser but this one.
pub async fn change(
    State(app): State<App>,
    user: Result<CurrentUser, ApiError>,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<ChangePasswordForm>,
) -> ApiResult<WithCookies<Json<Message>>> {
    let user = user?;
    let change = form.validate()?;
    limits::hit(&app, CHANGE_PER_USER, &user.id, app.clock.now()).await?;
    let accounts = Accounts::of(&*app.table);
    let credentials = accounts
        .credentials(&user.email)
        .await?
        .filter(|c| c.user_id == user.id)
        .ok_or_else(|| ApiError::unauthorized(SESSION_EXPIRED))?;
    let old_hash = credentials
        .password_hash
        .clone()
        .ok_or_else(|| field_error("currentPassword", NO_PASSWORD_YET))?;
    if !crypto::verify_password(change.current_password, Some(old_hash.clone())).await {
        return Err(field_error("currentPassword", WRONG_CURRENT));
    }
    let new_hash = crypto::hash_password(change.new_password).await?;
    let now = app.clock.now();
    let trust_epoch = accounts
        .change_password(&credentials, &old_hash, &new_hash, &user.session_id, now)
        .await?;
    tracing::info!(user = %user.id, "password changed; other sessions revoked, other browsers untrusted");
    let trusted = devices.trusting(&app.config, &credentials.email, &trust_epoch, now);
    Ok(WithCookies::new(
        vec![trusted],
        Json(Message::new(PASSWORD_CHANGED)),
    ))
}
