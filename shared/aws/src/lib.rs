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
//! the `AWS_*` variables when it loads (feature `credentials-chain`, on for
//! the local shop and tools; a Lambda build reads only the variables the
//! runtime sets, see [`load`]).

use aws_config::{BehaviorVersion, Region};
use aws_credential_types::Credentials;
use aws_smithy_http_client::tls::{rustls_provider::CryptoMode, Provider, TlsContext, TrustStore};
use aws_smithy_runtime_api::client::http::SharedHttpClient;
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

/// A client built on its first use rather than at init. Building an SDK
/// client parses its crate's endpoint partitions (JSON and regexes) and the
/// trust store's certificates: a few hundred microseconds of a function's
/// cold start each. A client that only some requests need (the payment
/// function's mailer and invoice store) is built by the first of them.
pub type OnFirstUse<C> = std::sync::LazyLock<C, Box<dyn FnOnce() -> C + Send>>;

/// A client that `build` makes when first asked for.
pub fn on_first_use<C>(build: impl FnOnce() -> C + Send + 'static) -> OnFirstUse<C> {
    std::sync::LazyLock::new(Box::new(build))
}

/// The HTTPS client of every AWS client: rustls on ring, the TLS stack the
/// payment and OAuth calls (reqwest) use too, so a bootstrap carries one
/// (the SDK's default, aws-lc, is a second and larger one, slower to start).
fn https_client() -> SharedHttpClient {
    let tls = TlsContext::builder()
        .with_trust_store(trust_store())
        .build()
        .expect("a TLS context of PEM certificates builds");
    aws_smithy_http_client::Builder::new()
        .tls_provider(Provider::Rustls(CryptoMode::Ring))
        .tls_context(tls)
        .build_https()
}

/// The roots of Amazon Trust Services, which sign the certificates of every
/// AWS service endpoint: Amazon Root CA 1 to 4, and the Starfield root that
/// cross-signs them.
pub const AMAZON_TRUST_SERVICES: &str = include_str!("amazon-trust-services.pem");

/// The machine's certificate store (feature `native-roots`): the local shop
/// and tools, which may reach AWS through a proxy with its own CA, or a local
/// endpoint over HTTPS.
#[cfg(feature = "native-roots")]
fn trust_store() -> TrustStore {
    TrustStore::default()
}

/// The Lambda builds trust the roots of AWS's own endpoints only. The
/// machine's store costs every client built at init ~2 ms: the SDK reads
/// every file of it and parses all its ~150 certificates once per client.
#[cfg(not(feature = "native-roots"))]
fn trust_store() -> TrustStore {
    TrustStore::empty().with_pem_certificate(AMAZON_TRUST_SERVICES.as_bytes())
}

/// The credentials used with local endpoints when the environment has none.
fn local_credentials() -> Credentials {
    Credentials::new("local", "local", None, None, "local-endpoint")
}

/// Loads the SDK configuration: the default chain (region, credentials:
/// profiles, web identity, ECS, instance metadata) with the offline defaults
/// of [`Aws::new`] when `local_only`.
#[cfg(feature = "credentials-chain")]
pub async fn load(config: AwsConfig, local_only: bool) -> SdkConfig {
    let mut loader = aws_config::defaults(BehaviorVersion::latest()).http_client(https_client());
    if local_only {
        if !config.credentials_in_env {
            loader = loader.credentials_provider(local_credentials());
        }
        if !config.region_in_env {
            loader = loader.region(Region::new(LOCAL_REGION));
        }
    }
    loader.load().await
}

/// Loads the SDK configuration from the environment variables alone, as the
/// Lambda runtime sets them (`AWS_REGION`, `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), with the offline defaults
/// of [`Aws::new`] when `local_only`. Without feature `credentials-chain`
/// (the Lambda builds) the SDK's chain, an STS client among it, is not
/// linked at all.
#[cfg(not(feature = "credentials-chain"))]
pub async fn load(config: AwsConfig, local_only: bool) -> SdkConfig {
    use aws_config::environment::{
        EnvironmentVariableCredentialsProvider, EnvironmentVariableRegionProvider,
    };
    use aws_config::meta::region::ProvideRegion;
    use aws_credential_types::provider::SharedCredentialsProvider;

    let region = match local_only && !config.region_in_env {
        true => Some(Region::new(LOCAL_REGION)),
        false => EnvironmentVariableRegionProvider::new().region().await,
    };
    let credentials = match local_only && !config.credentials_in_env {
        true => SharedCredentialsProvider::new(local_credentials()),
        false => SharedCredentialsProvider::new(EnvironmentVariableCredentialsProvider::new()),
    };
    // What the chain's loader would set too: standard retries, and its
    // connect timeout.
    let timeouts = aws_config::timeout::TimeoutConfig::builder()
        .connect_timeout(std::time::Duration::from_millis(3100))
        .build();
    SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(region)
        .credentials_provider(credentials)
        .http_client(https_client())
        .retry_config(aws_config::retry::RetryConfig::standard())
        .timeout_config(timeouts)
        .build()
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
    /// The Lambda builds' loader: `cargo test -p aws-env --no-default-features`.
    #[cfg(not(feature = "credentials-chain"))]
    #[tokio::test]
    async fn without_the_chain_region_and_credentials_come_from_the_environment() {
        use aws_credential_types::provider::ProvideCredentials;
        std::env::set_var("AWS_REGION", "eu-west-3");
        std::env::set_var("AWS_ACCESS_KEY_ID", "AKIDLAMBDA");
        std::env::set_var("AWS_SECRET_ACCESS_KEY", "secret");
        std::env::set_var("AWS_SESSION_TOKEN", "token");
        let config = AwsConfig {
            credentials_in_env: true,
            region_in_env: true,
        };
        let sdk = load(config, false).await;
        assert_eq!(sdk.region().map(|r| r.as_ref()), Some("eu-west-3"));
        let credentials = sdk.credentials_provider().unwrap();
        let credentials = credentials.provide_credentials().await.unwrap();
        assert_eq!(credentials.access_key_id(), "AKIDLAMBDA");
        assert_eq!(credentials.session_token(), Some("token"));
        assert!(sdk.http_client().is_some());
        assert!(sdk.retry_config().is_some_and(|r| r.max_attempts() == 3));
    }

    use super::*;

    #[test]
    fn a_client_on_first_use_is_built_once_by_its_first_caller() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let builds = Arc::new(AtomicUsize::new(0));
        let counted = builds.clone();
        let client = on_first_use(move || counted.fetch_add(1, Ordering::SeqCst) + 1);
        assert_eq!(builds.load(Ordering::SeqCst), 0, "not built before use");
        assert_eq!(*client, 1);
        assert_eq!(*client, 1);
        assert_eq!(builds.load(Ordering::SeqCst), 1, "built once");
        assert_eq!(*on_first_use(|| 7), 7);
    }

    #[test]
    fn the_amazon_roots_are_five_valid_certificates() {
        use rustls_pki_types::{pem::PemObject, CertificateDer};
        let certificates = CertificateDer::pem_slice_iter(AMAZON_TRUST_SERVICES.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let mut roots = rustls::RootCertStore::empty();
        assert_eq!(roots.add_parsable_certificates(certificates), (5, 0));
    }

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
