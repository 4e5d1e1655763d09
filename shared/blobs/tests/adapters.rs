//! The folder store on a temp folder, and the S3 store against moto's server.

#[path = "../../testkit/moto.rs"]
mod moto;

use blobs::{BlobsConfig, S3Blobs};
use domain::ports::Blobs;

const SVG: &[u8] = b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>";

async fn round_trip(store: &dyn Blobs) {
    store
        .put("images/products/p1-1.svg", SVG.to_vec(), "image/svg+xml")
        .await
        .expect("put");
    assert_eq!(
        store.get("images/products/p1-1.svg").await.expect("get"),
        Some(SVG.to_vec())
    );
    store
        .put("images/products/p1-1.svg", b"v2".to_vec(), "image/svg+xml")
        .await
        .expect("overwrite");
    assert_eq!(
        store.get("images/products/p1-1.svg").await.expect("get"),
        Some(b"v2".to_vec())
    );
    store
        .put(
            "invoices/日本 1.pdf",
            vec![0, 159, 146, 150],
            "application/pdf",
        )
        .await
        .expect("binary, unicode key");
    assert_eq!(
        store.get("invoices/日本 1.pdf").await.expect("get"),
        Some(vec![0, 159, 146, 150])
    );
    assert_eq!(
        store.get("images/missing.svg").await.expect("missing"),
        None
    );
    assert!(store.exists("invoices/日本 1.pdf").await.expect("exists"));
    assert!(!store.exists("images/missing.svg").await.expect("absent"));
    let url = store.public_url("invoices/日本 1.pdf");
    assert_eq!(store.key_of(&url).as_deref(), Some("invoices/日本 1.pdf"));
    for bad in ["../outside", "/etc/passwd", "a/../../b", ""] {
        assert!(
            store.put(bad, b"x".to_vec(), "text/plain").await.is_err(),
            "{bad:?} must be refused"
        );
        assert!(store.get(bad).await.is_err(), "{bad:?} must be refused");
    }
}

#[tokio::test]
async fn folder_stores_files_under_its_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("data/blobs");
    let config = BlobsConfig::Folder {
        dir: root.clone(),
        public_base: "http://127.0.0.1:3000/blobs".into(),
    };
    let store = blobs::open(&config, &aws_env::Aws::local())
        .await
        .expect("folder opens");
    round_trip(store.as_ref()).await;
    assert_eq!(
        std::fs::read(root.join("images/products/p1-1.svg")).expect("file"),
        b"v2"
    );
    assert!(!dir.path().join("data/outside").exists());
    let leftovers: Vec<_> = std::fs::read_dir(root.join("images/products"))
        .expect("dir")
        .collect();
    assert_eq!(leftovers.len(), 1, "no partial files left");
    assert_eq!(
        store.public_url("images/products/p1-1.svg"),
        "http://127.0.0.1:3000/blobs/images/products/p1-1.svg"
    );
}

/// One moto for every S3 check: starting it is the slow part.
#[tokio::test]
async fn s3_stores_objects_in_its_bucket() {
    let moto = moto::Moto::start();
    let endpoint = moto.endpoint();
    let aws = aws_env::Aws::local();
    let store = S3Blobs::connect(
        aws.sdk_config().await,
        "shop-blobs",
        Some(&endpoint),
        "https://cdn.example.com/",
    );
    store
        .client()
        .create_bucket()
        .bucket("shop-blobs")
        .send()
        .await
        .expect("bucket");
    round_trip(&store).await;

    let head = store
        .client()
        .head_object()
        .bucket("shop-blobs")
        .key("images/products/p1-1.svg")
        .send()
        .await
        .expect("head");
    assert_eq!(head.content_type(), Some("image/svg+xml"));
    assert_eq!(
        head.cache_control(),
        Some("public, max-age=31536000, immutable")
    );
    let pdf = store
        .client()
        .head_object()
        .bucket("shop-blobs")
        .key("invoices/日本 1.pdf")
        .send()
        .await
        .expect("head");
    assert_eq!(
        (pdf.content_type(), pdf.cache_control()),
        (Some("application/pdf"), None)
    );
    assert_eq!(
        store.public_url("images/products/p1-1.svg"),
        "https://cdn.example.com/images/products/p1-1.svg"
    );

    // Through configuration, as the app opens it.
    let config = BlobsConfig::S3 {
        bucket: "shop-blobs".into(),
        endpoint: Some(endpoint),
        public_base: "https://cdn.example.com".into(),
    };
    let opened = blobs::open(&config, &aws).await.expect("open");
    assert_eq!(
        opened.get("images/products/p1-1.svg").await.expect("get"),
        Some(b"v2".to_vec())
    );
    let absent = BlobsConfig::S3 {
        bucket: "no-such-bucket".into(),
        endpoint: Some(moto.endpoint()),
        public_base: String::new(),
    };
    assert!(
        blobs::open(&absent, &aws)
            .await
            .expect("open")
            .get("x")
            .await
            .is_err(),
        "a missing bucket is an error, not a missing blob"
    );
}
