//! The table's files on disk, readable by the shop's user only: they hold
//! every account, address and order.
//!
//! - A missing folder of the file is created 0700 (with any missing parent).
//!   An existing one keeps its mode: it is the caller's (`app` tightens the
//!   data folder; `/tmp` must never be chmodded).
//! - The file is created 0600 before SQLite opens it (an empty file is an
//!   empty database). SQLite creates its `-wal`, `-shm` and `-journal` files
//!   with the main file's mode, so they are 0600 too.
//! - A file made before this rule (0644 under the default umask), and any
//!   `-wal`, `-shm` or `-journal` beside it, is tightened to 0600 on open.
//!   A file the process may not chmod (another user's) is left as it is,
//!   with a warning: the table still opens.

use std::fs::{DirBuilder, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// The files SQLite keeps beside the table file.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Makes the table file at `path`, and its folder, private before SQLite
/// opens it: see the module's documentation.
pub fn prepare(path: &Path) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        let mut folder = DirBuilder::new();
        folder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
        folder.create(parent)?;
    }
    let mut file = OpenOptions::new();
    file.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    file.open(path)?;
    let companions = COMPANIONS.iter().map(|suffix| {
        let mut companion = path.as_os_str().to_owned();
        companion.push(suffix);
        PathBuf::from(companion)
    });
    for file in std::iter::once(path.to_path_buf()).chain(companions) {
        match tighten(&file) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                tracing::warn!(file = %file.display(), error = %e, "table file left readable by others")
            }
        }
    }
    Ok(())
}

/// `path` as 0600 when group or others may read or write it (a file made
/// before the table's files were private).
#[cfg(unix)]
fn tighten(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path)?.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn tighten(path: &Path) -> io::Result<()> {
    std::fs::metadata(path).map(drop)
}
