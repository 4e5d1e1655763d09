//! A pending password reset (`RESET#sha256(token)`): the link's item,
//! deleted on use under a condition, forgotten after an hour.

use serde::{Deserialize, Serialize};

use super::credentials::Credentials;
use super::stored_time::{self, later};
use crate::ports::Key;
use crate::records::Record;
use crate::timestamp::Timestamp;

/// A pending password reset, keyed by the token's hash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    /// Absent from items written before it was stored: the key has it.
    #[serde(default)]
    pub token_hash: String,
    pub user_id: String,
    /// The account's address, lower case.
    pub email: String,
    /// When the link stops working: its TTL, in epoch seconds.
    #[serde(with = "stored_time::seconds")]
    pub expires_at: Timestamp,
}

pub const RESET_TTL_SECONDS: i64 = 3600;

impl Record for PasswordReset {
    fn key(&self) -> Key {
        reset_key(&self.token_hash)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at.unix())
    }
}

pub(crate) fn reset_key(token_hash: &str) -> Key {
    Key::new(format!("RESET#{token_hash}"), "RESET")
}

impl PasswordReset {
    /// When the link was sent.
    pub fn issued_at(&self) -> i64 {
        self.expires_at.unix() - RESET_TTL_SECONDS
    }

    /// A reset of the account of `credentials` by the token hashing to
    /// `token_hash`, good for [`RESET_TTL_SECONDS`].
    pub fn new(credentials: &Credentials, token_hash: String, now: Timestamp) -> Self {
        PasswordReset {
            token_hash,
            user_id: credentials.user_id.clone(),
            email: super::email::canonical(&credentials.email),
            expires_at: later(now, RESET_TTL_SECONDS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::credentials::fresh;

    #[test]
    fn a_reset_lives_under_its_token_hash_for_an_hour() {
        let creds = fresh("Ada@X.co");
        let reset = PasswordReset::new(&creds, "abc".into(), Timestamp::from_unix(0).unwrap());
        assert_eq!(reset.key(), Key::new("RESET#abc", "RESET"));
        assert_eq!(reset.email, "ada@x.co");
        assert_eq!(reset.expires_at(), Some(RESET_TTL_SECONDS));
    }
}
