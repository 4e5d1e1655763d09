//! PayPal: payment resources (checkout) and billing agreements (vault), the
//! patch call, the approval page the popup lands on, account tokenization and
//! a stand-in for the PayPal JS SDK script.
//!
//! Test values: any positive amount with a three-letter currency creates a
//! resource; a malformed amount or currency answers 422 (the SDK's
//! INVALID_PAYMENT_OPTION). The approval page's Approve button approves as
//! the sandbox buyer `buyer@example.com`; Cancel returns to the cancel URL.
//! The same page (also at `/paypal/checkoutnow`) approves the shop's Orders
//! v2 orders ([`crate::paypal_orders`]); it then reports to its opener with
//! `postMessage({paypalLanding: {token, PayerID}})` (or `{cancel: true}`),
//! as it does for a payment resource whose return URL is the placeholder on
//! the provider's host (the button flows). A checkout's payment id is
//! `PAYID-…`, its approval token `EC-…`; tokenizing either works. Tokenize
//! results carry the selected shipping option's id and, for checkout, the
//! co-branded card label. The button's preload request
//! (`/paypal/smart/buttons/preload`, the configuration's `paypal.preloadUrl`)
//! is answered and kept: `GET /__control/paypal-preloads` lists the query
//! strings received, oldest first.

use axum::extract::{Query, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::three_d_secure::escape;
use super::{error, Authorized};
use crate::state::{Nonce, Shared, Tokenized};

pub const BUYER_EMAIL: &str = "buyer@example.com";
pub const PAYER_ID: &str = "SANDBOXPAYER1";
/// The sandbox buyer pays checkouts with a co-branded card.
pub const COBRANDED_CARD_LABEL: &str = "Sandbox Cashback Mastercard";

pub fn router() -> Router<Shared> {
    let base = "/merchants/{merchant}/client_api/v1";
    Router::new()
        .route(
            &format!("{base}/paypal_hermes/create_payment_resource"),
            post(create_payment),
        )
        .route(
            &format!("{base}/paypal_hermes/setup_billing_agreement"),
            post(setup_agreement),
        )
        .route(
            &format!("{base}/paypal_hermes/patch_payment_resource"),
            post(patch_payment),
        )
        .route(
            &format!("{base}/payment_methods/paypal_accounts"),
            post(tokenize),
        )
        .route("/paypal/checkout", get(approval_page))
        .route("/paypal/checkoutnow", get(approval_page))
        .route("/paypal/approve.js", get(approve_js))
        .route("/paypal/approve", post(approve))
        .route("/paypal/sdk/js", get(sdk_js))
        .route("/paypal/smart/buttons/preload", get(preload))
        .route("/__control/paypal-preloads", get(preloads))
}

pub(super) fn valid_amount(v: Option<&Value>) -> bool {
    let text = match v {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => return false,
    };
    let (int, frac) = text.split_once('.').unwrap_or((&text, "00"));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.len() <= 2
        && frac.bytes().all(|b| b.is_ascii_digit())
}

pub(super) fn valid_currency(v: Option<&Value>) -> bool {
    v.and_then(Value::as_str)
        .is_some_and(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()))
}

fn unprocessable(message: &str) -> Response {
    error(StatusCode::UNPROCESSABLE_ENTITY, message)
}

/// An absolute URL: http(s), or an app's own scheme (the popup bridge's
/// `com.example.app://popupbridgev1/return`).
pub(super) fn valid_return(v: Option<&Value>) -> bool {
    v.and_then(Value::as_str)
        .and_then(|u| u.split_once("://"))
        .is_some_and(|(scheme, rest)| {
            !rest.is_empty()
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        })
}

async fn create_payment(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    if !valid_amount(body.get("amount")) || !valid_currency(body.get("currencyIsoCode")) {
        return unprocessable("Amount or currency is invalid");
    }
    if !valid_return(body.get("returnUrl")) || !valid_return(body.get("cancelUrl")) {
        return unprocessable("returnUrl and cancelUrl are required");
    }
    let token = shared.id("EC-");
    shared.lock().paypal.insert(token.clone(), body);
    let url = format!("{}/paypal/checkout?token={token}", shared.config.public_url);
    // As the provider's, the payment id differs from the approval URL's token.
    let payment_id = payment_id_of(&token);
    Json(json!({ "paymentResource": { "redirectUrl": url, "paymentToken": payment_id, "authenticateUrl": null } })).into_response()
}

