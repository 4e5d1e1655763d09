//! The local blob store: files under one folder.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use domain::ports::{Blobs, BlobsError};

use crate::key;

pub struct FolderBlobs {
    dir: PathBuf,
    public_base: String,
    writes: AtomicU64,
}

fn io_error(path: &Path, error: std::io::Error) -> BlobsError {
    BlobsError(format!("{}: {error}", path.display()))
}

impl FolderBlobs {
    pub fn new(dir: &Path, public_base: &str) -> Result<Self, BlobsError> {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            public_base: public_base.to_owned(),
            writes: AtomicU64::new(0),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &str) -> Result<PathBuf, BlobsError> {
        key::check(key)?;
        Ok(self.dir.join(key))
    }
}

#[async_trait]
impl Blobs for FolderBlobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, _content_type: &str) -> Result<(), BlobsError> {
        let path = self.path(key)?;
        let parent = path.parent().unwrap_or(&self.dir);
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(|e| io_error(parent, e))?;
        // Written aside, then renamed: the server never serves half a file.
        let n = self.writes.fetch_add(1, Ordering::Relaxed);
        let partial = parent.join(format!(".partial-{}-{n}", std::process::id()));
        tokio::fs::write(&partial, bytes)
            .await
            .map_err(|e| io_error(&partial, e))?;
        tokio::fs::rename(&partial, &path)
            .await
            .map_err(|e| io_error(&path, e))
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        let path = self.path(key)?;
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_error(&path, e)),
        }
    }

    async fn exists(&self, key: &str) -> Result<bool, BlobsError> {
        let path = self.path(key)?;
        tokio::fs::try_exists(&path)
            .await
            .map_err(|e| io_error(&path, e))
    }

    fn public_url(&self, key: &str) -> String {
        key::public_url(&self.public_base, key)
    }

    fn key_of(&self, url: &str) -> Option<String> {
        key::key_of(&self.public_base, url)
    }
}
