//! Adapters of the single-table port ([`domain::ports::Table`]): DynamoDB in
//! production, an embedded SQLite file locally. Both follow DynamoDB's rules
//! ([`rules`]), checked by one conformance suite (`tests/conformance.rs`).

pub mod dynamo;
pub mod rules;
pub mod sqlite;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use domain::ports::{Table, TableError};

pub use dynamo::{create_table, DynamoTable};
pub use sqlite::SqliteTable;

/// Which table adapter to use: DynamoDB when `TABLE_NAME` is set, else the
/// embedded SQLite file.
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

impl TableConfig {
    pub fn from_env(data_dir: &Path) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        match var("TABLE_NAME") {
            Some(table) => Self::Dynamo {
                table,
                endpoint: var("DYNAMODB_ENDPOINT"),
            },
            None => Self::Sqlite {
                path: data_dir.join("shop.sqlite"),
            },
        }
    }
}

/// Opens the configured table. Call once per process: the DynamoDB client and
/// the SQLite connections are reused by every request.
pub async fn open(config: &TableConfig) -> Result<Arc<dyn Table>, TableError> {
    match config {
        TableConfig::Sqlite { path } => {
            let path = path.clone();
            let table = tokio::task::spawn_blocking(move || SqliteTable::open(&path))
                .await
                .map_err(|e| TableError::Backend(e.to_string()))??;
            Ok(Arc::new(table))
        }
        TableConfig::Dynamo { table, endpoint } => Ok(Arc::new(
            DynamoTable::connect(table, endpoint.as_deref()).await,
        )),
    }
}
