//! The embedded table: one SQLite file (WAL) holding DynamoDB-shaped items.
//!
//! Each item is a row keyed by `pk`/`sk`, its JSON in `body`, with the index
//! keys and the expiry copied into columns so that queries seek an index.
//! Several processes may open the same file (the local server and
//! `cargo lambda watch` functions): every read is one statement, every
//! read-modify-write runs in a `BEGIN IMMEDIATE` transaction, and SQLite's
//! busy timeout makes writers of other processes wait their turn. Within one
//! process, writes share one connection behind a mutex, reads take pooled
//! connections; all of it runs on tokio's blocking threads.

mod files;
mod rows;
mod sql;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use domain::ports::{Clock, Condition, Item, Key, Page, Query, Table, TableError, Update, Write};
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::clock::SystemClock;
use crate::dynamo_rules;

/// Idle read connections kept open per process.
const IDLE_READERS: usize = 8;
/// Expired rows are swept once every so many writes (they are invisible anyway).
const SWEEP_EVERY: u64 = 1024;
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

pub struct SqliteTable {
    inner: Arc<Inner>,
    requests: Arc<AtomicU64>,
    /// What "now" is when expiry is judged (the system's unless `on_clock`).
    clock: Arc<dyn Clock>,
}

struct Inner {
    path: PathBuf,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Connection>>,
    writes: AtomicU64,
}

fn backend(error: impl std::fmt::Display) -> TableError {
    TableError::Backend(error.to_string())
}

impl SqliteTable {
    /// Opens (creating if needed) the table file and its parent folders,
    /// readable by this user only (`files`: 0600, new folders 0700, an older
    /// looser file tightened).
    pub fn open(path: &Path) -> Result<Self, TableError> {
        files::prepare(path).map_err(|e| backend(format!("{}: {e}", path.display())))?;
        let writer = connect(path)?;
        sql::create_schema(&writer).map_err(backend)?;
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        rows::sweep_expired(&writer, clock.now().unix()).map_err(backend)?;
        let inner = Inner {
            path: path.to_path_buf(),
            writer: Mutex::new(writer),
            readers: Mutex::new(Vec::new()),
            writes: AtomicU64::new(0),
        };
        tracing::debug!(path = %path.display(), "embedded table opened");
        Ok(Self {
            inner: Arc::new(inner),
            requests: Arc::default(),
            clock,
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs a read on a pooled connection, off the async threads; the
    /// closure is given the clock's now.
    async fn read<T, F>(&self, read: F) -> Result<T, TableError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, i64) -> Result<T, TableError> + Send + 'static,
    {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let inner = self.inner.clone();
        let now = self.clock.now().unix();
        blocking(move || {
            let pooled = inner
                .readers
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .pop();
            let conn = match pooled {
                Some(conn) => conn,
                None => connect(&inner.path)?,
            };
            let result = read(&conn, now);
            let mut idle = inner.readers.lock().unwrap_or_else(PoisonError::into_inner);
            if idle.len() < IDLE_READERS {
                idle.push(conn);
            }
            result
        })
        .await
    }

    /// Runs a read-modify-write in one immediate transaction: committed when
    /// the closure succeeds, rolled back when it fails.
    async fn write<T, F>(&self, write: F) -> Result<T, TableError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>, i64) -> Result<T, TableError> + Send + 'static,
    {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let inner = self.inner.clone();
        let now = self.clock.now().unix();
        blocking(move || {
            let mut conn = inner.writer.lock().unwrap_or_else(PoisonError::into_inner);
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(backend)?;
            let value = write(&tx, now)?;
            if inner.writes.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
                rows::sweep_expired(&tx, now).map_err(backend)?;
            }
            tx.commit().map_err(backend)?;
            Ok(value)
        })
        .await
    }
}

async fn blocking<T, F>(work: F) -> Result<T, TableError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, TableError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| backend(format!("embedded table task failed: {e}")))?
}

fn connect(path: &Path) -> Result<Connection, TableError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)
        .map_err(|e| backend(format!("{}: {e}", path.display())))?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(backend)?;
    conn.set_prepared_statement_cache_capacity(64);
    sql::configure(&conn).map_err(backend)?;
    Ok(conn)
}

#[async_trait]
impl Table for SqliteTable {
    async fn get(&self, key: &Key) -> Result<Option<Item>, TableError> {
        dynamo_rules::check_key(key)?;
        let key = key.clone();
        self.read(move |conn, now| rows::get(conn, &key, now)).await
    }

    async fn put(&self, item: Item, condition: Condition) -> Result<(), TableError> {
        let item = dynamo_rules::prepare_item(item);
        let keys = dynamo_rules::item_keys(&item)?;
        dynamo_rules::check_size(&item)?;
        self.write(move |tx, now| {
            let key = Key::new(keys.pk.clone(), keys.sk.clone());
            if condition != Condition::None && !rows::holds(tx, &key, &condition, now)? {
                return Err(TableError::ConditionFailed);
            }
            rows::store(tx, &item, &keys)
        })
        .await
    }

    async fn update(&self, key: &Key, update: Update) -> Result<Item, TableError> {
        dynamo_rules::check_key(key)?;
        dynamo_rules::check_update(&update)?;
        let key = key.clone();
        self.write(move |tx, now| {
            let current = rows::get(tx, &key, now)?;
            if !rows::condition_holds(current.as_ref(), &update.condition) {
                return Err(TableError::ConditionFailed);
            }
            let item = dynamo_rules::apply_update(current, &key, &update)?;
            rows::store(tx, &item, &dynamo_rules::item_keys(&item)?)?;
            Ok(item)
        })
        .await
    }

    async fn delete(&self, key: &Key, condition: Condition) -> Result<(), TableError> {
        dynamo_rules::check_key(key)?;
        let key = key.clone();
        self.write(move |tx, now| {
            if condition != Condition::None && !rows::holds(tx, &key, &condition, now)? {
                return Err(TableError::ConditionFailed);
            }
            rows::remove(tx, &key)
        })
        .await
    }

    async fn query(&self, query: Query) -> Result<Page, TableError> {
        let Some(sort_key) = dynamo_rules::effective_sort_key(&query)? else {
            self.requests.fetch_add(1, Ordering::Relaxed);
            return Ok(Page::default());
        };
        self.read(move |conn, now| sql::query(conn, &query, &sort_key, now))
            .await
    }

    async fn batch_get(&self, keys: &[Key]) -> Result<Vec<Item>, TableError> {
        let keys = dynamo_rules::unique_keys(keys)?;
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        self.read(move |conn, now| {
            let mut items = Vec::with_capacity(keys.len());
            for key in &keys {
                items.extend(rows::get(conn, key, now)?);
            }
            Ok(items)
        })
        .await
    }

    async fn transact(&self, writes: Vec<Write>) -> Result<(), TableError> {
        let writes = dynamo_rules::prepare_writes(writes);
        dynamo_rules::check_transaction(&writes)?;
        if writes.is_empty() {
            return Ok(());
        }
        self.write(move |tx, now| rows::transact(tx, writes, now))
            .await
    }

    fn request_count(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    fn on_clock(&self, clock: Arc<dyn Clock>) -> Arc<dyn Table> {
        Arc::new(Self {
            inner: self.inner.clone(),
            requests: self.requests.clone(),
            clock,
        })
    }
}
