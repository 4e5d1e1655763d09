//! The local data folder (`DATA_DIR`) and the secrets in it, readable by the
//! shop's user only: the folder is 0700, the session key 0600 (the table's
//! files are `store`'s, the outbox's emails `mail`'s, both 0600 too).
//!
//! Folders and files made before this rule (0755 and 0644 under the default
//! umask) are tightened on start: a developer's existing `.data/` holds a
//! session key and emails with reset links that others could read. A folder
//! with the sticky bit (`/tmp` named as `DATA_DIR`) is shared by design and
//! never chmodded; a chmod that fails (another user's folder) is a warning,
//! not a failed start.

use std::fs::{DirBuilder, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Creates the data folder `dir` 0700 (and any missing parent, 0700 too),
/// or tightens an existing one to 0700.
pub fn data_dir(dir: &Path) -> io::Result<()> {
    let mut folder = DirBuilder::new();
    folder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    folder.create(dir)?;
    tighten(dir, true);
    Ok(())
}

/// Tightens an existing secret file to 0600 (see the module's documentation).
pub fn secret_file(path: &Path) {
    tighten(path, false);
}

/// Writes `bytes` as a new secret file at `path`, mode 0600 from its
/// creation: written aside, then renamed over `path`, so no process ever
/// reads half of it, nor a moment of a looser mode.
pub fn write_secret(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    let partial = path.with_file_name(format!(".{name}.{}-{n}.partial", std::process::id()));
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&partial).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&partial, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// Group and other bits off `path` (a folder keeps its owner's and special
/// bits; a file becomes 0600), unless it is a sticky folder.
#[cfg(unix)]
fn tighten(path: &Path, folder: bool) {
    use std::os::unix::fs::PermissionsExt;
    let Ok(metadata) = std::fs::metadata(path) else {
        return;
    };
    let mode = metadata.permissions().mode() & 0o7777;
    if mode & 0o077 == 0 || (folder && mode & 0o1000 != 0) {
        return;
    }
    let private = if folder { mode & !0o077 } else { 0o600 };
    if let Err(error) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(private)) {
        tracing::warn!(path = %path.display(), %error, "left readable by others: could not chmod it");
    }
}

#[cfg(not(unix))]
fn tighten(_: &Path, _: bool) {}
