//! `POST /api/auth/login`.

use axum::extract::State;
use axum::Json;

use app::App;
use domain::accounts::forms::LoginForm;
use domain::accounts::{Accounts, EmailAddress, SIGNED_IN, WRONG_CREDENTIALS};
use domain::accounts::{Credentials, NewSession};
use domain::answers::{LoggedIn, SignedInUser};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, JsonBody, WithCookies};

use crate::devices::TrustedDevices;
use crate::oauth::pending::{Pending, PendingLink};
use crate::throttle::SignInAttempt;
use crate::{crypto, sessions};
use axum::http::HeaderValue;
use shop_http::limits::ClientAddress;

/// Signs in with a password: the guess counted first, as
/// [`SignInAttempt`] says (against this browser if the account trusts it,
/// else against the address and the account), then the password checked, a
/// session started and this browser trusted for the account from now on. A
/// social identity waiting for this account's password ([`PendingLink`]) is
/// linked.
pub async fn login(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    Pending(pending): Pending,
    JsonBody(form): JsonBody<LoginForm>,
) -> ApiResult<WithCookies<Json<LoggedIn>>> {
    let login = form.validate()?;
    let now = app.clock.now();
    let credentials = credentials_of(&app, &login.email).await?;
    let device = credentials
        .as_ref()
        .and_then(|c| devices.of(&c.email, c.trust_epoch()));
    let attempt = SignInAttempt::begin(&app, &address, device, &login.email, now).await?;
    let hash = credentials.as_ref().and_then(|c| c.password_hash.clone());
    // Unknown addresses verify against a dummy hash: same work, same time.
    let matches = crypto::verify_password(login.password, hash).await;
    let Some(credentials) = credentials.filter(|_| matches) else {
        return Err(wrong_credentials());
    };
    let who = NewSession {
        user_id: credentials.user_id.clone(),
        email: credentials.email.clone(),
        remember: login.remember,
        provider: None,
        provider_token: None,
    };
    let ((), session) = tokio::join!(attempt.succeeded(&app), sessions::start(&app, who, now));
    let mut cookies = session?;
    cookies.push(devices.trusting(
        &app.config,
        &credentials.email,
        credentials.trust_epoch(),
        now,
    ));
    if let Some(cleared) = link_pending(&app, pending, &credentials).await? {
        cookies.push(cleared);
    }
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

/// The account of an address as typed, if it is one: one GetItem.
async fn credentials_of(app: &App, email: &str) -> ApiResult<Option<Credentials>> {
    match EmailAddress::parse(email) {
        Ok(email) => Ok(Accounts::of(&*app.table)
            .credentials(email.as_str())
            .await?),
        Err(_) => Ok(None),
    }
}

/// Links the identity that waited for this account's password, and
/// answers the cookie that clears the wait. Nothing for another account's.
async fn link_pending(
    app: &App,
    pending: Option<PendingLink>,
    credentials: &Credentials,
) -> ApiResult<Option<HeaderValue>> {
    let Some(identity) =
        pending.and_then(|p| p.for_account(&credentials.email, &credentials.user_id))
    else {
        return Ok(None);
    };
    Accounts::of(&*app.table).link(&identity).await?;
    tracing::info!(user = %credentials.user_id, provider = identity.provider.name(), "social identity linked after the password");
    Ok(Some(PendingLink::clear_cookie(&app.config)))
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
