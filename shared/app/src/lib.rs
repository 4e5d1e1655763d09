//! One `App` per process: configuration read once from the environment and
//! the adapters it selects. Zero configuration means the embedded defaults
//! (SQLite file, outbox folder, blobs folder under `.data/`); pointing the same
//! binary at AWS is only environment variables. Which adapters a binary
//! carries at all is its build's cargo features (`Cargo.toml`): a Lambda
//! function links only the AWS adapters it uses (see `adapters.rs`).

mod absent;
mod adapters;
mod config;
mod oauth;
mod secrets;

use std::sync::Arc;

use domain::ports::{Blobs, Mailer, PaymentGateway, Table};

pub use config::{
    decode_session_key, Config, ConfigError, EdgeConfig, DEFAULT_HOUSE_EMAIL, DEFAULT_MAIL_FROM,
};
pub use oauth::{OAuthClient, OAuthConfig};

/// The context every handler and middleware holds. Cloned for each request
/// (axum's state, the middlewares' state), so it is one shared pointer: a
/// clone is one reference count, not one per adapter. Reads go through to
/// [`Parts`]; a write (tests swap an adapter) copies the parts first.
#[derive(Clone)]
pub struct App(Arc<Parts>);

/// What an [`App`] holds.
#[derive(Clone)]
pub struct Parts {
    pub table: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub blobs: Arc<dyn Blobs>,
    pub payments: Arc<dyn PaymentGateway>,
    /// The process's one AWS configuration, loaded only if an adapter needs
    /// it; every AWS client of the process (Secrets Manager included) is
    /// built from `aws.sdk_config().await`.
    pub aws: Arc<aws_env::Aws>,
    pub config: Arc<Config>,
}

impl App {
    /// Builds the context from the process environment. Call once per process:
    /// SDK clients are built here (the mailer's and the blob store's on their
    /// first use, `aws_env::OnFirstUse`) and reused by every request.
    pub async fn from_env() -> Result<Self, ConfigError> {
        let config = Config::from_env()?;
        Self::with_config(config).await
    }

    pub async fn with_config(mut config: Config) -> Result<Self, ConfigError> {
        // Offline defaults (dummy credentials, us-east-1) only when every AWS
        // service in use is a local server.
        let local_only = config.aws_endpoints().iter().all(Option::is_some);
        let aws = Arc::new(aws_env::Aws::new(config.aws, local_only));
        let table = adapters::table(&config, &aws).await?;
        let mailer = adapters::mailer(&config, &aws).await?;
        let blobs = adapters::blobs(&config, &aws).await?;
        let payments = adapters::payments(&config, &aws).await?;
        secrets::read(&mut config, &aws).await?;
        Ok(Self(Arc::new(Parts {
            table,
            mailer,
            blobs,
            payments,
            aws,
            config: Arc::new(config),
        })))
    }
}

impl std::ops::Deref for App {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl std::ops::DerefMut for App {
    fn deref_mut(&mut self) -> &mut Parts {
        Arc::make_mut(&mut self.0)
    }
}