/// The payment id of the payment resource whose approval token is `EC-…`.
fn payment_id_of(ec_token: &str) -> String {
    format!("PAYID-{}", ec_token.trim_start_matches("EC-"))
}

/// The approval token a payment id or EC token names.
fn ec_token_of(token: &str) -> String {
    match token.strip_prefix("PAYID-") {
        Some(rest) => format!("EC-{rest}"),
        None => token.to_string(),
    }
}

/// The button flows' placeholder return URL on the provider's host: the page
/// then tells its opener (the PayPal button script) instead of navigating.
fn is_placeholder_return(url: &str) -> bool {
    url.starts_with("https://www.paypal.com/")
}

async fn setup_agreement(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    if !valid_return(body.get("returnUrl")) || !valid_return(body.get("cancelUrl")) {
        return unprocessable("returnUrl and cancelUrl are required");
    }
    let token = shared.id("BA-");
    shared.lock().paypal.insert(token.clone(), body);
    let url = format!(
        "{}/paypal/checkout?token={token}&ba_token={token}",
        shared.config.public_url
    );
    Json(json!({ "agreementSetup": { "approvalUrl": url, "tokenId": token } })).into_response()
}

async fn patch_payment(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let id = body
        .get("paymentId")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if body.get("amount").is_some() && !valid_amount(body.get("amount")) {
        return unprocessable("Amount is invalid");
    }
    let mut inner = shared.lock();
    let Some(resource) = inner.paypal.get_mut(&id) else {
        return unprocessable("Unknown payment");
    };
    for key in [
        "amount",
        "currencyIsoCode",
        "lineItems",
        "shippingOptions",
        "amountBreakdown",
    ] {
        if let Some(v) = body.get(key) {
            resource[key] = v.clone();
        }
    }
    Json(json!({ "success": true })).into_response()
}

#[derive(serde::Deserialize)]
struct ApprovalQuery {
    token: String,
}

async fn approval_page(State(shared): State<Shared>, Query(q): Query<ApprovalQuery>) -> Response {
    let resource = shared.lock().paypal.get(&q.token).cloned();
    if resource.is_none() {
        if let Some(summary) = crate::paypal_orders::summary(&shared, &q.token) {
            // An Orders v2 order: no return URLs, the page tells its opener.
            return Html(
                include_str!("../../static/approve.html")
                    .replace("{{token}}", &escape(&q.token))
                    .replace("{{return}}", "")
                    .replace("{{cancel}}", "")
                    .replace("{{summary}}", &escape(&summary))
                    .replace("{{vault}}", ""),
            )
            .into_response();
        }
    }
    let Some(resource) = resource else {
        return (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><title>PayPal</title><p>Unknown payment</p>"),
        )
            .into_response();
    };
    let text = |k: &str| {
        resource
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let vault = q.token.starts_with("BA-");
    let landing = Some(text("returnUrl")).filter(|u| !is_placeholder_return(u));
    let cancel = Some(text("cancelUrl")).filter(|u| !is_placeholder_return(u));
    let summary = if vault {
        format!(
            "Save PayPal ({}) with {}",
            BUYER_EMAIL,
            escape(&text("description"))
        )
    } else {
        format!(
            "Pay {} {}",
            escape(&text("amount")),
            escape(&text("currencyIsoCode"))
        )
    };
    Html(
        include_str!("../../static/approve.html")
            .replace("{{token}}", &escape(&q.token))
            .replace("{{return}}", &escape(&landing.unwrap_or_default()))
            .replace("{{cancel}}", &escape(&cancel.unwrap_or_default()))
            .replace("{{summary}}", &summary)
            .replace("{{vault}}", if vault { "1" } else { "" }),
    )
    .into_response()
}

async fn approve_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../static/approve.js"),
    )
        .into_response()
}

async fn sdk_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../static/paypal-sdk.js"),
    )
        .into_response()
}

/// The button's preload: nothing to warm up here, so an empty answer; the
/// query is kept for the tests to read.
async fn preload(State(shared): State<Shared>, RawQuery(query): RawQuery) -> Response {
    shared
        .lock()
        .paypal_preloads
        .push(query.unwrap_or_default());
    StatusCode::NO_CONTENT.into_response()
}

async fn preloads(State(shared): State<Shared>) -> Response {
    Json(json!({ "preloads": shared.lock().paypal_preloads })).into_response()
}

