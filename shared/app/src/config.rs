//! Configuration variables (see the README's table), read in one place:
//! [`Config::from_lookup`] is the only reader, [`Config::from_env`] runs it
//! over the process environment and [`Config::local`] over an empty one, so
//! the two cannot disagree. The adapters' configurations are plain data built
//! here, and so is the local server's (its assets host, `LAMBDA_EVENTS`).
//!
//! One thing is read before this: the log setup (`RUST_LOG`, and whether
//! the process runs in Lambda, `shop_http::lambda::init_tracing`), because
//! it comes first, so that reading the configuration is logged, and
//! `shopctl catalog validate` logs without reading any shop configuration.

use std::path::{Path, PathBuf};

use base64::Engine;

use crate::oauth::OAuthConfig;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration variable {0} is not valid: {1}")]
    Invalid(&'static str, String),
    #[error("configuration variable {0} is not set: {1}")]
    Missing(&'static str, String),
    #[error("adapter could not start: {0}")]
    Adapter(String),
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The public origin of the shop, e.g. `https://shop.example.com`; links in
    /// emails are built from it. `SITE_URL`, default `http://127.0.0.1:$PORT`.
    pub site_url: String,
    /// Origins whose state-changing requests are accepted (`ALLOWED_ORIGINS`,
    /// comma separated; defaults to the site's origin).
    pub allowed_origins: Vec<String>,
    /// Key that signs access tokens (`SESSION_KEY`, base64). Locally a key is
    /// generated and kept under `.data/` so sessions survive restarts. In AWS
    /// the `AWSCURRENT` version of the `SESSION_KEY_SECRET_ARN` secret, read
    /// once at init (empty until then).
    pub session_key: Vec<u8>,
    /// The key before the last rotation (the secret's `AWSPREVIOUS` version):
    /// tokens it signed are still accepted, so a rotation logs no one out and
    /// functions started before and after it agree. Never signs.
    pub previous_session_key: Option<Vec<u8>>,
    /// The Secrets Manager entry holding the session key (`SESSION_KEY_SECRET_ARN`).
    pub session_key_secret_arn: Option<String>,
    /// Cookies are `Secure` and `__Host-`-prefixed unless the site is plain-http localhost.
    pub secure_cookies: bool,
    /// Where the payment provider, PayPal and the OAuth providers are reached
    /// (`SANDBOX_URL`; locally the sandbox mounted at `/sandbox` on the same server).
    pub sandbox_url: String,
    /// The folder of embedded data (`DATA_DIR`, default `.data` at the repository root).
    pub data_dir: PathBuf,
    /// The local server's port (`PORT`, default 3000; an unreadable value is 3000 too).
    pub port: u16,
    /// The local server's second listener, the payment SDK's assets host.
    pub assets: AssetsConfig,
    /// Where `shopctl publish` writes in AWS (`SITE_BUCKET`,
    /// `PUBLISHED_PAGES_ARN`, `DISTRIBUTION_ID`, all three or none); `None`:
    /// into the local site folder.
    pub publication: Option<PublicationTarget>,
    /// The local server hands every API call to its function's `lambda_http`
    /// entry as an API Gateway v2 event, as in AWS (`LAMBDA_EVENTS=1`).
    pub lambda_events: bool,
    /// Where a request's client address is read (the per-address abuse limits).
    pub edge: EdgeConfig,
    /// Where the house is told about made-to-order requests and appointments
    /// (`HOUSE_EMAIL`, default `atelier@couture.invalid`).
    pub house_email: String,
    /// The social sign-in providers (`GOOGLE_*`, `FACEBOOK_*`; in AWS the
    /// clients of the `OAUTH_SECRET_ARN` secret, read once at init).
    pub oauth: OAuthConfig,
    /// The payment provider and PayPal (`PAYMENT_*`, `PAYPAL_*`; the sandbox by default).
    pub payments: payments::PaymentsConfig,
    /// Secrets Manager entries overlaying the payment credentials in AWS
    /// (`PAYMENT_PROVIDER_SECRET_ARN`, `PAYPAL_SECRET_ARN`), read once at init.
    pub payment_secret_arns: Vec<(&'static str, String)>,
    /// Tax charged at checkout, in basis points of the subtotal (`TAX_RATE`,
    /// a percentage such as `8.25`; default 0).
    pub tax_basis_points: u32,
    /// What the environment says about reaching AWS (`AWS_REGION`, credentials).
    pub aws: aws_env::AwsConfig,
    pub table: store::TableConfig,
    pub mail: mail::MailConfig,
    pub blobs: blobs::BlobsConfig,
}

/// Where the local server's assets host listens and how browsers reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetsConfig {
    /// `ASSETS_PORT`, default the shop's port + 1 (3001 beside 3000).
    pub port: u16,
    /// `ASSETS_URL`, default `http://127.0.0.1:$ASSETS_PORT`: the client
    /// token's `assetsUrl`, and the origin the site loads the SDK from.
    pub url: String,
}

impl AssetsConfig {
    /// Read as `SITE_URL` is, with defaults that follow the shop's port.
    fn from_lookup(var: &dyn Fn(&str) -> Option<String>, shop_port: u16) -> Self {
        let port = var("ASSETS_PORT")
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or(shop_port.saturating_add(1));
        let url = var("ASSETS_URL")
            .map(|u| u.trim().trim_end_matches('/').to_string())
            .unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
        Self { port, url }
    }
}

/// The Site stack a publication writes to: its bucket, the key-value store
/// of published pages and the distribution (the stack's outputs
/// `SiteBucketName`, `PublishedPagesArn` and `DistributionId`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicationTarget {
    pub bucket: String,
    pub store_arn: String,
    pub distribution: String,
}

