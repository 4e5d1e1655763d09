//! `POST /api/auth/login`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::json;

use app::App;
use domain::accounts::forms::LoginForm;
use domain::accounts::limits::{LOGIN_PER_ADDRESS, LOGIN_PER_EMAIL};
use domain::accounts::records::NewSession;
use domain::accounts::{Accounts, EmailAddress, SIGNED_IN, WRONG_CREDENTIALS};
use domain::timestamp::Timestamp;
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, JsonBody};

use super::with_cookies;
use crate::{crypto, sessions};
use shop_http::limits::{self, ClientAddress};

pub async fn login(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    JsonBody(form): JsonBody<LoginForm>,
) -> ApiResult<Response> {
    let login = form.validate()?;
    let now = Timestamp::now();
    limits::hit(&app, LOGIN_PER_ADDRESS, &address, now).await?;
    limits::hit(&app, LOGIN_PER_EMAIL, &login.email.to_lowercase(), now).await?;
    let credentials = match EmailAddress::parse(&login.email) {
        Ok(email) => {
            Accounts::of(&*app.table)
                .credentials(email.as_str())
                .await?
        }
        Err(_) => None,
    };
    let hash = credentials.as_ref().and_then(|c| c.password_hash.clone());
    // Unknown emails verify against a dummy hash: same work, same time.
    let matches = crypto::verify_password(login.password, hash).await;
    let credentials = credentials
        .filter(|_| matches)
        .ok_or_else(wrong_credentials)?;
    let who = NewSession {
        user_id: credentials.user_id.clone(),
        email: credentials.email.clone(),
        remember: login.remember,
        provider: None,
        provider_token: None,
    };
    let cookies = sessions::start(&app, who, now).await?;
    tracing::info!(user = %credentials.user_id, remember = login.remember, "signed in");
    let body = json!({ "message": SIGNED_IN, "user": { "id": credentials.user_id, "email": credentials.email } });
    Ok(with_cookies(StatusCode::OK, cookies, body))
}

/// A 401 whose message also stands under the password field.
fn wrong_credentials() -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("password", WRONG_CREDENTIALS);
    ApiError {
        errors,
        ..ApiError::unauthorized(WRONG_CREDENTIALS)
    }
}
