//! The wallets' script stand-ins through the router: the configuration names
//! the Masterpass script and the PayPal preload; the Masterpass script is
//! served, and the wallet page it goes to checks the merchant checkout id and
//! the request token's callback URL; the preload request is answered and
//! kept for the tests to read.

mod common;

use axum::http::{header, StatusCode};
use common::{app, send, API, KEY, PUBLIC_URL};
use serde_json::json;

#[tokio::test]
async fn the_configuration_names_the_stand_ins() {
    let app = app();
    let reply = send(
        &app,
        "GET",
        &format!("{API}/configuration?tokenizationKey={KEY}"),
        &[],
        None,
    )
    .await;
    let config = reply.json();
    assert_eq!(
        config["masterpass"]["scriptUrl"],
        format!("{PUBLIC_URL}/masterpass/MasterPass.client.js")
    );
    assert_eq!(
        config["paypal"]["preloadUrl"],
        format!("{PUBLIC_URL}/paypal/smart/buttons/preload")
    );
}

#[tokio::test]
async fn the_masterpass_script_leads_to_a_wallet_that_checks_the_checkout() {
    let app = app();
    let script = send(&app, "GET", "/masterpass/MasterPass.client.js", &[], None).await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script
        .header(header::CONTENT_TYPE)
        .starts_with("text/javascript"));
    assert!(script
        .text
        .contains("window.MasterPass = { client: { checkout: checkout } }"));

    let callback = "https://assets.example/landing.html?channel=c";
    let request = json!({ "tokenizationKey": KEY, "requestToken": {
        "originUrl": "https://shop.example", "subtotal": "10.00", "currencyCode": "USD", "callbackUrl": callback } });
    let token = send(
        &app,
        "POST",
        &format!("{API}/masterpass/request_token"),
        &[],
        Some(request),
    )
    .await
    .json()["requestToken"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let wallet = |merchant: &str, callback: &str| {
        format!(
            "/masterpass/checkout?requestToken={token}&merchantCheckoutId={merchant}&callbackUrl={}",
            urlencoding::encode(callback)
        )
    };
    let page = send(
        &app,
        "GET",
        &wallet("sandbox-masterpass-checkout", callback),
        &[],
        None,
    )
    .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("Pay 10.00 USD"));
    for (merchant, callback) in [
        ("other-checkout", callback),
        ("sandbox-masterpass-checkout", "https://evil.example/"),
    ] {
        let page = send(&app, "GET", &wallet(merchant, callback), &[], None).await;
        assert_eq!(
            page.status,
            StatusCode::BAD_REQUEST,
            "{merchant} {callback}"
        );
    }
}

#[tokio::test]
async fn the_paypal_preload_is_answered_and_kept() {
    let app = app();
    let query = "client-id=sandbox-client-id&user-id-token=fp_1&currency=USD";
    let reply = send(
        &app,
        "GET",
        &format!("/paypal/smart/buttons/preload?{query}"),
        &[],
        None,
    )
    .await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    let kept = send(&app, "GET", "/__control/paypal-preloads", &[], None).await;
    assert_eq!(kept.json(), json!({ "preloads": [query] }));
}
