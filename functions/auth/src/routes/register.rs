//! `POST /api/auth/register`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use app::App;
use domain::accounts::forms::RegistrationForm;
use domain::accounts::CREATED;
use domain::timestamp::Timestamp;
use shop_http::{ApiResult, JsonBody};

use super::today;
use crate::{accounts, crypto, mail};

pub async fn register(
    State(app): State<App>,
    JsonBody(form): JsonBody<RegistrationForm>,
) -> ApiResult<Response> {
    let registration = form.validate(today())?;
    let password_hash = crypto::hash_password(registration.password.clone()).await?;
    let profile = registration.profile(ulid::Ulid::new().to_string(), Timestamp::now());
    let credentials = profile.credentials(Some(password_hash));
    accounts::create(&app, &profile, &credentials, None).await?;
    tracing::info!(user = %profile.id, "account created");
    mail::welcome(&app, &profile).await;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "message": CREATED, "user": profile.view() })),
    )
        .into_response())
}
