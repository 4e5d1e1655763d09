// Each test binary uses its own part of the kit.
#![allow(dead_code)]

//! What every catalogue test starts from: a copy of the sample folder to
//! change, and an empty shop on the embedded store with its own blobs folder.

use std::path::{Path, PathBuf};

use app::{App, Config};
use shopctl::catalog;

#[path = "../../../testkit/folders.rs"]
mod folders;
pub use folders::copy_dir;

/// A copy of the sample catalogue to change.
pub fn sample_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&catalog::sample(), dir.path());
    dir
}

/// Replaces the first `from` in `file` of `dir` with `to` (which must be there).
pub fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} holds {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

pub struct Shop {
    pub app: App,
    pub blobs: PathBuf,
    _data: tempfile::TempDir,
}

/// An empty shop on the embedded store, with a blobs folder of its own.
pub async fn shop() -> Shop {
    let data = tempfile::tempdir().unwrap();
    let config = Config::local(data.path().to_path_buf(), "http://127.0.0.1:3000").unwrap();
    let blobs = data.path().join("blobs");
    let app = App::with_config(config).await.unwrap();
    Shop {
        app,
        blobs,
        _data: data,
    }
}
