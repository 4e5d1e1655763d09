//! Credentials from Secrets Manager (moto's server), in the JSON shape infra
//! creates: `{merchantId, publicKey, privateKey}` and `{clientId, clientSecret}`.

#[path = "../../testkit/moto.rs"]
mod moto;

use std::collections::HashMap;

use aws_env::SdkConfig;
use payments::{ConfigError, PaymentsConfig};

/// The process's one AWS configuration (its HTTPS client included), offline.
async fn sdk(endpoint: &str) -> SdkConfig {
    let aws = aws_env::Aws::local();
    aws_env::with_endpoint(aws.sdk_config().await, Some(endpoint))
}

async fn secret(sdk: &SdkConfig, name: &str, value: &str) -> String {
    aws_sdk_secretsmanager::Client::new(sdk)
        .create_secret()
        .name(name)
        .secret_string(value)
        .send()
        .await
        .expect("create secret")
        .arn()
        .expect("arn")
        .to_string()
}

#[tokio::test]
async fn provider_and_paypal_secrets_overlay_the_configuration() {
    let moto = moto::Moto::start();
    let sdk = sdk(&moto.endpoint()).await;
    let provider = secret(
        &sdk,
        "PaymentProvider",
        r#"{"merchantId":"m-live","publicKey":"pk-live","privateKey":"sk-live"}"#,
    )
    .await;
    let paypal = secret(
        &sdk,
        "PayPal",
        r#"{"clientId":"pp-id","clientSecret":"pp-secret"}"#,
    )
    .await;
    let vars: HashMap<&str, String> = HashMap::from([
        ("PAYMENT_ENVIRONMENT", "production".to_string()),
        ("PAYMENT_PROVIDER_SECRET_ARN", provider),
        ("PAYPAL_SECRET_ARN", paypal),
    ]);
    let lookup = |name: &str| vars.get(name).cloned();
    let config = PaymentsConfig::from_lookup(lookup)
        .expect("variables")
        .with_secrets(&sdk, lookup)
        .await
        .expect("secrets");
    assert_eq!(config.gateway.merchant_id, "m-live");
    assert_eq!(config.gateway.public_key, "pk-live");
    assert_eq!(config.gateway.private_key, "sk-live");
    assert_eq!(config.paypal.client_id, "pp-id");
    assert_eq!(config.paypal.client_secret, "pp-secret");
    assert_eq!(
        config.gateway.graphql_url,
        "https://payments.braintree-api.com/graphql"
    );
}

#[tokio::test]
async fn unfilled_missing_or_non_json_secrets_are_errors() {
    let moto = moto::Moto::start();
    let sdk = sdk(&moto.endpoint()).await;
    let unfilled = secret(
        &sdk,
        "Unfilled",
        r#"{"merchantId":"","publicKey":"","privateKey":""}"#,
    )
    .await;
    let not_json = secret(&sdk, "NotJson", "just text").await;
    for (arn, expect_secret_error) in [
        (unfilled, false),
        (not_json, true),
        (
            "arn:aws:secretsmanager:us-east-1:123456789012:secret:Nope-abcdef".to_string(),
            true,
        ),
    ] {
        let lookup = |name: &str| (name == "PAYMENT_PROVIDER_SECRET_ARN").then(|| arn.clone());
        let result = PaymentsConfig::sandbox("http://127.0.0.1:1/sandbox")
            .with_secrets(&sdk, lookup)
            .await;
        match result {
            Err(ConfigError::Secret(_)) => assert!(expect_secret_error, "{arn}"),
            Err(ConfigError::Invalid(name, _)) => {
                assert!(!expect_secret_error, "{arn}");
                assert_eq!(name, "PAYMENT_PROVIDER_SECRET_ARN");
            }
            Ok(_) => panic!("{arn} was accepted"),
        }
    }
}

#[tokio::test]
async fn a_stage_reads_that_version_and_a_missing_stage_is_none() {
    let moto = moto::Moto::start();
    let sdk = sdk(&moto.endpoint()).await;
    let arn = secret(&sdk, "SessionKey", "first").await;
    let read = |stage: &'static str| payments::read_secret_stage(&sdk, &arn, stage);
    assert_eq!(read("AWSCURRENT").await.unwrap().as_deref(), Some("first"));
    // Never rotated: no previous version.
    assert_eq!(read("AWSPREVIOUS").await.unwrap(), None);
    // What an operator's `put-secret-value` does: a new AWSCURRENT, the old one AWSPREVIOUS.
    aws_sdk_secretsmanager::Client::new(&sdk)
        .put_secret_value()
        .secret_id(&arn)
        .secret_string("second")
        .send()
        .await
        .expect("put secret value");
    assert_eq!(read("AWSCURRENT").await.unwrap().as_deref(), Some("second"));
    assert_eq!(read("AWSPREVIOUS").await.unwrap().as_deref(), Some("first"));
    let missing = "arn:aws:secretsmanager:us-east-1:123456789012:secret:Nope-abcdef";
    assert_eq!(
        payments::read_secret_stage(&sdk, missing, "AWSPREVIOUS")
            .await
            .unwrap(),
        None
    );
}
