//! What each function may touch, read from `shared/function-access.json`
//! (the file the CDK app makes each function's IAM policy from), and
//! enforced where IAM does not stand between a function and the services:
//! the local server and the tests. A function's table refuses what its
//! table grant does not allow ([`store::Granted`]); its mailer refuses to
//! send unless it may send mail; its blob store refuses invoices it may not
//! write or read, and any other write (catalogue imagery is shopctl's).
//! Secrets are not enforced here: locally there are none to read.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

use async_trait::async_trait;
use domain::ports::{Blobs, BlobsError, Email, Mailer, MailerError};
use serde::Deserialize;
use store::TableGrant;

const ACCESS_JSON: &str = include_str!("../../function-access.json");
const INVOICES: &str = "invoices/";

/// One function's entry (the CDK app checks every field of the file; this
/// side reads what it enforces).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct FunctionAccess {
    #[serde(default)]
    pub table: TableGrant,
    #[serde(default)]
    pub mail: bool,
    /// `read`, `write` or `readwrite`: the private `invoices/` prefix.
    #[serde(default)]
    pub invoices: Option<String>,
    /// Signs or verifies sessions: it needs the session key.
    #[serde(default)]
    pub session: bool,
}

#[derive(Deserialize)]
struct AccessFile {
    functions: BTreeMap<String, FunctionAccess>,
}

static ACCESS: LazyLock<BTreeMap<String, FunctionAccess>> = LazyLock::new(|| {
    serde_json::from_str::<AccessFile>(ACCESS_JSON)
        .expect("shared/function-access.json is valid")
        .functions
});

impl FunctionAccess {
    /// A function's grants; a function the file does not list may touch nothing.
    pub fn of(function: &str) -> FunctionAccess {
        ACCESS.get(function).cloned().unwrap_or_default()
    }

    fn invoices(&self, how: &str) -> bool {
        self.invoices.as_deref().is_some_and(|i| i.contains(how))
    }
}

fn denied(function: &str, what: &str) -> String {
    format!(
        "AccessDenied: function '{function}' is not granted {what} (shared/function-access.json)"
    )
}

/// A function's mailer: sends only if it may send mail.
pub struct GrantedMailer {
    pub inner: Arc<dyn Mailer>,
    pub function: String,
    pub allowed: bool,
}

#[async_trait]
impl Mailer for GrantedMailer {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        if !self.allowed {
            return Err(MailerError(denied(&self.function, "ses:SendEmail")));
        }
        self.inner.send(email).await
    }
}

/// A function's blob store: invoices as its grant says; no other writes.
pub struct GrantedBlobs {
    pub inner: Arc<dyn Blobs>,
    pub function: String,
    pub access: FunctionAccess,
}

impl GrantedBlobs {
    fn check_read(&self, key: &str) -> Result<(), BlobsError> {
        if key.starts_with(INVOICES) && !self.access.invoices("read") {
            return Err(BlobsError(denied(
                &self.function,
                &format!("s3:GetObject on {key}"),
            )));
        }
        Ok(())
    }
}

#[async_trait]
impl Blobs for GrantedBlobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobsError> {
        if !(key.starts_with(INVOICES) && self.access.invoices("write")) {
            return Err(BlobsError(denied(
                &self.function,
                &format!("s3:PutObject on {key}"),
            )));
        }
        self.inner.put(key, bytes, content_type).await
    }
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        self.check_read(key)?;
        self.inner.get(key).await
    }
    async fn exists(&self, key: &str) -> Result<bool, BlobsError> {
        self.check_read(key)?;
        self.inner.exists(key).await
    }
    fn public_url(&self, key: &str) -> String {
        self.inner.public_url(key)
    }
    fn key_of(&self, url: &str) -> Option<String> {
        self.inner.key_of(url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_file_names_every_function_and_its_grants() {
        let payment = FunctionAccess::of("payment");
        assert!(payment.mail && payment.invoices("write") && !payment.invoices("read"));
        assert!(!FunctionAccess::of("catalog").mail);
        assert!(FunctionAccess::of("gift-cards").invoices.is_none());
        for name in [
            "catalog",
            "auth",
            "users",
            "cart",
            "wishlist",
            "addresses",
            "orders",
            "requests",
            "payment",
            "reconcile",
        ] {
            assert!(ACCESS.contains_key(name), "{name} has an entry");
        }
    }

    /// Every Rust path the file's prose names (`domain::order::Orders`,
    /// `shop_http::limits::hit`) is declared in its crate, so a renamed
    /// type cannot leave the grants explaining themselves with a ghost.
    #[test]
    fn every_type_the_grants_name_exists() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let crates = [
            ("domain", root.join("domain/src")),
            ("shop_http", root.join("http/src")),
        ];
        let mut named = 0;
        for (krate, src) in &crates {
            let sources = rust_sources(src);
            let prefix = format!("{krate}::");
            for path in ACCESS_JSON.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            {
                let path = path.trim_end_matches(':');
                let Some(rest) = path.strip_prefix(&prefix) else {
                    continue;
                };
                let name = rest.rsplit("::").next().unwrap_or(rest);
                let declared = ["struct", "enum", "trait", "fn", "mod", "const", "type"]
                    .iter()
                    .any(|kind| sources.contains(&format!("{kind} {name}")));
                assert!(
                    declared,
                    "{path} in shared/function-access.json is not declared in {krate}"
                );
                named += 1;
            }
        }
        assert!(named > 10, "the check reads the file's paths ({named})");
    }

    fn rust_sources(dir: &std::path::Path) -> String {
        let mut all = String::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                all += &rust_sources(&path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                all += &std::fs::read_to_string(&path).unwrap();
            }
        }
        all
    }
}
