//! The client API paths the gateway work touched, called through the router:
//! REST tokenization still verifies CVV, GraphQL tokenization without
//! `validate` mints, the payment SDK's PayPal approval still lands on its
//! return URL, and server calls on the shared GraphQL endpoint need the keys.

mod common;

use axum::http::{header, StatusCode};
use base64::Engine;
use common::{app, API, KEY};
use serde_json::{json, Value};

async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    auth: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, String) {
    let auth: Vec<_> = auth
        .map(|a| (header::AUTHORIZATION, a))
        .into_iter()
        .collect();
    let reply = common::send(app, method, uri, &auth, body).await;
    (reply.status, reply.text)
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| panic!("not JSON: {text}"))
}

#[tokio::test]
async fn rest_tokenization_still_fails_cvv_200() {
    let app = app();
    let card = json!({ "number": "4111111111111111", "expirationDate": "12/30", "cvv": "200" });
    let (status, body) = call(
        &app,
        "POST",
        &format!("{API}/payment_methods/credit_cards"),
        None,
        Some(json!({ "tokenizationKey": KEY, "creditCard": card })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        json(&body)["fieldErrors"][0]["fieldErrors"][0]["code"],
        "81736"
    );
}

#[tokio::test]
async fn graphql_tokenization_verifies_cvv_only_when_asked() {
    let app = app();
    let bearer = format!("Bearer {KEY}");
    let card = json!({ "number": "4111111111111111", "expirationMonth": "12", "expirationYear": "2030", "cvv": "200" });
    let query = "mutation TokenizeCreditCard($input: TokenizeCreditCardInput!) { tokenizeCreditCard(input: $input) { token } }";
    let (_, minted) = call(
        &app,
        "POST",
        "/graphql",
        Some(&bearer),
        Some(json!({ "query": query, "variables": { "input": { "creditCard": card } } })),
    )
    .await;
    assert!(json(&minted)["data"]["tokenizeCreditCard"]["token"].is_string());
    let validated = json!({ "creditCard": card, "options": { "validate": true } });
    let (_, verified) = call(
        &app,
        "POST",
        "/graphql",
        Some(&bearer),
        Some(json!({ "query": query, "variables": { "input": validated } })),
    )
    .await;
    assert!(json(&verified)["errors"].is_array(), "{verified}");
}

#[tokio::test]
async fn server_calls_need_the_api_keys_and_a_version() {
    let app = app();
    let query = json!({ "query": "query { ping }" });
    let wrong = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode("wrong:key")
    );
    let (status, _) = call(&app, "POST", "/graphql", Some(&wrong), Some(query.clone())).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let good = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode("sandbox-public-key:sandbox-private-key")
    );
    let (status, _) = call(&app, "POST", "/graphql", Some(&good), Some(query)).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "no Braintree-Version header"
    );
}

#[tokio::test]
async fn sdk_paypal_approval_returns_to_its_landing_frame() {
    let app = app();
    let resource = json!({ "tokenizationKey": KEY, "amount": "10.00", "currencyIsoCode": "USD",
                           "returnUrl": "https://merchant.example/landing", "cancelUrl": "https://merchant.example/cancel" });
    let (status, body) = call(
        &app,
        "POST",
        &format!("{API}/paypal_hermes/create_payment_resource"),
        None,
        Some(resource),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The approval URL carries the EC token; the payment id differs.
    let resource = &json(&body)["paymentResource"];
    let redirect = resource["redirectUrl"].as_str().expect("redirectUrl");
    let token = redirect.split("token=").nth(1).expect("token").to_string();
    let payment_id = resource["paymentToken"].as_str().expect("paymentToken");
    assert!(
        token.starts_with("EC-") && payment_id.starts_with("PAYID-"),
        "{body}"
    );
    let (status, page) = call(
        &app,
        "GET",
        &format!("/paypal/checkout?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("data-return=\"https://merchant.example/landing\""),
        "{page}"
    );
    let (_, approved) = call(
        &app,
        "POST",
        "/paypal/approve",
        None,
        Some(json!({ "token": token })),
    )
    .await;
    assert_eq!(json(&approved)["payerId"], "SANDBOXPAYER1");
    let (status, account) = call(
        &app,
        "POST",
        &format!("{API}/payment_methods/paypal_accounts"),
        None,
        Some(json!({ "tokenizationKey": KEY, "paypalAccount": { "paymentToken": payment_id } })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{account}");
    assert!(json(&account)["paypalAccounts"][0]["nonce"].is_string());
    let (status, _) = call(&app, "GET", "/paypal/checkout?token=EC-UNKNOWN", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The frames call the client API from the assets host, another origin than
/// the merchant page's: a preflight gets every header it names (a proxy's or
/// a test browser's beside the SDK's), a plain call the SDK's own list.
#[tokio::test]
async fn preflights_from_another_origin_get_the_headers_they_name() {
    let app = app();
    let uri = format!("{API}/payment_methods/credit_cards");
    let asked = "content-type, x-forwarded-for";
    let preflight = common::send(
        &app,
        "OPTIONS",
        &uri,
        &[
            (header::ORIGIN, "http://127.0.0.1:3001"),
            (header::ACCESS_CONTROL_REQUEST_METHOD, "POST"),
            (header::ACCESS_CONTROL_REQUEST_HEADERS, asked),
        ],
        None,
    )
    .await;
    assert_eq!(preflight.status, StatusCode::NO_CONTENT);
    assert_eq!(preflight.header(header::ACCESS_CONTROL_ALLOW_ORIGIN), "*");
    assert_eq!(
        preflight.header(header::ACCESS_CONTROL_ALLOW_HEADERS),
        asked
    );
    let plain = common::send(&app, "GET", &format!("{API}/configuration"), &[], None).await;
    assert_eq!(
        plain.header(header::ACCESS_CONTROL_ALLOW_HEADERS),
        "Content-Type, Authorization, Braintree-Version"
    );
}
