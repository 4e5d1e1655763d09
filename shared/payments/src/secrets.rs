//! Secrets Manager: a secret's JSON value, or one version stage's string.

use aws_sdk_secretsmanager::Client;
use serde_json::Value;

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("secret {arn} could not be read: {message}")]
    Read { arn: String, message: String },
    #[error("secret {arn} is not a JSON object")]
    NotJson { arn: String },
    #[error("secret {arn} has no string value")]
    NotText { arn: String },
}

/// The string value of the secret `arn` at version `stage` (`AWSCURRENT`,
/// `AWSPREVIOUS`), or `None` when the secret has no version in that stage
/// (a secret never rotated has no `AWSPREVIOUS`).
pub async fn read_secret_stage(
    sdk: &aws_config::SdkConfig,
    arn: &str,
    stage: &str,
) -> Result<Option<String>, SecretError> {
    let client = Client::new(sdk);
    let result = client
        .get_secret_value()
        .secret_id(arn)
        .version_stage(stage)
        .send()
        .await;
    let out = match result {
        Ok(out) => out,
        Err(e)
            if e.as_service_error()
                .is_some_and(|e| e.is_resource_not_found_exception()) =>
        {
            return Ok(None)
        }
        Err(e) => {
            return Err(SecretError::Read {
                arn: arn.to_string(),
                message: aws_sdk_secretsmanager::error::DisplayErrorContext(&e).to_string(),
            })
        }
    };
    out.secret_string()
        .map(|text| Some(text.to_string()))
        .ok_or_else(|| SecretError::NotText {
            arn: arn.to_string(),
        })
}

/// Reads the secret `arn` and parses its string value as a JSON object.
pub async fn read_secret_json(
    sdk: &aws_config::SdkConfig,
    arn: &str,
) -> Result<Value, SecretError> {
    let client = Client::new(sdk);
    let out = client
        .get_secret_value()
        .secret_id(arn)
        .send()
        .await
        .map_err(|e| SecretError::Read {
            arn: arn.to_string(),
            message: aws_sdk_secretsmanager::error::DisplayErrorContext(&e).to_string(),
        })?;
    let text = out.secret_string().ok_or_else(|| SecretError::NotJson {
        arn: arn.to_string(),
    })?;
    serde_json::from_str::<Value>(text)
        .ok()
        .filter(Value::is_object)
        .ok_or_else(|| SecretError::NotJson {
            arn: arn.to_string(),
        })
}
