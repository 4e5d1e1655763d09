//! One reconciler at a time: a run holds the lease item
//! `LEASE#reconcile / LEASE` from one conditional put (nobody holds it, or
//! the last holder's lease has run out) until it gives it back; a run that
//! died leaves it to the next run once its lease ends. The lease outlasts
//! the reconciler function's timeout, so a run AWS has not yet stopped is
//! never joined by another.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::ports::{Condition, Key, Table, TableError};
use crate::records::{Outcome, Record};
use crate::timestamp::Timestamp;

const HOLDER: &str = "holder";
const UNTIL: &str = "until";

/// A lease as stored: who holds it, and until when (epoch milliseconds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lease {
    name: String,
    holder: String,
    until: i64,
}

impl Record for Lease {
    fn key(&self) -> Key {
        lease_key(&self.name)
    }
}

fn lease_key(name: &str) -> Key {
    Key::new(format!("LEASE#{name}"), "LEASE")
}

impl Lease {
    /// Takes the lease `name` for `length` from `now`, if nobody holds it:
    /// the lease held, or `None` when another holder's has not run out.
    pub async fn take(
        table: &dyn Table,
        name: &str,
        now: Timestamp,
        length: Duration,
    ) -> Result<Option<Lease>, TableError> {
        let start = now.unix_ms();
        let lease = Lease {
            name: name.to_string(),
            holder: ulid::Ulid::new().to_string(),
            until: start.saturating_add(i64::try_from(length.as_millis()).unwrap_or(i64::MAX)),
        };
        let free = Condition::AbsentOrBelow(UNTIL.into(), start);
        Ok(match table.write(&lease, free).await? {
            Outcome::Done(()) => Some(lease),
            Outcome::Refused => None,
        })
    }

    /// Gives the lease back, if it is still this holder's.
    pub async fn give_back(&self, table: &dyn Table) -> Result<(), TableError> {
        let mine = Condition::Equals(HOLDER.into(), self.holder.clone().into());
        let _ = table.erase(&self.key(), mine).await?;
        Ok(())
    }
}
