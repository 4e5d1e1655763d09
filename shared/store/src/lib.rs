//! Adapters of the single-table port ([`domain::ports::Table`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use domain::ports::{Table, TableError};

/// Which table adapter to use: DynamoDB when `TABLE_NAME` is set, else the
/// embedded SQLite file.
#[derive(Debug, Clone, PartialEq)]
pub enum TableConfig {
    Sqlite { path: PathBuf },
    Dynamo { table: String, endpoint: Option<String> },
}

impl TableConfig {
    pub fn from_env(data_dir: &Path) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        match var("TABLE_NAME") {
            Some(table) => Self::Dynamo { table, endpoint: var("DYNAMODB_ENDPOINT") },
            None => Self::Sqlite { path: data_dir.join("shop.sqlite") },
        }
    }
}

pub async fn open(config: &TableConfig) -> Result<Arc<dyn Table>, TableError> {
    Err(TableError::Backend(format!("adapter for {config:?} is being written")))
}
