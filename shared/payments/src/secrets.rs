//! Secrets Manager: a secret's JSON value.

use aws_sdk_secretsmanager::Client;
use serde_json::Value;

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("secret {arn} could not be read: {message}")]
    Read { arn: String, message: String },
    #[error("secret {arn} is not a JSON object")]
    NotJson { arn: String },
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
