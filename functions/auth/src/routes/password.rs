//! Forgot, reset and change password.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use app::App;
use domain::accounts::forms::{ChangePasswordForm, ForgotForm, ResetForm, RESET_LINK_INVALID};
use domain::accounts::records::{credentials_key, reset_key, PasswordReset, RESET_TTL_SECONDS};
use domain::ports::{from_item, Condition, TableError, Update, Write};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

use super::now;
use crate::limits::{self, ClientAddress};
use crate::{accounts, crypto, mail, sessions};

pub const RESET_SENT: &str = "Password reset email has been sent.";
pub const RESET_DONE: &str = "Your password has been reset successfully.";
pub const CHANGED: &str = "Password changed successfully!";
pub const WRONG_CURRENT: &str = "Your current password is incorrect.";
pub const NO_PASSWORD_YET: &str =
    "Your account signs in with Google or Facebook and has no password yet. Use Forgot password to set one.";

fn message(text: &str) -> Response {
    (StatusCode::OK, Json(json!({ "message": text }))).into_response()
}

fn field_error(status: StatusCode, field: &str, text: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, text);
    ApiError {
        status,
        ..ApiError::validation(errors)
    }
}

/// The same answer whether or not the address has an account.
pub async fn forgot(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<ForgotForm>,
) -> ApiResult<Response> {
    let email = form.validate()?;
    let now = now();
    limits::hit(&app, limits::FORGOT_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, limits::FORGOT_PER_EMAIL, &email.canonical(), now).await?;
    if let Some(credentials) = accounts::credentials(&app, &email.canonical()).await? {
        let token = crypto::random_token(32);
        let reset = PasswordReset {
            user_id: credentials.user_id.clone(),
            email: email.canonical(),
            expires_at: now + RESET_TTL_SECONDS,
        };
        app.table
            .put(
                reset.to_item(&crypto::sha256_hex(&token))?,
                Condition::NotExists,
            )
            .await?;
        mail::reset(&app, &credentials.email, &token).await;
        tracing::info!(user = %credentials.user_id, "password reset sent");
    }
    Ok(message(RESET_SENT))
}

/// Consumes the token exactly once: its delete is conditional and in the same
/// transaction as the new hash and the revocation of every session.
pub async fn reset(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<ResetForm>,
) -> ApiResult<Response> {
    let reset = form.validate()?;
    let now = now();
    let token_hash = crypto::sha256_hex(&reset.token);
    limits::hit(&app, limits::RESET_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, limits::RESET_PER_TOKEN, &token_hash, now).await?;
    let invalid = || field_error(StatusCode::BAD_REQUEST, "token", RESET_LINK_INVALID);
    let Some(item) = app.table.get(&reset_key(&token_hash)).await? else {
        return Err(invalid());
    };
    let pending: PasswordReset = from_item(item)?;
    let password_hash = crypto::hash_password(reset.new_password).await?;
    let mut set_hash = Update {
        condition: Condition::Equals("userId".into(), pending.user_id.clone().into()),
        ..Update::default()
    };
    set_hash
        .set
        .insert("passwordHash".into(), password_hash.into());
    let writes = vec![
        Write::Delete {
            key: reset_key(&token_hash),
            condition: Condition::Exists,
        },
        Write::Update {
            key: credentials_key(&pending.email),
            update: set_hash,
        },
    ];
    let revocations = sessions::revoke_writes(&app, &pending.user_id, None).await?;
    match sessions::transact_with_revocations(&app, writes, revocations).await {
        Ok(()) => {
            tracing::info!(user = %pending.user_id, "password reset; sessions revoked");
            Ok(message(RESET_DONE))
        }
        // Used by a concurrent request a moment ago.
        Err(TableError::TransactionCanceled { conditions })
            if conditions.first() == Some(&true) =>
        {
            Err(invalid())
        }
        Err(e) => Err(e.into()),
    }
}

/// For a signed-in shopper; signs out every other session.
pub async fn change(
    State(app): State<App>,
    user: Result<CurrentUser, ApiError>,
    JsonBody(form): JsonBody<ChangePasswordForm>,
) -> ApiResult<Response> {
    let user = user?;
    let change = form.validate()?;
    limits::hit(&app, limits::CHANGE_PER_USER, &user.id, now()).await?;
    let canonical = user.email.to_lowercase();
    let credentials = accounts::credentials(&app, &canonical)
        .await?
        .filter(|c| c.user_id == user.id);
    let Some(credentials) = credentials else {
        return Err(ApiError::unauthorized(shop_http::session::SESSION_EXPIRED));
    };
    let Some(old_hash) = credentials.password_hash.clone() else {
        return Err(field_error(
            StatusCode::BAD_REQUEST,
            "currentPassword",
            NO_PASSWORD_YET,
        ));
    };
    if !crypto::verify_password(change.current_password, Some(old_hash.clone())).await {
        return Err(field_error(
            StatusCode::BAD_REQUEST,
            "currentPassword",
            WRONG_CURRENT,
        ));
    }
    let new_hash = crypto::hash_password(change.new_password).await?;
    let mut update = Update {
        condition: Condition::Equals("passwordHash".into(), old_hash.into()),
        ..Update::default()
    };
    update.set.insert("passwordHash".into(), new_hash.into());
    let writes = vec![Write::Update {
        key: credentials_key(&canonical),
        update,
    }];
    let revocations = sessions::revoke_writes(&app, &user.id, Some(&user.session_id)).await?;
    sessions::transact_with_revocations(&app, writes, revocations).await?;
    tracing::info!(user = %user.id, "password changed; other sessions revoked");
    Ok(message(CHANGED))
}
