//! Values read from Secrets Manager at init, where the configuration names a
//! secret (in AWS): the OAuth clients, the origin secret, the session keys
//! and the payment credentials. A build without Secrets Manager (feature
//! `aws-secrets` off: the local builds) refuses a configuration naming one.

use aws_env::Aws;

use crate::{Config, ConfigError};

/// The variables of `config` that name a secret.
fn named_secrets(config: &Config) -> Vec<&'static str> {
    let mut named: Vec<&'static str> = config.payment_secret_arns.iter().map(|(n, _)| *n).collect();
    for (name, arn) in [
        ("OAUTH_SECRET_ARN", &config.oauth.secret_arn),
        ("ORIGIN_SECRET_ARN", &config.edge.origin_secret_arn),
        ("SESSION_KEY_SECRET_ARN", &config.session_key_secret_arn),
    ] {
        if arn.is_some() {
            named.push(name);
        }
    }
    named
}

/// Refuses a configuration naming a secret when this build cannot read one.
fn require_reader(config: &Config) -> Result<(), ConfigError> {
    match named_secrets(config).first() {
        Some(name) if cfg!(not(feature = "aws-secrets")) => Err(ConfigError::Invalid(
            name,
            "this build has no Secrets Manager client: it needs cargo feature `aws-secrets` of app"
                .into(),
        )),
        _ => Ok(()),
    }
}

/// Reads every secret the configuration names into it, except the payment
/// credentials ([`payment_credentials`]).
pub async fn read(config: &mut Config, aws: &Aws) -> Result<(), ConfigError> {
    require_reader(config)?;
    reader::read_oauth_clients(config, aws).await?;
    reader::read_origin_secret(config, aws).await?;
    reader::read_session_keys(config, aws).await
}

/// The payment configuration with its credentials overlaid from Secrets
/// Manager when named.
#[cfg(feature = "payment-gateway")]
pub async fn payment_credentials(
    config: &Config,
    aws: &Aws,
) -> Result<payments::PaymentsConfig, ConfigError> {
    require_reader(config)?;
    reader::payment_credentials(config, aws).await
}

/// Without Secrets Manager, [`require_reader`] has refused any named secret:
/// nothing is left to read.
#[cfg(not(feature = "aws-secrets"))]
mod reader {
    use super::*;

    pub(super) async fn read_oauth_clients(_: &mut Config, _: &Aws) -> Result<(), ConfigError> {
        Ok(())
    }

    pub(super) async fn read_origin_secret(_: &mut Config, _: &Aws) -> Result<(), ConfigError> {
        Ok(())
    }

    pub(super) async fn read_session_keys(_: &mut Config, _: &Aws) -> Result<(), ConfigError> {
        Ok(())
    }

    #[cfg(feature = "payment-gateway")]
    pub(super) async fn payment_credentials(
        config: &Config,
        _: &Aws,
    ) -> Result<payments::PaymentsConfig, ConfigError> {
        Ok(config.payments.clone())
    }
}

#[cfg(feature = "aws-secrets")]
mod reader {
    use super::*;
    use crate::decode_session_key;

    /// The social sign-in clients from Secrets Manager, when the configuration
    /// names their secret (in AWS).
    pub(super) async fn read_oauth_clients(
        config: &mut Config,
        aws: &Aws,
    ) -> Result<(), ConfigError> {
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
    pub(super) async fn read_origin_secret(
        config: &mut Config,
        aws: &Aws,
    ) -> Result<(), ConfigError> {
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
    pub(super) async fn read_session_keys(
        config: &mut Config,
        aws: &Aws,
    ) -> Result<(), ConfigError> {
        const NAME: &str = "SESSION_KEY_SECRET_ARN";
        let Some(arn) = config.session_key_secret_arn.clone() else {
            return Ok(());
        };
        let sdk = aws.sdk_config().await;
        let read = |stage| payments::read_secret_stage(sdk, &arn, stage);
        let adapter = |e: payments::SecretError| ConfigError::Adapter(e.to_string());
        let current = read("AWSCURRENT").await.map_err(adapter)?.ok_or_else(|| {
            ConfigError::Invalid(NAME, "the secret has no AWSCURRENT version".into())
        })?;
        config.session_key = decode_session_key(NAME, &current)?;
        // An unusable previous key is skipped, not fatal: after an operator
        // replaces a bad key, the bad one is AWSPREVIOUS and must not stop init.
        config.previous_session_key = read("AWSPREVIOUS")
            .await
            .map_err(adapter)?
            .and_then(|previous| decode_session_key(NAME, &previous).ok());
        Ok(())
    }

    /// The payment credentials overlaid from their secrets.
    #[cfg(feature = "payment-gateway")]
    pub(super) async fn payment_credentials(
        config: &Config,
        aws: &Aws,
    ) -> Result<payments::PaymentsConfig, ConfigError> {
        let arns = &config.payment_secret_arns;
        if arns.is_empty() {
            return Ok(config.payments.clone());
        }
        let lookup = |name: &str| {
            arns.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| a.clone())
        };
        config
            .payments
            .clone()
            .with_secrets(aws.sdk_config().await, lookup)
            .await
            .map_err(|e| ConfigError::Adapter(e.to_string()))
    }
}
