//! Where a publication goes. The publisher hands every file to a [`Sink`] and
//! calls [`Sink::finish`] once all of them are written, so a target can make
//! the whole publication visible at once. Locally it is a folder the shop
//! server serves ([`Folder`]); in AWS the site bucket's published/ prefix,
//! the published-pages store and an invalidation (`super::bucket::Bucket`).

use std::future::Future;
use std::io;
use std::path::{Component, Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    #[error("{path} is not a path inside the publication")]
    OutsidePublication { path: String },
    #[error("writing {path}: {source}")]
    Write { path: PathBuf, source: io::Error },
    #[error("putting the publication in place at {path}: {source}")]
    Swap { path: PathBuf, source: io::Error },
    #[error("{what}: {message}")]
    Aws { what: String, message: String },
}

/// `path` under `root`, refusing anything that would step out of it.
pub(super) fn inside(root: &Path, path: &str) -> Result<PathBuf, SinkError> {
    let relative = Path::new(path);
    let plain = relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    match plain && !path.is_empty() {
        true => Ok(root.join(relative)),
        false => Err(SinkError::OutsidePublication {
            path: path.to_string(),
        }),
    }
}

/// A publication's destination: `put` each file, then `finish` to make them
/// all visible together. A sink dropped without `finish` publishes nothing.
pub trait Sink {
    /// Writes one file at `path` (relative, `/`-separated: `shop/index.html`).
    fn put(
        &mut self,
        path: &str,
        bytes: &[u8],
        content_type: &str,
    ) -> impl Future<Output = Result<(), SinkError>> + Send;

    /// Makes the files put so far the publication, replacing the previous one whole.
    fn finish(self) -> impl Future<Output = Result<(), SinkError>> + Send;
}

/// The local publication: files are written into a new folder beside
/// `target`, which then takes `target`'s place in one rename (the two folders
/// exchanged where the system can, so `target` never goes missing), and the
/// old one is removed. A reader sees the old publication or the new one,
/// never a mix, and never half a file.
pub struct Folder {
    target: PathBuf,
    staging: PathBuf,
    finished: bool,
}

impl Folder {
    /// A publication that will replace `target` (`$DATA_DIR/site`).
    pub fn replacing(target: &Path) -> Result<Self, SinkError> {
        let parent = target.parent().unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .map_or_else(|| "site".to_string(), |n| n.to_string_lossy().into_owned());
        // Unique per process and moment: two publishers never share a staging folder.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let staging = parent.join(format!(".{name}.new-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&staging).map_err(|source| SinkError::Write {
            path: staging.clone(),
            source,
        })?;
        Ok(Self {
            target: target.to_path_buf(),
            staging,
            finished: false,
        })
    }

    fn put_now(&self, path: &str, bytes: &[u8]) -> Result<(), SinkError> {
        let file = inside(&self.staging, path)?;
        let write = |file: &Path| -> io::Result<()> {
            if let Some(dir) = file.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(file, bytes)
        };
        write(&file).map_err(|source| SinkError::Write { path: file, source })
    }

    fn swap(&mut self) -> Result<(), SinkError> {
        let failed = |source| SinkError::Swap {
            path: self.target.clone(),
            source,
        };
        match exchange(&self.staging, &self.target) {
            // The old publication is now at the staging path.
            Ok(true) => {
                self.finished = true;
                std::fs::remove_dir_all(&self.staging).map_err(failed)
            }
            Ok(false) => {
                // No exchange on this system, or nothing to exchange with: the old
                // folder steps aside, the new one takes its name, the old one goes.
                let old = self.staging.with_extension("old");
                let had_old = match std::fs::rename(&self.target, &old) {
                    Ok(()) => true,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => false,
                    Err(e) => return Err(failed(e)),
                };
                std::fs::rename(&self.staging, &self.target).map_err(failed)?;
                self.finished = true;
                match had_old {
                    true => std::fs::remove_dir_all(&old).map_err(failed),
                    false => Ok(()),
                }
            }
            Err(e) => Err(failed(e)),
        }
    }
}

/// Exchanges two folders in one step (Linux `renameat2(RENAME_EXCHANGE)`):
/// `Ok(false)` when the system cannot, or `to` does not exist yet.
#[cfg(target_os = "linux")]
fn exchange(from: &Path, to: &Path) -> io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    use rustix::io::Errno;
    if !to.exists() {
        return Ok(false);
    }
    match renameat_with(CWD, from, CWD, to, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        // Not supported by this kernel or file system: rename instead.
        Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => Ok(false),
        Err(error) => Err(error.into()),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_from: &Path, _to: &Path) -> io::Result<bool> {
    Ok(false)
}

impl Sink for Folder {
    async fn put(
        &mut self,
        path: &str,
        bytes: &[u8],
        _content_type: &str,
    ) -> Result<(), SinkError> {
        // The folder's files are typed by their extension when served.
        self.put_now(path, bytes)
    }

    async fn finish(mut self) -> Result<(), SinkError> {
        self.swap()
    }
}

impl Drop for Folder {
    /// A publication that failed half-way leaves nothing behind.
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}
