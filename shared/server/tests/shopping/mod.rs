//! Helpers the shopping API tests share: signed-in clients, test products
//! written straight to the table, and table-request counting.
#![allow(dead_code)]

use std::future::Future;
use std::sync::Arc;

use domain::catalog::{Kind, Product, SetItem};
use domain::ports::{to_item, Condition, PK, SK};
use reqwest::header::{HeaderMap, HeaderValue, ORIGIN};
use shop_http::session::{access_cookie_name, issue_access, AccessClaims};

use crate::common::{Answer, Client, TestShop};

/// A client signed in as `user_id`: an access token minted with the shop's
/// key in the cookie the auth function sets.
pub fn signed_in(shop: &TestShop, user_id: &str) -> Client {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let claims = AccessClaims {
        sub: user_id.into(),
        email: format!("{user_id}@example.com"),
        sid: format!("s-{user_id}"),
        iat: now,
        exp: now + 900,
    };
    let token = issue_access(&shop.app.config, &claims);
    let jar = reqwest::cookie::Jar::default();
    jar.add_cookie_str(
        &format!("{}={token}; Path=/", access_cookie_name(&shop.app.config)),
        &shop.url.parse().unwrap(),
    );
    let mut headers = HeaderMap::new();
    headers.insert(ORIGIN, HeaderValue::from_str(&shop.url).unwrap());
    let http = reqwest::Client::builder()
        .cookie_provider(Arc::new(jar))
        .default_headers(headers)
        .build()
        .unwrap();
    Client {
        http,
        base: shop.url.clone(),
    }
}

/// A product of the tests' own, so they do not depend on the seed.
pub fn product(id: &str, status: &str, price: f64, items: &[(&str, f64)]) -> Product {
    Product {
        id: id.into(),
        sku: format!("SKU-{id}"),
        name: format!("Test {id}"),
        description: "<p>test</p>".into(),
        categories: vec!["women".into()],
        collection: "test-collection".into(),
        collection_name: "Test".into(),
        slug: format!("test-{id}"),
        size: vec!["S".into(), "M".into(), "L".into()],
        color: vec!["Ivory".into(), "Black".into()],
        price: domain::pricing::Money::from_dollars(price).unwrap(),
        tag: vec![],
        status: status.into(),
        product_gallery: vec![format!("/blobs/{id}.jpg")],
        items: items
            .iter()
            .map(|(name, price)| SetItem {
                name: name.to_string(),
                price: domain::pricing::Money::from_dollars(*price).unwrap(),
            })
            .collect(),
        created_at: domain::timestamp::Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
    }
}

pub async fn put_product(shop: &TestShop, product: &Product) {
    let key = Kind::Product.key(&product.id);
    let mut item = to_item(product).unwrap();
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    shop.app.table.put(item, Condition::None).await.unwrap();
}

/// The answer of `call` and how many table requests it cost.
pub async fn counted<T>(shop: &TestShop, call: impl Future<Output = T>) -> (T, u64) {
    let before = shop.app.table.request_count();
    let answer = call.await;
    (answer, shop.app.table.request_count() - before)
}

/// `n` identical POSTs in flight at once, each on its own task.
pub async fn concurrently(
    client: &Client,
    n: usize,
    path: &str,
    body: serde_json::Value,
) -> Vec<Answer> {
    let tasks: Vec<_> = (0..n)
        .map(|_| {
            let client = Client {
                http: client.http.clone(),
                base: client.base.clone(),
            };
            let (path, body) = (path.to_string(), body.clone());
            tokio::spawn(async move { client.post(&path, body).await })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("request task"));
    }
    answers
}
