//! The publication in AWS: the site bucket's `published/` prefix (which the
//! distribution's pages read first), the published-pages key value store
//! (which tells the site function that a detail page has an address of its
//! own) and an invalidation. The templates are the deployed build's, read
//! from the same bucket, so a published page only names scripts the bucket
//! holds.

use std::collections::BTreeSet;
use std::path::Path;

use aws_sdk_cloudfront::types::{InvalidationBatch, Paths};
use aws_sdk_cloudfrontkeyvaluestore::types::{DeleteKeyRequestListItem, PutKeyRequestListItem};
use aws_sdk_s3::error::DisplayErrorContext;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::types::{Delete, ObjectIdentifier};

use app::PublicationTarget;

use super::sink::{Sink, SinkError};

/// Where the publication goes in the site bucket (the Site stack's `PUBLISHED_PREFIX`).
pub const PUBLISHED_PREFIX: &str = "published/";
/// The build's hashed assets: never templates, never published.
const ASSETS_PREFIX: &str = "_next/static/";
/// The pages' Cache-Control, as the Pages stack deploys the build's: browsers
/// revalidate, the edge keeps a page until the publication's invalidation.
pub const PAGE_CACHE: &str = "public, max-age=0, s-maxage=31536000, must-revalidate";
/// CloudFront takes at most 50 keys in one UpdateKeys.
const KEYS_PER_UPDATE: usize = 50;
/// S3 deletes at most 1000 keys in one DeleteObjects.
const KEYS_PER_DELETE: usize = 1000;

/// The three clients a publication in AWS uses.
#[derive(Clone)]
pub struct Clients {
    pub s3: aws_sdk_s3::Client,
    pub store: aws_sdk_cloudfrontkeyvaluestore::Client,
    pub cloudfront: aws_sdk_cloudfront::Client,
}

impl Clients {
    /// On the process's AWS configuration; `s3_endpoint`, a local S3 server
    /// (buckets then addressed by path, as local servers expect).
    pub fn connect(sdk: &aws_env::SdkConfig, s3_endpoint: Option<&str>) -> Self {
        let s3 = aws_sdk_s3::config::Builder::from(&aws_env::with_endpoint(sdk, s3_endpoint))
            .force_path_style(s3_endpoint.is_some())
            .build();
        Self {
            s3: aws_sdk_s3::Client::from_conf(s3),
            store: aws_sdk_cloudfrontkeyvaluestore::Client::new(sdk),
            cloudfront: aws_sdk_cloudfront::Client::new(sdk),
        }
    }
}

fn aws_error(what: &str, error: impl std::error::Error) -> SinkError {
    SinkError::Aws {
        what: what.to_string(),
        message: DisplayErrorContext(&error).to_string(),
    }
}

/// The publication under way: each page put under `published/` as it comes,
/// the store, the old pages' removal and the invalidation at `finish`.
pub struct Bucket {
    clients: Clients,
    target: PublicationTarget,
    written: BTreeSet<String>,
}

impl Bucket {
    pub fn new(clients: Clients, target: PublicationTarget) -> Self {
        Self {
            clients,
            target,
            written: BTreeSet::new(),
        }
    }

    /// Copies the deployed build's pages (every key but the publication and
    /// the hashed assets) into `dir`, where the publisher reads its
    /// templates. Answers how many files it copied.
    pub async fn fetch_templates(&self, dir: &Path) -> Result<usize, SinkError> {
        let keys = self.keys("").await?;
        let templates: Vec<&String> = keys
            .iter()
            .filter(|k| !k.starts_with(PUBLISHED_PREFIX) && !k.starts_with(ASSETS_PREFIX))
            .collect();
        for key in &templates {
            let object = self
                .clients
                .s3
                .get_object()
                .bucket(&self.target.bucket)
                .key(key.as_str())
                .send()
                .await
                .map_err(|e| aws_error(&format!("reading the template {key}"), e))?;
            let bytes = object
                .body
                .collect()
                .await
                .map_err(|e| aws_error(&format!("reading the template {key}"), e))?
                .into_bytes();
            let file = super::sink::inside(dir, key)?;
            let write = |file: &Path| -> std::io::Result<()> {
                if let Some(parent) = file.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(file, &bytes)
            };
            write(&file).map_err(|source| SinkError::Write { path: file, source })?;
        }
        Ok(templates.len())
    }

