//! Abuse limits: at most so many attempts per subject and time window, and
//! a sign-in backoff per account. The counters, and how each holds, are in
//! [`super::store::Attempts`].

use serde::{Deserialize, Serialize};

use crate::timestamp::Timestamp;

pub const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// At most `max` attempts per `window` seconds for one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window: i64,
}

/// Failed sign-ins from one client address. Only failures count, and the cap
/// is high: an office or a mobile carrier puts many shoppers behind one
/// address, and a guesser is slowed per account by [`Backoff`] anyway.
pub const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit {
    scope: "login-fail-ip",
    max: 300,
    window: 15 * 60,
};

/// Failed sign-ins an account takes before it has to wait.
pub const FREE_FAILURES: i64 = 5;
/// The longest wait between two sign-in attempts of one account.
pub const MAX_WAIT_SECONDS: i64 = 15 * 60;
/// How long an account's failures are remembered after the last one.
pub const FAILURES_REMEMBERED_SECONDS: i64 = 3600;

/// An account's run of failed sign-ins: after [`FREE_FAILURES`], each
/// failure doubles the wait before the next attempt (1 s, 2 s, 4 s, ...,
/// [`MAX_WAIT_SECONDS`] at most). A success ends the run. The right password
/// is never locked out for long, and a guesser gets a few dozen tries a day.
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

pub const FORGOT_PER_EMAIL: Limit = Limit {
    scope: "forgot-email",
    max: 5,
    window: 3600,
};
pub const FORGOT_PER_ADDRESS: Limit = Limit {
    scope: "forgot-ip",
    max: 20,
    window: 3600,
};
pub const RESET_PER_TOKEN: Limit = Limit {
    scope: "reset-token",
    max: 10,
    window: 15 * 60,
};
pub const RESET_PER_ADDRESS: Limit = Limit {
    scope: "reset-ip",
    max: 20,
    window: 15 * 60,
};
pub const CHANGE_PER_USER: Limit = Limit {
    scope: "change-user",
    max: 10,
    window: 15 * 60,
};

/// Sign-ups hash a password and send a welcome email: a few per address,
/// and a shop-wide ceiling so no one can turn the shop into a mailer.
pub const REGISTER_PER_ADDRESS: Limit = Limit {
    scope: "register-ip",
    max: 10,
    window: 3600,
};
pub const REGISTER_SHOP_WIDE: Limit = Limit {
    scope: "register-shop",
    max: 300,
    window: 3600,
};
pub const VERIFY_PER_ADDRESS: Limit = Limit {
    scope: "verify-ip",
    max: 30,
    window: 15 * 60,
};

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
