//! SEPA direct debit: the mandate (`POST sepa_debit`), the mandate approval
//! page the popup or the redirected page shows, the mandate's details after a
//! full-page redirect (`GET sepa_debit/{cart_id}`) and the approved mandate's
//! tokenization (`POST payment_methods/sepa_debit_accounts`).
//!
//! Test values: any well-formed IBAN (two letters, two check digits, 11 to 30
//! letters or digits, e.g. `FR7630006000011234567890189`) creates a mandate;
//! a malformed one, an unknown mandate type or a missing return URL answers
//! 422. The approval page's Approve returns to the return URL with
//! `success=true&cart_id=…`; Cancel goes to the cancel URL. Only an approved
//! mandate's details are given and only it tokenizes (once).

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::three_d_secure::escape;
use super::{authorize_query, error, Authorized};
use crate::state::Shared;

pub fn router() -> Router<Shared> {
    let base = "/merchants/{merchant}/client_api/v1";
    Router::new()
        .route(&format!("{base}/sepa_debit"), post(create_mandate))
        .route(
            &format!("{base}/sepa_debit/{{cart_id}}"),
            get(mandate_detail),
        )
        .route(
            &format!("{base}/payment_methods/sepa_debit_accounts"),
            post(tokenize),
        )
        .route("/sepa/mandate", get(mandate_page))
        .route("/sepa/approve", get(approve))
        .route("/sepa/cancel", get(cancel))
}

/// Two letters, two check digits, then 11 to 30 letters or digits.
pub fn valid_iban(iban: &str) -> bool {
    let b = iban.as_bytes();
    (15..=34).contains(&b.len())
        && b[..2].iter().all(u8::is_ascii_uppercase)
        && b[2..4].iter().all(u8::is_ascii_digit)
        && b[4..].iter().all(u8::is_ascii_alphanumeric)
}

/// An absolute http(s) URL.
fn valid_url(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

/// `url` with `query` appended after `?` or `&`.
pub fn with_query(url: &str, query: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}{query}")
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

fn unprocessable(message: &str) -> Response {
    error(StatusCode::UNPROCESSABLE_ENTITY, message)
}

async fn create_mandate(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let debit = body.get("sepa_debit").cloned().unwrap_or(Value::Null);
    let iban = text(&debit, "iban");
    if !valid_iban(iban) {
        return unprocessable("IBAN is invalid");
    }
    let mandate_type = text(&debit, "mandate_type");
    if !matches!(mandate_type, "ONE_OFF" | "RECURRENT") {
        return unprocessable("Mandate type is invalid");
    }
    if !valid_url(text(&body, "return_url")) || !valid_url(text(&body, "cancel_url")) {
        return unprocessable("return_url and cancel_url are required");
    }
    let cart_id = shared.id("CART-");
    let mandate = json!({
        "last4": &iban[iban.len() - 4..],
        "customerId": text(&debit, "merchant_or_partner_customer_id"),
        "mandateType": mandate_type,
        "accountHolderName": text(&debit, "account_holder_name"),
        "bankReferenceToken": shared.id("BANKREF-"),
        "returnUrl": text(&body, "return_url"),
        "cancelUrl": text(&body, "cancel_url"),
        "approved": false,
        "tokenized": false,
    });
    let url = format!(
        "{}/sepa/mandate?cart_id={cart_id}",
        shared.config.public_url
    );
    let account = json!({
        "approvalUrl": url,
        "last4": mandate["last4"],
        "bankReferenceToken": mandate["bankReferenceToken"],
    });
    shared.lock().sepa.insert(cart_id, mandate);
    Json(json!({ "message": { "body": { "sepaDebitAccount": account } } })).into_response()
}

#[derive(serde::Deserialize)]
struct CartQuery {
    cart_id: String,
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html("<!doctype html><title>SEPA</title><p>Unknown mandate</p>"),
    )
        .into_response()
}

