//! The roster: who may sign in to the console, and as what.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::audit::AuditEntry;
use super::invitations::Invitations;
use super::passkeys::clearing_member;
use super::{Actor, Role};
use crate::ports::{Condition, Key, Query, Table, TableError, Update, Write};
use crate::records::{Committed, Record, Transaction};
use crate::timestamp::Timestamp;

/// The roster's partition.
pub(crate) const ROSTER_PK: &str = "STAFF#members";
const MEMBER_PREFIX: &str = "MEMBER#";

/// A member of the house's staff. Their id is a ULID, which is also their
/// WebAuthn user handle (as a UUID: same 128 bits).
/// A member as the audit log names what was done to them: `staff:<id>`.
pub(crate) fn subject(staff_id: &str) -> String {
    format!("staff:{staff_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// When they enrolled.
    pub since: Timestamp,
}

/// A staff member as the console shows them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
}

pub(crate) fn member_key(id: &str) -> Key {
    Key::new(ROSTER_PK, format!("{MEMBER_PREFIX}{id}"))
}

impl Record for StaffMember {
    fn key(&self) -> Key {
        member_key(&self.id)
    }
}

impl StaffMember {
    pub fn view(&self) -> StaffView {
        StaffView {
            id: self.id.clone(),
            email: self.email.clone(),
            name: self.name.clone(),
            role: self.role,
        }
    }

    /// Who they are in the audit log.
    pub fn actor(&self) -> Actor {
        Actor {
            staff_id: self.id.clone(),
            email: self.email.clone(),
        }
    }

    pub fn is_owner(&self) -> bool {
        self.role == Role::Owner
    }
}

/// The roster in the table.
pub struct Staff<'a> {
    table: &'a dyn Table,
}

impl<'a> Staff<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// One member: one GetItem.
    pub async fn get(&self, id: &str) -> Result<Option<StaffMember>, TableError> {
        self.table.read(&member_key(id)).await
    }

    /// Every member, in id (enrolment) order: one Query.
    pub async fn list(&self) -> Result<Vec<StaffMember>, TableError> {
        let query = Query::partition(ROSTER_PK).begins_with(MEMBER_PREFIX);
        self.table.read_all(query).await
    }

    /// The member with this email (case-insensitive), if any.
    pub async fn by_email(&self, email: &str) -> Result<Option<StaffMember>, TableError> {
        let wanted = email.trim().to_lowercase();
        Ok(self
            .list()
            .await?
            .into_iter()
            .find(|m| m.email.to_lowercase() == wanted))
    }

    /// Adds a member straight to the roster (the tests' console clients; the
    /// console enrols through an invitation).
    pub async fn add(&self, member: &StaffMember) -> Result<(), TableError> {
        let _ = self.table.write(member, Condition::None).await?;
        Ok(())
    }
}

const ROSTER_SK: &str = "ROSTER";
const VERSION: &str = "version";

/// The roster's version: every change that could leave the house without
/// an owner (a removal, a re-enrolment with another role) reads it with the
/// roster and bumps it on condition that it is still what was read, so two
/// such changes at once cannot both pass the check. One GetItem.
pub(crate) async fn roster_version(table: &dyn Table) -> Result<i64, TableError> {
    let item = table.get(&Key::new(ROSTER_PK, ROSTER_SK)).await?;
    Ok(item
        .and_then(|item| item.get(VERSION).and_then(serde_json::Value::as_i64))
        .unwrap_or(0))
}

/// The bump of the roster's version read as `read`.
pub(crate) fn roster_bump(read: i64) -> Write {
    Write::Update {
        key: Key::new(ROSTER_PK, ROSTER_SK),
        update: Update {
            add: vec![(VERSION.into(), 1)],
            condition: Condition::AbsentOrBelow(VERSION.into(), read + 1),
            ..Update::default()
        },
    }
}

/// Whether the roster keeps an owner once `leaving` is no longer one.
pub(crate) fn keeps_an_owner(members: &[StaffMember], leaving: &str) -> bool {
    members.iter().any(|m| m.is_owner() && m.id != leaving)
}

/// What a removal did.
#[derive(Debug, Clone, PartialEq)]
pub enum Removal {
    /// Removed: the member as they were.
    Done(StaffMember),
    NotFound,
    /// They are the house's last owner.
    LastOwner,
}

/// Names the writes of a roster change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RosterRule {
    Member,
    Roster,
    Invitation,
    Always,
}

impl<'a> Staff<'a> {
    /// Removes a member: off the roster, their passkeys, sessions and
    /// pending invitations gone, and on the audit log, in one transaction;
    /// never the last owner. Reads the roster, its version, the member's
    /// items and the invitations first.
    pub async fn remove(
        &self,
        id: &str,
        actor: Actor,
        now: Timestamp,
    ) -> Result<Removal, TableError> {
        for _ in 0..3 {
            let version = roster_version(self.table).await?;
            let members = self.list().await?;
            let Some(member) = members.iter().find(|m| m.id == id).cloned() else {
                return Ok(Removal::NotFound);
            };
            if member.is_owner() && !keeps_an_owner(&members, id) {
                return Ok(Removal::LastOwner);
            }
            let mut change = Transaction::new()
                .with(
                    RosterRule::Member,
                    Write::Delete {
                        key: member.key(),
                        condition: Condition::Exists,
                    },
                )
                .with(RosterRule::Roster, roster_bump(version));
            for write in clearing_member(self.table, id, None).await? {
                change.push(RosterRule::Always, write);
            }
            for write in Invitations::of(self.table).withdrawing(id).await? {
                change.push(RosterRule::Always, write);
            }
            let entry = AuditEntry::new(
                actor.clone(),
                "staff.remove",
                subject(id),
                serde_json::to_value(member.view()).unwrap_or_default(),
                serde_json::Value::Null,
                now,
            );
            change.push(RosterRule::Always, entry.put_write()?);
            match self.table.commit(change).await? {
                Committed::Done => return Ok(Removal::Done(member)),
                Committed::Refused(RosterRule::Member) => return Ok(Removal::NotFound),
                Committed::Refused(_) => continue,
            }
        }
        Err(TableError::ConditionFailed)
    }
}
