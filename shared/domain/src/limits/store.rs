//! The abuse counters in the table, and how each holds its limit by the
//! write itself:
//! - a counter never passes its limit: each attempt adds one under the cap
//!   before the work it guards, and a refused add is the attempt refused;
//! - a sign-in guess is taken from the account's run of failures before the
//!   password is checked, by one write that holds only while the run is the
//!   one read and its wait has passed: guesses sent at once count one by one.

use serde_json::Value;

use crate::ports::{Condition, Key, Table, TableError, Update, EXPIRES_AT};
use crate::records::{Outcome, Record};
use crate::timestamp::Timestamp;

use super::{Backoff, Limit, FAILURES_REMEMBERED_SECONDS, FREE_FAILURES};

const COUNT: &str = "count";
const FAILURES: &str = "failures";
/// Writes one sign-in guess tries before it is refused as held: each lost
/// race is another guess counted, so past the free failures the run's wait
/// refuses the rest long before.
const GUESS_TRIES: usize = FREE_FAILURES as usize + 3;

/// The abuse counters in the table: one per limit, subject and window.
pub struct Attempts<'a> {
    table: &'a dyn Table,
}

impl<'a> Attempts<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// Counts one attempt of `subject` (a digest: no address is written into
    /// a counter) under `limit`; refused once the window holds `limit.max`
    /// attempts. One UpdateItem.
    pub async fn count(
        &self,
        limit: Limit,
        subject: &str,
        now: Timestamp,
    ) -> Result<Outcome, TableError> {
        let key = rate_key(limit, subject, now);
        let mut update = Update {
            add: vec![(COUNT.into(), 1)],
            condition: Condition::AbsentOrBelow(COUNT.into(), limit.max),
            ..Update::default()
        };
        // Kept a minute past the window's end.
        let forget_at = (now.unix().div_euclid(limit.window) + 1) * limit.window + 60;
        update.set.insert(EXPIRES_AT.into(), forget_at.into());
        match self.table.change::<Value>(&key, update).await? {
            Outcome::Done(_) => Ok(Outcome::Done(())),
            Outcome::Refused => Ok(Outcome::Refused),
        }
    }
}

/// An account's run of failed sign-ins, kept under a digest of its address.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct BackoffItem {
    subject: String,
    #[serde(flatten)]
    run: Backoff,
    forget_at: i64,
}

impl Record for BackoffItem {
    fn key(&self) -> Key {
        backoff_key(&self.subject)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.forget_at)
    }
}

/// The counter of `subject` under `limit` in the window of `now`.
fn rate_key(limit: Limit, subject: &str, now: Timestamp) -> Key {
    let window = now.unix().div_euclid(limit.window);
    Key::new(
        format!("RATE#{}#{subject}", limit.scope),
        window.to_string(),
    )
}

fn backoff_key(subject: &str) -> Key {
    Key::new(format!("RATE#login-backoff#{subject}"), "BACKOFF")
}

impl Attempts<'_> {
    /// Whether `subject` has used up `limit` in the current window, without
    /// counting an attempt: one GetItem.
    pub async fn reached(
        &self,
        limit: Limit,
        subject: &str,
        now: Timestamp,
    ) -> Result<bool, TableError> {
        let counter: Option<Value> = self.table.read(&rate_key(limit, subject, now)).await?;
        let count = counter
            .as_ref()
            .and_then(|c| c.get(COUNT))
            .and_then(Value::as_i64);
        Ok(count.is_some_and(|n| n >= limit.max))
    }

    /// Takes one guess of the account's run (`subject`: a digest of its
    /// address) before its password is checked: one conditional write that
    /// holds only while the run is the one read and its wait has passed, and
    /// counts the guess as a failure with the next wait (a success undoes it,
    /// [`Attempts::forget_failures`]). So guesses sent at once are counted
    /// one by one: of sixteen, only those the run's waits allow go ahead.
    /// Answers the run with this guess counted, or `None` while it must wait.
    /// One PutItem when the account has no run, a GetItem more when it has.
    pub async fn take_guess(
        &self,
        subject: &str,
        now: Timestamp,
    ) -> Result<Option<Backoff>, TableError> {
        // First as if there were no run: the common case costs one write.
        let mut seen: Option<BackoffItem> = None;
        for _ in 0..GUESS_TRIES {
            let previous = seen
                .as_ref()
                .filter(|item| item.forget_at > now.unix())
                .map(|item| item.run);
            if previous.is_some_and(|run| run.waiting(now)) {
                return Ok(None);
            }
            let item = BackoffItem {
                subject: subject.to_string(),
                run: Backoff::after_failure(previous, now),
                forget_at: now.unix() + FAILURES_REMEMBERED_SECONDS,
            };
            let unchanged = match &seen {
                None => Condition::NotExists,
                Some(read) => Condition::Equals(FAILURES.into(), read.run.failures.into()),
            };
            if let Outcome::Done(()) = self.table.write(&item, unchanged).await? {
                return Ok(Some(item.run));
            }
            // Another guess was counted meanwhile: read the run it left.
            seen = self.table.read(&backoff_key(subject)).await?;
        }
        Ok(None)
    }

    /// Gives back one attempt counted under `limit` at `now` (the same
    /// window it was counted in): the attempt turned out not to be one that
    /// limit holds (a right password, or one refused by another limit).
    /// One UpdateItem; nothing when the window's counter is gone.
    pub async fn give_back(
        &self,
        limit: Limit,
        subject: &str,
        now: Timestamp,
    ) -> Result<(), TableError> {
        let update = Update {
            add: vec![(COUNT.into(), -1)],
            condition: Condition::Exists,
            ..Update::default()
        };
        let _ = self
            .table
            .change::<Value>(&rate_key(limit, subject, now), update)
            .await?;
        Ok(())
    }

    /// Ends the account's run (a successful sign-in): one DeleteItem.
    pub async fn forget_failures(&self, subject: &str) -> Result<(), TableError> {
        let _ = self
            .table
            .erase(&backoff_key(subject), Condition::None)
            .await?;
        Ok(())
    }
}
