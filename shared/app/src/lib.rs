//! One `App` per process: configuration read once from the environment and
//! the adapters it selects. Zero configuration means the embedded defaults
//! (SQLite file, outbox folder, blobs folder under `.data/`); pointing the same
//! binary at AWS is only environment variables. Which adapters a binary
//! carries at all is its build's cargo features (`Cargo.toml`): a Lambda
//! function links only the AWS adapters it uses (see `adapters.rs`).

mod absent;
pub mod access;
mod adapters;
mod config;
mod oauth;
mod private;
mod secrets;

use std::sync::Arc;

use domain::ports::{Blobs, Clock, Mailer, PaymentGateway, Table};

pub use store::{AheadClock, SystemClock};

pub use config::{
    decode_session_key, AssetsConfig, Config, ConfigError, EdgeConfig, PublicationTarget,
    DEFAULT_HOUSE_EMAIL, DEFAULT_MAIL_FROM,
};
pub use oauth::{OAuthClient, OAuthConfig};

/// A fresh secret for a link or a cookie (an enrolment link, a console
/// session): 32 bytes from the operating system, base64url.
pub fn random_token() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The context every handler and middleware holds. Cloned for each request
/// (axum's state, the middlewares' state), so it is one shared pointer: a
/// clone is one reference count, not one per adapter. Reads go through to
/// [`Parts`]; a write (tests swap an adapter) copies the parts first.
#[derive(Clone)]
pub struct App(Arc<Parts>);

/// What an [`App`] holds.
#[derive(Clone)]
pub struct Parts {
    pub table: Arc<dyn Table>,
    pub mailer: Arc<dyn Mailer>,
    pub blobs: Arc<dyn Blobs>,
    pub gateway: Arc<dyn PaymentGateway>,
    /// The system's clock; tests and `shopctl … --ahead` set one ahead
    /// with [`App::set_clock`], which gives it to the table too: one clock
    /// decides every deadline and every item's expiry.
    pub clock: Arc<dyn Clock>,
    /// The process's one AWS configuration, loaded only if an adapter needs
    /// it; every AWS client of the process (Secrets Manager included) is
    /// built from `aws.sdk_config().await`.
    pub aws: Arc<aws_env::Aws>,
    pub config: Arc<Config>,
}

impl App {
    /// Builds the context from the process environment. Call once per process:
    /// SDK clients are built here (the mailer's and the blob store's on their
    /// first use, `aws_env::OnFirstUse`) and reused by every request.
    pub async fn from_env() -> Result<Self, ConfigError> {
        let config = Config::from_env()?;
        Self::with_config(config).await
    }

    pub async fn with_config(mut config: Config) -> Result<Self, ConfigError> {
        // Offline defaults (dummy credentials, us-east-1) only when every AWS
        // service in use is a local server.
        let local_only = config.aws_endpoints().iter().all(Option::is_some);
        // The embedded adapters write under the data folder: it is made (or
        // tightened to) 0700 before any of them creates a file in it. A
        // build without them refuses their configuration below, by feature.
        if cfg!(feature = "embedded") && config.uses_data_dir() {
            private::data_dir(&config.data_dir)
                .map_err(|e| ConfigError::Invalid("DATA_DIR", e.to_string()))?;
        }
        let aws = Arc::new(aws_env::Aws::new(config.aws, local_only));
        let table = adapters::table(&config, &aws).await?;
        let mailer = adapters::mailer(&config, &aws).await?;
        let blobs = adapters::blobs(&config, &aws).await?;
        let gateway = adapters::payments(&config, &aws).await?;
        secrets::read(&mut config, &aws).await?;
        Ok(Self(Arc::new(Parts {
            table,
            mailer,
            blobs,
            gateway,
            clock: Arc::new(SystemClock),
            aws,
            config: Arc::new(config),
        })))
    }
}

