//! Outgoing email: SES in production, an outbox folder of .eml files locally.

use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("email could not be sent: {0}")]
pub struct MailerError(pub String);

#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, email: Email) -> Result<(), MailerError>;
}
