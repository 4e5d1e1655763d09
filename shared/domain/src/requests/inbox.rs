//! The house's inbox of requests: each request's status (new → contacted →
//! scheduled → closed; closed from any, never back), who on the staff has
//! it, the replies sent and the appointment set.
//!
//! That state lives on the request's own item, beside what the client sent
//! (so the list is the two GSI1 partitions' Queries and nothing more), in
//! attributes a [`ContactRequest`] does not read: the client's own list
//! never shows the house's notes. A request filed before the inbox has
//! none of them: it reads as new, unassigned, at version 0.
//!
//! Every change is one conditional write on the state it starts from: the
//! item's `inboxVersion` must still be the one read (absent reads as 0), so
//! two staff members acting at once never lose one another's change, and a
//! status moves only from the status it was read in.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::appointment::{Appointment, Reminded};
use super::replies::Reply;
use super::{ContactRequest, RequestKind};
use crate::ports::{Condition, Item, Query, SortKey, Table, TableError, Update, Write};
use crate::records::{encode, Record};

/// The attribute every inbox change bumps.
const VERSION: &str = "inboxVersion";

pub const NOT_FOUND: &str = "There is no such request.";
pub const CHANGED: &str = "This request changed meanwhile: reload it and try again.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RequestStatus)]
pub enum Status {
    #[default]
    New,
    Contacted,
    Scheduled,
    Closed,
}

impl Status {
    pub const ALL: [Status; 4] = [
        Status::New,
        Status::Contacted,
        Status::Scheduled,
        Status::Closed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::New => "new",
            Status::Contacted => "contacted",
            Status::Scheduled => "scheduled",
            Status::Closed => "closed",
        }
    }

    /// One step on, or closed from any open status; never back, never in place.
    pub fn may_move_to(self, to: Status) -> bool {
        let next = match self {
            Status::New => Some(Status::Contacted),
            Status::Contacted => Some(Status::Scheduled),
            Status::Scheduled => Some(Status::Closed),
            Status::Closed => None,
        };
        self != Status::Closed && (Some(to) == next || to == Status::Closed)
    }
}

/// The house's state of one request.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Inbox {
    pub status: Status,
    /// The staff member's id.
    pub assignee: Option<String>,
    pub replies: Vec<Reply>,
    pub appointment: Option<Appointment>,
    /// The last reminder sent, and for which version of the appointment.
    pub reminded: Option<Reminded>,
    #[serde(rename = "inboxVersion")]
    pub version: u64,
}

/// A stored request as the house sees it: what the client sent and the inbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InboxRequest {
    #[serde(flatten)]
    pub request: ContactRequest,
    #[serde(flatten)]
    pub inbox: Inbox,
}