impl PublicationTarget {
    const VARIABLES: [&'static str; 3] = ["SITE_BUCKET", "PUBLISHED_PAGES_ARN", "DISTRIBUTION_ID"];

    /// The target the three variables name, or none when none is set; one
    /// or two of them alone name no target, and stop the start.
    fn from_lookup(var: &dyn Fn(&str) -> Option<String>) -> Result<Option<Self>, ConfigError> {
        let values = Self::VARIABLES.map(|name| var(name).map(|v| v.trim().to_string()));
        let target = match values {
            [None, None, None] => return Ok(None),
            [Some(bucket), Some(store_arn), Some(distribution)] => Self {
                bucket,
                store_arn,
                distribution,
            },
            partial => {
                let missing = Self::VARIABLES
                    .iter()
                    .zip(&partial)
                    .find_map(|(name, value)| value.is_none().then_some(*name))
                    .unwrap_or_default();
                return Err(ConfigError::Missing(
                    missing,
                    "publishing in AWS takes SITE_BUCKET, PUBLISHED_PAGES_ARN and DISTRIBUTION_ID together (the Site stack's outputs SiteBucketName, PublishedPagesArn and DistributionId)".into(),
                ));
            }
        };
        if !target.store_arn.starts_with("arn:") {
            return Err(ConfigError::Invalid(
                "PUBLISHED_PAGES_ARN",
                "must be the key-value store's ARN (arn:aws:cloudfront::...), the Site stack's output PublishedPagesArn".into(),
            ));
        }
        Ok(Some(target))
    }
}

/// Who may say where a request came from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EdgeConfig {
    /// Take the client address from the last `X-Forwarded-For` entry
    /// (`TRUST_FORWARDED_FOR=1`): only behind a proxy that sets it, never
    /// when clients reach the server directly.
    pub trust_forwarded_for: bool,
    /// The secret CloudFront sends in `X-Origin-Verify` (`ORIGIN_SECRET_ARN`,
    /// read once at init into `origin_secret`). With it, a request without
    /// that header is refused, and `CloudFront-Viewer-Address` names the client.
    pub origin_secret_arn: Option<String>,
    pub origin_secret: Option<String>,
}

