//! Email verification. The welcome email carries a signed link
//! (`{site}/verify-email?token=…`, good for a day) naming the account and
//! its address; following it marks the address verified. Nothing is stored
//! until then: the token is its own record, signed with the session key. It
//! names the account's id, which a claim replaces: once the address is
//! verified the link does nothing more, and once claimed it is refused.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use app::Config;
use domain::accounts::email::canonical;
use domain::timestamp::Timestamp;

use crate::crypto::{sign, signed_payload};

/// What a link's signature is for.
const PURPOSE: &str = "verify-email";
/// How long a verification link works.
pub const LINK_SECONDS: i64 = 24 * 3600;

/// The account and address a link vouches for.
#[derive(Debug, Clone, PartialEq)]
pub struct Verification {
    pub user_id: String,
    /// In its normal form ([`canonical`]).
    pub email: String,
}

/// The link of the welcome email.
pub fn link(config: &Config, user_id: &str, email: &str, now: Timestamp) -> String {
    let address = URL_SAFE_NO_PAD.encode(canonical(email));
    let expires = now.unix() + LINK_SECONDS;
    let token = sign(config, PURPOSE, &format!("{user_id}.{address}.{expires}"));
    format!("{}/verify-email?token={token}", config.site_url)
}

/// What a link's token vouches for, if it is ours and unexpired.
pub fn read(config: &Config, token: &str, now: Timestamp) -> Option<Verification> {
    let payload = signed_payload(config, PURPOSE, token)?;
    let mut parts = payload.split('.');
    let (user_id, address, expires) = (parts.next()?, parts.next()?, parts.next()?);
    let email = String::from_utf8(URL_SAFE_NO_PAD.decode(address).ok()?).ok()?;
    let live = expires.parse::<i64>().ok()? > now.unix();
    (parts.next().is_none() && live).then(|| Verification {
        user_id: user_id.to_string(),
        email,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        crate::test_support::config("verify")
    }

    fn token_of(link: &str) -> &str {
        link.split_once("token=").unwrap().1
    }

    #[test]
    fn a_link_vouches_for_its_account_and_address_for_a_day() {
        let c = config();
        let now = Timestamp::now();
        let link = link(&c, "01USER", "Ada@Example.com", now);
        assert!(link.starts_with("http://127.0.0.1:3000/verify-email?token="));
        let expected = Verification {
            user_id: "01USER".into(),
            email: "ada@example.com".into(),
        };
        assert_eq!(read(&c, token_of(&link), now), Some(expected));
        let later = Timestamp::from_unix(now.unix() + LINK_SECONDS).unwrap();
        assert_eq!(read(&c, token_of(&link), later), None);
    }

    #[test]
    fn tampered_or_foreign_tokens_are_refused() {
        let c = config();
        let now = Timestamp::now();
        let token = token_of(&link(&c, "01USER", "a@b.co", now)).to_string();
        let other_user = token.replacen("01USER", "01EVIL", 1);
        assert_eq!(read(&c, &other_user, now), None);
        // An OAuth flow's signature does not make a verification token.
        let flow = sign(&c, "oauth-flow", "01USER.YUBiLmNv.99999999999");
        assert_eq!(read(&c, &flow, now), None);
        assert_eq!(read(&c, "garbage", now), None);
    }
}