impl App {
    /// The checkout over this process's ports (its time budget is the
    /// shop's, `shared/payment-budget.json`).
    pub fn checkout(&self) -> domain::checkout::Checkout<'_> {
        use domain::checkout::{Budget, Checkout, Outbox};
        Checkout {
            table: &*self.table,
            gateway: &*self.gateway,
            clock: &*self.clock,
            outbox: Outbox {
                table: &*self.table,
                mailer: &*self.mailer,
                blobs: &*self.blobs,
                site_url: &self.config.site_url,
            },
            tax_basis_points: self.config.tax_basis_points,
            budget: Budget::shop(),
        }
    }

    /// Moves the app, table included, onto `clock`: the domain's deadlines
    /// and the table's expiry (`expiresAt`) then read the same time.
    pub fn set_clock(&mut self, clock: Arc<dyn Clock>) {
        self.table = self.table.on_clock(clock.clone());
        self.clock = clock;
    }

    /// This app as the function `name` sees it where IAM does not stand
    /// between it and the services (the local server, the tests): its
    /// table, mailer and blob store refuse what `shared/function-access.json`
    /// does not grant `name`, as IAM refuses it in AWS ([`access`]).
    pub fn as_function(&self, name: &str) -> App {
        let access = access::FunctionAccess::of(name);
        let mut app = self.clone();
        app.table = Arc::new(store::Granted::new(
            name,
            access.table.clone(),
            self.table.clone(),
        ));
        app.mailer = Arc::new(access::GrantedMailer {
            inner: self.mailer.clone(),
            function: name.to_string(),
            allowed: access.mail,
        });
        app.blobs = Arc::new(access::GrantedBlobs {
            inner: self.blobs.clone(),
            function: name.to_string(),
            access,
        });
        app
    }
}

impl std::ops::Deref for App {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl std::ops::DerefMut for App {
    fn deref_mut(&mut self) -> &mut Parts {
        Arc::make_mut(&mut self.0)
    }
}

#[cfg(all(test, unix, feature = "embedded"))]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .permissions()
            .mode()
            & 0o7777
    }

    /// With the key from the environment (no key file), the embedded
    /// adapters still find the data folder private: an older one (0755) is
    /// tightened at start, and what they create in it is the user's only.
    #[tokio::test]
    async fn the_embedded_adapters_keep_their_files_private() {
        let dir = std::env::temp_dir().join(format!("app-private-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let data_dir = dir.to_str().unwrap().to_owned();
        let config = Config::from_lookup(|name| match name {
            "DATA_DIR" => Some(data_dir.clone()),
            "SESSION_KEY" => Some("MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(
            mode(&dir),
            0o755,
            "reading the configuration touches nothing"
        );
        let app = App::with_config(config).await.expect("embedded app starts");
        assert_eq!(mode(&dir), 0o700);
        assert!(!dir.join("session.key").exists());
        assert_eq!(mode(&dir.join("shop.sqlite")), 0o600);
        assert_eq!(mode(&dir.join("outbox")), 0o700);
        drop(app);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `shopctl … --ahead` and the tests move the app's clock: the table,
    /// a function's granted view of it included, expires items by it too.
    #[tokio::test]
    async fn a_moved_clock_expires_items_in_the_table() {
        use domain::ports::{Condition, Key};
        let dir = tempfile::tempdir().unwrap();
        let config = Config::local(dir.path().to_path_buf(), "http://127.0.0.1:1").unwrap();
        let app = App::with_config(config).await.unwrap();
        let in_an_hour = app.clock.now().unix() + 3600;
        let session =
            serde_json::json!({"pk": "USER#u", "sk": "SESSION#s", "expiresAt": in_an_hour});
        let serde_json::Value::Object(item) = session else {
            unreachable!()
        };
        app.table.put(item, Condition::None).await.unwrap();
        let key = Key::new("USER#u", "SESSION#s");
        let mut later = app.as_function("auth");
        assert!(later.table.get(&key).await.unwrap().is_some());
        later.set_clock(Arc::new(AheadClock(std::time::Duration::from_secs(3601))));
        assert!(later.table.get(&key).await.unwrap().is_none());
        assert!(
            app.table.get(&key).await.unwrap().is_some(),
            "the app's own clock is unmoved"
        );
    }
}
