//! An account's run of failed sign-ins and the waits it imposes.

use serde::{Deserialize, Serialize};

use crate::timestamp::Timestamp;

/// Failed sign-ins an account takes before it has to wait.
pub const FREE_FAILURES: i64 = 5;
/// The longest wait between two sign-in attempts of one account.
pub const MAX_WAIT_SECONDS: i64 = 15 * 60;
/// How long an account's failures are remembered after the last one.
pub const FAILURES_REMEMBERED_SECONDS: i64 = 3600;

/// An account's run of failed sign-ins from untrusted clients: after
/// [`FREE_FAILURES`], each failure doubles the wait before the next attempt
/// (1 s, 2 s, 4 s, ..., [`MAX_WAIT_SECONDS`] at most), whatever address it
/// comes from. A success ends the run. A guesser gets a few dozen tries a
/// day; the owner's trusted browsers are never held by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Backoff {
    pub failures: i64,
    /// No attempt before this time (epoch seconds).
    pub until: i64,
}

impl Backoff {
    /// Whether an attempt now must wait (answered without checking anything).
    pub fn waiting(&self, now: Timestamp) -> bool {
        now.unix() < self.until
    }

    /// The run after one more failure at `now`.
    pub fn after_failure(previous: Option<Backoff>, now: Timestamp) -> Backoff {
        let failures = previous.map_or(0, |b| b.failures) + 1;
        let doublings = (failures - FREE_FAILURES - 1).clamp(0, 20);
        let wait = if failures <= FREE_FAILURES {
            0
        } else {
            (1i64 << doublings).min(MAX_WAIT_SECONDS)
        };
        Backoff {
            failures,
            until: now.unix() + wait,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_after_the_free_failures_up_to_the_cap() {
        let now = Timestamp::from_unix(1_000).unwrap();
        let mut run = None;
        let mut waits = Vec::new();
        for _ in 0..18 {
            let next = Backoff::after_failure(run, now);
            waits.push(next.until - 1_000);
            run = Some(next);
        }
        assert_eq!(waits[..9], [0, 0, 0, 0, 0, 1, 2, 4, 8]);
        assert_eq!(waits[14], 512);
        assert_eq!(waits[15], MAX_WAIT_SECONDS);
        let run = run.unwrap();
        assert!(run.waiting(now));
        assert!(!run.waiting(Timestamp::from_unix(1_000 + MAX_WAIT_SECONDS).unwrap()));
    }
}
