//! `POST /api/auth/register`.

use axum::extract::State;

use app::App;
use domain::accounts::forms::RegistrationForm;
use domain::accounts::limits::{REGISTER_PER_ADDRESS, WELCOME_MAILS_SHOP_WIDE};
use domain::accounts::CREATED;
use domain::answers::ProfileSaved;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiResult, Created, JsonBody, WithCookies};

use crate::devices::TrustedDevices;
use crate::{accounts, crypto, mail};

/// Creates the account, trusts this browser for it (its creator's) and
/// mails a welcome with the verification link. Counted per client address
/// before any work: each sign-up hashes a password. The shop-wide ceiling
/// holds back the welcome mail only, never the sign-up.
pub async fn register(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<RegistrationForm>,
) -> ApiResult<WithCookies<Created<ProfileSaved>>> {
    let registration = form.validate(app.clock.now().date())?;
    let now = app.clock.now();
    limits::hit(&app, REGISTER_PER_ADDRESS, &address, now).await?;
    let password_hash = crypto::hash_password(registration.password.clone()).await?;
    let profile = registration.profile(ulid::Ulid::new().to_string(), now);
    let credentials = profile.credentials(Some(password_hash));
    accounts::create(&app, &profile, &credentials, None).await?;
    tracing::info!(user = %profile.id, "account created");
    if limits::mail_allowed(&app, WELCOME_MAILS_SHOP_WIDE, "shop", now).await? {
        mail::welcome(&app, &profile, Some(now)).await;
    } else {
        tracing::warn!(user = %profile.id, "welcome mail held back: the shop-wide ceiling");
    }
    let trusted = devices.trusting(&app.config, &profile.email, credentials.trust_epoch(), now);
    let body = ProfileSaved {
        message: CREATED.into(),
        user: profile.view(),
    };
    Ok(WithCookies::new(vec![trusted], Created(body)))
}
