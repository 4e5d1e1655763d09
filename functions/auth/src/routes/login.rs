//! `POST /api/auth/login`.

use axum::extract::State;
use axum::Json;

use app::App;
use domain::accounts::forms::LoginForm;
use domain::accounts::records::{Credentials, NewSession};
use domain::accounts::{Accounts, EmailAddress, SIGNED_IN, WRONG_CREDENTIALS};
use domain::answers::{LoggedIn, SignedInUser};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, JsonBody, WithCookies};

use crate::devices::TrustedDevices;
use crate::throttle::SignInAttempt;
use crate::{crypto, sessions};
use shop_http::limits::ClientAddress;

/// Signs in with a password: held as [`SignInAttempt`] says (a browser
/// the account trusts, or a stranger), the password checked, a session
/// started and this browser trusted for the account from now on.
pub async fn login(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<LoginForm>,
) -> ApiResult<WithCookies<Json<LoggedIn>>> {
    let login = form.validate()?;
    let now = app.clock.now();
    let device = devices.of(&login.email);
    let attempt = SignInAttempt::begin(&app, &address, device, &login.email, now).await?;
    let Some(credentials) = check_password(&app, &login.email, login.password).await? else {
        attempt.failed(&app).await?;
        return Err(wrong_credentials());
    };
    attempt.succeeded(&app).await?;
    let who = NewSession {
        user_id: credentials.user_id.clone(),
        email: credentials.email.clone(),
        remember: login.remember,
        provider: None,
        provider_token: None,
    };
    let mut cookies = sessions::start(&app, who, now).await?;
    cookies.push(devices.trusting(&app.config, &credentials.email, now));
    tracing::info!(user = %credentials.user_id, remember = login.remember, "signed in");
    let body = LoggedIn {
        message: SIGNED_IN.into(),
        user: SignedInUser {
            id: credentials.user_id,
            email: credentials.email,
        },
    };
    Ok(WithCookies::new(cookies, Json(body)))
}

/// The account's credentials when the password is theirs. Unknown emails
/// verify against a dummy hash: same work, same time.
async fn check_password(
    app: &App,
    email: &str,
    password: String,
) -> ApiResult<Option<Credentials>> {
    let credentials = match EmailAddress::parse(email) {
        Ok(email) => {
            Accounts::of(&*app.table)
                .credentials(email.as_str())
                .await?
        }
        Err(_) => None,
    };
    let hash = credentials.as_ref().and_then(|c| c.password_hash.clone());
    let matches = crypto::verify_password(password, hash).await;
    Ok(credentials.filter(|_| matches))
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
