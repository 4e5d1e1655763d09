//! Where accounts live in the single table, and the stored records.
//!
//! | item | pk | sk | notes |
//! |---|---|---|---|
//! | profile | `USER#id` | `PROFILE` | names, title, birthday |
//! | credentials | `EMAIL#lower(email)` | `EMAIL` | user id and the argon2 hash; written with `NotExists` in the profile's transaction, so an address has one account. Sign-in reads only this item (one GetItem, strongly consistent). |
//! | social identity | `IDP#provider#subject` | `IDP` | user id |
//! | refresh session | `USER#id` | `SESSION#sid` | one item per token family: current and previous token hashes; TTL |
//! | password reset | `RESET#sha256(token)` | `RESET` | user id, TTL one hour, deleted on use under a condition |
//! | rate counter | `RATE#scope#subject` | window number | `ADD count`, TTL |

use serde::{Deserialize, Serialize};

use super::birthday::Birthday;
use super::title::Title;
use crate::ports::{to_item, Item, Key, TableError, EXPIRES_AT, PK, SK};

pub const PROFILE_SK: &str = "PROFILE";
pub const SESSION_PREFIX: &str = "SESSION#";

pub fn user_partition(user_id: &str) -> String {
    format!("USER#{user_id}")
}

pub fn profile_key(user_id: &str) -> Key {
    Key::new(user_partition(user_id), PROFILE_SK)
}

/// `canonical` is [`super::EmailAddress::canonical`] (lower case).
pub fn credentials_key(canonical_email: &str) -> Key {
    Key::new(format!("EMAIL#{canonical_email}"), "EMAIL")
}

pub fn identity_key(provider: &str, subject: &str) -> Key {
    Key::new(format!("IDP#{provider}#{subject}"), "IDP")
}

pub fn session_key(user_id: &str, session_id: &str) -> Key {
    Key::new(
        user_partition(user_id),
        format!("{SESSION_PREFIX}{session_id}"),
    )
}

pub fn reset_key(token_hash: &str) -> Key {
    Key::new(format!("RESET#{token_hash}"), "RESET")
}

pub fn rate_key(scope: &str, subject: &str, window: i64) -> Key {
    Key::new(format!("RATE#{scope}#{subject}"), window.to_string())
}

/// A record serialised with its key (and TTL, when it has one).
fn keyed<T: Serialize>(record: &T, key: Key, expires_at: Option<i64>) -> Result<Item, TableError> {
    let mut item = to_item(record)?;
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    if let Some(at) = expires_at {
        item.insert(EXPIRES_AT.into(), at.into());
    }
    Ok(item)
}

/// A shopper's profile. Title and birthday are absent for accounts created
/// by a social sign-in until the shopper fills them in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserProfile {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub title: Option<Title>,
    pub birthday: Option<Birthday>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl UserProfile {
    pub fn key(&self) -> Key {
        profile_key(&self.id)
    }

    pub fn to_item(&self) -> Result<Item, TableError> {
        keyed(self, self.key(), None)
    }

    /// The display name: "first last".
    pub fn name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
            .trim()
            .to_string()
    }

    /// What the API answers about a profile (`GET /api/auth/me`, profile edits).
    pub fn view(&self) -> ProfileView {
        ProfileView {
            id: self.id.clone(),
            email: self.email.clone(),
            name: self.name(),
            firstname: self.firstname.clone(),
            lastname: self.lastname.clone(),
            title: self.title,
            birthday: self.birthday,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[derive(utoipa::ToSchema)]
pub struct ProfileView {
    pub id: String,
    pub email: String,
    pub name: String,
    pub firstname: String,
    pub lastname: String,
    pub title: Option<Title>,
    pub birthday: Option<Birthday>,
}

/// What signing in with a password reads: one item per address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub user_id: String,
    /// As the shopper typed it at sign-up.
    pub email: String,
    /// PHC string; absent for accounts that only ever signed in socially.
    pub password_hash: Option<String>,
}

impl Credentials {
    pub fn to_item(&self) -> Result<Item, TableError> {
        keyed(
            self,
            credentials_key(&self.email.to_ascii_lowercase()),
            None,
        )
    }
}

/// A social identity linked to an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Identity {
    pub user_id: String,
    pub provider: String,
    pub subject: String,
}

impl Identity {
    pub fn to_item(&self) -> Result<Item, TableError> {
        keyed(self, identity_key(&self.provider, &self.subject), None)
    }
}

/// One refresh-token family: the session a sign-in starts. Only hashes of
/// tokens are stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub user_id: String,
    pub session_id: String,
    pub email: String,
    pub token_hash: String,
    /// The token this one replaced, accepted for [`REFRESH_GRACE_SECONDS`]
    /// after rotation so two tabs refreshing at once are not taken for theft.
    pub prev_hash: Option<String>,
    pub rotated_at: i64,
    pub remember: bool,
    pub created_at: i64,
    pub expires_at: i64,
    /// Which provider signed this session in (`facebook` needs a logout).
    pub provider: Option<String>,
    /// The provider's access token, kept only where its logout needs it.
    pub provider_token: Option<String>,
}

