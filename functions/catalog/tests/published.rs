//! The catalogue served from its published documents, on the embedded store:
//! what a list costs in table requests, entity tags and `304`s, and that a
//! new publication is what the next request sees.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

use app::{App, Config};
use catalog::Cache;
use domain::catalog::published::{self, Document};
use domain::catalog::{Product, ProductCard, Size, Status};
use domain::ports::Condition;
use domain::pricing::Money;
use domain::timestamp::Timestamp;

struct Shop {
    app: App,
    _dir: tempfile::TempDir,
}

async fn shop() -> Shop {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::local(dir.path().to_path_buf(), "http://127.0.0.1:3000").unwrap();
    let app = App::with_config(config).await.unwrap();
    Shop { app, _dir: dir }
}

fn product(n: usize) -> Product {
    Product {
        description: format!("<p>The story of piece {n}.</p>"),
        card: ProductCard {
            id: format!("p{n:04}"),
            sku: format!("SKU-{n}"),
            name: format!("Piece {n}"),
            categories: vec!["women".into(), "Dresses".into()],
            collection: "c1".into(),
            collection_name: "Monsoon Silk".into(),
            slug: format!("piece-{n}"),
            size: ["S", "M", "L"].map(|s| Size::label(s).unwrap()).to_vec(),
            color: vec!["Ivory".into()],
            price: Money::from_cents(100_000 + n as u32),
            tag: vec!["Resort 2026".into()],
            status: Status::Active,
            product_gallery: vec![
                format!("/blobs/images/products/p{n:04}-1.jpg"),
                format!("/blobs/images/products/p{n:04}-2.jpg"),
            ],
            items: vec![],
            created_at: Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
            made_to_order: false,
        },
    }
}

async fn stock(shop: &Shop, products: impl IntoIterator<Item = Product>) {
    for p in products {
        let _ = shop.app.table.write(&p, Condition::None).await.unwrap();
    }
}

/// The catalogue served without an in-process cache: every request reads the table.
fn uncached(shop: &Shop) -> Router {
    catalog::router_with(shop.app.clone(), Cache::new(Duration::ZERO))
}

struct Got {
    status: StatusCode,
    etag: Option<String>,
    cache_control: Option<String>,
    body: Vec<u8>,
    table_requests: u64,
}

async fn get(shop: &Shop, router: &Router, path: &str, if_none_match: Option<&str>) -> Got {
    let mut request = Request::get(path);
    if let Some(tag) = if_none_match {
        request = request.header(header::IF_NONE_MATCH, tag);
    }
    let before = shop.app.table.request_count();
    let response = router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let table_requests = shop.app.table.request_count() - before;
    let header = |name| {
        response
            .headers()
            .get(name)
            .map(|v: &axum::http::HeaderValue| v.to_str().unwrap().to_string())
    };
    let (etag, cache_control) = (header(header::ETAG), header(header::CACHE_CONTROL));
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec();
    Got {
        status,
        etag,
        cache_control,
        body,
        table_requests,
    }
}

fn json(body: &[u8]) -> Value {
    serde_json::from_slice(body).unwrap()
}

#[tokio::test]
async fn a_published_list_is_one_query_then_memory_and_a_known_tag_is_a_304() {
    let shop = shop().await;
    stock(&shop, (0..40).map(product)).await;
    catalog_answers::publish(&shop.app).await.unwrap();
    let router = catalog::router_with(shop.app.clone(), Cache::new(Duration::from_secs(3600)));

    let first = get(&shop, &router, "/api/products", None).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(
        first.table_requests, 2,
        "the version, then the document's parts"
    );
    let list = json(&first.body);
    assert_eq!(list["data"].as_array().unwrap().len(), 40);
    assert!(
        list["data"][0].get("description").is_none(),
        "lists show cards"
    );
    let etag = first.etag.clone().unwrap();
    assert!(etag.starts_with('"') && etag.ends_with('"'), "a strong tag");
    assert!(first.cache_control.unwrap().contains("s-maxage=60"));

    let again = get(&shop, &router, "/api/products", None).await;
    assert_eq!((again.table_requests, again.body), (0, first.body.clone()));

    let unchanged = get(&shop, &router, "/api/products", Some(&etag)).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
    assert!(unchanged.body.is_empty());
    assert_eq!(unchanged.etag.as_deref(), Some(etag.as_str()));

    let page = get(&shop, &router, "/api/products/p0007", None).await;
    assert_eq!(
        json(&page.body)["description"],
        "<p>The story of piece 7.</p>"
    );
    let missing = get(&shop, &router, "/api/products/nope", None).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.cache_control, None, "a miss is not shared");
}

