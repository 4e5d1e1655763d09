//! Adapters of the single-table port ([`domain::ports::Table`]): DynamoDB in
//! production ([`DynamoTable`]), an embedded SQLite file locally
//! ([`SqliteTable`]). Both follow DynamoDB's rules ([`rules`]), checked by one
//! conformance suite (`tests/conformance.rs`) run on both, the DynamoDB side
//! against AWS's DynamoDB Local.
//!
//! What callers can rely on, on either adapter:
//! - Expired items (`expiresAt` <= now, integer epoch seconds) are absent for
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

pub mod dynamo;
pub mod rules;
pub mod sqlite;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Table, TableError};

pub use dynamo::{create_table, DynamoTable};
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
/// for DynamoDB.
pub async fn open(config: &TableConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Table>, TableError> {
    match config {
        TableConfig::Sqlite { path } => {
            let path = path.clone();
            let table = tokio::task::spawn_blocking(move || SqliteTable::open(&path))
                .await
                .map_err(|e| TableError::Backend(e.to_string()))??;
            Ok(Arc::new(table))
        }
        TableConfig::Dynamo { table, endpoint } => Ok(Arc::new(DynamoTable::connect(
            aws.sdk_config().await,
            table,
            endpoint.as_deref(),
        ))),
    }
}
