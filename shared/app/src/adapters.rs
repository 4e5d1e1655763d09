//! Each port's adapter, as configured and as far as this build carries it
//! (`app`'s cargo features). A port the build has no adapter for at all is
//! [`Absent`]; a configuration naming an adapter the build lacks is an init
//! error naming the feature, never a fallback to another adapter.

use std::sync::Arc;

use domain::ports::{Blobs, Mailer, PaymentGateway, Table};

use crate::absent::Absent;
use crate::{Config, ConfigError};

#[cfg(not(any(feature = "aws-dynamodb", feature = "embedded")))]
compile_error!("app needs a table adapter: enable feature `aws-dynamodb` or `embedded`");

fn adapter_error(error: impl std::fmt::Display) -> ConfigError {
    ConfigError::Adapter(error.to_string())
}

pub async fn table(config: &Config, aws: &aws_env::Aws) -> Result<Arc<dyn Table>, ConfigError> {
    store::open(&config.table, aws).await.map_err(adapter_error)
}

pub async fn mailer(config: &Config, aws: &aws_env::Aws) -> Result<Arc<dyn Mailer>, ConfigError> {
    if cfg!(not(any(feature = "aws-ses", feature = "embedded"))) {
        return Ok(Arc::new(Absent {
            port: "mailer",
            features: "`aws-ses` or `embedded`",
        }));
    }
    mail::open(&config.mail, aws).await.map_err(adapter_error)
}

pub async fn blobs(config: &Config, aws: &aws_env::Aws) -> Result<Arc<dyn Blobs>, ConfigError> {
    if cfg!(not(any(feature = "aws-s3", feature = "embedded"))) {
        return Ok(Arc::new(Absent {
            port: "blobs",
            features: "`aws-s3` or `embedded`",
        }));
    }
    blobs::open(&config.blobs, aws).await.map_err(adapter_error)
}

/// The payment gateway, its credentials overlaid from Secrets Manager in AWS.
#[cfg(feature = "payment-gateway")]
pub async fn payments(
    config: &Config,
    aws: &aws_env::Aws,
) -> Result<Arc<dyn PaymentGateway>, ConfigError> {
    let payments = crate::secrets::payment_credentials(config, aws).await?;
    payments::open(&payments).map_err(adapter_error)
}

#[cfg(not(feature = "payment-gateway"))]
pub async fn payments(
    _: &Config,
    _: &aws_env::Aws,
) -> Result<Arc<dyn PaymentGateway>, ConfigError> {
    Ok(Arc::new(Absent {
        port: "payment gateway",
        features: "`payment-gateway`",
    }))
}

/// The local-only build's refusals: `cargo test -p app --no-default-features
/// --features embedded` (`make rust-test`) runs these; the full build has
/// every adapter and none of them.
#[cfg(all(
    test,
    not(all(
        feature = "aws-dynamodb",
        feature = "aws-ses",
        feature = "aws-s3",
        feature = "aws-secrets",
        feature = "payment-gateway"
    ))
))]
mod tests {
    use crate::{App, Config, ConfigError};

    /// `App::with_config` over an embedded configuration plus `vars`.
    async fn start(
        name: &str,
        vars: &'static [(&'static str, &'static str)],
    ) -> Result<App, ConfigError> {
        let dir = std::env::temp_dir().join(format!("app-adapters-{name}-{}", std::process::id()));
        let dir = dir.to_str().unwrap().to_owned();
        let config = Config::from_lookup(|var| match var {
            "DATA_DIR" => Some(dir.clone()),
            _ => vars
                .iter()
                .find(|(n, _)| *n == var)
                .map(|(_, v)| v.to_string()),
        })?;
        App::with_config(config).await
    }

    fn refusal(result: Result<App, ConfigError>) -> String {
        match result {
            Ok(_) => panic!("started with an adapter the build lacks"),
            Err(error) => error.to_string(),
        }
    }

    #[cfg(not(feature = "aws-dynamodb"))]
    #[tokio::test]
    async fn dynamodb_without_its_feature_fails_at_init() {
        let error = refusal(start("dynamo", &[("TABLE_NAME", "shop")]).await);
        assert!(error.contains("cargo feature `store/aws`"), "{error}");
    }

    #[cfg(not(feature = "aws-ses"))]
    #[tokio::test]
    async fn ses_without_its_feature_fails_at_init() {
        let error = refusal(start("ses", &[("MAIL_TRANSPORT", "ses")]).await);
        assert!(error.contains("cargo feature `mail/aws`"), "{error}");
    }

    #[cfg(not(feature = "aws-s3"))]
    #[tokio::test]
    async fn s3_without_its_feature_fails_at_init() {
        let error = refusal(start("s3", &[("BLOBS_BUCKET", "blobs")]).await);
        assert!(error.contains("cargo feature `blobs/aws`"), "{error}");
    }

    #[cfg(not(feature = "aws-secrets"))]
    #[tokio::test]
    async fn a_secret_without_secrets_manager_fails_at_init() {
        let vars = &[(
            "ORIGIN_SECRET_ARN",
            "arn:aws:secretsmanager:us-east-1:1:secret:o",
        )];
        let error = refusal(start("secret", vars).await);
        assert!(error.contains("ORIGIN_SECRET_ARN"), "{error}");
        assert!(error.contains("`aws-secrets`"), "{error}");
    }

    #[cfg(not(feature = "payment-gateway"))]
    #[tokio::test]
    async fn a_build_without_a_gateway_answers_payments_with_the_feature() {
        let app = start("gateway", &[])
            .await
            .expect("the embedded adapters start");
        let error = app
            .gateway
            .client_token(None)
            .await
            .unwrap_err()
            .to_string();
        assert!(error.contains("`payment-gateway`"), "{error}");
    }
}
