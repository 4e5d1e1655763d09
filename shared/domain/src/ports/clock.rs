//! Time as the checkout sees it: what time it is, and waiting. A port so
//! that the checkout's deadlines and waits are tested without waiting.

use std::time::Duration;

use async_trait::async_trait;

use crate::timestamp::Timestamp;

#[async_trait]
pub trait Clock: Send + Sync {
    fn now(&self) -> Timestamp;
    async fn sleep(&self, duration: Duration);
}