/// The default sender of every email (`MAIL_FROM`).
pub const DEFAULT_MAIL_FROM: &str = "The shop <no-reply@couture.invalid>";
/// The default address of the house (`HOUSE_EMAIL`).
pub const DEFAULT_HOUSE_EMAIL: &str = "atelier@couture.invalid";
const DEFAULT_PORT: u16 = 3000;

impl Config {
    /// The configuration from the process environment (once per process).
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// The embedded defaults for a data folder and site address, ignoring the
    /// environment: what tests and tools use for an isolated shop. The same
    /// reader as [`Config::from_env`], over an environment holding only
    /// `DATA_DIR` and `SITE_URL`.
    pub fn local(data_dir: PathBuf, site_url: &str) -> Result<Self, ConfigError> {
        let dir = data_dir
            .to_str()
            .ok_or_else(|| ConfigError::Invalid("DATA_DIR", "not UTF-8".into()))?
            .to_owned();
        Self::from_lookup(|name| match name {
            "DATA_DIR" => Some(dir.clone()),
            "SITE_URL" => Some(site_url.to_owned()),
            _ => None,
        })
    }

    /// The one reader of configuration variables: `lookup` answers a
    /// variable's value, or `None` when unset. Empty (blank) values count as
    /// unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let data_dir = var("DATA_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(default_data_dir);
        let port = var("PORT")
            .and_then(|p| p.parse().ok())
            .unwrap_or(DEFAULT_PORT);
        let site_url = var("SITE_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
        let site_url = site_url.trim_end_matches('/').to_string();
        let allowed_origins = match var("ALLOWED_ORIGINS") {
            Some(list) => list
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_string())
                .collect(),
            None => local_aliases(&site_url),
        };
        let session_key_secret_arn = var("SESSION_KEY_SECRET_ARN").map(|a| a.trim().to_string());
        let session_key = match (&session_key_secret_arn, var("SESSION_KEY")) {
            // Read at init (`App::with_config`): no local key file in AWS.
            (Some(_), _) => Vec::new(),
            (None, Some(encoded)) => decode_session_key("SESSION_KEY", &encoded)?,
            // A Lambda function without the key (catalog) never reads
            // sessions, and has no writable folder for a key file.
            (None, None) if var("AWS_LAMBDA_FUNCTION_NAME").is_some() => Vec::new(),
            (None, None) => local_session_key(&data_dir)?,
        };
        let secure_cookies = !is_plain_http_localhost(&site_url);
        let sandbox_url = var("SANDBOX_URL").unwrap_or_else(|| format!("{site_url}/sandbox"));
        let table = match var("TABLE_NAME") {
            Some(table) => store::TableConfig::Dynamo {
                table,
                endpoint: var("DYNAMODB_ENDPOINT"),
            },
            None => store::TableConfig::Sqlite {
                path: data_dir.join("shop.sqlite"),
            },
        };
        let from = var("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.into());
        let mail = match var("MAIL_TRANSPORT").as_deref() {
            Some("ses") => mail::MailConfig::Ses {
                from,
                endpoint: var("SES_ENDPOINT"),
                configuration_set: var("SES_CONFIGURATION_SET"),
            },
            _ => mail::MailConfig::Outbox {
                dir: data_dir.join("outbox"),
                from,
            },
        };
        // Relative: the local server serves the folder at /blobs on the
        // site's own origin, as the distribution does in production.
        let public_base = var("BLOBS_PUBLIC_URL").unwrap_or_else(|| "/blobs".into());
        let blobs = match var("BLOBS_BUCKET") {
            Some(bucket) => blobs::BlobsConfig::S3 {
                bucket,
                endpoint: var("S3_ENDPOINT"),
                public_base,
            },
            None => blobs::BlobsConfig::Folder {
                dir: data_dir.join("blobs"),
                public_base,
            },
        };
        let any = |names: &[&str]| names.iter().any(|name| var(name).is_some());
        let aws = aws_env::AwsConfig {
            credentials_in_env: any(&aws_env::CREDENTIALS_VARIABLES),
            region_in_env: any(&aws_env::REGION_VARIABLES),
        };
        let tax_basis_points = match var("TAX_RATE") {
            None => 0,
            Some(rate) => domain::pricing::percent_basis_points(&rate).ok_or_else(|| {
                ConfigError::Invalid(
                    "TAX_RATE",
                    "a percentage from 0 to 100 with at most two decimals".into(),
                )
            })?,
        };
        let payments = payments::PaymentsConfig::from_lookup(|name| match name {
            "SANDBOX_URL" => Some(sandbox_url.clone()),
            _ => var(name),
        })
        .map_err(|e| ConfigError::Invalid("PAYMENT_*", e.to_string()))?;
        let payment_secret_arns = ["PAYMENT_PROVIDER_SECRET_ARN", "PAYPAL_SECRET_ARN"]
            .into_iter()
            .filter_map(|name| var(name).map(|arn| (name, arn)))
            .collect();
        Ok(Self {
            port,
            assets: AssetsConfig::from_lookup(&var, port),
            publication: PublicationTarget::from_lookup(&var)?,
            lambda_events: var("LAMBDA_EVENTS").is_some_and(|v| v.trim() == "1"),
            payments,
            payment_secret_arns,
            tax_basis_points,
            edge: EdgeConfig {
                trust_forwarded_for: var("TRUST_FORWARDED_FOR")
                    .is_some_and(|v| matches!(v.trim(), "1" | "true" | "yes")),
                origin_secret_arn: var("ORIGIN_SECRET_ARN").map(|arn| arn.trim().to_string()),
                origin_secret: None,
            },
            house_email: var("HOUSE_EMAIL").unwrap_or_else(|| DEFAULT_HOUSE_EMAIL.into()),
            oauth: OAuthConfig::from_lookup(&var, &sandbox_url),
            aws,
            table,
            mail,
            blobs,
            site_url,
            allowed_origins,
            session_key,
            previous_session_key: None,
            session_key_secret_arn,
            secure_cookies,
            sandbox_url,
            data_dir,
        })
    }

