//! The flow's state and PKCE verifier, kept between the redirect to the
//! provider and its callback in a short-lived, signed, httpOnly cookie.

use app::Config;
use domain::accounts::constant_time_eq;
use shop_http::session::{self, SameSite};

use crate::crypto::{random_token, sha256_b64url, sign, signed_payload};
use domain::accounts::SocialProvider;

/// What the flow cookie's signature is for.
const PURPOSE: &str = "oauth-flow";

/// Ten minutes to pick an identity on the provider's page.
pub const FLOW_SECONDS: i64 = 600;

pub fn cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Secure-oauth"
    } else {
        "oauth"
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Flow {
    pub kind: SocialProvider,
    pub state: String,
    pub verifier: String,
    pub expires_at: i64,
}

impl Flow {
    pub fn new(kind: SocialProvider, now: i64) -> Self {
        Self {
            kind,
            state: random_token(24),
            verifier: random_token(48),
            expires_at: now + FLOW_SECONDS,
        }
    }

    /// The PKCE S256 challenge of the verifier.
    pub fn challenge(&self) -> String {
        sha256_b64url(&self.verifier)
    }

    fn payload(&self) -> String {
        format!(
            "{}.{}.{}.{}",
            self.kind.name(),
            self.state,
            self.verifier,
            self.expires_at
        )
    }

    /// `Lax`, not `Strict`: it must come back on the provider's redirect,
    /// a cross-site top-level navigation.
    pub fn cookie(&self, config: &Config) -> http::HeaderValue {
        let value = sign(config, PURPOSE, &self.payload());
        session::set_cookie(
            config,
            cookie_name(config),
            &value,
            "/api/auth",
            Some(FLOW_SECONDS),
            SameSite::Lax,
        )
    }

    pub fn clear_cookie(config: &Config) -> http::HeaderValue {
        session::clear_cookie(config, cookie_name(config), "/api/auth", SameSite::Lax)
    }

    /// The flow a cookie holds, if it is ours, unexpired and for `kind`.
    pub fn from_cookie(
        config: &Config,
        value: &str,
        kind: SocialProvider,
        now: i64,
    ) -> Option<Self> {
        let payload = signed_payload(config, PURPOSE, value)?;
        let mut parts = payload.split('.');
        let flow = Flow {
            kind: SocialProvider::from_name(parts.next()?)?,
            state: parts.next()?.to_string(),
            verifier: parts.next()?.to_string(),
            expires_at: parts.next()?.parse().ok()?,
        };
        (parts.next().is_none() && flow.kind == kind && flow.expires_at > now).then_some(flow)
    }

    pub fn state_matches(&self, state: &str) -> bool {
        constant_time_eq(&self.state, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::cookie_value as value;

    fn config() -> Config {
        crate::test_support::config("flow")
    }

    #[test]
    fn a_flow_survives_its_cookie() {
        let c = config();
        let flow = Flow::new(SocialProvider::Google, 1_000);
        let cookie = flow.cookie(&c);
        assert!(cookie.to_str().unwrap().contains("SameSite=Lax"));
        assert_eq!(
            Flow::from_cookie(&c, &value(&cookie), SocialProvider::Google, 1_001),
            Some(flow.clone())
        );
        assert!(flow.state_matches(&flow.state.clone()));
        assert!(!flow.state_matches("other"));
        assert_eq!(flow.challenge().len(), 43);
    }

    #[test]
    fn tampered_expired_or_other_provider_cookies_are_refused() {
        let c = config();
        let flow = Flow::new(SocialProvider::Google, 1_000);
        let v = value(&flow.cookie(&c));
        assert_eq!(
            Flow::from_cookie(&c, &v, SocialProvider::Facebook, 1_001),
            None
        );
        assert_eq!(
            Flow::from_cookie(&c, &v, SocialProvider::Google, 1_000 + FLOW_SECONDS),
            None
        );
        let tampered = v.replacen("google", "facebook", 1);
        assert_eq!(
            Flow::from_cookie(&c, &tampered, SocialProvider::Facebook, 1_001),
            None
        );
        assert_eq!(
            Flow::from_cookie(&c, "garbage", SocialProvider::Google, 1_001),
            None
        );
    }
}
