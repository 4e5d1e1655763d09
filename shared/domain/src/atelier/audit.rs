//! The audit log: every console action, who did it, when, and the values
//! before and after. Read-only: entries are only ever put, never changed.
//!
//! An entry is stored under its month, `AUDIT#<yyyy-mm> / <at>#<ulid>`, so a
//! period is one Query per month, and indexed on GSI1 under its subject,
//! `AUDIT#<subject> / <at>#<ulid>`, so an order's or a request's timeline
//! of staff actions is one Query. Sort keys start with the time, whose text
//! order is time order. A subject's index may also hold the records of what
//! its changes caused (an order's emails, `order::emails`), stored under
//! their own partitions: the month's list never sees them, and
//! [`of_subject`] answers only the entries.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::Date;
use utoipa::ToSchema;

use super::Actor;
use crate::ports::{Condition, Item, Key, Query, Table, TableError, Write, PK};
use crate::records::{decode, put, Record};
use crate::timestamp::Timestamp;

const PREFIX: &str = "AUDIT#";

/// One console action on the record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// A ULID.
    pub id: String,
    pub at: Timestamp,
    pub actor: Actor,
    /// What was done: `order.confirm`, `staff.remove`...
    pub action: String,
    /// What it was done to: `order:<id>`, `request:<id>`, `staff:<id>`.
    pub subject: String,
    /// The values it changed, as they were (`null`: nothing before).
    pub before: Value,
    /// The values it changed, as they are now (`null`: nothing after).
    pub after: Value,
}

/// The log's partition for a month (`2025-01`).
fn month_partition(year: i32, month: u8) -> String {
    format!("{PREFIX}{year:04}-{month:02}")
}

fn subject_partition(subject: &str) -> String {
    format!("{PREFIX}{subject}")
}

/// The index key of a record on `subject`'s timeline, `sort` starting
/// with its time.
pub fn subject_key(subject: &str, sort: String) -> Key {
    Key::new(subject_partition(subject), sort)
}

/// Whether a stored item is an audit entry (its partition is a month's).
pub fn is_entry(item: &Item) -> bool {
    item.get(PK)
        .and_then(|pk| pk.as_str())
        .is_some_and(|pk| pk.starts_with(PREFIX))
}

impl Record for AuditEntry {
    fn key(&self) -> Key {
        let date = self.at.date();
        Key::new(
            month_partition(date.year(), date.month() as u8),
            self.sort_key(),
        )
    }
    fn index_key(&self) -> Option<Key> {
        Some(subject_key(&self.subject, self.sort_key()))
    }
}

impl AuditEntry {
    pub fn new(
        actor: Actor,
        action: &str,
        subject: String,
        before: Value,
        after: Value,
        at: Timestamp,
    ) -> Self {
        Self {
            id: ulid::Ulid::new().to_string(),
            at,
            actor,
            action: action.into(),
            subject,
            before,
            after,
        }
    }

    fn sort_key(&self) -> String {
        format!("{}#{}", self.at, self.id)
    }

    /// The entry's put, for the transaction of the change it records.
    pub fn put_write(&self) -> Result<Write, TableError> {
        put(self, Condition::NotExists)
    }
}

/// Records an entry on its own: for a change made by a provider call, once
/// its outcome is known. One PutItem.
pub async fn record(table: &dyn Table, entry: &AuditEntry) -> Result<(), TableError> {
    let _ = table.write(entry, Condition::NotExists).await?;
    Ok(())
}

/// A subject's entries, oldest first (a timeline): one Query on GSI1.
pub async fn of_subject(table: &dyn Table, subject: &str) -> Result<Vec<AuditEntry>, TableError> {
    subject_items(table, subject)
        .await?
        .into_iter()
        .filter(is_entry)
        .map(decode)
        .collect()
}

/// Everything indexed under a subject, oldest first: one Query on GSI1.
pub async fn subject_items(table: &dyn Table, subject: &str) -> Result<Vec<Item>, TableError> {
    table
        .read_items(Query::on_gsi1(subject_partition(subject)))
        .await
}

/// The log in the table.
pub struct AuditLog<'a> {
    table: &'a dyn Table,
}

