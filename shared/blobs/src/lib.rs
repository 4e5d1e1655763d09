//! Adapters of the blobs port ([`domain::ports::Blobs`]): S3 in production,
//! a local folder (served by the local server at `/blobs/`) otherwise.

mod folder;
mod key;
mod s3;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Blobs, BlobsError};

pub use folder::FolderBlobs;
pub use s3::S3Blobs;

/// S3 when `BLOBS_BUCKET` is set, else the folder `.data/blobs`, served by the
/// local server at `/blobs/`. Plain data: `app::Config` reads the environment.
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

/// Opens the configured blob store. Call once per process: the S3 client is
/// reused by every request. `aws` is loaded only for S3.
pub async fn open(config: &BlobsConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Blobs>, BlobsError> {
    match config {
        BlobsConfig::Folder { dir, public_base } => {
            Ok(Arc::new(FolderBlobs::new(dir, public_base)?))
        }
        BlobsConfig::S3 {
            bucket,
            endpoint,
            public_base,
        } => Ok(Arc::new(S3Blobs::connect(
            aws.sdk_config().await,
            bucket,
            endpoint.as_deref(),
            public_base,
        ))),
    }
}
