//! The welcome email's link, followed. Opening its page changes nothing
//! (a mail scanner that runs the page, or the creator opening the mail on
//! another device, takes nothing from anyone): `POST
//! /api/auth/verify-email/preview` only says what the link would do, and
//! `POST /api/auth/verify-email` does it when the shopper presses the
//! page's button.

use axum::extract::State;
use axum::Json;

use app::App;
use domain::accounts::forms::{VerifyEmailForm, VerifyLinkForm, NEW_PASSWORD_REQUIRED};
use domain::accounts::limits::VERIFY_PER_ADDRESS;
use domain::accounts::{Accounts, ACCOUNT_CLAIMED, EMAIL_VERIFIED, VERIFY_LINK_INVALID};
use domain::accounts::{AddressProof, Credentials, NewSession};
use domain::answers::{EmailVerified, SignedInUser, VerifyAction, VerifyPreview};
use domain::timestamp::Timestamp;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiError, ApiResult, JsonBody, WithCookies};

use super::field_error;
use crate::devices::TrustedDevices;
use crate::{crypto, sessions, verification};

/// What the link would do from this browser; nothing is written.
pub async fn preview(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<VerifyLinkForm>,
) -> ApiResult<Json<VerifyPreview>> {
    let token = form.validate()?;
    let now = app.clock.now();
    limits::hit(&app, VERIFY_PER_ADDRESS, &address, now).await?;
    let credentials = linked_account(&app, &token, now).await?;
    Ok(Json(VerifyPreview {
        action: action(&devices, &credentials),
        email: credentials.email,
    }))
}

/// Follows the link. From a browser the account trusts (its creator's, or
/// one that signed in to it) it marks the address verified. From any other,
/// whoever follows it has proved the address, and the address's owner may
/// not be who created the account (someone can sign up with another's
/// address): the owner claims it with the password they choose here
/// ([`claim`]). The link works until the address is verified or claimed.
pub async fn verify(
    State(app): State<App>,
    ClientAddress(address): ClientAddress,
    devices: TrustedDevices,
    JsonBody(form): JsonBody<VerifyEmailForm>,
) -> ApiResult<WithCookies<Json<EmailVerified>>> {
    let form = form.validate()?;
    let now = app.clock.now();
    limits::hit(&app, VERIFY_PER_ADDRESS, &address, now).await?;
    let credentials = linked_account(&app, &form.token, now).await?;
    match action(&devices, &credentials) {
        VerifyAction::Verified => Ok(verified()),
        VerifyAction::Confirm => {
            Accounts::of(&*app.table)
                .confirm_email(&credentials.email, &credentials.user_id)
                .await?
                .or(invalid())?;
            tracing::info!(user = %credentials.user_id, "email verified");
            Ok(verified())
        }
        VerifyAction::Claim => {
            let password = form
                .new_password
                .ok_or_else(|| field_error("newPassword", NEW_PASSWORD_REQUIRED))?;
            claim(&app, &devices, &credentials, password, now).await
        }
    }
}

/// The account a link's token names, while the address is still its.
async fn linked_account(app: &App, token: &str, now: Timestamp) -> ApiResult<Credentials> {
    let link = verification::read(&app.config, token, now).ok_or_else(invalid)?;
    Accounts::of(&*app.table)
        .credentials(&link.email)
        .await?
        .filter(|c| c.user_id == link.user_id)
        .ok_or_else(invalid)
}

fn action(devices: &TrustedDevices, credentials: &Credentials) -> VerifyAction {
    if credentials.email_verified {
        VerifyAction::Verified
    } else if devices
        .of(&credentials.email, credentials.trust_epoch())
        .is_some()
    {
        VerifyAction::Confirm
    } else {
        VerifyAction::Claim
    }
}

fn invalid() -> ApiError {
    field_error("token", VERIFY_LINK_INVALID)
}

fn verified() -> WithCookies<Json<EmailVerified>> {
    WithCookies::new(
        Vec::new(),
        Json(EmailVerified {
            message: EMAIL_VERIFIED.into(),
            user: None,
        }),
    )
}

/// The address's owner takes the account over with the password they
/// chose ([`Accounts::claim`]): a fresh account under the address, every
/// session and trusted browser of the old one ended, and this browser
/// signed in and trusted. The link named the old account: it works no more.
async fn claim(
    app: &App,
    devices: &TrustedDevices,
    credentials: &Credentials,
    password: String,
    now: Timestamp,
) -> ApiResult<WithCookies<Json<EmailVerified>>> {
    let hash = crypto::hash_password(password).await?;
    let fresh = credentials.claimed_profile(ulid::Ulid::new().to_string(), "", "", now);
    let trust_epoch = Accounts::of(&*app.table)
        .claim(
            credentials,
            AddressProof::VerificationLink,
            &fresh,
            Some(&hash),
            None,
            now,
        )
        .await?;
    tracing::warn!(user = %credentials.user_id, owner = %fresh.id, "account claimed by its address's owner: sessions ended, password replaced, a fresh account");
    let who = NewSession {
        user_id: fresh.id.clone(),
        email: fresh.email.clone(),
        remember: false,
        provider: None,
        provider_token: None,
    };
    let mut cookies = sessions::start(app, who, now).await?;
    cookies.push(devices.trusting(&app.config, &fresh.email, &trust_epoch, now));
    let body = EmailVerified {
        message: ACCOUNT_CLAIMED.into(),
        user: Some(SignedInUser {
            id: fresh.id,
            email: fresh.email,
        }),
    };
    Ok(WithCookies::new(cookies, Json(body)))
}
