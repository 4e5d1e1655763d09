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
    /// Whether a blob is stored under the key, without reading it: content
    /// named by its hash is uploaded only when this is false.
    async fn exists(&self, key: &str) -> Result<bool, BlobsError>;
    /// The address a browser uses for a public blob (catalogue imagery).
    fn public_url(&self, key: &str) -> String;
    /// The key of one of this store's public addresses: [`Blobs::public_url`]
    /// read back, so what a record links to can be fetched again.
    fn key_of(&self, url: &str) -> Option<String>;
}