#[tokio::test]
async fn the_next_request_after_a_publication_sees_it() {
    let shop = shop().await;
    stock(&shop, (0..3).map(product)).await;
    catalog_answers::publish(&shop.app).await.unwrap();
    let router = uncached(&shop);
    let before = get(&shop, &router, "/api/products", None).await;

    let mut renamed = product(1);
    renamed.card.name = "Renamed".into();
    stock(&shop, [renamed]).await;
    let unpublished = get(&shop, &router, "/api/products", None).await;
    assert_eq!(unpublished.body, before.body, "served as published");

    catalog_answers::publish(&shop.app).await.unwrap();
    let after = get(
        &shop,
        &router,
        "/api/products",
        Some(before.etag.as_deref().unwrap()),
    )
    .await;
    assert_eq!(after.status, StatusCode::OK, "the old tag is stale");
    assert_ne!(after.etag, before.etag);
    assert!(String::from_utf8(after.body).unwrap().contains("Renamed"));
}

#[tokio::test]
async fn an_unpublished_catalogue_is_answered_live_and_kept_nowhere() {
    let shop = shop().await;
    stock(&shop, (0..2).map(product)).await;
    let router = uncached(&shop);
    let live = get(&shop, &router, "/api/products", None).await;
    assert_eq!(json(&live.body)["data"].as_array().unwrap().len(), 2);
    stock(&shop, [product(2)]).await;
    let later = get(&shop, &router, "/api/products", None).await;
    assert_eq!(json(&later.body)["data"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn a_large_list_is_split_into_parts_and_served_whole() {
    let shop = shop().await;
    stock(&shop, (0..900).map(product)).await;
    catalog_answers::publish(&shop.app).await.unwrap();
    let router = uncached(&shop);

    let document = published::read(shop.app.table.as_ref(), Document::Products)
        .await
        .unwrap()
        .unwrap();
    assert!(
        document.answer.body.len() > published::PART_BYTES,
        "more than one part"
    );
    let served = get(&shop, &router, "/api/products", None).await;
    assert_eq!(served.body, document.answer.body.as_bytes());
    assert_eq!(json(&served.body)["data"].as_array().unwrap().len(), 900);

    // Publishing a smaller catalogue leaves no part of the larger one behind.
    for n in 3..900 {
        let mut retired = product(n);
        retired.card.status = Status::Inactive;
        stock(&shop, [retired]).await;
    }
    catalog_answers::publish(&shop.app).await.unwrap();
    let smaller = get(&shop, &router, "/api/products", None).await;
    assert_eq!(json(&smaller.body)["data"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn the_snapshot_holds_each_list_under_the_sites_key() {
    let shop = shop().await;
    stock(&shop, (0..2).map(product)).await;
    catalog_answers::publish(&shop.app).await.unwrap();
    let snapshot = catalog_answers::snapshot(&shop.app).await.unwrap();
    assert_eq!(snapshot["/products"]["data"].as_array().unwrap().len(), 2);
    assert_eq!(snapshot["/banners"]["data"], Value::Array(vec![]));
    assert!(
        snapshot.get("/runways/featured").is_none(),
        "no featured runway: not in it"
    );
}

#[tokio::test]
async fn the_snapshot_holds_each_listed_products_detail_as_served() {
    let shop = shop().await;
    stock(&shop, (0..2).map(product)).await;
    catalog_answers::publish(&shop.app).await.unwrap();
    let router = uncached(&shop);
    let snapshot = catalog_answers::snapshot(&shop.app).await.unwrap();
    for id in ["p0000", "p0001"] {
        let served = get(&shop, &router, &format!("/api/products/{id}"), None).await;
        assert_eq!(snapshot[format!("/products/{id}")], json(&served.body));
    }
    assert_eq!(
        snapshot["/products/p0000"]["description"],
        "<p>The story of piece 0.</p>"
    );
    assert!(
        snapshot.get("/products/p0002").is_none(),
        "only listed products"
    );
}
