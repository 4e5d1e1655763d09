//! The system's clock, and one set ahead of it: what an operator's
//! `shopctl payments reconcile --ahead` and the tests use to reach deadlines
//! without waiting for them. Here, below the app, because the table's
//! adapters judge expiry by a clock too: the system's until the app gives
//! them its own ([`domain::ports::Table::on_clock`]).

use std::time::Duration;

use async_trait::async_trait;
use domain::ports::Clock;
use domain::timestamp::Timestamp;

/// The time the machine says; waits are tokio's.
pub struct SystemClock;

#[async_trait]
impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        Timestamp::now()
    }

    async fn sleep(&self, duration: Duration) {
        tokio::time::sleep(duration).await
    }
}

/// The system's time plus a fixed offset; waits are real.
pub struct AheadClock(pub Duration);

#[async_trait]
impl Clock for AheadClock {
    fn now(&self) -> Timestamp {
        Timestamp::at(Timestamp::now().instant() + self.0)
    }

    async fn sleep(&self, duration: Duration) {
        tokio::time::sleep(duration).await
    }
}
