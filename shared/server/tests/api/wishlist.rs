//! The wishlist over HTTP: add, list, remove, idempotence, the visitor's
//! message, unknown and inactive products, and one shopper never seeing
//! another's entries.

use crate::helpers::{self, client_with_access_token, count_table_requests, put_product};
use domain::wishlist;
use serde_json::json;

async fn shop_with_products() -> helpers::TestShop {
    let shop = helpers::spawn_shop().await;
    put_product(&shop, &helpers::test_product("w-one", "active", 120.0, &[])).await;
    put_product(&shop, &helpers::test_product("w-two", "active", 240.0, &[])).await;
    put_product(
        &shop,
        &helpers::test_product("w-off", "inactive", 10.0, &[]),
    )
    .await;
    shop
}

#[tokio::test]
async fn visitors_are_asked_to_log_in() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    for answer in [
        visitor.get("/api/wishlist").await,
        visitor
            .post("/api/wishlist/add", json!({ "productId": "w-one" }))
            .await,
        visitor.delete("/api/wishlist/remove/w-one").await,
    ] {
        assert_eq!(
            (answer.status, answer.body["message"].as_str()),
            (401, Some(wishlist::LOGIN_REQUIRED))
        );
    }
}

#[tokio::test]
async fn add_list_and_remove_idempotently() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;

    let (added, cost) = count_table_requests(
        &shop,
        lan.post("/api/wishlist/add", json!({ "productId": "w-one" })),
    )
    .await;
    assert_eq!(
        (added.status, cost),
        (200, 3),
        "the session GetItem, GetItem product + PutItem"
    );
    assert_eq!(added.body["data"]["id"], "w-one");
    assert_eq!(
        added.body["data"]["product"],
        json!({ "id": "w-one", "slug": "test-w-one", "name": "Test w-one", "productGallery": ["/blobs/w-one.jpg"] })
    );
    assert_eq!(
        lan.post("/api/wishlist/add", json!({ "productId": "w-one" }))
            .await
            .status,
        200,
        "adding twice is fine"
    );
    assert_eq!(
        lan.post("/api/wishlist/add", json!({ "productId": "w-two" }))
            .await
            .status,
        200
    );

    let (list, cost) = count_table_requests(&shop, lan.get("/api/wishlist")).await;
    assert_eq!(
        (list.status, cost),
        (200, 2),
        "GET /api/wishlist is the session GetItem and one Query"
    );
    let ids: Vec<_> = list
        .list()
        .iter()
        .map(|e| e["product"]["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        ids,
        vec!["w-two", "w-one"],
        "one entry per product, newest first"
    );
    assert_eq!(list.body["productIds"], json!(["w-two", "w-one"]));

    let (removed, cost) =
        count_table_requests(&shop, lan.delete("/api/wishlist/remove/w-one")).await;
    assert_eq!((removed.status, cost), (200, 2));
    assert_eq!(
        lan.delete("/api/wishlist/remove/w-one").await.status,
        200,
        "removing twice is fine"
    );
    assert_eq!(
        lan.get("/api/wishlist").await.body["productIds"],
        json!(["w-two"])
    );
}

#[tokio::test]
async fn only_active_catalogue_products_can_be_wished_for() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let missing = lan.post("/api/wishlist/add", json!({})).await;
    assert_eq!(
        (missing.status, missing.body["errors"]["productId"].as_str()),
        (400, Some(wishlist::PRODUCT_REQUIRED))
    );
    for id in ["no-such-product", "w-off", "../x"] {
        let answer = lan
            .post("/api/wishlist/add", json!({ "productId": id }))
            .await;
        assert_eq!(
            (answer.status, answer.body["message"].as_str()),
            (404, Some(wishlist::PRODUCT_UNAVAILABLE)),
            "{id}"
        );
    }
    let wrong_type = lan
        .post("/api/wishlist/add", json!({ "productId": ["w-one"] }))
        .await;
    assert_eq!(wrong_type.status, 400);
    assert!(lan.get("/api/wishlist").await.list().is_empty());
}

#[tokio::test]
async fn wishlists_are_private() {
    let shop = shop_with_products().await;
    let (lan, minh) = (
        client_with_access_token(&shop, "lan").await,
        client_with_access_token(&shop, "minh").await,
    );
    lan.post("/api/wishlist/add", json!({ "productId": "w-one" }))
        .await;
    assert!(minh.get("/api/wishlist").await.list().is_empty());
    minh.delete("/api/wishlist/remove/w-one").await;
    assert_eq!(
        lan.get("/api/wishlist").await.list().len(),
        1,
        "another shopper's remove touches only their own list"
    );
}
