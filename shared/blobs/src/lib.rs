//! Adapters of the blobs port ([`domain::ports::Blobs`]): S3 in production,
//! a local folder (served by the local server at `/blobs/`) otherwise.

mod aws_env;
mod folder;
mod key;
mod s3;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use domain::ports::{Blobs, BlobsError};

pub use folder::FolderBlobs;
pub use s3::S3Blobs;

/// S3 when `BLOBS_BUCKET` is set, else the folder `.data/blobs`, served by the
/// local server at `/blobs/`.
#[derive(Debug, Clone, PartialEq)]
pub enum BlobsConfig {
    Folder {
        dir: PathBuf,
        public_base: String,
    },
    S3 {
        bucket: String,
        endpoint: Option<String>,
        public_base: String,
    },
}

impl BlobsConfig {
    pub fn from_env(data_dir: &Path, site_url: &str) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let public_base = var("BLOBS_PUBLIC_URL").unwrap_or_else(|| format!("{site_url}/blobs"));
        match var("BLOBS_BUCKET") {
            Some(bucket) => Self::S3 {
                bucket,
                endpoint: var("S3_ENDPOINT"),
                public_base,
            },
            None => Self::Folder {
                dir: data_dir.join("blobs"),
                public_base,
            },
        }
    }
}

/// Opens the configured blob store. Call once per process: the S3 client is
/// reused by every request.
pub async fn open(config: &BlobsConfig) -> Result<Arc<dyn Blobs>, BlobsError> {
    match config {
        BlobsConfig::Folder { dir, public_base } => {
            Ok(Arc::new(FolderBlobs::new(dir, public_base)?))
        }
        BlobsConfig::S3 {
            bucket,
            endpoint,
            public_base,
        } => Ok(Arc::new(
            S3Blobs::connect(bucket, endpoint.as_deref(), public_base).await,
        )),
    }
}