/// Why an inbox change was refused.
#[derive(Debug, thiserror::Error)]
pub enum InboxError {
    #[error("{NOT_FOUND}")]
    NotFound,
    /// The status does not allow it (a move back, anything once closed).
    #[error("{0}")]
    Forbidden(String),
    /// Someone else changed the request since it was read.
    #[error("{CHANGED}")]
    Changed,
    #[error(transparent)]
    Table(#[from] TableError),
}

/// One change to a request's inbox, ready to commit with its audit entry:
/// the write (conditional on the version read), what the audit log says
/// before and after, and the request as it will be.
#[derive(Debug, Clone)]
pub struct Change {
    /// `request.status`, `request.assign`, ...
    pub action: &'static str,
    pub before: Value,
    pub after: Value,
    pub writes: Vec<Write>,
    pub request: InboxRequest,
}

impl InboxRequest {
    /// The request of this id, of either kind: one Query per kind's GSI1
    /// partition (the id is the sort key there; the key it lives under
    /// depends on who sent it).
    pub async fn find(table: &dyn Table, id: &str) -> Result<Option<InboxRequest>, TableError> {
        if id.is_empty() || id.len() > 40 {
            return Ok(None);
        }
        for kind in [RequestKind::MadeToOrder, RequestKind::Appointment] {
            let query = Query {
                sk: SortKey::Equals(id.to_string()),
                ..Query::on_gsi1(kind.partition())
            };
            if let Some(found) = table.read_all::<InboxRequest>(query).await?.pop() {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// Every request of both kinds, newest first: one Query per kind (and
    /// page).
    pub async fn all(table: &dyn Table) -> Result<Vec<InboxRequest>, TableError> {
        let mut all = Vec::new();
        for kind in [RequestKind::MadeToOrder, RequestKind::Appointment] {
            all.extend(
                table
                    .read_all::<InboxRequest>(ContactRequest::all_of(kind))
                    .await?,
            );
        }
        all.sort_by(|a, b| b.request.id.cmp(&a.request.id));
        Ok(all)
    }

    /// The update of `set` (and the next version), on the version read.
    pub(super) fn inbox_write(&self, mut set: Item) -> Write {
        let version = self.inbox.version;
        set.insert(VERSION.into(), json!(version + 1));
        let read = i64::try_from(version).unwrap_or(i64::MAX - 1) + 1;
        Write::Update {
            key: self.request.key(),
            update: Update {
                set,
                condition: Condition::All(vec![
                    Condition::Exists,
                    Condition::AbsentOrBelow(VERSION.into(), read),
                ]),
                ..Update::default()
            },
        }
    }

    /// The request once `change` is applied, one version on.
    pub(super) fn next(&self, change: impl FnOnce(&mut Inbox)) -> InboxRequest {
        let mut next = self.clone();
        change(&mut next.inbox);
        next.inbox.version += 1;
        next
    }

    /// The move to `to`, refused unless the status allows it.
    pub fn move_to(&self, to: Status) -> Result<Change, InboxError> {
        let from = self.inbox.status;
        if !from.may_move_to(to) {
            return Err(InboxError::Forbidden(format!(
                "This request is {}: it cannot move to {}.",
                from.as_str(),
                to.as_str()
            )));
        }
        let set = encode(&json!({ "status": to }))?;
        Ok(Change {
            action: "request.status",
            before: json!({ "status": from }),
            after: json!({ "status": to }),
            writes: vec![self.inbox_write(set)],
            request: self.next(|inbox| inbox.status = to),
        })
    }

    /// Gives the request to a staff member, or to no one.
    pub fn assign(&self, staff_id: Option<String>) -> Result<Change, InboxError> {
        let set = encode(&json!({ "assignee": staff_id }))?;
        Ok(Change {
            action: "request.assign",
            before: json!({ "assignee": self.inbox.assignee }),
            after: json!({ "assignee": staff_id }),
            writes: vec![self.inbox_write(set)],
            request: self.next(|inbox| inbox.assignee = staff_id),
        })
    }
}

impl Change {
    /// Commits the change with `audit` (its entry in the audit log), all or
    /// nothing; refused when the request changed since it was read.
    pub async fn commit(self, table: &dyn Table, audit: Write) -> Result<InboxRequest, InboxError> {
        let mut writes = self.writes;
        writes.push(audit);
        match table.transact(writes).await {
            Ok(()) => Ok(self.request),
            Err(TableError::TransactionCanceled { conditions })
                if conditions.iter().any(|c| *c) =>
            {
                Err(InboxError::Changed)
            }
            Err(other) => Err(other.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_moves_one_step_on_or_to_closed_and_never_back() {
        use Status::*;
        let allowed = [
            (New, Contacted),
            (New, Closed),
            (Contacted, Scheduled),
            (Contacted, Closed),
            (Scheduled, Closed),
        ];
        for from in Status::ALL {
            for to in Status::ALL {
                assert_eq!(
                    from.may_move_to(to),
                    allowed.contains(&(from, to)),
                    "{from:?} -> {to:?}"
                );
            }
        }
    }

    #[test]
    fn a_request_filed_before_the_inbox_reads_new_unassigned_at_version_0() {
        let stored = json!({ "id": "01JD0000000000000000000000", "kind": "appointment", "firstName": "Lan",
            "lastName": "Tran", "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567",
            "contactTime": "9-12", "message": "", "socialMedia": "", "createdAt": "2023-11-14T22:13:20Z",
            "pk": "REQUEST#01JD0000000000000000000000", "sk": "REQUEST" });
        let read: InboxRequest = serde_json::from_value(stored).unwrap();
        assert_eq!(read.inbox, Inbox::default());
        let change = read.move_to(Status::Contacted).unwrap();
        let Write::Update { update, .. } = &change.writes[0] else {
            panic!("an update")
        };
        assert_eq!(update.set["status"], "contacted");
        assert_eq!(update.set[VERSION], 1);
        assert_eq!(
            update.condition,
            Condition::All(vec![
                Condition::Exists,
                Condition::AbsentOrBelow(VERSION.into(), 1)
            ])
        );
        assert_eq!(change.request.inbox.version, 1);
        assert!(matches!(
            change.request.move_to(Status::New),
            Err(InboxError::Forbidden(m)) if m == "This request is contacted: it cannot move to new."
        ));
    }

    #[test]
    fn the_clients_own_list_never_reads_the_house_state() {
        let stored = json!({ "id": "01JD0000000000000000000000", "kind": "appointment", "firstName": "Lan",
            "lastName": "Tran", "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567",
            "contactTime": "9-12", "message": "", "socialMedia": "", "createdAt": "2023-11-14T22:13:20Z",
            "status": "contacted", "assignee": "s1", "inboxVersion": 3 });
        let read: InboxRequest = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(read.inbox.version, 3);
        let client: ContactRequest = serde_json::from_value(stored).unwrap();
        let answered = serde_json::to_value(client).unwrap();
        for house in ["status", "assignee", "inboxVersion", "replies"] {
            assert!(answered.get(house).is_none(), "{house}");
        }
    }
}
