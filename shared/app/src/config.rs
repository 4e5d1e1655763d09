//! Configuration variables (see the README's table).

use std::path::{Path, PathBuf};

use base64::Engine;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration variable {0} is not valid: {1}")]
    Invalid(&'static str, String),
    #[error("adapter could not start: {0}")]
    Adapter(String),
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The public origin of the shop, e.g. `https://shop.example.com`; links in
    /// emails are built from it. `SITE_URL`, default `http://127.0.0.1:3000`.
    pub site_url: String,
    /// Origins whose state-changing requests are accepted (`ALLOWED_ORIGINS`,
    /// comma separated; defaults to the site's origin).
    pub allowed_origins: Vec<String>,
    /// Key that signs access tokens (`SESSION_KEY`, base64). Locally a key is
    /// generated and kept under `.data/` so sessions survive restarts.
    pub session_key: Vec<u8>,
    /// Cookies are `Secure` and `__Host-`-prefixed unless the site is plain-http localhost.
    pub secure_cookies: bool,
    /// Where the payment provider, PayPal and the OAuth providers are reached
    /// (`SANDBOX_URL`; locally the sandbox mounted at `/sandbox` on the same server).
    pub sandbox_url: String,
    /// The folder of embedded data (`DATA_DIR`, default `.data` at the repository root).
    pub data_dir: PathBuf,
    pub table: store::TableConfig,
    pub mail: mail::MailConfig,
    pub blobs: blobs::BlobsConfig,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        let data_dir = var("DATA_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(default_data_dir);
        let site_url = var("SITE_URL").unwrap_or_else(|| "http://127.0.0.1:3000".into());
        let site_url = site_url.trim_end_matches('/').to_string();
        let allowed_origins = match var("ALLOWED_ORIGINS") {
            Some(list) => list
                .split(',')
                .map(|o| o.trim().trim_end_matches('/').to_string())
                .collect(),
            None => local_aliases(&site_url),
        };
        let session_key = match var("SESSION_KEY") {
            Some(encoded) => base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|e| ConfigError::Invalid("SESSION_KEY", e.to_string()))?,
            None => local_session_key(&data_dir)?,
        };
        if session_key.len() < 32 {
            return Err(ConfigError::Invalid(
                "SESSION_KEY",
                "needs at least 32 bytes".into(),
            ));
        }
        let secure_cookies = !is_plain_http_localhost(&site_url);
        let sandbox_url = var("SANDBOX_URL").unwrap_or_else(|| format!("{site_url}/sandbox"));
        Ok(Self {
            table: store::TableConfig::from_env(&data_dir),
            mail: mail::MailConfig::from_env(&data_dir),
            blobs: blobs::BlobsConfig::from_env(&data_dir, &site_url),
            site_url,
            allowed_origins,
            session_key,
            secure_cookies,
            sandbox_url,
            data_dir,
        })
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

fn local_session_key(data_dir: &Path) -> Result<Vec<u8>, ConfigError> {
    let path = data_dir.join("session.key");
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 32 {
            return Ok(bytes);
        }
    }
    let key: [u8; 32] = rand::random();
    std::fs::create_dir_all(data_dir)
        .map_err(|e| ConfigError::Invalid("DATA_DIR", e.to_string()))?;
    std::fs::write(&path, key).map_err(|e| ConfigError::Invalid("DATA_DIR", e.to_string()))?;
    Ok(key.to_vec())
}

impl Config {
    /// The embedded defaults for a data folder and site address, ignoring the
    /// environment: what tests and tools use for an isolated shop.
    pub fn local(data_dir: PathBuf, site_url: &str) -> Result<Self, ConfigError> {
        let site_url = site_url.trim_end_matches('/').to_string();
        Ok(Self {
            table: store::TableConfig::Sqlite {
                path: data_dir.join("shop.sqlite"),
            },
            mail: mail::MailConfig::Outbox {
                dir: data_dir.join("outbox"),
                from: "Couture House <no-reply@couture.invalid>".into(),
            },
            blobs: blobs::BlobsConfig::Folder {
                dir: data_dir.join("blobs"),
                public_base: "/blobs".to_string(),
            },
            allowed_origins: local_aliases(&site_url),
            session_key: local_session_key(&data_dir)?,
            secure_cookies: !is_plain_http_localhost(&site_url),
            sandbox_url: format!("{site_url}/sandbox"),
            site_url,
            data_dir,
        })
    }
}
