//! Adapters of the mailer port ([`domain::ports::Mailer`]): SES in
//! production, an outbox folder of `.eml` files locally.
//!
//! Neither logs personal data: no recipient address, no name (a subject
//! may carry one: "New request from Lan Tran"), and no error of theirs
//! quotes an address (callers log them). SES logs its message id, the outbox
//! its file and links.

// Parts of a message serve one adapter only (the outbox writes whole .eml
// files, SES takes the parts): a build with one adapter leaves the others unused.
#[cfg_attr(not(all(feature = "aws", feature = "embedded")), allow(dead_code))]
mod message;
#[cfg(feature = "embedded")]
mod outbox;
#[cfg(feature = "aws")]
mod ses;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Mailer, MailerError};

pub use message::links;
#[cfg(feature = "embedded")]
pub use outbox::OutboxMailer;
#[cfg(feature = "aws")]
pub use ses::SesMailer;

/// Why an email is refused before any mail server sees it. The messages
/// name the reason, never the address: they end up in callers' log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MailError {
    /// A list, a display name, a line break, no `@`: never one recipient.
    #[error("the recipient is not one bare email address")]
    NotOneAddress,
    /// SES has no SMTPUTF8: an address's local part must be 7-bit ASCII,
    /// and no encoding makes it so (only the domain has an ASCII form).
    #[error("SES cannot deliver to a non-ASCII local part (no SMTPUTF8)")]
    NonAsciiLocalPart,
    /// The domain has no IDNA ASCII (punycode) form to send it under.
    #[error("the recipient's domain has no ASCII (IDNA) form")]
    NoAsciiDomain,
}

impl From<MailError> for MailerError {
    fn from(error: MailError) -> Self {
        MailerError(error.to_string())
    }
}

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

impl MailConfig {
    /// The sender's bare address (`no-reply@shop.example` of `The shop
    /// <no-reply@shop.example>`): what a calendar invitation names as its
    /// organizer.
    pub fn sender_address(&self) -> &str {
        let (MailConfig::Outbox { from, .. } | MailConfig::Ses { from, .. }) = self;
        match from.rsplit_once('<') {
            Some((_, address)) => address.trim_end().trim_end_matches('>'),
            None => from.trim(),
        }
    }
}

/// Opens the configured mailer. Call once per process: the SES client is
/// reused by every request. `aws` is loaded only for SES. A mailer whose
/// adapter this build lacks is refused, naming the cargo feature.
pub async fn open(config: &MailConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Mailer>, MailerError> {
    match config {
        MailConfig::Outbox { dir, from } => open_outbox(dir, from),
        MailConfig::Ses {
            from,
            endpoint,
            configuration_set,
        } => open_ses(aws, from, endpoint.as_deref(), configuration_set.clone()).await,
    }
}

#[cfg(feature = "embedded")]
fn open_outbox(dir: &std::path::Path, from: &str) -> Result<Arc<dyn Mailer>, MailerError> {
    Ok(Arc::new(OutboxMailer::new(dir, from)?))
}

#[cfg(not(feature = "embedded"))]
fn open_outbox(_: &std::path::Path, _: &str) -> Result<Arc<dyn Mailer>, MailerError> {
    Err(missing(
        "the outbox folder (MAIL_TRANSPORT unset)",
        "mail/embedded",
    ))
}

#[cfg(feature = "aws")]
async fn open_ses(
    aws: &aws_env::Aws,
    from: &str,
    endpoint: Option<&str>,
    configuration_set: Option<String>,
) -> Result<Arc<dyn Mailer>, MailerError> {
    let ses = SesMailer::connect(aws.sdk_config().await, from, endpoint);
    Ok(Arc::new(ses.with_configuration_set(configuration_set)))
}

#[cfg(not(feature = "aws"))]
async fn open_ses(
    _: &aws_env::Aws,
    _: &str,
    _: Option<&str>,
    _: Option<String>,
) -> Result<Arc<dyn Mailer>, MailerError> {
    Err(missing("SES (MAIL_TRANSPORT=ses)", "mail/aws"))
}

/// The error of a configuration that asks for an adapter left out of the build.
#[cfg(not(all(feature = "aws", feature = "embedded")))]
fn missing(adapter: &str, feature: &str) -> MailerError {
    MailerError(format!(
        "{adapter} is not in this build: it needs cargo feature `{feature}`"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sender_address_is_the_bare_address() {
        let outbox = |from: &str| MailConfig::Outbox {
            dir: PathBuf::new(),
            from: from.into(),
        };
        assert_eq!(
            outbox("The shop <no-reply@shop.example>").sender_address(),
            "no-reply@shop.example"
        );
        assert_eq!(outbox(" a@b.example ").sender_address(), "a@b.example");
    }
}