    /// The keys a signed value is accepted under: the current one, then the
    /// one before the last rotation. Only [`Config::session_key`] signs.
    /// An empty key (a function without one) accepts nothing.
    pub fn session_keys(&self) -> impl Iterator<Item = &[u8]> {
        std::iter::once(self.session_key.as_slice())
            .chain(self.previous_session_key.as_deref())
            .filter(|key| !key.is_empty())
    }

    /// Where the atelier console is opened (its WebAuthn origin, whose host
    /// is the relying party's id; invitation links point there): the
    /// site's own URL, except that a local site at `127.0.0.1` is reached
    /// as `localhost`, since WebAuthn refuses an IP address as an RP id.
    pub fn console_origin(&self) -> String {
        match self.site_url.strip_prefix("http://127.0.0.1") {
            Some(rest) if rest.is_empty() || rest.starts_with(':') => {
                format!("http://localhost{rest}")
            }
            _ => self.site_url.clone(),
        }
    }

    /// Whether an embedded adapter (the SQLite table, the outbox, the blobs
    /// folder) keeps its files under [`Config::data_dir`].
    pub(crate) fn uses_data_dir(&self) -> bool {
        matches!(self.table, store::TableConfig::Sqlite { .. })
            || matches!(self.mail, mail::MailConfig::Outbox { .. })
            || matches!(self.blobs, blobs::BlobsConfig::Folder { .. })
    }

    /// The endpoint override of each AWS service the adapters use (`None`:
    /// AWS itself); empty when no adapter needs AWS.
    pub fn aws_endpoints(&self) -> Vec<Option<&str>> {
        let mut endpoints = Vec::new();
        if let store::TableConfig::Dynamo { endpoint, .. } = &self.table {
            endpoints.push(endpoint.as_deref());
        }
        if let mail::MailConfig::Ses { endpoint, .. } = &self.mail {
            endpoints.push(endpoint.as_deref());
        }
        if let blobs::BlobsConfig::S3 { endpoint, .. } = &self.blobs {
            endpoints.push(endpoint.as_deref());
        }
        endpoints
    }
}

