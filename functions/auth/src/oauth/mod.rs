//! Google and Facebook sign-in: an OAuth 2.0 authorization-code flow with
//! state and PKCE (S256). `GET /api/auth/{provider}` redirects the popup to
//! the provider; its callback exchanges the code server-side, links or
//! creates the account by the address, sets the session cookies and
//! renders [`page`], which tells the opener the shopper's name and closes.
//! Only a provider that vouches for the address (Google) links to an
//! existing account by it, or takes over one whose address was never proved
//! ([`Accounts::claim`]: whoever signed up with the owner's address loses
//! every session, the password and everything they left). Facebook's
//! address waits for the account's password ([`pending`]).

pub mod page;
pub mod pending;
pub mod providers;
pub mod state;

use axum::extract::{Extension, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use app::App;
use domain::accounts::{
    password_first, provider_unavailable, unverified_email, Accounts, Credentials, EmailAddress,
    Identity, NewSession, UserProfile, SIGN_IN_CANCELED as CANCELED, SIGN_IN_FAILED as FAILED,
};
use domain::ports::{Authorization, TableError, VerifiedIdentity};
use domain::timestamp::Timestamp;
use shop_http::session::cookie_in;
use shop_http::ApiError;

pub use domain::accounts::SocialProvider;
pub use providers::Providers;

use crate::devices::TrustedDevices;
use crate::{accounts, mail, sealed, sessions};
use pending::PendingLink;
use state::Flow;

fn redirect_uri(app: &App, kind: SocialProvider) -> String {
    format!("{}/api/auth/{}/callback", app.config.site_url, kind.name())
}

/// The provider's two routes: `GET /api/auth/{provider}` (the redirect to the
/// provider) and its callback. The provider rides along as an extension so
/// one handler serves each step for every provider.
pub fn routes(kind: SocialProvider) -> Router<App> {
    let start_path = format!("/api/auth/{}", kind.name());
    let callback_path = format!("{start_path}/callback");
    Router::new()
        .route(&start_path, get(begin))
        .route(&callback_path, get(callback))
        .layer(Extension(kind))
}

async fn begin(
    State(app): State<App>,
    Extension(p): Extension<Providers>,
    Extension(kind): Extension<SocialProvider>,
) -> Response {
    start(&app, &p, kind)
}

fn start(app: &App, providers: &Providers, kind: SocialProvider) -> Response {
    if !providers.is_configured(kind) {
        tracing::warn!(
            provider = kind.name(),
            "social sign-in without client credentials"
        );
        let message = provider_unavailable(kind.label());
        return page::failed(
            StatusCode::SERVICE_UNAVAILABLE,
            &app.config.site_url,
            &message,
            Vec::new(),
        );
    }
    let flow = Flow::new(kind, app.clock.now().unix());
    let location = providers.authorization_url(
        kind,
        Authorization {
            redirect_uri: &redirect_uri(app, kind),
            state: &flow.state,
            code_challenge: &flow.challenge(),
        },
    );
    let mut response = StatusCode::FOUND.into_response();
    let headers = response.headers_mut();
    match HeaderValue::from_str(&location) {
        Ok(location) => headers.insert(header::LOCATION, location),
        Err(_) => return ApiError::internal().into_response(),
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.append(header::SET_COOKIE, flow.cookie(&app.config));
    response
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Callback {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

async fn callback(
    State(app): State<App>,
    Extension(p): Extension<Providers>,
    Extension(kind): Extension<SocialProvider>,
    devices: TrustedDevices,
    headers: HeaderMap,
    query: Result<Query<Callback>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let query = query.map(|q| q.0).unwrap_or_default();
    finish(&app, &p, kind, &devices, &headers, query).await
}

async fn finish(
    app: &App,
    providers: &Providers,
    kind: SocialProvider,
    devices: &TrustedDevices,
    headers: &HeaderMap,
    query: Callback,
) -> Response {
    let site = app.config.site_url.as_str();
    let now = app.clock.now();
    let flow = cookie_in(headers, state::cookie_name(&app.config))
        .and_then(|v| Flow::from_cookie(&app.config, v, kind, now.unix()));
    let mut cookies = vec![Flow::clear_cookie(&app.config)];
    let fail = |status, message: &str, cookies| page::failed(status, site, message, cookies);
    let Some(flow) = flow.filter(|f| query.state.as_deref().is_some_and(|s| f.state_matches(s)))
    else {
        tracing::warn!(
            provider = kind.name(),
            "OAuth callback without a matching state"
        );
        return fail(StatusCode::BAD_REQUEST, FAILED, cookies);
    };
    if query.error.is_some() {
        return fail(StatusCode::OK, CANCELED, cookies);
    }
    let Some(code) = query.code.filter(|c| !c.is_empty() && c.len() <= 2048) else {
        return fail(StatusCode::BAD_REQUEST, FAILED, cookies);
    };
    let identity = match providers
        .exchange(kind, &code, &redirect_uri(app, kind), &flow.verifier)
        .await
    {
        Ok(identity) => identity,
        Err(error) => {
            tracing::error!(%error, provider = kind.name(), "OAuth code exchange failed");
            return fail(StatusCode::BAD_GATEWAY, FAILED, cookies);
        }
    };
    match sign_in(app, kind, identity, devices, now).await {
        Ok(Destination::Account(account, session_cookies)) => {
            cookies.extend(session_cookies);
            if let Some(epoch) = &account.trust_epoch {
                let email = &account.profile.email;
                cookies.push(devices.trusting(&app.config, email, epoch, now));
            }
            page::signed_in(site, &account.profile.name(), cookies)
        }
        Ok(Destination::Wait(pending)) => {
            tracing::info!(
                provider = kind.name(),
                "social identity waits for the account's password"
            );
            cookies.push(pending.cookie(&app.config, now.unix()));
            let message = password_first(kind.label());
            fail(StatusCode::OK, &message, cookies)
        }
        Err(error) => fail(error.status, &error.message, cookies),
    }
}

/// Where a provider identity leads.
enum Destination {
    /// Signed in to this account (with the session's cookies).
    Account(Account, Vec<HeaderValue>),
    /// An account has the address, but the provider does not vouch for it:
    /// the identity waits for the account's password.
    Wait(PendingLink),
}

/// The account an identity signs in to, and its trust epoch (for the
/// device cookie), when its credentials were found.
struct Account {
    profile: UserProfile,
    trust_epoch: Option<String>,
}

/// Finds the account of a provider identity (by the identity link, else by
/// the address, else a new account) and starts a session for it.
async fn sign_in(
    app: &App,
    kind: SocialProvider,
    who: VerifiedIdentity,
    devices: &TrustedDevices,
    now: Timestamp,
) -> Result<Destination, ApiError> {
    let account = match linked(app, kind, &who.subject).await? {
        Some(account) => account,
        None => match link_or_create(app, kind, &who, devices, now).await? {
            Ok(account) => account,
            Err(pending) => return Ok(Destination::Wait(pending)),
        },
    };
    let profile = &account.profile;
    // Facebook's logout needs its token, kept sealed; Google's is not kept.
    let token = kind
        .logs_out_too()
        .then(|| sealed::seal(&app.config, &who.access_token));
    let start = NewSession {
        user_id: profile.id.clone(),
        email: profile.email.clone(),
        remember: false,
        provider: Some(kind),
        provider_token: token,
    };
    let cookies = sessions::start(app, start, now).await?;
    tracing::info!(user = %profile.id, provider = kind.name(), "signed in socially");
    Ok(Destination::Account(account, cookies))
}

/// The account an identity is linked to, if any.
async fn linked(
    app: &App,
    kind: SocialProvider,
    subject: &str,
) -> Result<Option<Account>, ApiError> {
    let accounts = Accounts::of(&*app.table);
    let Some(profile) = accounts.linked_profile(kind, subject).await? else {
        return Ok(None);
    };
    let credentials = accounts.credentials(&profile.email).await?;
    let trust_epoch = credentials
        .filter(|c| c.user_id == profile.id)
        .map(|c| c.trust_epoch().to_string());
    Ok(Some(Account {
        profile,
        trust_epoch,
    }))
}

/// The account an identity not linked yet leads to: the one with its
/// address when the provider vouches for it (linked now), a new one when
/// none has it; or, when an account has the address the provider does not
/// vouch for, the identity left waiting for that account's password.
async fn link_or_create(
    app: &App,
    kind: SocialProvider,
    who: &VerifiedIdentity,
    devices: &TrustedDevices,
    now: Timestamp,
) -> Result<Result<Account, PendingLink>, ApiError> {
    let unverified = || ApiError::bad_request(unverified_email(kind.label()));
    if kind.vouches_for_addresses() && !who.email_verified {
        return Err(unverified());
    }
    let email = who.email.as_deref().ok_or_else(unverified)?;
    let email = EmailAddress::parse(email).map_err(|_| unverified())?;
    let accounts = Accounts::of(&*app.table);
    if let Some(credentials) = accounts.credentials(email.as_str()).await? {
        if !who.email_verified {
            return Ok(Err(PendingLink {
                provider: kind,
                subject: who.subject.clone(),
                email: email.as_str().to_string(),
            }));
        }
        let creator = devices
            .of(&credentials.email, credentials.trust_epoch())
            .is_some();
        return Ok(Ok(join_existing(
            &accounts,
            &credentials,
            who,
            kind,
            creator,
            now,
        )
        .await?));
    }
    let id = ulid::Ulid::new().to_string();
    let profile = UserProfile::social(id, &email, &who.first_name, &who.last_name, now);
    let credentials = profile.credentials(None);
    let credentials = if who.email_verified {
        credentials.with_verified_email()
    } else {
        credentials
    };
    let identity = identity_of(kind, who, &profile.id);
    accounts::create(app, &profile, &credentials, Some(&identity)).await?;
    // An address the provider did not vouch for gets the verification link.
    mail::welcome(app, &profile, (!who.email_verified).then_some(now)).await;
    let trust_epoch = Some(credentials.trust_epoch().to_string());
    Ok(Ok(Account {
        profile,
        trust_epoch,
    }))
}

fn identity_of(kind: SocialProvider, who: &VerifiedIdentity, user_id: &str) -> Identity {
    Identity {
        user_id: user_id.to_string(),
        provider: kind,
        subject: who.subject.clone(),
    }
}

/// Links the identity to the account that has its (provider-vouched)
/// address. An account whose address was never proved is verified now; if
/// this browser did not create it (`creator`: it holds the account's device
/// cookie), its owner takes it over from whoever did, and starts clean.
async fn join_existing(
    accounts: &Accounts<'_>,
    credentials: &Credentials,
    who: &VerifiedIdentity,
    kind: SocialProvider,
    creator: bool,
    now: Timestamp,
) -> Result<Account, ApiError> {
    if !credentials.email_verified && !creator {
        let id = ulid::Ulid::new().to_string();
        let fresh = credentials.claimed_profile(id, &who.first_name, &who.last_name, now);
        let link = identity_of(kind, who, &fresh.id);
        let trust_epoch = accounts
            .claim(credentials, kind.claim(), &fresh, None, Some(&link), now)
            .await?;
        tracing::warn!(user = %credentials.user_id, owner = %fresh.id, provider = kind.name(), "account claimed by its address's owner: sessions ended, password voided, a fresh account");
        return Ok(Account {
            profile: fresh,
            trust_epoch: Some(trust_epoch),
        });
    }
    if !credentials.email_verified {
        accounts
            .confirm_email(&credentials.email, &credentials.user_id)
            .await?
            .or(TableError::ConditionFailed)?;
    }
    accounts
        .link(&identity_of(kind, who, &credentials.user_id))
        .await?;
    let profile = accounts
        .profile(&credentials.user_id)
        .await?
        .ok_or_else(ApiError::internal)?;
    Ok(Account {
        profile,
        trust_epoch: Some(credentials.trust_epoch().to_string()),
    })
}
