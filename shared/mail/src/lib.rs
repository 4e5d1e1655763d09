//! Adapters of the mailer port ([`domain::ports::Mailer`]): SES in
//! production, an outbox folder of `.eml` files locally.

mod aws_env;
mod message;
mod outbox;
mod ses;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use domain::ports::{Mailer, MailerError};

pub use message::links;
pub use outbox::OutboxMailer;
pub use ses::SesMailer;

/// SES when `MAIL_TRANSPORT=ses`, else the outbox folder `.data/outbox`.
#[derive(Debug, Clone, PartialEq)]
pub enum MailConfig {
    Outbox {
        dir: PathBuf,
        from: String,
    },
    Ses {
        from: String,
        endpoint: Option<String>,
    },
}

impl MailConfig {
    pub fn from_env(data_dir: &Path) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let from =
            var("MAIL_FROM").unwrap_or_else(|| "Couture House <no-reply@couture.invalid>".into());
        match var("MAIL_TRANSPORT").as_deref() {
            Some("ses") => Self::Ses {
                from,
                endpoint: var("SES_ENDPOINT"),
            },
            _ => Self::Outbox {
                dir: data_dir.join("outbox"),
                from,
            },
        }
    }
}

/// Opens the configured mailer. Call once per process: the SES client is
/// reused by every request.
pub async fn open(config: &MailConfig) -> Result<Arc<dyn Mailer>, MailerError> {
    match config {
        MailConfig::Outbox { dir, from } => Ok(Arc::new(OutboxMailer::new(dir, from)?)),
        MailConfig::Ses { from, endpoint } => Ok(Arc::new(
            SesMailer::connect(from, endpoint.as_deref()).await?,
        )),
    }
}
