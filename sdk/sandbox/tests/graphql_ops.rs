//! Payment Ready, preferred payment methods and US bank account operations
//! on the client GraphQL endpoint, called through the router as the SDK
//! calls them (Bearer tokenization key), plus the configuration's
//! usBankAccount and the bank-login stand-in script.

mod common;

use axum::http::{header, StatusCode};
use common::app;
use serde_json::{json, Value};

const BEARER: &str = "Bearer sandbox_abc_merchant01";

async fn get(app: &axum::Router, uri: &str) -> (StatusCode, String, String) {
    let reply = common::send(app, "GET", uri, &[], None).await;
    (reply.status, reply.header(header::CONTENT_TYPE), reply.text)
}

/// POSTs a GraphQL operation whose query names `op`; the JSON answer.
async fn graphql(app: &axum::Router, op: &str, input: Value) -> Value {
    let body = json!({ "query": format!("mutation X($input: XInput!) {{ {op}(input: $input) {{ id }} }}"), "variables": { "input": input } });
    let reply = common::send(
        app,
        "POST",
        "/graphql",
        &[(header::AUTHORIZATION, BEARER)],
        Some(body),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    serde_json::from_str(&reply.text).expect("JSON")
}

fn error_class(answer: &Value) -> &str {
    answer["errors"][0]["extensions"]["errorClass"]
        .as_str()
        .unwrap_or("")
}

#[tokio::test]
async fn customer_sessions_and_recommendations() {
    let app = app();
    let id = "session-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";
    let made = graphql(
        &app,
        "createCustomerSession",
        json!({ "customer": { "hashedEmail": "h" }, "sessionId": id }),
    )
    .await;
    assert_eq!(made["data"]["createCustomerSession"]["sessionId"], id);
    let minted = graphql(
        &app,
        "createCustomerSession",
        json!({ "customer": { "hashedPhoneNumber": "p" } }),
    )
    .await;
    let minted_id = minted["data"]["createCustomerSession"]["sessionId"]
        .as_str()
        .unwrap_or("");
    assert!(minted_id.len() >= 36, "{minted_id}");
    let no_customer = graphql(&app, "createCustomerSession", json!({ "customer": {} })).await;
    assert_eq!(error_class(&no_customer), "VALIDATION");
    let short = graphql(
        &app,
        "createCustomerSession",
        json!({ "customer": { "hashedEmail": "h" }, "sessionId": "short" }),
    )
    .await;
    assert_eq!(error_class(&short), "VALIDATION");

    let updated = graphql(&app, "updateCustomerSession", json!({ "sessionId": id })).await;
    assert_eq!(updated["data"]["updateCustomerSession"]["sessionId"], id);
    let unknown = graphql(&app, "updateCustomerSession", json!({ "sessionId": "x" })).await;
    assert_eq!(error_class(&unknown), "NOT_FOUND");
    let rec = graphql(
        &app,
        "generateCustomerRecommendations",
        json!({ "sessionId": id }),
    )
    .await;
    let rec = &rec["data"]["generateCustomerRecommendations"];
    assert_eq!(rec["isInPayPalNetwork"], true);
    assert_eq!(rec["paymentRecommendations"][0]["paymentOption"], "PAYPAL");
}

#[tokio::test]
async fn preferred_payment_methods() {
    let answer = graphql(&app(), "preferredPaymentMethods", Value::Null).await;
    assert_eq!(
        answer["data"]["preferredPaymentMethods"],
        json!({ "paypalPreferred": true, "venmoPreferred": false })
    );
}

#[tokio::test]
async fn us_bank_tokenization() {
    let app = app();
    let account = json!({ "achMandate": "I authorize", "routingNumber": "307075259", "accountNumber": "1234567",
        "accountType": "SAVINGS", "businessOwner": { "businessName": "Couture" },
        "billingAddress": { "streetAddress": "1 Main St", "city": "Oakland", "state": "CA", "zipCode": "94607" } });
    let ok = graphql(
        &app,
        "tokenizeUsBankAccount",
        json!({ "usBankAccount": account }),
    )
    .await;
    let method = &ok["data"]["tokenizeUsBankAccount"]["paymentMethod"];
    assert!(method["id"]
        .as_str()
        .unwrap_or("")
        .starts_with("tokenusbankacct_"));
    assert_eq!(method["details"]["last4"], "4567");
    let mut lower = account.clone();
    lower["accountType"] = json!("savings");
    let refused = graphql(
        &app,
        "tokenizeUsBankAccount",
        json!({ "usBankAccount": lower }),
    )
    .await;
    assert_eq!(error_class(&refused), "VALIDATION");

    let mut login = account;
    login["publicToken"] = json!("public-sandbox-abc");
    login["accountId"] = json!("plaid_account_id");
    let linked = graphql(&app, "tokenizeUsBankLogin", json!({ "usBankLogin": login })).await;
    assert_eq!(
        linked["data"]["tokenizeUsBankLogin"]["paymentMethod"]["details"]["last4"],
        "1111"
    );
    login["publicToken"] = json!("public-production-abc");
    let wrong = graphql(&app, "tokenizeUsBankLogin", json!({ "usBankLogin": login })).await;
    assert_eq!(error_class(&wrong), "VALIDATION");
}

#[tokio::test]
async fn configuration_names_the_bank_login_script() {
    let app = app();
    let (_, _, config) = get(
        &app,
        "/merchants/merchant01/client_api/v1/configuration?tokenizationKey=sandbox_abc_merchant01",
    )
    .await;
    let config: Value = serde_json::from_str(&config).expect("JSON");
    let plaid = &config["usBankAccount"]["plaid"];
    assert_eq!(plaid["publicKey"], "sandbox-plaid-public-key");
    assert_eq!(
        plaid["scriptUrl"],
        "http://127.0.0.1:9/sandbox/plaid/link-initialize.js"
    );
    let (status, kind, script) = get(&app, "/plaid/link-initialize.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"));
    assert!(script.contains("window.Plaid = { create: create"));
}
