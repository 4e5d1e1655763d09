//! One `App` per process: configuration read once from the environment and
//! the adapters it selects. Zero configuration means the embedded defaults
//! (SQLite file, outbox folder, blobs folder under `.data/`); pointing the same
//! binary at AWS is only environment variables.

mod config;
mod oauth;

use std::sync::Arc;

use domain::ports::{Blobs, Mailer, PaymentGateway, Table};

pub use config::{
    decode_session_key, Config, ConfigError, EdgeConfig, DEFAULT_HOUSE_EMAIL, DEFAULT_MAIL_FROM,
};
pub use oauth::{OAuthClient, OAuthConfig};

#[derive(Clone)]
pub struct App {
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
    /// SDK clients are built here and reused by every request.
    pub async fn from_env() -> Result<Self, ConfigError> {
        let config = Config::from_env()?;
        Self::with_config(config).await
    }

    pub async fn with_config(mut config: Config) -> Result<Self, ConfigError> {
        // Offline defaults (dummy credentials, us-east-1) only when every AWS
        // service in use is a local server.
        let local_only = config.aws_endpoints().iter().all(Option::is_some);
        let aws = Arc::new(aws_env::Aws::new(config.aws, local_only));
        let table = store::open(&config.table, &aws)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        let mailer = mail::open(&config.mail, &aws)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        let blobs = blobs::open(&config.blobs, &aws)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
        let payments = open_payments(&config, &aws).await?;
        read_oauth_clients(&mut config, &aws).await?;
        read_origin_secret(&mut config, &aws).await?;
        read_session_keys(&mut config, &aws).await?;
        Ok(Self {
            table,
            mailer,
            blobs,
            payments,
            aws,
            config: Arc::new(config),
        })
    }
}

/// The social sign-in clients from Secrets Manager, when the configuration
/// names their secret (in AWS).
async fn read_oauth_clients(config: &mut Config, aws: &aws_env::Aws) -> Result<(), ConfigError> {
    let Some(arn) = config.oauth.secret_arn.clone() else {
        return Ok(());
    };
    let secret = payments::read_secret_json(aws.sdk_config().await, &arn)
        .await
        .map_err(|e| ConfigError::Adapter(e.to_string()))?;
    config.oauth.apply_secret(&secret);
    Ok(())
}

/// The secret CloudFront proves itself with (`{"value"}`), when named.
async fn read_origin_secret(config: &mut Config, aws: &aws_env::Aws) -> Result<(), ConfigError> {
    let Some(arn) = config.edge.origin_secret_arn.clone() else {
        return Ok(());
    };
    let secret = payments::read_secret_json(aws.sdk_config().await, &arn)
        .await
        .map_err(|e| ConfigError::Adapter(e.to_string()))?;
    let value = secret
        .get("value")
        .and_then(serde_json::Value::as_str)
        .filter(|v| v.len() >= 32)
        .ok_or_else(|| {
            ConfigError::Invalid(
                "ORIGIN_SECRET_ARN",
                "the secret has no value of 32+ characters".into(),
            )
        })?;
    config.edge.origin_secret = Some(value.to_string());
    Ok(())
}

/// The session keys from Secrets Manager, when the configuration names their
/// secret (in AWS): `AWSCURRENT` signs, `AWSPREVIOUS` (after a rotation) is
/// still accepted.
async fn read_session_keys(config: &mut Config, aws: &aws_env::Aws) -> Result<(), ConfigError> {
    const NAME: &str = "SESSION_KEY_SECRET_ARN";
    let Some(arn) = config.session_key_secret_arn.clone() else {
        return Ok(());
    };
    let sdk = aws.sdk_config().await;
    let read = |stage| payments::read_secret_stage(sdk, &arn, stage);
    let adapter = |e: payments::SecretError| ConfigError::Adapter(e.to_string());
    let current = read("AWSCURRENT")
        .await
        .map_err(adapter)?
        .ok_or_else(|| ConfigError::Invalid(NAME, "the secret has no AWSCURRENT version".into()))?;
    config.session_key = decode_session_key(NAME, &current)?;
    // An unusable previous key is skipped, not fatal: after an operator
    // replaces a bad key, the bad one is AWSPREVIOUS and must not stop init.
    config.previous_session_key = read("AWSPREVIOUS")
        .await
        .map_err(adapter)?
        .and_then(|previous| decode_session_key(NAME, &previous).ok());
    Ok(())
}

/// The payment gateway, its credentials overlaid from Secrets Manager in AWS.
async fn open_payments(
    config: &Config,
    aws: &aws_env::Aws,
) -> Result<Arc<dyn PaymentGateway>, ConfigError> {
    let mut payments = config.payments.clone();
    if !config.payment_secret_arns.is_empty() {
        let arns = &config.payment_secret_arns;
        let lookup = |name: &str| {
            arns.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| a.clone())
        };
        payments = payments
            .with_secrets(aws.sdk_config().await, lookup)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))?;
    }
    payments::open(&payments).map_err(|e| ConfigError::Adapter(e.to_string()))
}
