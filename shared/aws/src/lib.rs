//! The process's one AWS configuration. [`Aws`] loads the SDK's
//! [`SdkConfig`] (region and credentials chain) the first time a client
//! needs it and hands the same one to every client: the DynamoDB table, the
//! S3 blob store, the SES mailer. Each client applies its own endpoint
//! override with [`with_endpoint`] (the endpoints belong to each adapter's
//! configuration, not to [`AwsConfig`]).
//!
//! A further AWS client (Secrets Manager, for the secrets) is built the same
//! way: `Client::new(aws.sdk_config().await)` from the one [`Aws`] of the
//! process (`app::App::aws`), with its dependency trimmed in the root
//! `Cargo.toml` like the others.
//!
//! This crate reads no environment variable: `app::Config` reads them, in one
//! lookup, into the plain data of [`AwsConfig`]; the SDK's own chain reads
//! the `AWS_*` variables when it loads.

use aws_config::{BehaviorVersion, Region};
use aws_credential_types::Credentials;
use aws_smithy_http_client::tls::{rustls_provider::CryptoMode, Provider};
use tokio::sync::OnceCell;

pub use aws_config::SdkConfig;

/// Variables through which the SDK's chain finds credentials; with none set
/// and only local endpoints, dummy credentials are used.
pub const CREDENTIALS_VARIABLES: [&str; 4] = [
    "AWS_ACCESS_KEY_ID",
    "AWS_PROFILE",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
];

/// Variables through which the SDK's chain finds the region; with none set
/// and only local endpoints, `us-east-1`.
pub const REGION_VARIABLES: [&str; 2] = ["AWS_REGION", "AWS_DEFAULT_REGION"];

/// The region used with local endpoints when the environment names none.
pub const LOCAL_REGION: &str = "us-east-1";

/// What the environment says about reaching AWS: plain data, built by
/// `app::Config` from its one environment lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AwsConfig {
    /// One of [`CREDENTIALS_VARIABLES`] is set.
    pub credentials_in_env: bool,
    /// One of [`REGION_VARIABLES`] is set.
    pub region_in_env: bool,
}

/// The process's AWS configuration, loaded at most once, on first use.
#[derive(Debug)]
pub struct Aws {
    config: AwsConfig,
    local_only: bool,
    sdk: OnceCell<SdkConfig>,
}

impl Aws {
    /// `local_only`: every AWS service the process uses has a local endpoint
    /// (DynamoDB Local, moto). Then missing credentials and region are filled
    /// with dummy ones and [`LOCAL_REGION`], so it works offline with no AWS
    /// setup and never probes instance metadata.
    pub fn new(config: AwsConfig, local_only: bool) -> Self {
        Self {
            config,
            local_only,
            sdk: OnceCell::new(),
        }
    }

    /// For tests and tools on local servers only: nothing taken from the
    /// environment but what the SDK's chain reads itself.
    pub fn local() -> Self {
        Self::new(AwsConfig::default(), true)
    }

    /// The shared configuration, loaded on the first call.
    pub async fn sdk_config(&self) -> &SdkConfig {
        self.sdk
            .get_or_init(|| load(self.config, self.local_only))
            .await
    }
}

/// Loads the SDK configuration: the default chain (region, credentials) with
/// the offline defaults of [`Aws::new`] when `local_only`.
pub async fn load(config: AwsConfig, local_only: bool) -> SdkConfig {
    // The HTTPS client of every AWS client: rustls on ring, the TLS stack the
    // payment and OAuth calls (reqwest) use too, so a bootstrap carries one
    // (the SDK's default, aws-lc, is a second and larger one, slower to start).
    let https = aws_smithy_http_client::Builder::new()
        .tls_provider(Provider::Rustls(CryptoMode::Ring))
        .build_https();
    let mut loader = aws_config::defaults(BehaviorVersion::latest()).http_client(https);
    if local_only {
        if !config.credentials_in_env {
            loader = loader.credentials_provider(Credentials::new(
                "local",
                "local",
                None,
                None,
                "local-endpoint",
            ));
        }
        if !config.region_in_env {
            loader = loader.region(Region::new(LOCAL_REGION));
        }
    }
    loader.load().await
}

/// The configuration one client is built from: the shared one, pointed at
/// `endpoint` when set (a local server), else at AWS itself.
pub fn with_endpoint(sdk: &SdkConfig, endpoint: Option<&str>) -> SdkConfig {
    match endpoint {
        Some(endpoint) => sdk.to_builder().endpoint_url(endpoint).build(),
        None => sdk.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn local_only_fills_region_and_credentials() {
        let aws = Aws::local();
        let first = aws.sdk_config().await;
        assert_eq!(first.region().map(|r| r.as_ref()), Some(LOCAL_REGION));
        assert!(first.credentials_provider().is_some());
        // Loaded once: the same configuration on every call.
        assert!(std::ptr::eq(first, aws.sdk_config().await));
        let local = with_endpoint(first, Some("http://127.0.0.1:8000"));
        assert_eq!(local.endpoint_url(), Some("http://127.0.0.1:8000"));
        assert_eq!(with_endpoint(first, None).endpoint_url(), None);
    }
}
