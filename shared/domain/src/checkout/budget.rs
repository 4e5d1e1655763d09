//! The checkout's time budget, read from `shared/payment-budget.json` (the
//! one place the infrastructure also reads the payment function's timeout
//! from): how long a provider request may take, how long a replay waits,
//! and when an open claim becomes the reconciler's.

use std::sync::LazyLock;
use std::time::Duration;

use serde::Deserialize;

use crate::timestamp::Timestamp;

const BUDGET_JSON: &str = include_str!("../../../payment-budget.json");

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Budget {
    pub provider_connect_ms: u64,
    pub provider_request_ms: u64,
    pub replay_wait_ms: u64,
    pub function_timeout_seconds: u64,
    pub charging_deadline_seconds: u64,
    pub unknown_settle_seconds: u64,
    pub paypal_approval_hours: u64,
    pub reconcile_every_minutes: u64,
    pub reconcile_timeout_seconds: u64,
    pub reconcile_lease_seconds: u64,
}

impl Budget {
    /// The shop's budget, read once per process (every checkout asks for
    /// it; the JSON is checked by this crate's tests).
    pub fn shop() -> Budget {
        static SHOP: LazyLock<Budget> = LazyLock::new(|| {
            serde_json::from_str(BUDGET_JSON).expect("shared/payment-budget.json is a Budget")
        });
        SHOP.clone()
    }

    pub fn provider_connect(&self) -> Duration {
        Duration::from_millis(self.provider_connect_ms)
    }

    pub fn provider_request(&self) -> Duration {
        Duration::from_millis(self.provider_request_ms)
    }

    /// The longest a provider request may be given (connect included): a
    /// third of the payment function's time, so the charge, its undo and
    /// the table's writes all end inside the function that waits for them.
    /// A configured timeout beyond it is refused at start.
    pub fn longest_provider_request(&self) -> Duration {
        Duration::from_secs(self.function_timeout_seconds) / 3
    }

    pub fn replay_wait(&self) -> Duration {
        Duration::from_millis(self.replay_wait_ms)
    }

    /// When a claim being charged at `now` is presumed abandoned (its
    /// function died or timed out).
    pub fn charging_deadline(&self, now: Timestamp) -> Timestamp {
        later(now, self.charging_deadline_seconds)
    }

    /// When a claim whose answer was lost at `now` is looked up: once the
    /// provider has surely finished with the request.
    pub fn unknown_deadline(&self, now: Timestamp) -> Timestamp {
        later(now, self.unknown_settle_seconds)
    }

    /// When a claim whose money a request starts giving back at `now` is
    /// presumed abandoned, like a charging one.
    pub fn reversing_deadline(&self, now: Timestamp) -> Timestamp {
        self.charging_deadline(now)
    }

    /// How long a reconciler run holds the run's lease and each claim it
    /// takes: longer than the reconciler function may run.
    pub fn reconcile_lease(&self) -> Duration {
        Duration::from_secs(self.reconcile_lease_seconds)
    }

    /// When a claim a reconciler takes at `now` may be taken again (its run died).
    pub fn reconciling_deadline(&self, now: Timestamp) -> Timestamp {
        later(now, self.reconcile_lease_seconds)
    }

    /// When a PayPal order opened at `created` and never captured is let go.
    pub fn approval_deadline(&self, created: Timestamp) -> Timestamp {
        later(created, self.paypal_approval_hours * 3600)
    }
}

fn later(at: Timestamp, seconds: u64) -> Timestamp {
    Timestamp::at(at.instant() + Duration::from_secs(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provider_call_and_its_undo_fit_in_the_functions_time() {
        let budget = Budget::shop();
        let function_ms = budget.function_timeout_seconds * 1000;
        // About a third each: the charge, the undo, and the table's share.
        assert!(budget.provider_request_ms * 3 <= function_ms, "{budget:?}");
        assert!(budget.provider_request() <= budget.longest_provider_request());
        assert!(budget.provider_connect_ms < budget.provider_request_ms);
        assert!(budget.replay_wait_ms < budget.provider_request_ms);
        // The reconciler never takes a claim whose function may still run.
        assert!(budget.charging_deadline_seconds > budget.function_timeout_seconds);
        assert!(budget.reconcile_timeout_seconds * 1000 > budget.provider_request_ms * 4);
        // A run AWS has not stopped yet still holds its lease and its claims.
        assert!(budget.reconcile_lease_seconds > budget.reconcile_timeout_seconds);
    }
}
