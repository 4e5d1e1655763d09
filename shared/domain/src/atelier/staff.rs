//! The roster: who may sign in to the console, and as what.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Actor, Role};
use crate::ports::{Condition, Key, Query, Table, TableError};
use crate::records::Record;
use crate::timestamp::Timestamp;

/// The roster's partition.
pub(crate) const ROSTER_PK: &str = "STAFF#members";
const MEMBER_PREFIX: &str = "MEMBER#";

/// A member of the house's staff. Their id is a ULID, which is also their
/// WebAuthn user handle (as a UUID: same 128 bits).
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
