//! Adapters of the blobs port ([`domain::ports::Blobs`]): S3 in production,
//! a local folder (served by the local server at `/blobs/`) otherwise.

#[cfg(feature = "embedded")]
mod folder;
#[cfg(any(feature = "aws", feature = "embedded"))]
mod key;
#[cfg(feature = "aws")]
mod s3;

use std::path::PathBuf;
use std::sync::Arc;

use domain::ports::{Blobs, BlobsError};

#[cfg(feature = "embedded")]
pub use folder::FolderBlobs;
#[cfg(feature = "aws")]
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
/// reused by every request. `aws` is loaded only for S3. A store whose
/// adapter this build lacks is refused, naming the cargo feature.
pub async fn open(config: &BlobsConfig, aws: &aws_env::Aws) -> Result<Arc<dyn Blobs>, BlobsError> {
    match config {
        BlobsConfig::Folder { dir, public_base } => open_folder(dir, public_base),
        BlobsConfig::S3 {
            bucket,
            endpoint,
            public_base,
        } => open_s3(aws, bucket, endpoint.as_deref(), public_base).await,
    }
}

#[cfg(feature = "embedded")]
fn open_folder(dir: &std::path::Path, public_base: &str) -> Result<Arc<dyn Blobs>, BlobsError> {
    Ok(Arc::new(FolderBlobs::new(dir, public_base)?))
}

#[cfg(not(feature = "embedded"))]
fn open_folder(_: &std::path::Path, _: &str) -> Result<Arc<dyn Blobs>, BlobsError> {
    Err(missing(
        "the blobs folder (no BLOBS_BUCKET)",
        "blobs/embedded",
    ))
}

#[cfg(feature = "aws")]
async fn open_s3(
    aws: &aws_env::Aws,
    bucket: &str,
    endpoint: Option<&str>,
    public_base: &str,
) -> Result<Arc<dyn Blobs>, BlobsError> {
    let sdk = aws.sdk_config().await;
    Ok(Arc::new(S3Blobs::connect(
        sdk,
        bucket,
        endpoint,
        public_base,
    )))
}

#[cfg(not(feature = "aws"))]
async fn open_s3(
    _: &aws_env::Aws,
    _: &str,
    _: Option<&str>,
    _: &str,
) -> Result<Arc<dyn Blobs>, BlobsError> {
    Err(missing("S3 (BLOBS_BUCKET)", "blobs/aws"))
}

/// The error of a configuration that asks for an adapter left out of the build.
#[cfg(not(all(feature = "aws", feature = "embedded")))]
fn missing(adapter: &str, feature: &str) -> BlobsError {
    BlobsError(format!(
        "{adapter} is not in this build: it needs cargo feature `{feature}`"
    ))
}
