//! The API as AWS runs it: a representative part of the API suite with
//! every call turned into an API Gateway v2 event and handed to its
//! function's real `lambda_http` entry (`server::lambda_path`), under each
//! function's grant. What the event translation could break is what these
//! walk: several cookies on one answer and the `cookies` list coming back,
//! refresh rotation, JSON bodies, a 413, redirects, query strings, HEAD,
//! the JSON 404 of an unknown path under every prefix, a card checkout, a
//! PayPal capture and a made-to-order request.

use serde_json::json;

use crate::auth::social_sign_in;
use crate::helpers::{self, cookie_value, get_url, set_cookie, sign_up_and_sign_in, PASSWORD};
use crate::payment::{capture_body, checkout_body, fill_bag, paypal_order, sandbox, with_products};

#[tokio::test]
async fn accounts_sessions_and_refusals_through_lambda_events() {
    let shop = helpers::spawn_lambda_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let login = c.sign_in("ada@example.com", PASSWORD).await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    for name in ["access", "refresh"] {
        assert!(
            set_cookie(&login, name).is_some(),
            "{name} is set through the event's cookies"
        );
    }
    let me = c.get("/api/auth/me").await;
    assert_eq!(
        (me.status, me.body["email"].as_str()),
        (200, Some("ada@example.com"))
    );
    let r1 = cookie_value(&login, "refresh").unwrap();
    let refreshed = c.post("/api/auth/refresh", json!({})).await;
    assert_eq!(refreshed.status, 200, "{:?}", refreshed.body);
    assert_ne!(cookie_value(&refreshed, "refresh").unwrap(), r1, "rotated");

    let huge = format!("{{\"email\":\"{}\"}}", "a".repeat(1024 * 1024));
    let post = reqwest::Method::POST;
    let too_large = c
        .raw(
            post,
            "/api/auth/register",
            "application/json",
            huge.into_bytes(),
        )
        .await;
    assert_eq!(too_large.status, 413);

    // A redirect, and its Location, as API Gateway passes them on.
    let (status, _) = social_sign_in(&shop, &shop.client(), "google", "ada").await;
    assert_eq!(status, 200);

    for prefix in server::routes::functions()
        .into_iter()
        .flat_map(|f| f.prefixes)
    {
        let path = format!("{}{prefix}/no-such-thing/at-all", shop.url);
        let (status, headers, body) = get_url(&c, &path).await;
        assert_eq!(status, 404, "{prefix}");
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
        assert!(body.contains("No such API route."), "{prefix}: {body}");
    }
}

#[tokio::test]
async fn the_catalogue_with_query_strings_and_head_through_lambda_events() {
    let shop = helpers::spawn_lambda_shop().await;
    let c = shop.client();
    // An encoded query string reaches the function as it was sent.
    let found = c.get("/api/products/search?q=%C3%A1o%20d%C3%A0i").await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    let names: Vec<&str> = found.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(
        !names.is_empty() && names.iter().all(|n| n.contains("Ao Dai")),
        "{names:?}"
    );
    let head = c
        .http
        .head(format!("{}/api/products", shop.url))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
}

#[tokio::test]
async fn a_card_checkout_a_paypal_capture_and_a_request_through_lambda_events() {
    let shop = with_products(helpers::spawn_lambda_shop().await).await;
    let lan = shop.client();
    sign_up_and_sign_in(&lan, "lan@example.com").await;
    fill_bag(&lan).await;
    let paid = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-visa-nonce", "lambda-1"),
        )
        .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);

    fill_bag(&lan).await;
    let id = paypal_order(&lan).await;
    sandbox(&shop, "/paypal/approve", json!({ "token": id })).await;
    let captured = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(captured.status, 201, "{:?}", captured.body);
    let orders = lan.get("/api/orders/me").await;
    assert_eq!(
        orders.body["data"]["data"].as_array().map(Vec::len),
        Some(2),
        "{:?}",
        orders.body
    );

    let made = shop
        .client()
        .post("/api/made-to-order", crate::requests::made_to_order())
        .await;
    assert_eq!(made.status, 201, "{:?}", made.body);
}