/// The buyer approves on the approval page.
async fn approve(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let token = body.get("token").and_then(Value::as_str).unwrap_or("");
    if crate::paypal_orders::approve(&shared, token) {
        return Json(json!({ "payerId": PAYER_ID })).into_response();
    }
    let mut inner = shared.lock();
    let Some(resource) = inner.paypal.get_mut(token) else {
        return error(StatusCode::NOT_FOUND, "Unknown payment");
    };
    resource["approved"] = json!(true);
    Json(json!({ "payerId": PAYER_ID })).into_response()
}

async fn tokenize(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let account = body.get("paypalAccount").cloned().unwrap_or(Value::Null);
    let token = ec_token_of(
        account
            .get("paymentToken")
            .or_else(|| account.get("billingAgreementToken"))
            .and_then(Value::as_str)
            .unwrap_or(""),
    );
    let Some(resource) = shared
        .lock()
        .paypal
        .get(&token)
        .filter(|r| r["approved"] == json!(true))
        .cloned()
    else {
        return unprocessable("The PayPal payment was not approved");
    };
    let checkout = token.starts_with("EC-");
    let nonce = shared.id("tokenpp_");
    shared.lock().nonces.insert(
        nonce.clone(),
        Nonce {
            method: Tokenized::PayPal {
                email: BUYER_EMAIL.into(),
                payer_id: PAYER_ID.into(),
            },
            three_d_secure: None,
            consumed: false,
        },
    );
    Json(json!({ "paypalAccounts": [{
        "nonce": nonce,
        "type": "PayPalAccount",
        "description": BUYER_EMAIL,
        "consumed": false,
        "details": {
            "email": BUYER_EMAIL,
            "correlationId": account.get("correlationId").cloned().unwrap_or(Value::Null),
            "payerInfo": {
                "email": BUYER_EMAIL, "firstName": "Sandbox", "lastName": "Buyer", "payerId": PAYER_ID, "countryCode": "US",
                "shippingAddress": { "recipientName": "Sandbox Buyer", "line1": "1 Main St", "city": "San Jose", "state": "CA", "postalCode": "95131", "countryCode": "US" }
            },
            "creditFinancingOffered": null,
            "shippingOptionId": selected_shipping_option(&resource),
            "cobrandedCardLabel": if checkout { json!(COBRANDED_CARD_LABEL) } else { Value::Null }
        }
    }] }))
    .into_response()
}

/// The id of the shipping option marked `selected` (the buyer's choice), if any.
fn selected_shipping_option(resource: &Value) -> Value {
    resource["shippingOptions"]
        .as_array()
        .and_then(|list| list.iter().find(|o| o["selected"] == json!(true)))
        .map(|o| o["id"].clone())
        .unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_and_currencies() {
        assert!(valid_amount(Some(&json!("10.00"))));
        assert!(valid_amount(Some(&json!("10"))));
        assert!(valid_amount(Some(&json!(10))));
        assert!(!valid_amount(Some(&json!("10.001"))));
        assert!(!valid_amount(Some(&json!("ten"))));
        assert!(!valid_amount(None));
        assert!(valid_currency(Some(&json!("USD"))));
        assert!(!valid_currency(Some(&json!("US"))));
    }

    #[test]
    fn return_urls_may_use_an_app_scheme() {
        assert!(valid_return(Some(&json!("https://shop.example/landing"))));
        assert!(valid_return(Some(&json!(
            "com.example.app://popupbridgev1/return"
        ))));
        assert!(!valid_return(Some(&json!("/landing"))));
        assert!(!valid_return(Some(&json!("1x://y"))));
        assert!(!valid_return(None));
    }

    #[test]
    fn payment_ids_name_their_approval_token() {
        assert_eq!(payment_id_of("EC-abc"), "PAYID-abc");
        assert_eq!(ec_token_of("PAYID-abc"), "EC-abc");
        assert_eq!(ec_token_of("EC-abc"), "EC-abc");
        assert_eq!(ec_token_of("BA-abc"), "BA-abc");
    }

    #[test]
    fn selected_shipping_option_id() {
        let r = json!({ "shippingOptions": [{ "id": "a" }, { "id": "b", "selected": true }] });
        assert_eq!(selected_shipping_option(&r), json!("b"));
        assert_eq!(selected_shipping_option(&json!({})), Value::Null);
    }
}
