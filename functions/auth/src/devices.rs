//! Device cookies (OWASP's answer to lockouts that strangers cause): a
//! browser that signed in to an account, created it or reset its password
//! gets a signed cookie naming that account. A sign-in that presents it is
//! trusted: it is held only by its own failures, never by the account's
//! backoff or the address limit that strangers' guesses run up. See
//! [`crate::throttle`].
//!
//! Trust is the account's: it holds within one trust epoch of the account
//! ([`Credentials::trust_epoch`](domain::accounts::Credentials)),
//! and a claim, a reset or a password change starts a new one, so every
//! browser trusted before (a squatter's too) is a stranger again; the browser
//! that made the change is trusted in the new epoch.
//!
//! The cookie's value is up to [`MAX_ACCOUNTS`] entries
//! `account.nonce.epoch.expires.tag` joined by `~`, newest first: `account`
//! is the digest of the address ([`account_subject`]), `nonce` names this
//! browser's trust (the subject of its failure counter), `epoch` the
//! account's trust epoch it was given in, and `tag` signs the rest with the
//! session key. Nothing in it is secret; it only has to be unforgeable.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderValue;
use std::convert::Infallible;

use app::{App, Config};
use domain::accounts::email::canonical;
use domain::accounts::limits::DEVICE_TRUST_SECONDS;
use domain::limits::subject_digest;
use domain::timestamp::Timestamp;
use shop_http::session::{self, SameSite};

use crate::crypto::{random_id, sign, signed_payload};

/// What a device cookie's signature is for.
const PURPOSE: &str = "device";
/// Accounts one browser is trusted for (a shared computer at home).
pub const MAX_ACCOUNTS: usize = 3;

/// Only the auth routes read it.
const PATH: &str = "/api/auth";

pub fn cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Secure-device"
    } else {
        "device"
    }
}

/// The digest an account's address is known by in counters and device
/// cookies: no address is written into either.
pub fn account_subject(email: &str) -> String {
    subject_digest(&canonical(email))
}

/// One account this browser is trusted for.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    account: String,
    nonce: String,
    epoch: String,
    signed: String,
}

/// The accounts the request's device cookie vouches for (signature checked,
/// unexpired).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TrustedDevices(Vec<Entry>);

impl TrustedDevices {
    fn read(config: &Config, value: &str, now: Timestamp) -> Self {
        let entries = value
            .split('~')
            .filter_map(|signed| {
                let payload = signed_payload(config, PURPOSE, signed)?;
                let mut parts = payload.split('.');
                let (account, nonce) = (parts.next()?, parts.next()?);
                let (epoch, expires) = (parts.next()?, parts.next()?);
                let live = expires.parse::<i64>().ok()? > now.unix();
                (parts.next().is_none() && live).then(|| Entry {
                    account: account.to_string(),
                    nonce: nonce.to_string(),
                    epoch: epoch.to_string(),
                    signed: signed.to_string(),
                })
            })
            .take(MAX_ACCOUNTS)
            .collect();
        TrustedDevices(entries)
    }

    /// This browser's trust for the account of `email` in its current
    /// trust `epoch`: its nonce. A browser trusted in an earlier epoch (before
    /// a claim, a reset or a password change) is not.
    pub fn of(&self, email: &str, epoch: &str) -> Option<String> {
        let account = account_subject(email);
        self.0
            .iter()
            .find(|e| e.account == account && e.epoch == epoch)
            .map(|e| e.nonce.clone())
    }