/// `.data` beside the repository's `cdk.json`, found from the working
/// directory, so the local server and `cargo lambda watch` share one store.
fn default_data_dir() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|dir| dir.join("cdk.json").is_file())
        .unwrap_or(&cwd)
        .join(".data")
}

fn is_plain_http_localhost(url: &str) -> bool {
    ["http://127.0.0.1", "http://localhost", "http://[::1]"]
        .iter()
        .any(|p| url.starts_with(p))
}

/// Locally the site is reached as 127.0.0.1 and as localhost alike.
fn local_aliases(site_url: &str) -> Vec<String> {
    let mut origins = vec![site_url.to_string()];
    for (a, b) in [("127.0.0.1", "localhost"), ("localhost", "127.0.0.1")] {
        if site_url.starts_with(&format!("http://{a}")) {
            origins.push(site_url.replacen(a, b, 1));
        }
    }
    origins
}

/// A session key as written in `SESSION_KEY` or the session key secret:
/// standard base64 of at least 32 bytes. `name` says where it came from.
pub fn decode_session_key(name: &'static str, encoded: &str) -> Result<Vec<u8>, ConfigError> {
    let key = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|e| ConfigError::Invalid(name, e.to_string()))?;
    if key.len() < 32 {
        return Err(ConfigError::Invalid(name, "needs at least 32 bytes".into()));
    }
    Ok(key)
}

