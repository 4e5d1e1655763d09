//! Console sessions: short, and apart from the shoppers'. The cookie holds
//! `<staff id>.<random token>`; the table keeps only the token's SHA-256,
//! under the member (`STAFF#<id> / SESSION#<hash>`), so removing a member
//! finds and ends their sessions with one Query.
//!
//! A session lives [`IDLE_SECONDS`] past its last extension and never more
//! than [`MAX_SECONDS`] after it opened. Extending is a conditional write, at
//! most every [`EXTEND_EVERY_SECONDS`]: most requests cost one read.
//!
//! A sign-in and a sign-out are on the audit log (`staff.sign_in`,
//! `staff.sign_out`), written in the session's own write: who came into the
//! console and when is on the record like what they did there.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::audit::AuditEntry;
use super::staff::{member_key, StaffMember};
use crate::ports::{Condition, Item, Key, Query, Table, TableError, Update, Write, SK};
use crate::records::{decode, encode, put, Committed, Record, Transaction};
use crate::timestamp::Timestamp;

/// Idle for this long, a session ends.
pub const IDLE_SECONDS: i64 = 30 * 60;
/// However busy, a session ends this long after sign-in.
pub const MAX_SECONDS: i64 = 12 * 3600;
/// A request extends its session at most this often.
pub const EXTEND_EVERY_SECONDS: i64 = 5 * 60;

const SESSION_PREFIX: &str = "SESSION#";
const EXTENDED_AT: &str = "extendedAt";

/// The partition of one member's sessions and passkeys.
pub(crate) fn member_pk(staff_id: &str) -> String {
    format!("STAFF#{staff_id}")
}

fn session_key(staff_id: &str, token_hash: &str) -> Key {
    Key::new(member_pk(staff_id), format!("{SESSION_PREFIX}{token_hash}"))
}

/// The SHA-256 of a session token, in hex: what the table keeps of it.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One console session of one staff member.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleSession {
    pub staff_id: String,
    pub token_hash: String,
    pub created_at: Timestamp,
    pub extended_at: Timestamp,
    /// Its idle end, in epoch seconds (the table's TTL), never past its cap.
    pub expires_at: i64,
}

impl Record for ConsoleSession {
    fn key(&self) -> Key {
        session_key(&self.staff_id, &self.token_hash)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at)
    }
}

impl ConsoleSession {
    /// A new session for the token `token` (only its hash is kept).
    pub fn start(staff_id: &str, token: &str, now: Timestamp) -> Self {
        let created = Self {
            staff_id: staff_id.into(),
            token_hash: token_hash(token),
            created_at: now,
            extended_at: now,
            expires_at: 0,
        };
        Self {
            expires_at: created.idle_end(now),
            ..created
        }
    }

    /// The idle end of a session used at `now`: never past its cap.
    fn idle_end(&self, now: Timestamp) -> i64 {
        (now.unix() + IDLE_SECONDS).min(self.created_at.unix() + MAX_SECONDS)
    }

    /// Whether the session still signs its member in at `now` (the table
    /// forgets expired items only eventually).
    pub fn is_live(&self, now: Timestamp) -> bool {
        now.unix() < self.expires_at && now.unix() < self.created_at.unix() + MAX_SECONDS
    }

    /// Whether a request at `now` should extend it.
    fn extension_due(&self, now: Timestamp) -> bool {
        now.unix() - self.extended_at.unix() >= EXTEND_EVERY_SECONDS
    }

    /// The extension at `now`, on condition that no other request extended
    /// it meanwhile (and that it is still there).
    fn extension(&self, now: Timestamp) -> Result<Update, TableError> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Extension {
            extended_at: Timestamp,
            expires_at: i64,
        }
        let set = encode(&Extension {
            extended_at: now,
            expires_at: self.idle_end(now),
        })?;
        Ok(Update {
            set,
            condition: Condition::Equals(EXTENDED_AT.into(), self.extended_at.to_string().into()),
            ..Update::default()
        })
    }
}

/// Why opening a session was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenRule {
    /// The member is still on the roster.
    Member,
    /// The token is new.
    Fresh,
}

/// Why a session opens: a sign-in (on the audit log), or an enrolment,
/// whose own entry (`staff.enrol`) already says the member came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    SignIn,
    Enrolment,
}

/// The audit entry of `member` coming into the console or leaving it.
fn session_entry(member: &StaffMember, action: &str, at: Timestamp) -> AuditEntry {
    let null = serde_json::Value::Null;
    let subject = super::staff::subject(&member.id);
    AuditEntry::new(member.actor(), action, subject, null.clone(), null, at)
}

/// The console sessions in the table.
pub struct ConsoleSessions<'a> {
    table: &'a dyn Table,
}

