//! How sign-ins are slowed, after OWASP's device cookies: only failures
//! count, and who is held depends on whether the browser is trusted.
//! - A **trusted device** (a browser holding the account's device cookie in
//!   its current trust epoch, [`crate::devices`]) is held only by its own
//!   failures: it may fail [`LOGIN_FAILURES_PER_DEVICE`] times per window,
//!   then it is treated as any stranger. However hard strangers hammer the
//!   account, from however many addresses, the owner's own browser signs in
//!   with the right password.
//! - **Anyone else** is held by the address's failures
//!   ([`LOGIN_FAILURES_PER_ADDRESS`], high, for offices and carriers) and by
//!   the account's backoff ([`Backoff`](domain::limits::Backoff): after a few failures each one
//!   doubles the wait, whatever address it comes from, so guessing stays
//!   slow). While held, nothing is checked and nothing counts.
//!
//! Every limit reserves its slot before the password is checked (argon2)
//! and gives it back when the password was right: a guess is counted as a
//! failure before it is tried, so guesses sent at once are counted one by
//! one, never as one.

use app::App;
use domain::accounts::limits::{LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_DEVICE};
use domain::limits::{subject_digest, Attempts, Limit, TOO_MANY};
use domain::records::Outcome;
use domain::timestamp::Timestamp;
use shop_http::{ApiError, ApiResult};

use crate::devices::account_subject;

/// A sign-in whose guess is counted: the password may be checked now.
pub struct SignInAttempt {
    gate: Gate,
    account: String,
    now: Timestamp,
}

/// What holds an attempt, and so what it counted against.
enum Gate {
    /// A browser the account trusts: its own failures.
    Trusted { device: String },
    /// Anyone else: the address's failures and the account's backoff.
    Untrusted { address: String },
}

impl SignInAttempt {
    /// Counts the guess against what holds it, or refuses it (429) with
    /// nothing counted. `device`: the nonce of the browser's trust for this
    /// account. One UpdateItem for a trusted device; for anyone else an
    /// UpdateItem and the account's guess (one PutItem, a GetItem more while
    /// it has a run of failures).
    pub async fn begin(
        app: &App,
        address: &str,
        device: Option<String>,
        email: &str,
        now: Timestamp,
    ) -> ApiResult<Self> {
        let attempts = Attempts::of(&*app.table);
        let account = account_subject(email);
        if let Some(device) = device {
            if reserve(&attempts, LOGIN_FAILURES_PER_DEVICE, &device, now).await? {
                let gate = Gate::Trusted { device };
                return Ok(Self { gate, account, now });
            }
            tracing::warn!("a trusted device failed too often: held as a stranger");
        }
        let address = subject_digest(address);
        if !reserve(&attempts, LOGIN_FAILURES_PER_ADDRESS, &address, now).await? {
            tracing::warn!("sign-in failures from one address reached the limit");
            return Err(ApiError::too_many(TOO_MANY));
        }
        if attempts.take_guess(&account, now).await?.is_none() {
            tracing::warn!("sign-in while the account backs off");
            attempts
                .give_back(LOGIN_FAILURES_PER_ADDRESS, &address, now)
                .await?;
            return Err(ApiError::too_many(TOO_MANY));
        }
        let gate = Gate::Untrusted { address };
        Ok(Self { gate, account, now })
    }

    /// The right password: the guess was no failure. Gives back what it
    /// counted, and an untrusted client's success ends the account's run.
    /// A give-back that fails leaves one failure too many counted, which
    /// never fails the sign-in: it is logged.
    pub async fn succeeded(self, app: &App) {
        let attempts = Attempts::of(&*app.table);
        let given_back = match self.gate {
            Gate::Trusted { device } => {
                attempts
                    .give_back(LOGIN_FAILURES_PER_DEVICE, &device, self.now)
                    .await
            }
            Gate::Untrusted { address } => {
                let (address, run) = tokio::join!(
                    attempts.give_back(LOGIN_FAILURES_PER_ADDRESS, &address, self.now),
                    attempts.forget_failures(&self.account),
                );
                address.and(run)
            }
        };
        if let Err(error) = given_back {
            tracing::warn!(%error, "a right password's counted guess was not given back");
        }
    }
}

/// Counts one attempt under `limit`: false when the window is full.
async fn reserve(
    attempts: &Attempts<'_>,
    limit: Limit,
    subject: &str,
    now: Timestamp,
) -> ApiResult<bool> {
    Ok(matches!(
        attempts.count(limit, subject, now).await?,
        Outcome::Done(())
    ))
}