    /// Every key of the bucket under `prefix`.
    async fn keys(&self, prefix: &str) -> Result<Vec<String>, SinkError> {
        let mut keys = Vec::new();
        let mut pages = self
            .clients
            .s3
            .list_objects_v2()
            .bucket(&self.target.bucket)
            .prefix(prefix)
            .into_paginator()
            .send();
        while let Some(page) = pages.next().await {
            let page = page.map_err(|e| aws_error("listing the site bucket", e))?;
            keys.extend(
                page.contents()
                    .iter()
                    .filter_map(|o| o.key().map(str::to_string)),
            );
        }
        Ok(keys)
    }

    /// The store names exactly the pages of this publication.
    async fn name_pages(&self) -> Result<(), SinkError> {
        let store = &self.clients.store;
        let arn = &self.target.store_arn;
        let mut named = BTreeSet::new();
        let mut listed = store.list_keys().kvs_arn(arn).into_paginator().send();
        while let Some(page) = listed.next().await {
            let page = page.map_err(|e| aws_error("listing the published-pages store", e))?;
            named.extend(page.items().iter().map(|item| item.key().to_string()));
        }
        let (puts, deletes) = store_changes(&page_addresses(&self.written), &named);
        let mut etag = store
            .describe_key_value_store()
            .kvs_arn(arn)
            .send()
            .await
            .map_err(|e| aws_error("reading the published-pages store", e))?
            .e_tag;
        for batch in store_batches(puts, deletes) {
            let put = batch
                .puts
                .iter()
                .map(|key| PutKeyRequestListItem::builder().key(key).value("1").build());
            let delete = batch
                .deletes
                .iter()
                .map(|key| DeleteKeyRequestListItem::builder().key(key).build());
            let answer = store
                .update_keys()
                .kvs_arn(arn)
                .if_match(&etag)
                .set_puts(Some(
                    put.collect::<Result<_, _>>()
                        .map_err(|e| aws_error("naming a page", e))?,
                ))
                .set_deletes(Some(
                    delete
                        .collect::<Result<_, _>>()
                        .map_err(|e| aws_error("naming a page", e))?,
                ))
                .send()
                .await
                .map_err(|e| aws_error("updating the published-pages store", e))?;
            etag = answer.e_tag;
        }
        Ok(())
    }

    /// Removes the pages of the previous publication this one no longer has.
    async fn prune(&self) -> Result<(), SinkError> {
        let old: Vec<String> = self
            .keys(PUBLISHED_PREFIX)
            .await?
            .into_iter()
            .filter(|key| !self.written.contains(&key[PUBLISHED_PREFIX.len()..]))
            .collect();
        for batch in old.chunks(KEYS_PER_DELETE) {
            let objects = batch
                .iter()
                .map(|key| ObjectIdentifier::builder().key(key).build())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| aws_error("removing an old page", e))?;
            let delete = Delete::builder()
                .set_objects(Some(objects))
                .quiet(true)
                .build()
                .map_err(|e| aws_error("removing the old pages", e))?;
            self.clients
                .s3
                .delete_objects()
                .bucket(&self.target.bucket)
                .delete(delete)
                .send()
                .await
                .map_err(|e| aws_error("removing the old pages", e))?;
        }
        Ok(())
    }

    /// The edge forgets every page it kept, so visitors get this publication.
    async fn invalidate(&self) -> Result<(), SinkError> {
        let paths = Paths::builder()
            .quantity(1)
            .items("/*")
            .build()
            .map_err(|e| aws_error("invalidating the distribution", e))?;
        let reference = format!(
            "shopctl-publish-{}",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis())
        );
        let batch = InvalidationBatch::builder()
            .paths(paths)
            .caller_reference(reference)
            .build()
            .map_err(|e| aws_error("invalidating the distribution", e))?;
        self.clients
            .cloudfront
            .create_invalidation()
            .distribution_id(&self.target.distribution)
            .invalidation_batch(batch)
            .send()
            .await
            .map_err(|e| aws_error("invalidating the distribution", e))?;
        Ok(())
    }
}

