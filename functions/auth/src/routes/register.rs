//! `POST /api/auth/register`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use app::App;
use domain::accounts::forms::RegistrationForm;
use domain::accounts::limits::{REGISTER_PER_ADDRESS, REGISTER_SHOP_WIDE};
use domain::accounts::CREATED;
use domain::timestamp::Timestamp;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiResult, JsonBody};

use super::today;
use crate::{accounts, crypto, mail};

/// Creates the account and mails a welcome with the verification link.
/// Counted per client address and shop-wide before any work: each sign-up
/// hashes a password and mails whatever address was typed.
pub async fn register(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<RegistrationForm>,
) -> ApiResult<Response> {
    let registration = form.validate(today())?;
    let now = Timestamp::now();
    limits::hit(&app, REGISTER_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, REGISTER_SHOP_WIDE, "shop", now).await?;
    let password_hash = crypto::hash_password(registration.password.clone()).await?;
    let profile = registration.profile(ulid::Ulid::new().to_string(), now);
    let credentials = profile.credentials(Some(password_hash));
    accounts::create(&app, &profile, &credentials, None).await?;
    tracing::info!(user = %profile.id, "account created");
    mail::welcome(&app, &profile, Some(now)).await;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "message": CREATED, "user": profile.view() })),
    )
        .into_response())
}
