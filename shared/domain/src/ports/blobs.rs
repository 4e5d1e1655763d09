//! Stored files (product imagery, invoices): S3 in production, a folder locally.

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
#[error("blob store error: {0}")]
pub struct BlobsError(pub String);

#[async_trait]
pub trait Blobs: Send + Sync {
    /// Stores the bytes under the key (a relative path such as `images/p1.svg`).
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobsError>;
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, BlobsError>;
    /// The address a browser uses for a public blob (catalogue imagery).
    fn public_url(&self, key: &str) -> String;
}
