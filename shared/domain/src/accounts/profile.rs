//! A shopper's profile: the item `USER#id` / `PROFILE`, what a sign-up or a
//! social sign-in creates, and what an edit sets.

use serde::{Deserialize, Serialize};

use super::birthday::Birthday;
use super::credentials::Credentials;
use super::email::EmailAddress;
use super::forms::{ProfileEdit, Registration, NAME_MAX_CHARS};
use super::stored_time;
use super::title::Title;
use super::view::ProfileView;
use crate::ports::{Condition, Key, Update};
use crate::records::{encode, Record};
use crate::shopper::user_pk;
use crate::timestamp::Timestamp;

const PROFILE_SK: &str = "PROFILE";

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
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub created_at: Timestamp,
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub updated_at: Timestamp,
}

impl Record for UserProfile {
    fn key(&self) -> Key {
        profile_key(&self.id)
    }
}

pub(crate) fn profile_key(user_id: &str) -> Key {
    Key::new(user_pk(user_id), PROFILE_SK)
}

impl Registration {
    /// The profile of the new account `id`.
    pub fn profile(&self, id: String, now: Timestamp) -> UserProfile {
        UserProfile {
            id,
            email: self.email.to_string(),
            firstname: self.firstname.clone(),
            lastname: self.lastname.clone(),
            title: Some(self.title),
            birthday: Some(self.birthday),
            created_at: now,
            updated_at: now,
        }
    }
}

impl UserProfile {
    /// The profile of an account a social sign-in creates: the names the
    /// provider gave; no title or birthday yet.
    pub fn social(
        id: String,
        email: &EmailAddress,
        firstname: &str,
        lastname: &str,
        now: Timestamp,
    ) -> Self {
        UserProfile::fresh(id, email.to_string(), firstname, lastname, now)
    }

    /// A profile with only an address and names (cut to
    /// [`NAME_MAX_CHARS`]): no title or birthday yet.
    pub(super) fn fresh(
        id: String,
        email: String,
        firstname: &str,
        lastname: &str,
        now: Timestamp,
    ) -> Self {
        let cut = |name: &str| name.chars().take(NAME_MAX_CHARS).collect();
        UserProfile {
            id,
            email,
            firstname: cut(firstname),
            lastname: cut(lastname),
            title: None,
            birthday: None,
            created_at: now,
            updated_at: now,
        }
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

    /// The credentials item that goes with a new profile.
    pub fn credentials(&self, password_hash: Option<String>) -> Credentials {
        Credentials {
            user_id: self.id.clone(),
            email: self.email.clone(),
            password_hash,
            email_verified: false,
            password_changed_at: None,
            latest_reset: None,
            claimed_at: None,
            claimed_via: None,
            trust_epoch: None,
        }
    }
}

/// The fields a profile edit sets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileFields<'a> {
    firstname: &'a str,
    lastname: &'a str,
    title: Title,
    birthday: Birthday,
    updated_at: Timestamp,
}

impl ProfileEdit {
    /// The update that applies the edit to a stored profile, which must
    /// still be there.
    pub fn update(&self, now: Timestamp) -> Update {
        let fields = ProfileFields {
            firstname: &self.firstname,
            lastname: &self.lastname,
            title: self.title,
            birthday: self.birthday,
            updated_at: now,
        };
        Update {
            set: encode(&fields).unwrap_or_default(),
            condition: Condition::Exists,
            ..Update::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::decode;
    use time::macros::date;

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_unix(seconds).unwrap()
    }

    fn profile() -> UserProfile {
        UserProfile {
            id: "u1".into(),
            email: "a@b.co".into(),
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            title: None,
            birthday: None,
            created_at: at(1),
            updated_at: at(1),
        }
    }

    #[test]
    fn a_profile_lives_under_its_user() {
        assert_eq!(profile().key(), Key::new("USER#u1", "PROFILE"));
    }

    #[test]
    fn times_stored_as_seconds_still_read() {
        let mut item = profile().to_item().unwrap();
        item.insert("createdAt".into(), 1.into());
        assert_eq!(decode::<UserProfile>(item).unwrap(), profile());
    }

    #[test]
    fn profile_name_and_optional_fields() {
        let p = profile();
        assert_eq!(p.name(), "Ada Lovelace");
        let view = serde_json::to_value(p.view()).unwrap();
        assert_eq!(view["name"], "Ada Lovelace");
        assert_eq!(view["title"], serde_json::Value::Null);
        let back: UserProfile = decode(p.to_item().unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn a_profile_edit_sets_its_fields_on_a_stored_profile() {
        let edit = ProfileEdit {
            firstname: "Grace".into(),
            lastname: "Hopper".into(),
            title: Title::Mrs,
            birthday: Birthday::parse("1906-12-09", date!(2026 - 01 - 01)).unwrap(),
        };
        let update = edit.update(at(60));
        assert_eq!(update.condition, Condition::Exists);
        assert_eq!(update.set["firstname"], "Grace");
        assert_eq!(update.set["title"], "Mrs");
        assert_eq!(update.set["birthday"], "1906-12-09");
        assert_eq!(update.set["updatedAt"], "1970-01-01T00:01:00.000000Z");
    }
}
