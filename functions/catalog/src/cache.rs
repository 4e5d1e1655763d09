//! What this process has answered for the catalogue version it last saw.
//! The version is read again at most once per `freshness` (a GetItem of one
//! small item); when it has changed, everything kept is dropped. Nothing is
//! kept while the catalogue has never been published.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use domain::catalog::published;
use domain::ports::Table;
use shop_http::ApiResult;

use crate::KeptAnswer;

/// How stale a process's view of the catalogue may be.
pub const FRESHNESS: Duration = Duration::from_secs(1);

/// Answers kept at most (searches are many): past it, answers are served
/// but not kept until the version changes.
const MAX_ANSWERS: usize = 1_000;

pub struct Cache {
    freshness: Duration,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    version: Option<String>,
    checked: Option<Instant>,
    answers: HashMap<String, KeptAnswer>,
}

impl Cache {
    pub fn new(freshness: Duration) -> Self {
        Self {
            freshness,
            state: Mutex::new(State::default()),
        }
    }

    /// The answer to `key`: kept, or loaded and kept.
    pub async fn answer<F, L>(&self, table: &dyn Table, key: &str, load: L) -> ApiResult<KeptAnswer>
    where
        L: FnOnce() -> F,
        F: Future<Output = ApiResult<KeptAnswer>>,
    {
        // The warm path: one lock, no table read, no copy but the answer's.
        if let Some(kept) = self.fresh_answer(key) {
            return Ok(kept);
        }
        let version = self.version(table).await?;
        if let Some(kept) = self.lock().answers.get(key) {
            return Ok(kept.clone());
        }
        let answer = load().await?;
        if answer.is_keepable() {
            self.keep(version, key, &answer);
        }
        Ok(answer)
    }

    /// What is kept for `key`, while the version was checked within `freshness`.
    fn fresh_answer(&self, key: &str) -> Option<KeptAnswer> {
        let state = self.lock();
        let fresh = state
            .checked
            .is_some_and(|at| at.elapsed() < self.freshness);
        fresh.then(|| state.answers.get(key).cloned()).flatten()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere cannot leave the map half-written: use it anyway.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The published version, read again when the last reading is stale.
    async fn version(&self, table: &dyn Table) -> ApiResult<Option<String>> {
        {
            let mut state = self.lock();
            let fresh = state
                .checked
                .is_some_and(|at| at.elapsed() < self.freshness);
            if fresh {
                return Ok(state.version.clone());
            }
            // Requests meanwhile keep to the version known until this reading.
            state.checked = Some(Instant::now());
        }
        let version = published::current_version(table).await?;
        let mut state = self.lock();
        if state.version != version {
            state.answers.clear();
            state.version.clone_from(&version);
        }
        Ok(version)
    }

    fn keep(&self, version: Option<String>, key: &str, answer: &KeptAnswer) {
        let mut state = self.lock();
        let current = version.is_some() && state.version == version;
        if current && state.answers.len() < MAX_ANSWERS {
            state.answers.insert(key.to_string(), answer.clone());
        }
    }
}
