//! What signing in reads: an address's credentials (`EMAIL#lower(email)`,
//! one account per address), how its owner proved it on a claim, and the
//! social identities linked to an account (`IDP#provider#subject`).

use serde::{Deserialize, Serialize};

use super::profile::UserProfile;
use super::SocialProvider;
use crate::ports::Key;
use crate::records::Record;
use crate::timestamp::Timestamp;

/// What signing in with a password reads: one item per address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub user_id: String,
    /// As the shopper typed it at sign-up.
    pub email: String,
    /// PHC string; absent for accounts that only ever signed in socially.
    pub password_hash: Option<String>,
    /// The shopper proved they read this address: the link of the welcome
    /// email, a completed reset, or a provider that vouches for it. Only then
    /// may a social identity be linked to the account by its address.
    #[serde(default)]
    pub email_verified: bool,
    /// When the password was last set by a reset or a change (epoch
    /// seconds): reset links issued before then no longer work.
    #[serde(default)]
    pub password_changed_at: Option<i64>,
    /// The token hash of the newest reset link: only that one works, so
    /// asking for a new link voids the older ones.
    #[serde(default)]
    pub latest_reset: Option<String>,
    /// When the address's owner proved it on an account they may not have
    /// created (epoch seconds), and how ([`AddressProof`]): every session then
    /// ended and the unproven password stopped working.
    #[serde(default)]
    pub claimed_at: Option<i64>,
    #[serde(default)]
    pub claimed_via: Option<AddressProof>,
    /// Which browsers the account trusts: a device cookie names the epoch
    /// it was given in, and a claim, a reset or a password change starts a
    /// new one, so every browser trusted before (a squatter's included) is
    /// a stranger again. Absent: the account's first epoch.
    #[serde(default)]
    pub trust_epoch: Option<String>,
}

/// The epoch of an account that never changed hands or password.
pub const FIRST_TRUST_EPOCH: &str = "0";

/// How the owner of an address proved it when taking the account over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AddressProof {
    /// The link of the welcome email, followed from another browser.
    VerificationLink,
    /// A social provider that vouches for the address.
    Google,
    Facebook,
}

impl Credentials {
    /// The account's current trust epoch (see [`Credentials::trust_epoch`]).
    pub fn trust_epoch(&self) -> &str {
        self.trust_epoch.as_deref().unwrap_or(FIRST_TRUST_EPOCH)
    }

    /// The fresh profile of the account when its address's owner claims it
    /// (`id`, a new one): nothing of whoever created the account, only the
    /// address and the names the proving provider gives, if any.
    pub fn claimed_profile(
        &self,
        id: String,
        firstname: &str,
        lastname: &str,
        now: Timestamp,
    ) -> UserProfile {
        UserProfile::fresh(id, self.email.clone(), firstname, lastname, now)
    }

    /// The same credentials, the address vouched for.
    pub fn with_verified_email(self) -> Self {
        Credentials {
            email_verified: true,
            ..self
        }
    }
}

impl Record for Credentials {
    fn key(&self) -> Key {
        credentials_key(&self.email)
    }
}

/// The credentials of an address, under its [`super::email::canonical`] form.
pub(crate) fn credentials_key(email: &str) -> Key {
    Key::new(format!("EMAIL#{}", super::email::canonical(email)), "EMAIL")
}

/// A social identity linked to an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Identity {
    pub user_id: String,
    pub provider: SocialProvider,
    pub subject: String,
}

impl Record for Identity {
    fn key(&self) -> Key {
        identity_key(self.provider, &self.subject)
    }
}

pub(crate) fn identity_key(provider: SocialProvider, subject: &str) -> Key {
    Key::new(format!("IDP#{}#{subject}", provider.name()), "IDP")
}

/// The credentials a new account of `email` gets, for tests.
#[cfg(test)]
pub(crate) fn fresh(email: &str) -> Credentials {
    let now = Timestamp::from_unix(1).unwrap();
    UserProfile::fresh("u1".into(), email.into(), "Ada", "Lovelace", now).credentials(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_table_design() {
        let creds = fresh("Ada@X.co");
        assert_eq!(creds.trust_epoch(), FIRST_TRUST_EPOCH);
        assert_eq!(creds.key(), Key::new("EMAIL#ada@x.co", "EMAIL"));
        let identity = Identity {
            user_id: "u1".into(),
            provider: SocialProvider::Google,
            subject: "42".into(),
        };
        assert_eq!(identity.key(), Key::new("IDP#google#42", "IDP"));
    }
}