    /// The cookie that (newly) trusts this browser for `email`'s account in
    /// its trust `epoch`, with a new nonce (a fresh failure count) and a full
    /// lifetime, beside the other accounts it is trusted for.
    pub fn trusting(
        &self,
        config: &Config,
        email: &str,
        epoch: &str,
        now: Timestamp,
    ) -> HeaderValue {
        let account = account_subject(email);
        let expires = now.unix() + DEVICE_TRUST_SECONDS;
        let fresh = sign(
            config,
            PURPOSE,
            &format!("{account}.{}.{epoch}.{expires}", random_id()),
        );
        let others = self.0.iter().filter(|e| e.account != account);
        let value: Vec<&str> = std::iter::once(fresh.as_str())
            .chain(others.map(|e| e.signed.as_str()))
            .take(MAX_ACCOUNTS)
            .collect();
        session::set_cookie(
            config,
            cookie_name(config),
            &value.join("~"),
            PATH,
            Some(DEVICE_TRUST_SECONDS),
            // Lax: a social sign-in's callback (a cross-site navigation)
            // must read it to keep the other accounts' entries.
            SameSite::Lax,
        )
    }
}

impl FromRequestParts<App> for TrustedDevices {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Infallible> {
        let value = session::cookie(parts, cookie_name(&app.config));
        Ok(value.map_or_else(TrustedDevices::default, |v| {
            TrustedDevices::read(&app.config, v, app.clock.now())
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::cookie_value as value_of;

    fn config() -> Config {
        crate::test_support::config("devices")
    }

    #[test]
    fn a_browser_is_trusted_for_the_accounts_it_signed_in_to() {
        let c = config();
        let now = Timestamp::now();
        let none = TrustedDevices::default();
        let ada = value_of(&none.trusting(&c, "Ada@Example.com", "0", now));
        let devices = TrustedDevices::read(&c, &ada, now);
        assert!(
            devices.of("ada@example.com", "0").is_some(),
            "any letter case"
        );
        assert!(devices.of("grace@example.com", "0").is_none());
        let both = value_of(&devices.trusting(&c, "grace@example.com", "0", now));
        let devices = TrustedDevices::read(&c, &both, now);
        assert!(devices.of("ada@example.com", "0").is_some());
        assert!(devices.of("grace@example.com", "0").is_some());
    }

    #[test]
    fn trust_ends_with_the_accounts_epoch() {
        let c = config();
        let now = Timestamp::now();
        let before = TrustedDevices::default().trusting(&c, "ada@example.com", "0", now);
        let devices = TrustedDevices::read(&c, &value_of(&before), now);
        assert!(
            devices.of("ada@example.com", "01NEW").is_none(),
            "a claim, a reset or a change started a new epoch"
        );
        let after = devices.trusting(&c, "ada@example.com", "01NEW", now);
        let devices = TrustedDevices::read(&c, &value_of(&after), now);
        assert!(devices.of("ada@example.com", "01NEW").is_some());
        assert!(devices.of("ada@example.com", "0").is_none());
        assert_eq!(devices.0.len(), 1, "one entry per account");
    }

    #[test]
    fn trust_is_bounded_expires_and_cannot_be_forged() {
        let c = config();
        let now = Timestamp::now();
        let mut devices = TrustedDevices::default();
        for n in 0..5 {
            let cookie = devices.trusting(&c, &format!("shopper{n}@example.com"), "0", now);
            devices = TrustedDevices::read(&c, &value_of(&cookie), now);
        }
        assert_eq!(devices.0.len(), MAX_ACCOUNTS, "the newest accounts");
        assert!(devices.of("shopper4@example.com", "0").is_some());
        assert!(devices.of("shopper0@example.com", "0").is_none());

        let value = value_of(&TrustedDevices::default().trusting(&c, "ada@example.com", "0", now));
        let later = Timestamp::from_unix(now.unix() + DEVICE_TRUST_SECONDS + 1).unwrap();
        assert!(TrustedDevices::read(&c, &value, later)
            .of("ada@example.com", "0")
            .is_none());
        let other = account_subject("eve@example.com");
        let forged = value.replacen(&account_subject("ada@example.com"), &other, 1);
        assert!(TrustedDevices::read(&c, &forged, now)
            .of("eve@example.com", "0")
            .is_none());
        assert_eq!(
            TrustedDevices::read(&c, "junk~.~a.b.c.d.e", now),
            TrustedDevices::default()
        );
    }
}