/// The mandate the customer approves or cancels (links, no script).
async fn mandate_page(State(shared): State<Shared>, Query(q): Query<CartQuery>) -> Response {
    let Some(m) = shared.lock().sepa.get(&q.cart_id).cloned() else {
        return not_found();
    };
    let id = urlencoding::encode(&q.cart_id);
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>SEPA Direct Debit mandate</title></head>\
         <body><main><h1>SEPA Direct Debit mandate</h1><p id=\"summary\">{} authorizes {} debits from the account ending in {}.</p>\
         <p><a id=\"approve\" href=\"approve?cart_id={id}\">Approve</a> <a id=\"cancel\" href=\"cancel?cart_id={id}\">Cancel</a></p></main></body></html>",
        escape(text(&m, "accountHolderName")),
        escape(text(&m, "mandateType")),
        escape(text(&m, "last4")),
    ))
    .into_response()
}

async fn approve(State(shared): State<Shared>, Query(q): Query<CartQuery>) -> Response {
    let mut inner = shared.lock();
    let Some(m) = inner.sepa.get_mut(&q.cart_id) else {
        return not_found();
    };
    m["approved"] = json!(true);
    let query = format!("success=true&cart_id={}", urlencoding::encode(&q.cart_id));
    Redirect::to(&with_query(text(m, "returnUrl"), &query)).into_response()
}

async fn cancel(State(shared): State<Shared>, Query(q): Query<CartQuery>) -> Response {
    match shared.lock().sepa.get(&q.cart_id) {
        Some(m) => Redirect::to(text(m, "cancelUrl")).into_response(),
        None => not_found(),
    }
}

/// An approved mandate's details (the full-page redirect's return).
async fn mandate_detail(
    State(shared): State<Shared>,
    Path((merchant, cart_id)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Err(r) = authorize_query(&shared, &merchant, &q) {
        return r;
    }
    let Some(m) = shared.lock().sepa.get(&cart_id).cloned() else {
        return error(StatusCode::NOT_FOUND, "Unknown mandate");
    };
    if m["approved"] != json!(true) {
        return unprocessable("The mandate was not approved");
    }
    Json(json!({ "sepaDebitMandateDetail": {
        "last4": m["last4"],
        "merchantOrPartnerCustomerId": m["customerId"],
        "mandateType": m["mandateType"],
        "bankReferenceToken": m["bankReferenceToken"],
    } }))
    .into_response()
}

/// An approved mandate (by its bank reference token) becomes a nonce, once.
async fn tokenize(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let account = body
        .get("sepa_debit_account")
        .cloned()
        .unwrap_or(Value::Null);
    let token = text(&account, "bank_reference_token");
    let mut inner = shared.lock();
    let Some(m) = inner
        .sepa
        .values_mut()
        .find(|m| !token.is_empty() && text(m, "bankReferenceToken") == token)
    else {
        return unprocessable("Unknown bank reference token");
    };
    if m["approved"] != json!(true) || m["tokenized"] == json!(true) {
        return unprocessable("The mandate is not approved or already used");
    }
    m["tokenized"] = json!(true);
    drop(inner);
    Json(json!({ "nonce": shared.id("tokensepa_"), "type": "SEPADebitAccount" })).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ibans() {
        assert!(valid_iban("FR7630006000011234567890189"));
        assert!(valid_iban("DE89370400440532013000"));
        assert!(!valid_iban("FR76"));
        assert!(!valid_iban("fr7630006000011234567890189"));
        assert!(!valid_iban("FRX630006000011234567890189"));
        assert!(!valid_iban("FR76 3000 6000 0112 3456 7890 189"));
    }

    #[test]
    fn query_appended_after_the_right_separator() {
        assert_eq!(with_query("https://a/b", "x=1"), "https://a/b?x=1");
        assert_eq!(with_query("https://a/b?c=2", "x=1"), "https://a/b?c=2&x=1");
    }
}