impl<'a> AuditLog<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// The entries made within `span` (the house's days, see
    /// `TimeZoneName::days`), newest first: one Query per UTC month it
    /// touches.
    pub async fn between(&self, span: Range<Timestamp>) -> Result<Vec<AuditEntry>, TableError> {
        let last = Timestamp::at(span.end.instant() - time::Duration::MICROSECOND);
        let mut entries = Vec::new();
        for (year, month) in months_back(span.start.date(), last.date()) {
            // A sort key is `<at>#<id>`: the end's own text sorts before
            // every key made at that instant, which belongs to the next day.
            let query = Query::partition(month_partition(year, month))
                .between(span.start.to_string(), span.end.to_string())
                .descending();
            entries.extend(self.table.read_all::<AuditEntry>(query).await?);
        }
        Ok(entries)
    }
}

/// The entries as CSV (RFC 4180: CRLF lines, a cell holding a comma, a
/// quote or a line break quoted, its quotes doubled), one row per entry
/// under the header `at,staff,action,subject,before,after`, the values
/// before and after as JSON. A cell a spreadsheet would read as a formula
/// (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) starts
/// with `'` instead, so opening the export runs nothing.
pub fn csv(entries: &[AuditEntry]) -> String {
    let mut out = String::from("at,staff,action,subject,before,after\r\n");
    for entry in entries {
        let cells = [
            entry.at.to_string(),
            entry.actor.email.clone(),
            entry.action.clone(),
            entry.subject.clone(),
            entry.before.to_string(),
            entry.after.to_string(),
        ];
        let row: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

fn csv_cell(value: &str) -> String {
    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if guarded.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The months from `to`'s back to `from`'s, newest first.
fn months_back(from: Date, to: Date) -> Vec<(i32, u8)> {
    let mut months = Vec::new();
    let (mut year, mut month) = (to.year(), to.month() as u8);
    let first = (from.year(), from.month() as u8);
    while (year, month) >= first {
        months.push((year, month));
        (year, month) = if month == 1 {
            (year - 1, 12)
        } else {
            (year, month - 1)
        };
    }
    months
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::date;

    use super::*;

    fn entry(at: &str, subject: &str) -> AuditEntry {
        let actor = Actor {
            staff_id: "S1".into(),
            email: "ada@example.com".into(),
        };
        let at = Timestamp::parse(at).unwrap();
        AuditEntry::new(
            actor,
            "order.confirm",
            subject.into(),
            json!({ "status": "a" }),
            json!({ "status": "b" }),
            at,
        )
    }

    #[test]
    fn stored_under_its_month_and_indexed_under_its_subject() {
        let entry = entry("2025-03-04T05:06:07Z", "order:O1");
        let key = entry.key();
        assert_eq!(key.pk, "AUDIT#2025-03");
        assert_eq!(key.sk, format!("2025-03-04T05:06:07.000000Z#{}", entry.id));
        let index = entry.index_key().unwrap();
        assert_eq!((index.pk.as_str(), index.sk), ("AUDIT#order:O1", key.sk));
    }

    #[test]
    fn csv_quotes_as_rfc_4180_says_and_disarms_formulas() {
        let mut entry = entry("2025-03-04T05:06:07Z", "order:O1");
        entry.actor.email = "=HYPERLINK(\"http://x\")".into();
        entry.action = "-2+3".into();
        entry.subject = "@SUM(A1)".into();
        entry.before = json!({ "note": "a, \"b\"\nc" });
        entry.after = json!("+1");
        let text = csv(&[entry]);
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(lines[0], "at,staff,action,subject,before,after");
        assert_eq!(
            lines[1],
            concat!(
                "2025-03-04T05:06:07.000000Z,",
                "\"'=HYPERLINK(\"\"http://x\"\")\",",
                "'-2+3,",
                "'@SUM(A1),",
                "\"{\"\"note\"\":\"\"a, \\\"\"b\\\"\"\\nc\"\"}\",",
                "\"\"\"+1\"\"\""
            )
        );
        assert_eq!(lines[2], "");
    }

    #[test]
    fn a_plain_cell_stays_as_it_is() {
        assert_eq!(csv_cell("order.confirm"), "order.confirm");
        assert_eq!(csv_cell("\tcmd"), "'\tcmd");
        assert_eq!(csv_cell("a\nb"), "\"a\nb\"");
    }

    #[test]
    fn a_period_reads_its_months_newest_first() {
        assert_eq!(
            months_back(date!(2024 - 11 - 20), date!(2025 - 02 - 01)),
            vec![(2025, 2), (2025, 1), (2024, 12), (2024, 11)]
        );
        assert_eq!(
            months_back(date!(2025 - 03 - 03), date!(2025 - 02 - 01)),
            vec![]
        );
    }
}
