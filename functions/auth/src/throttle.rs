//! How sign-ins are slowed: only failures count. A client address may fail
//! [`LOGIN_FAILURES_PER_ADDRESS`] times per window (high, for offices and
//! carriers), and each account backs off progressively after a few failures
//! ([`Backoff`]); a correct password ends the account's run.

use app::App;
use domain::accounts::limits::{Backoff, LOGIN_FAILURES_PER_ADDRESS, TOO_MANY};
use domain::accounts::Attempts;
use domain::timestamp::Timestamp;
use shop_http::{ApiError, ApiResult};

use crate::crypto::sha256_hex;

/// A sign-in allowed to go ahead, and what to record once its outcome is known.
pub struct SignInAttempt {
    address: String,
    account: String,
    run: Option<Backoff>,
    now: Timestamp,
}

impl SignInAttempt {
    /// Refuses (429) while the address has failed too often or the account
    /// is waiting out its backoff; checks nothing else, counts nothing.
    /// Two GetItems.
    pub async fn begin(app: &App, address: &str, email: &str, now: Timestamp) -> ApiResult<Self> {
        let attempts = Attempts::of(&*app.table);
        let address = sha256_hex(address)[..32].to_string();
        let account = sha256_hex(&email.trim().to_lowercase())[..32].to_string();
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
        Ok(Self {
            address,
            account,
            run,
            now,
        })
    }

    /// A wrong password (or an unknown address): counted against both.
    pub async fn failed(self, app: &App) -> ApiResult<()> {
        let attempts = Attempts::of(&*app.table);
        let _ = attempts
            .count(LOGIN_FAILURES_PER_ADDRESS, &self.address, self.now)
            .await?;
        attempts.fail(&self.account, self.run, self.now).await?;
        Ok(())
    }

    /// The right password: the account's run of failures ends.
    pub async fn succeeded(self, app: &App) -> ApiResult<()> {
        if self.run.is_some() {
            Attempts::of(&*app.table)
                .forget_failures(&self.account)
                .await?;
        }
        Ok(())
    }
}
