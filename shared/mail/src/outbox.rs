//! The local mailer: each email becomes one `.eml` file in the outbox folder
//! (open it with any mail client) and one log line with its links.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use domain::ports::{Email, Mailer, MailerError};
use time::OffsetDateTime;

use crate::message;

pub struct OutboxMailer {
    dir: PathBuf,
    from: String,
    sent: AtomicU64,
}

fn io_error(path: &Path, error: std::io::Error) -> MailerError {
    MailerError(format!("{}: {error}", path.display()))
}

impl OutboxMailer {
    pub fn new(dir: &Path, from: &str) -> Result<Self, MailerError> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            from: from.to_owned(),
            sent: AtomicU64::new(0),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A name that sorts by time and is unique across processes.
    fn file_name(&self, at: OffsetDateTime) -> String {
        let n = self.sent.fetch_add(1, Ordering::Relaxed);
        format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}.{:09}Z-{}-{n}.eml",
            at.year(),
            at.month() as u8,
            at.day(),
            at.hour(),
            at.minute(),
            at.second(),
            at.nanosecond(),
            std::process::id()
        )
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        let email = message::prepared(email)?;
        let at = OffsetDateTime::now_utc();
        let name = self.file_name(at);
        let message_id = format!("{}@outbox.local", name.trim_end_matches(".eml"));
        let eml = message::rfc5322(&email, &self.from, &message_id, at);
        // Written aside, then renamed: a reader never sees half an email.
        let partial = self.dir.join(format!(".{name}.partial"));
        let path = self.dir.join(&name);
        tokio::fs::write(&partial, eml)
            .await
            .map_err(|e| io_error(&partial, e))?;
        tokio::fs::rename(&partial, &path)
            .await
            .map_err(|e| io_error(&path, e))?;
        let links = message::links(&email.text).join(" ");
        tracing::info!(to = %email.to, subject = %email.subject, file = %path.display(), "email to {} «{}» links: {links}", email.to, email.subject);
        Ok(())
    }
}