/// The local session key, `session.key` in the data folder: generated once,
/// 0600 in a 0700 folder (`private`). A key file or folder made before keys
/// were private (0644, 0755) is tightened here, on start.
fn local_session_key(data_dir: &Path) -> Result<Vec<u8>, ConfigError> {
    let invalid = |e: std::io::Error| ConfigError::Invalid("DATA_DIR", e.to_string());
    crate::private::data_dir(data_dir).map_err(invalid)?;
    let path = data_dir.join("session.key");
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 32 {
            crate::private::secret_file(&path);
            return Ok(bytes);
        }
    }
    let key: [u8; 32] = rand::random();
    crate::private::write_secret(&path, &key).map_err(invalid)?;
    Ok(key.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("app-config-{name}-{}", std::process::id()))
    }

    /// `Config::local` and the environment reader over the same two variables.
    fn both(name: &str, site_url: &str) -> (Config, Config) {
        let dir = data_dir(name);
        let local = Config::local(dir.clone(), site_url).unwrap();
        let read = Config::from_lookup(|var| match var {
            "DATA_DIR" => Some(dir.to_str().unwrap().into()),
            "SITE_URL" => Some(site_url.into()),
            _ => None,
        })
        .unwrap();
        (local, read)
    }

    #[test]
    fn the_console_is_opened_at_localhost_locally_and_at_the_site_elsewhere() {
        let at = |site: &str| {
            Config::local(data_dir("console"), site)
                .unwrap()
                .console_origin()
        };
        assert_eq!(at("http://127.0.0.1:3000"), "http://localhost:3000");
        assert_eq!(at("http://127.0.0.1"), "http://localhost");
        assert_eq!(at("http://localhost:4000"), "http://localhost:4000");
        assert_eq!(at("https://shop.example.com"), "https://shop.example.com");
        assert_eq!(at("http://127.0.0.10:3000"), "http://127.0.0.10:3000");
    }

    #[test]
    fn local_is_the_reader_over_an_empty_environment() {
        let (local, read) = both("same", "http://127.0.0.1:3000/");
        let dir = data_dir("same");
        assert_eq!(format!("{local:?}"), format!("{read:?}"));
        assert_eq!(local.site_url, "http://127.0.0.1:3000");
        assert_eq!(
            local.allowed_origins,
            ["http://127.0.0.1:3000", "http://localhost:3000"]
        );
        assert!(!local.secure_cookies);
        assert_eq!(local.sandbox_url, "http://127.0.0.1:3000/sandbox");
        assert_eq!(local.port, 3000);
        assert_eq!(local.house_email, DEFAULT_HOUSE_EMAIL);
        assert_eq!(
            local.table,
            store::TableConfig::Sqlite {
                path: dir.join("shop.sqlite")
            }
        );
        assert_eq!(
            local.mail,
            mail::MailConfig::Outbox {
                dir: dir.join("outbox"),
                from: DEFAULT_MAIL_FROM.into()
            }
        );
        assert_eq!(
            local.blobs,
            blobs::BlobsConfig::Folder {
                dir: dir.join("blobs"),
                public_base: "/blobs".into()
            }
        );
        assert_eq!(
            local.oauth.google.auth_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/authorize"
        );
        assert_eq!(local.aws, aws_env::AwsConfig::default());
        assert!(local.aws_endpoints().is_empty());
        assert_eq!(local.session_key.len(), 32);
    }

    #[test]
    fn every_variable_is_read_through_the_lookup() {
        let dir = data_dir("vars");
        let vars = [
            ("DATA_DIR", dir.to_str().unwrap()),
            ("PORT", "8080"),
            ("SITE_URL", "https://shop.example.com/"),
            ("ALLOWED_ORIGINS", "https://a.example, https://b.example/"),
            (
                "SESSION_KEY",
                "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=",
            ),
            ("SANDBOX_URL", "https://pay.sandbox.example"),
            ("HOUSE_EMAIL", "atelier@couture.example"),
            ("TABLE_NAME", "shop"),
            ("DYNAMODB_ENDPOINT", "http://127.0.0.1:8000"),
            ("MAIL_TRANSPORT", "ses"),
            ("MAIL_FROM", "Maison <no-reply@couture.example>"),
            ("SES_CONFIGURATION_SET", "couture-staging"),
            ("BLOBS_BUCKET", "blobs"),
            ("BLOBS_PUBLIC_URL", "https://cdn.example"),
            ("FACEBOOK_CLIENT_SECRET", "s3cret"),
            ("FACEBOOK_LOGOUT_URL", "https://www.facebook.com/logout.php"),
            ("AWS_REGION", "eu-west-1"),
            ("SES_ENDPOINT", " "),
        ];
        let config = Config::from_lookup(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
        .unwrap();
        assert_eq!(config.port, 8080);
        assert_eq!(config.site_url, "https://shop.example.com");
        assert_eq!(
            config.allowed_origins,
            ["https://a.example", "https://b.example"]
        );
        assert!(config.secure_cookies);
        assert_eq!(config.session_key, b"01234567890123456789012345678901");
        assert_eq!(config.sandbox_url, "https://pay.sandbox.example");
        assert_eq!(config.house_email, "atelier@couture.example");
        assert_eq!(
            config.table,
            store::TableConfig::Dynamo {
                table: "shop".into(),
                endpoint: Some("http://127.0.0.1:8000".into())
            }
        );
        assert_eq!(
            config.mail,
            mail::MailConfig::Ses {
                from: "Maison <no-reply@couture.example>".into(),
                endpoint: None,
                configuration_set: Some("couture-staging".into())
            }
        );
        assert_eq!(
            config.blobs,
            blobs::BlobsConfig::S3 {
                bucket: "blobs".into(),
                endpoint: None,
                public_base: "https://cdn.example".into()
            }
        );
        assert_eq!(config.oauth.facebook.client_secret, "s3cret");
        assert_eq!(
            config.oauth.facebook.token_url,
            "https://pay.sandbox.example/oauth/facebook/token"
        );
        assert_eq!(
            config.oauth.facebook_logout_url,
            "https://www.facebook.com/logout.php"
        );
        assert_eq!(
            config.aws,
            aws_env::AwsConfig {
                credentials_in_env: false,
                region_in_env: true
            }
        );
        assert_eq!(
            config.aws_endpoints(),
            [Some("http://127.0.0.1:8000"), None, None]
        );
    }

    #[test]
    fn the_default_site_follows_the_port_and_bad_values_are_refused() {
        let dir = data_dir("port");
        let with = |port: &'static str, key: Option<&'static str>| {
            let dir = dir.to_str().unwrap().to_owned();
            Config::from_lookup(move |name| match name {
                "DATA_DIR" => Some(dir.clone()),
                "PORT" => Some(port.into()),
                "SESSION_KEY" => key.map(Into::into),
                _ => None,
            })
        };
        let config = with("4000", None).unwrap();
        assert_eq!(config.site_url, "http://127.0.0.1:4000");
        assert_eq!(config.port, 4000);
        assert_eq!(with("not a port", None).unwrap().port, 3000);
        assert!(matches!(
            with("4000", Some("c2hvcnQ=")),
            Err(ConfigError::Invalid("SESSION_KEY", _))
        ));
    }

    /// A configuration read with an empty data dir of its own and one
    /// variable set; the dir is returned so a test can look into it.
    fn with_one_variable(dir_name: &str, name: &str, value: &str) -> (Config, PathBuf) {
        let dir = data_dir(dir_name);
        let _ = std::fs::remove_dir_all(&dir);
        let config = Config::from_lookup(|n| match n {
            "DATA_DIR" => Some(dir.to_str().unwrap().into()),
            _ if n == name => Some(value.into()),
            _ => None,
        })
        .unwrap();
        (config, dir)
    }

    #[test]
    fn a_session_key_secret_is_read_at_init_not_from_a_local_file() {
        let (config, dir) = with_one_variable(
            "secret-arn",
            "SESSION_KEY_SECRET_ARN",
            " arn:aws:secretsmanager:x ",
        );
        assert_eq!(
            config.session_key_secret_arn.as_deref(),
            Some("arn:aws:secretsmanager:x")
        );
        assert!(config.session_key.is_empty());
        assert!(!dir.join("session.key").exists());
    }

    #[test]
    fn a_lambda_function_without_a_key_has_none_and_accepts_nothing() {
        let (config, dir) =
            with_one_variable("lambda-no-key", "AWS_LAMBDA_FUNCTION_NAME", "catalog");
        assert!(config.session_key.is_empty());
        assert!(!dir.join("session.key").exists());
        assert_eq!(config.session_keys().count(), 0);
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
    }

    /// An empty data folder of its own, made with `mode` (as an older
    /// checkout's `.data/` was).
    #[cfg(unix)]
    fn existing_data_dir(name: &str, mode: u32) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let dir = data_dir(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
        dir
    }

    #[cfg(unix)]
    #[test]
    fn the_local_session_key_is_private_in_a_private_folder() {
        let (config, dir) = with_one_variable("private-key", "PORT", "3000");
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("session.key")), 0o600);
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["session.key"], "no partial file left");
        let again = Config::local(dir.clone(), "http://127.0.0.1:3000").unwrap();
        assert_eq!(again.session_key, config.session_key, "kept across starts");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn an_older_readable_key_and_folder_are_tightened_on_start() {
        use std::os::unix::fs::PermissionsExt;
        let dir = existing_data_dir("loose-key", 0o755);
        let key = dir.join("session.key");
        std::fs::write(&key, b"01234567890123456789012345678901").unwrap();
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
        let config = Config::local(dir.clone(), "http://127.0.0.1:3000").unwrap();
        assert_eq!(config.session_key, b"01234567890123456789012345678901");
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&key), 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_shared_sticky_folder_is_never_chmodded() {
        let dir = existing_data_dir("sticky", 0o1777);
        let config = Config::local(dir.clone(), "http://127.0.0.1:3000").unwrap();
        assert_eq!(config.session_key.len(), 32);
        assert_eq!(mode(&dir), 0o1777, "a /tmp-like DATA_DIR keeps its mode");
        assert_eq!(mode(&dir.join("session.key")), 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_assets_host_follows_the_shops_port_unless_told() {
        let (config, _) = both("assets", "http://127.0.0.1:3000");
        assert_eq!(
            config.assets,
            AssetsConfig {
                port: 3001,
                url: "http://127.0.0.1:3001".into()
            }
        );
        let dir = data_dir("assets-set");
        let config = Config::from_lookup(|name| match name {
            "DATA_DIR" => Some(dir.to_str().unwrap().into()),
            "ASSETS_PORT" => Some("4100".into()),
            "ASSETS_URL" => Some("https://assets.shop.example/".into()),
            "LAMBDA_EVENTS" => Some("1".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(
            (config.assets.port, config.assets.url.as_str()),
            (4100, "https://assets.shop.example")
        );
        assert!(config.lambda_events);
        assert!(
            !Config::local(dir.clone(), "http://127.0.0.1:3000")
                .unwrap()
                .lambda_events
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_publication_target_is_three_variables_or_none() {
        let dir = data_dir("publication");
        let read = |set: &[(&str, &str)]| {
            Config::from_lookup(|name| match name {
                "DATA_DIR" => Some(dir.to_str().unwrap().into()),
                _ => set
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string()),
            })
        };
        assert_eq!(read(&[]).unwrap().publication, None);
        let arn = "arn:aws:cloudfront::123456789012:key-value-store/pages";
        let all = [
            ("SITE_BUCKET", "site-bucket"),
            ("PUBLISHED_PAGES_ARN", arn),
            ("DISTRIBUTION_ID", "E1"),
        ];
        assert_eq!(
            read(&all).unwrap().publication,
            Some(PublicationTarget {
                bucket: "site-bucket".into(),
                store_arn: arn.into(),
                distribution: "E1".into(),
            })
        );
        let error = read(&all[..2]).unwrap_err().to_string();
        assert!(error.contains("DISTRIBUTION_ID is not set"), "{error}");
        let error = read(&[all[0], ("PUBLISHED_PAGES_ARN", "pages"), all[2]])
            .unwrap_err()
            .to_string();
        assert!(error.contains("PUBLISHED_PAGES_ARN"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The Rust files below `dir` that read the process environment
    /// (`env::var`, `var_os`, `vars`), build output aside.
    fn environment_readers(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() && !name.starts_with("target") && name != "node_modules" {
                environment_readers(&path, found);
            } else if name.ends_with(".rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let reads = ["env::var(", "env::var_os(", "env::vars("];
                if reads.iter().any(|read| text.contains(read)) {
                    found.push(path);
                }
            }
        }
    }

    /// `Config` is the one reader of the environment: a variable read
    /// anywhere else (as `shopctl publish` once read its bucket) fails here.
    /// The log setup is the one reader before it (see the module's comment).
    #[test]
    fn nothing_else_reads_the_environment() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut found = Vec::new();
        for dir in ["shared", "functions", "sdk/sandbox"] {
            environment_readers(&root.join(dir), &mut found);
        }
        let mut readers: Vec<String> = found
            .iter()
            .map(|path| path.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        readers.sort();
        assert_eq!(
            readers,
            ["shared/app/src/config.rs", "shared/http/src/lambda.rs"]
        );
    }

    /// What stops a process at start: `App::from_env` answers this error.
    #[test]
    fn a_provider_timeout_beyond_the_budget_stops_the_start_naming_it() {
        let dir = data_dir("timeout");
        let error = Config::from_lookup(|name| match name {
            "DATA_DIR" => Some(dir.to_str().unwrap().into()),
            "PAYMENT_TIMEOUT_MS" => Some("120000".into()),
            _ => None,
        })
        .unwrap_err()
        .to_string();
        assert!(error.contains("PAYMENT_TIMEOUT_MS"), "{error}");
        assert!(error.contains("payment budget"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn session_keys_are_base64_of_32_bytes_or_more() {
        let key = decode_session_key("K", "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=").unwrap();
        assert_eq!(key, b"01234567890123456789012345678901");
        // What infra generates: 64 letters and digits decode to 48 bytes.
        let generated = "Ab1x".repeat(16);
        assert_eq!(decode_session_key("K", &generated).unwrap().len(), 48);
        assert!(matches!(
            decode_session_key("K", "c2hvcnQ="),
            Err(ConfigError::Invalid("K", _))
        ));
        assert!(matches!(
            decode_session_key("K", "not base64!"),
            Err(ConfigError::Invalid("K", _))
        ));
    }
}
