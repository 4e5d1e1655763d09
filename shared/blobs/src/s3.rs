//! The production blob store: one S3 bucket.

use async_trait::async_trait;
use aws_sdk_s3::error::DisplayErrorContext;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::Client;
use domain::ports::{Blobs, BlobsError};

use crate::key;

pub struct S3Blobs {
    client: aws_env::OnFirstUse<Client>,
    bucket: String,
    public_base: String,
}

fn s3_error(error: impl std::error::Error) -> BlobsError {
    BlobsError(DisplayErrorContext(&error).to_string())
}

impl S3Blobs {
    /// The process's store on the shared AWS configuration, its client
    /// built by the first request that reads or writes a blob; with an
    /// endpoint (a local server) it addresses buckets by path, as local
    /// servers expect.
    pub fn connect(
        sdk: &aws_env::SdkConfig,
        bucket: &str,
        endpoint: Option<&str>,
        public_base: &str,
    ) -> Self {
        let sdk = aws_env::with_endpoint(sdk, endpoint);
        let path_style = endpoint.is_some();
        let client = aws_env::on_first_use(move || {
            let s3 = aws_sdk_s3::config::Builder::from(&sdk)
                .force_path_style(path_style)
                .build();
            Client::from_conf(s3)
        });
        Self {
            client,
            bucket: bucket.to_owned(),
            public_base: public_base.to_owned(),
        }
    }

    pub fn client(&self) -> &Client {
        &self.client
    }
}

#[async_trait]
impl Blobs for S3Blobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobsError> {
        key::check(key)?;
        self.client()
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .body(ByteStream::from(bytes))
            .content_type(content_type)
            .set_cache_control(key::cache_control(content_type).map(str::to_owned))
            .send()
            .await
            .map_err(s3_error)?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        key::check(key)?;
        let result = self
            .client()
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await;
        let output = match result {
            Ok(output) => output,
            Err(error) if error.as_service_error().is_some_and(|e| e.is_no_such_key()) => {
                return Ok(None)
            }
            Err(error) => return Err(s3_error(error)),
        };
        let bytes = output.body.collect().await.map_err(s3_error)?;
        Ok(Some(bytes.into_bytes().to_vec()))
    }

    async fn exists(&self, key: &str) -> Result<bool, BlobsError> {
        key::check(key)?;
        let result = self
            .client()
            .head_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await;
        match result {
            Ok(_) => Ok(true),
            Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => Ok(false),
            Err(error) => Err(s3_error(error)),
        }
    }

    fn public_url(&self, key: &str) -> String {
        key::public_url(&self.public_base, key)
    }

    fn key_of(&self, url: &str) -> Option<String> {
        key::key_of(&self.public_base, url)
    }
}