impl Sink for Bucket {
    async fn put(&mut self, path: &str, bytes: &[u8], content_type: &str) -> Result<(), SinkError> {
        super::sink::inside(Path::new(""), path)?;
        self.clients
            .s3
            .put_object()
            .bucket(&self.target.bucket)
            .key(format!("{PUBLISHED_PREFIX}{path}"))
            .content_type(content_type)
            .cache_control(PAGE_CACHE)
            .body(ByteStream::from(bytes.to_vec()))
            .send()
            .await
            .map_err(|e| aws_error(&format!("publishing {path}"), e))?;
        self.written.insert(path.to_string());
        Ok(())
    }

    /// Every page is in place before the store names it; the old pages go
    /// once nothing names them; the edge forgets last, so a visitor moves
    /// from the old publication to the new one at once.
    async fn finish(self) -> Result<(), SinkError> {
        self.name_pages().await?;
        self.prune().await?;
        self.invalidate().await
    }
}

/// The page addresses of a publication's files: `shop/product/p1/silk/index.html` → `/shop/product/p1/silk/`.
fn page_addresses(written: &BTreeSet<String>) -> BTreeSet<String> {
    written
        .iter()
        .filter_map(|path| path.strip_suffix("index.html"))
        .map(|dir| format!("/{dir}"))
        .collect()
}

/// What the store must gain and lose to name exactly `pages`.
fn store_changes(pages: &BTreeSet<String>, named: &BTreeSet<String>) -> (Vec<String>, Vec<String>) {
    (
        pages.difference(named).cloned().collect(),
        named.difference(pages).cloned().collect(),
    )
}

#[derive(Debug, Default, PartialEq, Eq)]
struct StoreBatch {
    puts: Vec<String>,
    deletes: Vec<String>,
}

/// The changes in UpdateKeys' batches: puts first (a page is named before an
/// old one goes), at most [`KEYS_PER_UPDATE`] keys each.
fn store_batches(puts: Vec<String>, deletes: Vec<String>) -> Vec<StoreBatch> {
    let mut batches: Vec<StoreBatch> = Vec::new();
    let changes = puts
        .into_iter()
        .map(|k| (true, k))
        .chain(deletes.into_iter().map(|k| (false, k)));
    for (n, (put, key)) in changes.enumerate() {
        if n % KEYS_PER_UPDATE == 0 {
            batches.push(StoreBatch::default());
        }
        let batch = batches.last_mut().expect("a batch was just pushed");
        match put {
            true => batch.puts.push(key),
            false => batch.deletes.push(key),
        }
    }
    batches
}

