//! The SEPA and Masterpass stand-ins through the router: a mandate is
//! approved on its page and tokenizes once; a Masterpass request token is
//! approved in the wallet and becomes a card; malformed requests answer 422.

mod common;

use axum::http::{header, StatusCode};
use common::{app, API, KEY};
use serde_json::{json, Value};

/// Status, `Location` header and body of a call.
async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, String, Value) {
    let reply = common::send(app, method, uri, &[], body).await;
    (reply.status, reply.header(header::LOCATION), reply.json())
}

/// The path and query of a sandbox URL, as the router sees it.
fn path(url: &str) -> &str {
    url.trim_start_matches(common::PUBLIC_URL)
}

fn mandate(iban: &str) -> Value {
    json!({
        "tokenizationKey": KEY,
        "sepa_debit": { "account_holder_name": "Ada", "billing_address": { "country_code": "FR" }, "iban": iban,
            "merchant_or_partner_customer_id": "customer01", "mandate_type": "RECURRENT" },
        "return_url": "https://shop.example/back", "cancel_url": "https://shop.example/back?cancel=1",
        "merchant_account_id": "eur"
    })
}

#[tokio::test]
async fn an_approved_mandate_tokenizes_once() {
    let app = app();
    let (status, _, _) = call(
        &app,
        "POST",
        &format!("{API}/sepa_debit"),
        Some(mandate("FR76")),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let (status, _, body) = call(
        &app,
        "POST",
        &format!("{API}/sepa_debit"),
        Some(mandate("FR7630006000011234567890189")),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let account = &body["message"]["body"]["sepaDebitAccount"];
    assert_eq!(account["last4"], "0189");
    let approval = account["approvalUrl"].as_str().unwrap_or("");
    let cart = approval.rsplit('=').next().unwrap_or("");
    let token = account["bankReferenceToken"].clone();
    let tokenize = json!({ "tokenizationKey": KEY, "sepa_debit_account": { "bank_reference_token": token, "last_4": "0189" } });

    let detail = format!("{API}/sepa_debit/{cart}?tokenizationKey={KEY}");
    assert_eq!(
        call(&app, "GET", &detail, None).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, location, _) = call(
        &app,
        "GET",
        &path(approval).replace("/mandate", "/approve"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        location,
        format!("https://shop.example/back?success=true&cart_id={cart}")
    );
    let (status, _, body) = call(&app, "GET", &detail, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["sepaDebitMandateDetail"]["mandateType"], "RECURRENT");
    assert_eq!(
        body["sepaDebitMandateDetail"]["merchantOrPartnerCustomerId"],
        "customer01"
    );

    let url = format!("{API}/payment_methods/sepa_debit_accounts");
    let (status, _, body) = call(&app, "POST", &url, Some(tokenize.clone())).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["nonce"]
        .as_str()
        .unwrap_or("")
        .starts_with("tokensepa_"));
    assert_eq!(
        call(&app, "POST", &url, Some(tokenize)).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn a_masterpass_approval_becomes_a_card_once() {
    let app = app();
    let request = |subtotal: &str| {
        json!({ "tokenizationKey": KEY, "requestToken": {
        "originUrl": "https://shop.example", "subtotal": subtotal, "currencyCode": "USD",
        "callbackUrl": "https://assets.example/landing.html?channel=c" } })
    };
    let url = format!("{API}/masterpass/request_token");
    assert_eq!(
        call(&app, "POST", &url, Some(request("ten"))).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, _, body) = call(&app, "POST", &url, Some(request("10.00"))).await;
    assert_eq!(status, StatusCode::OK);
    let token = body["requestToken"].as_str().unwrap_or("").to_string();

    let (_, canceled, _) = call(
        &app,
        "GET",
        &format!("/masterpass/cancel?requestToken={token}"),
        None,
    )
    .await;
    assert_eq!(
        canceled,
        "https://assets.example/landing.html?channel=c&mpstatus=cancel"
    );
    let (status, location, _) = call(
        &app,
        "GET",
        &format!("/masterpass/approve?requestToken={token}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let query: std::collections::HashMap<String, String> = location
        .split_once('?')
        .map(|(_, q)| q)
        .unwrap_or("")
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| {
            (
                k.to_string(),
                urlencoding::decode(v)
                    .map(|s| s.into_owned())
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(query["mpstatus"], "success");
    assert_eq!(query["oauth_token"], token);

    let card = |verifier: &str| {
        json!({ "tokenizationKey": KEY, "masterpassCard": {
        "checkoutResourceUrl": query["checkout_resource_url"], "requestToken": token, "verifierToken": verifier } })
    };
    let cards = format!("{API}/payment_methods/masterpass_cards");
    assert_eq!(
        call(&app, "POST", &cards, Some(card("wrong"))).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, _, body) = call(&app, "POST", &cards, Some(card(&query["oauth_verifier"]))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["masterpassCards"][0]["type"], "MasterpassCard");
    assert_eq!(body["masterpassCards"][0]["details"]["lastFour"], "4444");
    assert_eq!(
        call(&app, "POST", &cards, Some(card(&query["oauth_verifier"])))
            .await
            .0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}
