//! The AWS configuration, with offline defaults for a local endpoint.

use aws_config::{BehaviorVersion, Region, SdkConfig};
use aws_sdk_s3::config::Credentials;

fn set(names: &[&str]) -> bool {
    names
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

/// With a local endpoint (moto, MinIO) and no credentials or region in the
/// environment, dummy credentials and us-east-1, so it works offline.
pub async fn sdk_config(endpoint: Option<&str>) -> SdkConfig {
    let mut loader = aws_config::defaults(BehaviorVersion::latest());
    if let Some(endpoint) = endpoint {
        loader = loader.endpoint_url(endpoint);
        if !set(&[
            "AWS_ACCESS_KEY_ID",
            "AWS_PROFILE",
            "AWS_WEB_IDENTITY_TOKEN_FILE",
            "AWS_CONTAINER_CREDENTIALS_FULL_URI",
        ]) {
            loader = loader.credentials_provider(Credentials::new(
                "local",
                "local",
                None,
                None,
                "local-endpoint",
            ));
        }
        if !set(&["AWS_REGION", "AWS_DEFAULT_REGION"]) {
            loader = loader.region(Region::new("us-east-1"));
        }
    }
    loader.load().await
}
