//! Outgoing email: SES in production, an outbox folder of .eml files locally.

use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    /// Files sent with it (an appointment's calendar invitation).
    pub attachments: Vec<Attachment>,
}

/// A file attached to an email.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The name the client saves it under: `invitation.ics`.
    pub filename: String,
    /// Its MIME type with parameters: `text/calendar; method=REQUEST; charset=utf-8`.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
#[error("email could not be sent: {0}")]
pub struct MailerError(pub String);

#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, email: Email) -> Result<(), MailerError>;
}