/// How long the previous refresh token stays good after a rotation.
pub const REFRESH_GRACE_SECONDS: i64 = 10;
/// Refresh sessions: 30 days with "remember me", otherwise a day of
/// inactivity (the cookie itself dies with the browser session).
pub const REMEMBER_SECONDS: i64 = 30 * 24 * 3600;
pub const BROWSER_SESSION_SECONDS: i64 = 24 * 3600;

impl Session {
    pub fn key(&self) -> Key {
        session_key(&self.user_id, &self.session_id)
    }

    pub fn to_item(&self) -> Result<Item, TableError> {
        keyed(self, self.key(), Some(self.expires_at))
    }

    pub fn lifetime(remember: bool) -> i64 {
        if remember {
            REMEMBER_SECONDS
        } else {
            BROWSER_SESSION_SECONDS
        }
    }

    /// What presenting a refresh token whose hash is `presented` means.
    pub fn judge(&self, presented: &str, now: i64) -> Verdict {
        if constant_time_eq(presented, &self.token_hash) {
            Verdict::Rotate
        } else if self
            .prev_hash
            .as_deref()
            .is_some_and(|prev| constant_time_eq(presented, prev))
            && now - self.rotated_at <= REFRESH_GRACE_SECONDS
        {
            Verdict::Grace
        } else {
            Verdict::Reuse
        }
    }
}

/// The outcome of presenting a refresh token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The current token: issue a new pair.
    Rotate,
    /// The token just replaced, within the grace: a second tab; issue an
    /// access token and leave the (already rotated) refresh cookie alone.
    Grace,
    /// An older or unknown token of this family: a stolen token was used, so
    /// the whole family is revoked.
    Reuse,
}

/// A pending password reset, keyed by the token's hash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    pub user_id: String,
    pub email: String,
    pub expires_at: i64,
}

pub const RESET_TTL_SECONDS: i64 = 3600;

impl PasswordReset {
    pub fn to_item(&self, token_hash: &str) -> Result<Item, TableError> {
        keyed(self, reset_key(token_hash), Some(self.expires_at))
    }
}

/// Compares two strings without stopping at the first difference.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::from_item;

    fn session() -> Session {
        Session {
            user_id: "u1".into(),
            session_id: "s1".into(),
            email: "a@b.co".into(),
            token_hash: "new".into(),
            prev_hash: Some("old".into()),
            rotated_at: 1_000,
            remember: true,
            created_at: 900,
            expires_at: 5_000,
            provider: None,
            provider_token: None,
        }
    }

    #[test]
    fn keys_follow_the_table_design() {
        assert_eq!(profile_key("u1"), Key::new("USER#u1", "PROFILE"));
        assert_eq!(credentials_key("a@b.co"), Key::new("EMAIL#a@b.co", "EMAIL"));
        assert_eq!(
            identity_key("google", "42"),
            Key::new("IDP#google#42", "IDP")
        );
        assert_eq!(session_key("u1", "s1"), Key::new("USER#u1", "SESSION#s1"));
        assert_eq!(reset_key("abc"), Key::new("RESET#abc", "RESET"));
        assert_eq!(
            rate_key("login", "ip:1.2.3.4", 7),
            Key::new("RATE#login#ip:1.2.3.4", "7")
        );
    }

    #[test]
    fn records_carry_their_keys_and_ttl() {
        let item = session().to_item().unwrap();
        assert_eq!(item["pk"], "USER#u1");
        assert_eq!(item["sk"], "SESSION#s1");
        assert_eq!(item["expiresAt"], 5_000);
        assert_eq!(from_item::<Session>(item).unwrap(), session());
        let creds = Credentials {
            user_id: "u1".into(),
            email: "Ada@X.co".into(),
            password_hash: None,
        };
        assert_eq!(creds.to_item().unwrap()["pk"], "EMAIL#ada@x.co");
    }

    #[test]
    fn the_current_token_rotates() {
        assert_eq!(session().judge("new", 99_999), Verdict::Rotate);
    }

    #[test]
    fn the_previous_token_is_a_second_tab_only_briefly() {
        assert_eq!(
            session().judge("old", 1_000 + REFRESH_GRACE_SECONDS),
            Verdict::Grace
        );
        assert_eq!(
            session().judge("old", 1_001 + REFRESH_GRACE_SECONDS),
            Verdict::Reuse
        );
    }

    #[test]
    fn any_other_token_is_reuse() {
        assert_eq!(session().judge("older", 1_000), Verdict::Reuse);
        assert_eq!(session().judge("", 1_000), Verdict::Reuse);
        let fresh = Session {
            prev_hash: None,
            ..session()
        };
        assert_eq!(fresh.judge("old", 1_000), Verdict::Reuse);
    }

    #[test]
    fn profile_name_and_optional_fields() {
        let p = UserProfile {
            id: "u1".into(),
            email: "a@b.co".into(),
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            title: None,
            birthday: None,
            created_at: 1,
            updated_at: 1,
        };
        assert_eq!(p.name(), "Ada Lovelace");
        let view = serde_json::to_value(p.view()).unwrap();
        assert_eq!(view["name"], "Ada Lovelace");
        assert_eq!(view["title"], serde_json::Value::Null);
        let back: UserProfile = from_item(p.to_item().unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn constant_time_eq_is_eq() {
        assert!(constant_time_eq("abc", "abc"));
        assert!(!constant_time_eq("abc", "abd"));
        assert!(!constant_time_eq("abc", "ab"));
    }
}
