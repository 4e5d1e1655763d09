//! Passkeys and the ceremonies that make and use them. The domain keeps
//! them as the relying-party library serialises them (JSON): it stores and
//! finds them; the atelier function verifies them with webauthn-rs.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::sessions::member_pk;
use crate::ports::{Condition, Key, Query, Table, TableError, Write};
use crate::records::{Outcome, Record};
use crate::timestamp::Timestamp;

const PASSKEY_PREFIX: &str = "PASSKEY#";
/// A ceremony's state is good for this long after it began.
pub const CEREMONY_SECONDS: i64 = 5 * 60;

/// One member's passkey.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredPasskey {
    pub staff_id: String,
    /// The credential id, base64url.
    pub credential_id: String,
    /// The library's passkey (public key, counter), as it serialises it.
    pub passkey: Value,
    pub created_at: Timestamp,
}

fn passkey_key(staff_id: &str, credential_id: &str) -> Key {
    Key::new(
        member_pk(staff_id),
        format!("{PASSKEY_PREFIX}{credential_id}"),
    )
}

impl Record for StoredPasskey {
    fn key(&self) -> Key {
        passkey_key(&self.staff_id, &self.credential_id)
    }
}

/// The passkeys in the table.
pub struct Passkeys<'a> {
    table: &'a dyn Table,
}

impl<'a> Passkeys<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// The passkey a sign-in names: one GetItem.
    pub async fn get(
        &self,
        staff_id: &str,
        credential_id: &str,
    ) -> Result<Option<StoredPasskey>, TableError> {
        self.table.read(&passkey_key(staff_id, credential_id)).await
    }

    /// A member's passkeys: one Query.
    pub async fn of_member(&self, staff_id: &str) -> Result<Vec<StoredPasskey>, TableError> {
        let query = Query::partition(member_pk(staff_id)).begins_with(PASSKEY_PREFIX);
        self.table.read_all(query).await
    }

    /// Keeps a used passkey's new counter, while it is still there (a
    /// removal or a re-enrolment may have taken it): one PutItem.
    pub async fn used(&self, passkey: &StoredPasskey) -> Result<Outcome, TableError> {
        self.table.write(passkey, Condition::Exists).await
    }
}

/// The deletes of everything under a member (passkeys and sessions) but
/// `keep`: one Query.
pub(crate) async fn clearing_member(
    table: &dyn Table,
    staff_id: &str,
    keep: Option<&Key>,
) -> Result<Vec<Write>, TableError> {
    let items = table
        .read_items(Query::partition(member_pk(staff_id)))
        .await?;
    Ok(items
        .iter()
        .filter_map(|item| {
            let sk = item.get(crate::ports::SK)?.as_str()?;
            let key = Key::new(member_pk(staff_id), sk);
            (Some(&key) != keep).then_some(Write::Delete {
                key,
                condition: Condition::None,
            })
        })
        .collect())
}

/// What a ceremony is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CeremonyKind {
    Enrolment,
    SignIn,
}

/// A passkey ceremony between its begin and its finish, kept server-side
/// (`CEREMONY#<id>`), [`CEREMONY_SECONDS`] at most, taken once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ceremony {
    pub id: String,
    pub kind: CeremonyKind,
    /// The invitation an enrolment redeems (its token's hash).
    pub invitation: Option<String>,
    /// The library's ceremony state.
    pub state: Value,
    pub expires_at: i64,
}

fn ceremony_key(id: &str) -> Key {
    Key::new(format!("CEREMONY#{id}"), "STATE")
}

impl Record for Ceremony {
    fn key(&self) -> Key {
        ceremony_key(&self.id)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at)
    }
}

impl Ceremony {
    pub fn begin(
        kind: CeremonyKind,
        invitation: Option<String>,
        state: Value,
        now: Timestamp,
    ) -> Self {
        Self {
            id: ulid::Ulid::new().to_string(),
            kind,
            invitation,
            state,
            expires_at: now.unix() + CEREMONY_SECONDS,
        }
    }
}

/// The ceremonies in the table.
pub struct Ceremonies<'a> {
    table: &'a dyn Table,
}

impl<'a> Ceremonies<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// Keeps a ceremony's state until its finish: one PutItem.
    pub async fn keep(&self, ceremony: &Ceremony) -> Result<(), TableError> {
        let _ = self.table.write(ceremony, Condition::NotExists).await?;
        Ok(())
    }

    /// Takes the ceremony of `kind` named `id`, once: of two finishes with
    /// the same id only one gets it (a conditional DeleteItem after one
    /// GetItem). None: unknown, expired, of another kind or already taken.
    pub async fn take(
        &self,
        id: &str,
        kind: CeremonyKind,
        now: Timestamp,
    ) -> Result<Option<Ceremony>, TableError> {
        if ulid::Ulid::from_string(id).is_err() {
            return Ok(None);
        }
        let Some(ceremony) = self.table.read::<Ceremony>(&ceremony_key(id)).await? else {
            return Ok(None);
        };
        if ceremony.kind != kind || ceremony.expires_at <= now.unix() {
            return Ok(None);
        }
        match self.table.erase(&ceremony.key(), Condition::Exists).await? {
            Outcome::Done(()) => Ok(Some(ceremony)),
            Outcome::Refused => Ok(None),
        }
    }
}
