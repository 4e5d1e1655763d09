//! The local mailer: each email becomes one `.eml` file in the outbox folder
//! (open it with any mail client) and one log line with its links.
//!
//! The emails hold addresses, names and reset links: the folder is created
//! 0700 and each file 0600, readable by the shop's user only, and the log
//! line names the file, never the recipient or the subject.

use std::io::Write;
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
    /// The mailer writing into `dir`, created (with any missing parent) 0700
    /// if missing; an existing folder keeps its mode (the caller's: `app`
    /// tightens the data folder).
    pub fn new(dir: &Path, from: &str) -> Result<Self, MailerError> {
        let mut folder = std::fs::DirBuilder::new();
        folder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
        folder.create(dir).map_err(|e| io_error(dir, e))?;
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

/// `bytes` into a new file at `partial`, mode 0600, then renamed to `path`.
fn write_private(partial: &Path, path: &Path, bytes: &[u8]) -> Result<(), MailerError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(partial).map_err(|e| io_error(partial, e))?;
    file.write_all(bytes).map_err(|e| io_error(partial, e))?;
    drop(file);
    std::fs::rename(partial, path).map_err(|e| io_error(path, e))
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
        let target = path.clone();
        tokio::task::spawn_blocking(move || write_private(&partial, &target, eml.as_bytes()))
            .await
            .map_err(|e| MailerError(format!("outbox task failed: {e}")))??;
        let links = message::links(&email.text).join(" ");
        tracing::info!(file = %path.display(), "email written to the outbox; links: {links}");
        Ok(())
    }
}
