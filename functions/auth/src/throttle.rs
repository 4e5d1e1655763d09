//! How sign-ins are slowed, after OWASP's device cookies: only failures
//! count, and who is held depends on whether the browser is trusted.
//! - A **trusted device** (a browser holding the account's device cookie,
//!   [`crate::devices`]) is held only by its own failures: it may fail
//!   [`LOGIN_FAILURES_PER_DEVICE`] times per window, then it is treated as
//!   any stranger. However hard strangers hammer the account, from however
//!   many addresses, the owner's own browser signs in with the right password.
//! - **Anyone else** is held by the account's backoff ([`Backoff`]: after a
//!   few failures each one doubles the wait, whatever address it comes from,
//!   so guessing stays slow) and by the address's failures
//!   ([`LOGIN_FAILURES_PER_ADDRESS`], high, for offices and carriers). While
//!   held, nothing is checked and nothing counts.
//!
//! The right password ends the account's run of failures.

use app::App;
use domain::accounts::limits::{
    Backoff, LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_DEVICE, TOO_MANY,
};
use domain::accounts::Attempts;
use domain::timestamp::Timestamp;
use shop_http::{ApiError, ApiResult};

use crate::crypto::sha256_hex;
use crate::devices::account_subject;

/// A sign-in allowed to go ahead, and what to record once its outcome is known.
pub struct SignInAttempt {
    gate: Gate,
    account: String,
    now: Timestamp,
}

/// What holds an attempt, and so what its failure counts against.
enum Gate {
    /// A browser the account trusts: its own failures.
    Trusted { device: String },
    /// Anyone else: the address's failures and the account's backoff.
    Untrusted {
        address: String,
        run: Option<Backoff>,
    },
}

impl SignInAttempt {
    /// Refuses (429) an attempt that must wait; checks nothing else, counts
    /// nothing. `device`: the nonce of the browser's trust for this account.
    /// One GetItem for a trusted device, two otherwise.
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
            if !attempts
                .reached(LOGIN_FAILURES_PER_DEVICE, &device, now)
                .await?
            {
                let gate = Gate::Trusted { device };
                return Ok(Self { gate, account, now });
            }
            tracing::warn!("a trusted device failed too often: held as a stranger");
        }
        let address = sha256_hex(address)[..32].to_string();
        if attempts
            .reached(LOGIN_FAILURES_PER_ADDRESS, &address, now)
            .await?
        {
            tracing::warn!("sign-in failures from one address reached the limit");
            return Err(ApiError::too_many(TOO_MANY));
        }
        let run = attempts.backoff(&account, now).await?;
        if run.is_some_and(|r| r.waiting(now)) {
            tracing::warn!(
                failures = run.map(|r| r.failures),
                "sign-in while the account backs off"
            );
            return Err(ApiError::too_many(TOO_MANY));
        }
        let gate = Gate::Untrusted { address, run };
        Ok(Self { gate, account, now })
    }

    /// A wrong password (or an unknown address): counted against what held
    /// the attempt. One or two writes.
    pub async fn failed(self, app: &App) -> ApiResult<()> {
        let attempts = Attempts::of(&*app.table);
        match self.gate {
            Gate::Trusted { device } => {
                let _ = attempts
                    .count(LOGIN_FAILURES_PER_DEVICE, &device, self.now)
                    .await?;
            }
            Gate::Untrusted { address, run } => {
                let _ = attempts
                    .count(LOGIN_FAILURES_PER_ADDRESS, &address, self.now)
                    .await?;
                attempts.fail(&self.account, run, self.now).await?;
            }
        }
        Ok(())
    }

    /// The right password: an untrusted client's success ends the account's
    /// run of failures (a trusted one never read it).
    pub async fn succeeded(self, app: &App) -> ApiResult<()> {
        if let Gate::Untrusted { run: Some(_), .. } = self.gate {
            Attempts::of(&*app.table)
                .forget_failures(&self.account)
                .await?;
        }
        Ok(())
    }
}
