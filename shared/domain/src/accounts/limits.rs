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

/// Failed sign-ins from one client address (an IPv6 client's /64) that is
/// not a trusted device of the account. Only failures count, and the cap is
/// high: an office or a mobile carrier puts many shoppers behind one
/// address, and a browser that signed in before is never held by it.
pub const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit {
    scope: "login-fail-ip",
    max: 300,
    window: 15 * 60,
};

/// Failed sign-ins a trusted device (a browser holding the account's device
/// cookie) may make before it is treated as any stranger's. Its failures
/// count here only, so a stranger's guessing never holds it, and its
/// owner's typos never slow the account for anyone else.
pub const LOGIN_FAILURES_PER_DEVICE: Limit = Limit {
    scope: "login-fail-device",
    max: 10,
    window: 15 * 60,
};

/// How long a browser stays trusted for an account after its last sign-in.
pub const DEVICE_TRUST_SECONDS: i64 = 365 * 24 * 3600;

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

/// Reset mails to one address. Past it a request is answered as usual but
/// nothing is sent or stored: the newest link mailed in the window still
/// works (a link lives an hour, the window is an hour), so the owner is never
/// cut off from a reset, only their inbox is spared.
pub const RESET_MAILS_PER_EMAIL: Limit = Limit {
    scope: "forgot-email",
    max: 5,
    window: 3600,
};
/// Forgot-password requests from one client address (an IPv6 client's /64).
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

/// Sign-ups hash a password and send a welcome email: a few per client
/// address (an IPv6 client's /64).
pub const REGISTER_PER_ADDRESS: Limit = Limit {
    scope: "register-ip",
    max: 10,
    window: 3600,
};
/// Welcome mails, shop-wide, so no one can turn the shop into a mailer.
/// Past it sign-ups still succeed, without the welcome: a ceiling anyone
/// can reach must never close sign-up for everyone.
pub const WELCOME_MAILS_SHOP_WIDE: Limit = Limit {
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
