//! One `App` per process: configuration read once from the environment and
//! the adapters it selects. Zero configuration means the embedded defaults
//! (SQLite file, outbox folder, blobs folder under `.data/`); pointing the same
//! binary at AWS is only environment variables.

mod config;

use std::sync::Arc;

use domain::ports::{Blobs, Mailer, Table};

pub use config::{Config, ConfigError};

#[derive(Clone)]
pub struct App {
    pub table: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub blobs: Arc<dyn Blobs>,
    pub config: Arc<Config>,
}

impl App {
    /// Builds the context from the process environment. Call once per process:
    /// SDK clients are built here and reused by every request.
    pub async fn from_env() -> Result<Self, ConfigError> {
        let config = Config::from_env()?;
        Self::with_config(config).await
    }

    pub async fn with_config(config: Config) -> Result<Self, ConfigError> {
        let table = store::open(&config.table)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        let mailer = mail::open(&config.mail)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        let blobs = blobs::open(&config.blobs)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        Ok(Self {
            table,
            mailer,
            blobs,
            config: Arc::new(config),
        })
    }
}