#[cfg(test)]
#[path = "../../../testkit/moto.rs"]
mod moto;

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_page_is_named_by_its_address_and_other_files_are_not() {
        let written = set(&[
            "index.html",
            "shop/product/p1/silk/index.html",
            "shop/product/p1/silk/index.txt",
            "sitemap.xml",
        ]);
        assert_eq!(
            page_addresses(&written),
            set(&["/", "/shop/product/p1/silk/"])
        );
    }

    #[test]
    fn the_store_gains_the_new_pages_and_loses_the_withdrawn_ones() {
        let (puts, deletes) = store_changes(&set(&["/a/", "/b/"]), &set(&["/b/", "/gone/"]));
        assert_eq!(puts, vec!["/a/"]);
        assert_eq!(deletes, vec!["/gone/"]);
    }

    #[test]
    fn the_changes_go_in_batches_of_fifty_puts_first() {
        let puts: Vec<String> = (0..70).map(|i| format!("/p{i}/")).collect();
        let deletes: Vec<String> = (0..40).map(|i| format!("/d{i}/")).collect();
        let batches = store_batches(puts, deletes);
        assert_eq!(batches.len(), 3);
        assert!(batches
            .iter()
            .all(|b| b.puts.len() + b.deletes.len() <= KEYS_PER_UPDATE));
        assert_eq!(batches[0].puts.len(), 50);
        assert_eq!((batches[1].puts.len(), batches[1].deletes.len()), (20, 30));
        assert_eq!(batches[2].deletes.len(), 10);
        assert!(store_batches(Vec::new(), Vec::new()).is_empty());
    }

    use super::moto;

    /// The bucket's side of a publication against moto's S3: the templates
    /// are the build's pages (not the publication, not the hashed assets),
    /// each page lands under published/ with the pages' Cache-Control, and a
    /// page the new publication lacks goes. (moto has no key value store:
    /// the store's part is the pure functions above.)
    #[tokio::test]
    async fn the_bucket_holds_exactly_the_new_publication_beside_the_build() {
        let moto = moto::Moto::start();
        let aws = aws_env::Aws::local();
        let clients = Clients::connect(aws.sdk_config().await, Some(&moto.endpoint()));
        let target = PublicationTarget {
            bucket: "site".into(),
            store_arn: "arn:aws:cloudfront::123456789012:key-value-store/none".into(),
            distribution: "E1".into(),
        };
        clients
            .s3
            .create_bucket()
            .bucket("site")
            .send()
            .await
            .expect("bucket");
        for (key, body) in [
            ("index.html", "<html>home template</html>"),
            ("shop/product/_/_/index.html", "<html>placeholder</html>"),
            ("_next/static/chunks/a.js", "js"),
            (
                "published/shop/product/old/gone/index.html",
                "<html>withdrawn</html>",
            ),
        ] {
            let put = clients
                .s3
                .put_object()
                .bucket("site")
                .key(key)
                .body(ByteStream::from_static(body.as_bytes()));
            put.send().await.expect("seed");
        }

        let mut sink = Bucket::new(clients.clone(), target);
        let templates = tempfile::tempdir().expect("temp dir");
        assert_eq!(
            sink.fetch_templates(templates.path())
                .await
                .expect("templates"),
            2
        );
        assert!(templates
            .path()
            .join("shop/product/_/_/index.html")
            .is_file());
        assert!(
            !templates.path().join("_next").exists()
                && !templates.path().join("published").exists()
        );

        sink.put(
            "index.html",
            b"<html>home</html>",
            "text/html; charset=utf-8",
        )
        .await
        .expect("put");
        sink.put(
            "shop/product/p1/silk/index.html",
            b"<html>silk</html>",
            "text/html; charset=utf-8",
        )
        .await
        .expect("put");
        assert!(
            sink.put("../escape.html", b"x", "text/html").await.is_err(),
            "a path out of the publication is refused"
        );
        sink.prune().await.expect("prune");

        let mut keys = sink.keys(PUBLISHED_PREFIX).await.expect("list");
        keys.sort();
        assert_eq!(
            keys,
            vec![
                "published/index.html",
                "published/shop/product/p1/silk/index.html"
            ]
        );
        let page = clients
            .s3
            .get_object()
            .bucket("site")
            .key("published/shop/product/p1/silk/index.html")
            .send()
            .await
            .expect("get");
        assert_eq!(page.cache_control(), Some(PAGE_CACHE));
        assert_eq!(page.content_type(), Some("text/html; charset=utf-8"));
        assert_eq!(
            sink.keys("_next/").await.expect("list"),
            vec!["_next/static/chunks/a.js"],
            "the build is untouched"
        );
    }
}
