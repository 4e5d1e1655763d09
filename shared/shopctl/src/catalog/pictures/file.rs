//! Reading one picture or film of the folder, which is untrusted input (a
//! staff member's laptop, a shared drive): only a regular file is read, never
//! through a symbolic link (a link could publish any file of the machine),
//! never waiting on a pipe or a device, and never more than the limit.

use std::fs::{File, FileType, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Component, Path};

/// The bytes of the file at `inside` (a plain relative path) under `root`,
/// read once and at most `limit` of them; why not, in words.
pub fn read(root: &Path, inside: &Path, limit: u64) -> Result<Vec<u8>, String> {
    refuse_linked_folders(root, inside)?;
    let path = root.join(inside);
    let seen = std::fs::symlink_metadata(&path)
        .map_err(|_| "names no file beside the item".to_string())?;
    refuse_unless_file(seen.file_type())?;
    // No link followed even if the file was swapped for one since it was
    // looked at; no wait if it became a pipe.
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(&path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => LINK.to_string(),
            _ => format!("cannot be read: {e}"),
        })?;
    let opened = file
        .metadata()
        .map_err(|e| format!("cannot be read: {e}"))?;
    refuse_unless_file(opened.file_type())?;
    if opened.len() > limit {
        return Err(too_large(opened.len(), limit));
    }
    read_at_most(file, opened.len(), limit)
}

const LINK: &str = "is a symbolic link: a picture or film must be the file itself, \
                    inside the catalogue folder (copy the file in instead of linking to it)";

/// A folder on the way that is a link would lead outside the catalogue.
fn refuse_linked_folders(root: &Path, inside: &Path) -> Result<(), String> {
    let mut folder = root.to_path_buf();
    let parent = inside.parent().unwrap_or(Path::new(""));
    for component in parent.components() {
        let Component::Normal(name) = component else {
            return Err("must be a relative path inside the catalogue folder".into());
        };
        folder.push(name);
        let Ok(seen) = std::fs::symlink_metadata(&folder) else {
            return Err("names no file beside the item".into());
        };
        if seen.file_type().is_symlink() {
            return Err(format!(
                "is in {}, a symbolic link to a folder: the catalogue's folders must be \
                 folders of their own (copy the folder in instead of linking to it)",
                folder.strip_prefix(root).unwrap_or(&folder).display()
            ));
        }
    }
    Ok(())
}

fn refuse_unless_file(kind: FileType) -> Result<(), String> {
    let what = if kind.is_file() {
        return Ok(());
    } else if kind.is_symlink() {
        return Err(LINK.into());
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    };
    Err(format!(
        "is {what}, not a file: a picture or film must be a plain file"
    ))
}

/// At most `limit` bytes, and a refusal if the file holds more (it may
/// have grown since it was measured).
fn read_at_most(file: File, size: u64, limit: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::with_capacity(size.min(limit) as usize + 1);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot be read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "is larger than {} MB, the most it may be",
            limit / 1_048_576
        ));
    }
    Ok(bytes)
}

fn too_large(size: u64, limit: u64) -> String {
    format!(
        "is {:.1} MB; it may be at most {} MB",
        size as f64 / 1_048_576.0,
        limit / 1_048_576
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_refused_without_reading_from_it() {
        let said = read(Path::new("/"), Path::new("dev/zero"), 100).unwrap_err();
        assert_eq!(
            said,
            "is a device, not a file: a picture or film must be a plain file"
        );
    }

    #[test]
    fn a_file_that_grows_past_the_limit_is_refused_without_reading_it_all() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.jpg"), vec![0u8; 1000]).unwrap();
        let file = File::open(dir.path().join("a.jpg")).unwrap();
        // Measured small, yet it holds more than the limit when read.
        let said = read_at_most(file, 10, 100).unwrap_err();
        assert!(said.contains("the most it may be"), "{said}");
        let file = File::open(dir.path().join("a.jpg")).unwrap();
        assert_eq!(read_at_most(file, 1000, 1000).unwrap().len(), 1000);
    }
}
