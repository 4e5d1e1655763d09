//! `POST /api/auth/login`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::json;

use app::App;
use domain::accounts::forms::LoginForm;
use domain::accounts::EmailAddress;
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, JsonBody};

use super::{now, with_cookies};
use crate::limits::{self, ClientAddress};
use crate::sessions::{self, Start};
use crate::{accounts, crypto};

/// One answer for a wrong email and a wrong password; it mentions the
/// password, so the site shows it under the password field.
pub const WRONG_CREDENTIALS: &str = "Incorrect email or password.";

pub async fn login(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<LoginForm>,
) -> ApiResult<Response> {
    let login = form.validate()?;
    let now = now();
    let canonical = login.email.to_lowercase();
    limits::hit(&app, limits::LOGIN_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, limits::LOGIN_PER_EMAIL, &canonical, now).await?;
    let credentials = match EmailAddress::parse(&login.email) {
        Ok(email) => accounts::credentials(&app, &email.canonical()).await?,
        Err(_) => None,
    };
    let hash = credentials.as_ref().and_then(|c| c.password_hash.clone());
    // Unknown emails verify against a dummy hash: same work, same time.
    let matches = crypto::verify_password(login.password, hash).await;
    let Some(credentials) = credentials.filter(|_| matches) else {
        let mut errors = FieldErrors::new();
        errors.add("password", WRONG_CREDENTIALS);
        return Err(ApiError {
            errors,
            ..ApiError::unauthorized(WRONG_CREDENTIALS)
        });
    };
    let who = Start {
        user_id: &credentials.user_id,
        email: &credentials.email,
        remember: login.remember,
        provider: None,
    };
    let cookies = sessions::start(&app, who, now).await?;
    tracing::info!(user = %credentials.user_id, remember = login.remember, "signed in");
    let body = json!({ "message": "Login successful.", "user": { "id": credentials.user_id, "email": credentials.email } });
    Ok(with_cookies(StatusCode::OK, cookies, body))
}
