//! Adapters of the single-table port ([`domain::ports::Table`]): DynamoDB in
//! production ([`DynamoTable`]), an embedded SQLite file locally
//! ([`SqliteTable`]). Both follow DynamoDB's rules ([`dynamo_rules`]), checked by one
//! conformance suite (`tests/conformance.rs`) run on both, the DynamoDB side
//! against AWS's DynamoDB Local.
//!
//! What callers can rely on, on either adapter:
//! - Expired items (`expiresAt` <= now, integer epoch seconds, now by the
//!   table's clock: the system's, or the domain's given by `on_clock`) are absent for
//!   every operation: never read, `NotExists` holds over them, `Exists` and
//!   `Equals` fail, and an update starts from an empty item, not from the
//!   expired attributes. DynamoDB itself deletes them only within days.
//! - A query page ends at `limit` items or after 1 MB of data; `next` is then
//!   set even if nothing follows, so the following page may be empty. On
//!   DynamoDB an expired item not yet deleted still counts against the limit.
//!   A cursor is the last item's key (`pk`, `sk`, plus `gsi1pk`, `gsi1sk` on
//!   the index), a plain JSON map that may travel in an API token.
//! - Items in the index need both `gsi1pk` and `gsi1sk`; a null index key
//!   means "not in the index" and is dropped. Whole floats read back as
//!   integers (2.0 as 2), as DynamoDB's numbers do.
//! - What DynamoDB refuses is refused as `InvalidItem`: missing or empty keys,
//!   items over 400 KB, updates of `pk`/`sk`, two writes to one item in a
//!   transaction, more than 100 keys or writes, `ADD` to a non-number.
//! - `request_count` counts calls of the port (one call, one request), so a
//!   route's figure is the same on both adapters.

pub mod clock;
#[cfg(feature = "aws")]
pub mod dynamo;
pub mod dynamo_rules;
pub mod granted;
#[cfg(feature = "embedded")]
pub mod sqlite;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Table, TableError};

pub use clock::{AheadClock, SystemClock};
#[cfg(feature = "aws")]
pub use dynamo::{create_table, DynamoTable};
pub use granted::{Granted, TableGrant};
#[cfg(feature = "embedded")]
pub use sqlite::SqliteTable;

/// Which table adapter to use: DynamoDB when `TABLE_NAME` is set, else the
/// embedded SQLite file. Plain data: `app::Config` reads the environment.
#[derive(Debug, Clone, PartialEq)]
pub enum TableConfig {
    Sqlite {
        path: PathBuf,
    },
    Dynamo {
        table: String,
        endpoint: Option<String>,
    },
}

/// Opens the configured table. Call once per process: the DynamoDB client and
/// the SQLite connections are reused by every request. `aws` is loaded only
/// for DynamoDB. A table whose adapter this build lacks is refused, naming
/// the cargo feature.
pub async fn open(config: &TableConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Table>, TableError> {
    match config {
        TableConfig::Sqlite { path } => open_sqlite(path.clone()).await,
        TableConfig::Dynamo { table, endpoint } => {
            open_dynamo(aws, table, endpoint.as_deref()).await
        }
    }
}

#[cfg(feature = "embedded")]
async fn open_sqlite(path: PathBuf) -> Result<Arc<dyn Table>, TableError> {
    let table = tokio::task::spawn_blocking(move || SqliteTable::open(&path))
        .await
        .map_err(|e| TableError::Backend(e.to_string()))??;
    Ok(Arc::new(table))
}

#[cfg(not(feature = "embedded"))]
async fn open_sqlite(_: PathBuf) -> Result<Arc<dyn Table>, TableError> {
    Err(missing(
        "the SQLite table (no TABLE_NAME)",
        "store/embedded",
    ))
}

#[cfg(feature = "aws")]
async fn open_dynamo(
    aws: &aws_env::Aws,
    table: &str,
    endpoint: Option<&str>,
) -> Result<Arc<dyn Table>, TableError> {
    let sdk = aws.sdk_config().await;
    Ok(Arc::new(DynamoTable::connect(sdk, table, endpoint)))
}

#[cfg(not(feature = "aws"))]
async fn open_dynamo(
    _: &aws_env::Aws,
    _: &str,
    _: Option<&str>,
) -> Result<Arc<dyn Table>, TableError> {
    Err(missing("the DynamoDB table (TABLE_NAME)", "store/aws"))
}

/// The error of a configuration that asks for an adapter left out of the build.
#[cfg(not(all(feature = "aws", feature = "embedded")))]
fn missing(adapter: &str, feature: &str) -> TableError {
    TableError::Backend(format!(
        "{adapter} is not in this build: it needs cargo feature `{feature}`"
    ))
}
