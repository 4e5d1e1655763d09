//! Abuse limits: at most so many attempts per subject and time window
//! ([`Limit`], counted by [`Attempts`]), and a sign-in backoff per account
//! ([`Backoff`]). Accounts, requests and payment each declare their limits
//! beside their rules; the counters and the subjects' digest are here, once.

mod backoff;
mod store;

use sha2::{Digest, Sha256};

pub use backoff::{Backoff, FAILURES_REMEMBERED_SECONDS, FREE_FAILURES, MAX_WAIT_SECONDS};
pub use store::Attempts;

pub const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// At most `max` attempts per `window` seconds for one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window: i64,
}

/// What a subject (a client address, an email, a token) is counted under:
/// the first 16 bytes of its SHA-256, in hex. Keys stay short whatever was
/// typed, and no address is written into a counter or a cookie.
pub fn subject_digest(subject: &str) -> String {
    Sha256::digest(subject.as_bytes())[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest is the counters' keys: a change would reset every limit
    /// and void every device cookie.
    #[test]
    fn subjects_are_known_by_the_first_half_of_their_sha256() {
        assert_eq!(
            subject_digest("203.0.113.7"),
            "fec52565aa0cf18f57d7cf5b3ac72850"
        );
    }
}
