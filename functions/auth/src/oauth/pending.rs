//! A social identity waiting for its account's owner to prove the account.
//! A provider that does not vouch for its addresses (Facebook gives no
//! `email_verified`) never links to an account, or takes one over, on the
//! address alone: its callback leaves this signed, httpOnly cookie instead,
//! and the identity is linked when this browser next signs in to that
//! account with its password (a reset link, mailed to the address, leads
//! there too).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderValue;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::convert::Infallible;

use app::{App, Config};
use domain::accounts::email::canonical;
use domain::accounts::Identity;
use domain::accounts::SocialProvider;
use shop_http::session::{self, SameSite};

use crate::crypto::{sign, signed_payload};

/// What the cookie's signature is for.
const PURPOSE: &str = "pending-link";
/// Long enough to sign in, or to ask for a reset link and use it.
pub const PENDING_SECONDS: i64 = 30 * 60;
/// Only the auth routes read it.
const PATH: &str = "/api/auth";

pub fn cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Secure-link"
    } else {
        "link"
    }
}

/// The identity, and the address (in its normal form) it is waiting for.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingLink {
    pub provider: SocialProvider,
    pub subject: String,
    pub email: String,
}

impl PendingLink {
    /// `Lax`: it is set on the provider's redirect (a cross-site navigation)
    /// and read by the sign-in form's request.
    pub fn cookie(&self, config: &Config, now: i64) -> HeaderValue {
        let payload = format!(
            "{}.{}.{}.{}",
            self.provider.name(),
            URL_SAFE_NO_PAD.encode(&self.subject),
            URL_SAFE_NO_PAD.encode(canonical(&self.email)),
            now + PENDING_SECONDS
        );
        session::set_cookie(
            config,
            cookie_name(config),
            &sign(config, PURPOSE, &payload),
            PATH,
            Some(PENDING_SECONDS),
            SameSite::Lax,
        )
    }

    pub fn clear_cookie(config: &Config) -> HeaderValue {
        session::clear_cookie(config, cookie_name(config), PATH, SameSite::Lax)
    }

    /// The pending identity a cookie holds, if it is ours and unexpired.
    pub fn from_cookie(config: &Config, value: &str, now: i64) -> Option<Self> {
        let payload = signed_payload(config, PURPOSE, value)?;
        let mut parts = payload.split('.');
        let provider = SocialProvider::from_name(parts.next()?)?;
        let decode = |part: &str| String::from_utf8(URL_SAFE_NO_PAD.decode(part).ok()?).ok();
        let subject = decode(parts.next()?)?;
        let email = decode(parts.next()?)?;
        let live = parts.next()?.parse::<i64>().ok()? > now;
        (parts.next().is_none() && live).then_some(PendingLink {
            provider,
            subject,
            email,
        })
    }

    /// The identity to link when `email`'s account `user_id` signed in, if
    /// it is the account this identity waits for.
    pub fn for_account(&self, email: &str, user_id: &str) -> Option<Identity> {
        (canonical(email) == self.email).then(|| Identity {
            user_id: user_id.to_string(),
            provider: self.provider,
            subject: self.subject.clone(),
        })
    }
}

/// The identity the request's cookie says is waiting, if any.
pub struct Pending(pub Option<PendingLink>);

impl FromRequestParts<App> for Pending {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Infallible> {
        let value = session::cookie(parts, cookie_name(&app.config));
        let now = app.clock.now().unix();
        Ok(Pending(value.and_then(|v| {
            PendingLink::from_cookie(&app.config, v, now)
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::cookie_value as value;

    fn config() -> Config {
        crate::test_support::config("pending")
    }

    #[test]
    fn a_pending_identity_links_only_to_its_address_and_only_for_a_while() {
        let c = config();
        let pending = PendingLink {
            provider: SocialProvider::Facebook,
            subject: "fb.1".into(),
            email: "ada@example.com".into(),
        };
        let cookie = value(&pending.cookie(&c, 1_000));
        let read = PendingLink::from_cookie(&c, &cookie, 1_001).expect("read back");
        assert_eq!(read, pending);
        let identity = read.for_account("Ada@Example.com", "u1").expect("hers");
        assert_eq!(
            (identity.user_id.as_str(), identity.subject.as_str()),
            ("u1", "fb.1")
        );
        assert!(read.for_account("eve@example.com", "u2").is_none());
        assert!(PendingLink::from_cookie(&c, &cookie, 1_000 + PENDING_SECONDS).is_none());
        let forged = cookie.replacen("facebook", "google", 1);
        assert!(PendingLink::from_cookie(&c, &forged, 1_001).is_none());
    }
}