impl<'a> ConsoleSessions<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// The writes that open `session`: its put, while its member is on the
    /// roster (a removal at the same moment wins), with the sign-in's
    /// audit entry when it is one.
    fn opening(
        session: &ConsoleSession,
        member: &StaffMember,
        why: Opening,
    ) -> Result<Transaction<OpenRule>, TableError> {
        let mut opening = Transaction::new()
            .with(OpenRule::Fresh, put(session, Condition::NotExists)?)
            .with(
                OpenRule::Member,
                Write::Check {
                    key: member_key(&session.staff_id),
                    condition: Condition::Exists,
                },
            );
        if why == Opening::SignIn {
            let entry = session_entry(member, "staff.sign_in", session.created_at);
            opening.push(OpenRule::Fresh, entry.put_write()?);
        }
        Ok(opening)
    }

    /// Opens `member`'s session: one TransactWriteItems. False when they
    /// are no longer on the roster.
    pub async fn open(
        &self,
        session: &ConsoleSession,
        member: &StaffMember,
        why: Opening,
    ) -> Result<bool, TableError> {
        let opened = self
            .table
            .commit(Self::opening(session, member, why)?)
            .await?;
        Ok(opened == Committed::Done)
    }

    /// The member signed in by the token, and their session, while it is
    /// live and they are on the roster: one BatchGetItem, and every
    /// [`EXTEND_EVERY_SECONDS`] one conditional UpdateItem that extends it.
    pub async fn live(
        &self,
        staff_id: &str,
        token: &str,
        now: Timestamp,
    ) -> Result<Option<(StaffMember, ConsoleSession)>, TableError> {
        let key = session_key(staff_id, &token_hash(token));
        let items = self
            .table
            .batch_get(&[key.clone(), member_key(staff_id)])
            .await?;
        let (sessions, members): (Vec<Item>, Vec<Item>) = items
            .into_iter()
            .partition(|item| item.get(SK).and_then(|v| v.as_str()) == Some(key.sk.as_str()));
        let (Some(session), Some(member)) =
            (sessions.into_iter().next(), members.into_iter().next())
        else {
            return Ok(None);
        };
        let session: ConsoleSession = decode(session)?;
        if !session.is_live(now) {
            return Ok(None);
        }
        if session.extension_due(now) {
            // Refused: another request extended it a moment ago, as good.
            let _ = self
                .table
                .change::<ConsoleSession>(&key, session.extension(now)?)
                .await?;
        }
        Ok(Some((decode(member)?, session)))
    }

    /// Ends one session (sign-out) with its audit entry: one
    /// TransactWriteItems.
    pub async fn end(
        &self,
        member: &StaffMember,
        token_hash: &str,
        now: Timestamp,
    ) -> Result<(), TableError> {
        let entry = session_entry(member, "staff.sign_out", now);
        let ending = Write::Delete {
            key: session_key(&member.id, token_hash),
            condition: Condition::None,
        };
        self.table.transact(vec![ending, entry.put_write()?]).await
    }

    /// The deletes of every session of a member (a removal, a re-enrolment),
    /// for the transaction that ends them with the change: one Query.
    pub async fn ending_all(&self, staff_id: &str) -> Result<Vec<Write>, TableError> {
        let query = Query::partition(member_pk(staff_id)).begins_with(SESSION_PREFIX);
        let sessions: Vec<ConsoleSession> = self.table.read_all(query).await?;
        Ok(sessions
            .iter()
            .map(|s| Write::Delete {
                key: s.key(),
                condition: Condition::None,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_unix(1_700_000_000 + seconds).unwrap()
    }

    #[test]
    fn the_table_keeps_the_tokens_hash_only() {
        let session = ConsoleSession::start("S1", "secret-token", at(0));
        assert_eq!(session.token_hash, token_hash("secret-token"));
        assert_eq!(session.token_hash.len(), 64);
        let item = session.to_item().unwrap();
        assert!(!serde_json::to_string(&item)
            .unwrap()
            .contains("secret-token"));
    }

    #[test]
    fn idle_for_thirty_minutes_it_ends() {
        let session = ConsoleSession::start("S1", "t", at(0));
        assert!(session.is_live(at(IDLE_SECONDS - 1)));
        assert!(!session.is_live(at(IDLE_SECONDS)));
    }

    #[test]
    fn extended_it_lives_on_but_never_past_twelve_hours() {
        let mut session = ConsoleSession::start("S1", "t", at(0));
        assert!(!session.extension_due(at(EXTEND_EVERY_SECONDS - 1)));
        let mut now = 0;
        while now < MAX_SECONDS + IDLE_SECONDS {
            now += EXTEND_EVERY_SECONDS;
            assert!(session.extension_due(at(now)));
            session.expires_at = session.idle_end(at(now));
            session.extended_at = at(now);
        }
        assert_eq!(session.expires_at, at(MAX_SECONDS).unix());
        assert!(session.is_live(at(MAX_SECONDS - 1)));
        assert!(!session.is_live(at(MAX_SECONDS)));
    }

    #[test]
    fn an_extension_holds_only_if_no_other_request_extended_it() {
        let session = ConsoleSession::start("S1", "t", at(0));
        let update = session.extension(at(EXTEND_EVERY_SECONDS)).unwrap();
        assert_eq!(
            update.condition,
            Condition::Equals(EXTENDED_AT.into(), at(0).to_string().into())
        );
    }
}
