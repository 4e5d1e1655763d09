//! The single-table port: DynamoDB's item model, reduced to what the shop uses.
//!
//! Items are JSON objects with string keys `pk` and `sk`, optional index keys
//! `gsi1pk`/`gsi1sk`, and an optional `expiresAt` (epoch seconds): an item whose
//! `expiresAt` is in the past is never returned, on any adapter, because
//! DynamoDB deletes expired items only eventually and emulators never do.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{Map, Value};

use super::Clock;

/// One stored item: attribute name to value.
pub type Item = Map<String, Value>;

pub const PK: &str = "pk";
pub const SK: &str = "sk";
pub const GSI1_PK: &str = "gsi1pk";
pub const GSI1_SK: &str = "gsi1sk";
pub const EXPIRES_AT: &str = "expiresAt";

/// The primary key of an item.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    pub fn new(pk: impl Into<String>, sk: impl Into<String>) -> Self {
        Self {
            pk: pk.into(),
            sk: sk.into(),
        }
    }
}

/// Which key schema a query reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Index {
    #[default]
    Table,
    /// The first global secondary index, keys `gsi1pk`/`gsi1sk`.
    Gsi1,
}

/// A write's precondition, checked atomically with the write.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Condition {
    #[default]
    None,
    /// The item must not exist (`attribute_not_exists(pk)`).
    NotExists,
    /// The item must exist (`attribute_exists(pk)`).
    Exists,
    /// The item must exist and the attribute must equal the value
    /// (optimistic concurrency: `version = :v`).
    Equals(String, Value),
    /// The item must exist and the attribute must be a number below the
    /// limit (a cap on a counter that is being added to: `n < :max`).
    Below(String, i64),
    /// The item or the attribute may be absent (or null); if present, the
    /// attribute must be a number below the limit (a cap on a counter that
    /// starts at zero, a time that must be before a given one).
    AbsentOrBelow(String, i64),
    /// Every one of the conditions holds (a reset link's write: the account
    /// is the link's, and its password has not changed since the link was sent).
    All(Vec<Condition>),
}

impl Condition {
    /// Whether an absent item satisfies the condition.
    pub fn holds_when_absent(&self) -> bool {
        match self {
            Condition::None | Condition::NotExists | Condition::AbsentOrBelow(..) => true,
            Condition::All(conditions) => conditions.iter().all(Condition::holds_when_absent),
            _ => false,
        }
    }
}

/// Which sort keys a query selects.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SortKey {
    #[default]
    Any,
    Equals(String),
    BeginsWith(String),
    /// Inclusive on both ends, compared as strings (DynamoDB `BETWEEN`).
    Between(String, String),
}

/// A query within one partition of the table or of an index.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Query {
    pub index: Index,
    pub pk: String,
    pub sk: SortKey,
    /// Sort-key order: ascending when true (DynamoDB `ScanIndexForward`).
    pub ascending: bool,
    pub limit: Option<u32>,
    /// Where the previous page stopped ([`Page::next`]).
    pub start_after: Option<Cursor>,
}

impl Query {
    pub fn partition(pk: impl Into<String>) -> Self {
        Self {
            pk: pk.into(),
            ascending: true,
            ..Self::default()
        }
    }
    pub fn on_gsi1(pk: impl Into<String>) -> Self {
        Self {
            index: Index::Gsi1,
            ..Self::partition(pk)
        }
    }
    pub fn begins_with(mut self, prefix: impl Into<String>) -> Self {
        self.sk = SortKey::BeginsWith(prefix.into());
        self
    }
    pub fn between(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.sk = SortKey::Between(from.into(), to.into());
        self
    }
    pub fn descending(mut self) -> Self {
        self.ascending = false;
        self
    }
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = Some(limit);
        self
    }
    pub fn start_after(mut self, cursor: Option<Cursor>) -> Self {
        self.start_after = cursor;
        self
    }
}

/// An opaque position in a query's results: the last key read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor(pub Item);

/// One page of query results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Page {
    pub items: Vec<Item>,
    pub next: Option<Cursor>,
}

/// An atomic change to one item.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Update {
    /// Attributes to set (`SET a = :a`).
    pub set: Item,
    /// Numeric attributes to add to, created at zero when absent (`ADD n :n`).
    pub add: Vec<(String, i64)>,
    /// Attributes to remove.
    pub remove: Vec<String>,
    pub condition: Condition,
}

/// One write of a transaction.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    Put {
        item: Item,
        condition: Condition,
    },
    Update {
        key: Key,
        update: Update,
    },
    Delete {
        key: Key,
        condition: Condition,
    },
    /// Checks a condition on an item the transaction does not change.
    Check {
        key: Key,
        condition: Condition,
    },
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TableError {
    #[error("the write's condition did not hold")]
    ConditionFailed,
    /// A transaction was refused as a whole; `conditions` tells, per write,
    /// whether its condition failed.
    #[error("the transaction was canceled")]
    TransactionCanceled { conditions: Vec<bool> },
    #[error("item is not valid for the table: {0}")]
    InvalidItem(String),
    #[error("table backend error: {0}")]
    Backend(String),
}

/// The single table. Each method is one request to the backend.
#[async_trait]
pub trait Table: Send + Sync {
    async fn get(&self, key: &Key) -> Result<Option<Item>, TableError>;
    async fn put(&self, item: Item, condition: Condition) -> Result<(), TableError>;
    /// Applies the update and answers the item as it is afterwards.
    async fn update(&self, key: &Key, update: Update) -> Result<Item, TableError>;
    async fn delete(&self, key: &Key, condition: Condition) -> Result<(), TableError>;
    async fn query(&self, query: Query) -> Result<Page, TableError>;
    /// Items found for the keys, in no particular order; missing keys are skipped.
    /// At most 100 keys (DynamoDB's limit).
    async fn batch_get(&self, keys: &[Key]) -> Result<Vec<Item>, TableError>;
    /// All writes or none. At most 100 writes, one per item.
    async fn transact(&self, writes: Vec<Write>) -> Result<(), TableError>;
    /// How many requests this table has served, for `make bench`.
    fn request_count(&self) -> u64;
    /// The same table (same data, same request count) judging expiry
    /// (`expiresAt`) by `clock`: give it the clock the domain reads, so a
    /// clock moved ahead expires items in the table too.
    fn on_clock(&self, clock: Arc<dyn Clock>) -> Arc<dyn Table>;
}

/// Whether an item's `expiresAt` has passed at `now` (epoch seconds).
pub fn is_expired(item: &Item, now: i64) -> bool {
    item.get(EXPIRES_AT)
        .and_then(Value::as_i64)
        .is_some_and(|at| at <= now)
}
