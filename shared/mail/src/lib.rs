//! Adapters of the mailer port ([`domain::ports::Mailer`]): SES in
//! production, an outbox folder of `.eml` files locally.

mod message;
mod outbox;
mod ses;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Mailer, MailerError};

pub use message::links;
pub use outbox::OutboxMailer;
pub use ses::SesMailer;

/// SES when `MAIL_TRANSPORT=ses`, else the outbox folder `.data/outbox`.
/// Plain data: `app::Config` reads the environment.
#[derive(Debug, Clone, PartialEq)]
pub enum MailConfig {
    Outbox {
        dir: PathBuf,
        from: String,
    },
    Ses {
        from: String,
        endpoint: Option<String>,
        /// The stage's configuration set (`SES_CONFIGURATION_SET`): bounce
        /// and complaint suppression and delivery metrics.
        configuration_set: Option<String>,
    },
}

/// Opens the configured mailer. Call once per process: the SES client is
/// reused by every request. `aws` is loaded only for SES.
pub async fn open(config: &MailConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Mailer>, MailerError> {
    match config {
        MailConfig::Outbox { dir, from } => Ok(Arc::new(OutboxMailer::new(dir, from)?)),
        MailConfig::Ses {
            from,
            endpoint,
            configuration_set,
        } => Ok(Arc::new(
            SesMailer::connect(aws.sdk_config().await, from, endpoint.as_deref())
                .with_configuration_set(configuration_set.clone()),
        )),
    }
}
