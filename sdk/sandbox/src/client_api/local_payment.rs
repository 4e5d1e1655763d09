//! Local payments: `local_payments/create` and the bank's approval page.
//!
//! The create call checks the payload (a payment type, a positive amount with
//! at most two decimals, a three-letter currency, absolute return and cancel
//! URLs; otherwise 422, the SDK's INVALID_PAYMENT_OPTION) and answers the
//! payment's `paymentToken` (`LP-…`) and, except for the seamless types
//! (BLIK with level_0 or oneClick, pay_upon_invoice, mbway, bancomatpay), the
//! approval page's `redirectUrl`. The approval page's Approve link returns to
//! the returnUrl with the provider's query (`token`, `paymentId`, `PayerID`),
//! Cancel to the cancelUrl with `token`. The payment is kept with the PayPal
//! resources, so `payment_methods/paypal_accounts` tokenizes an approved one
//! with its `paymentId` as `paymentToken` ([`super::paypal`]).
//!
//! Test value: amount `999.00` fails: the approval page's Approve returns
//! `errorcode=processing_error` (START_PAYMENT_FAILED), and a seamless type
//! gets a redirectUrl anyway (START_PAYMENT_DEFERRED_PAYMENT_FAILED).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::paypal::{valid_amount, valid_currency, valid_return, PAYER_ID};
use super::three_d_secure::escape;
use super::{error, Authorized};
use crate::state::Shared;

/// The amount whose payment fails (see the module's test value).
pub const FAILING_AMOUNT: &str = "999.00";

pub fn router() -> Router<Shared> {
    Router::new()
        .route(
            "/merchants/{merchant}/client_api/v1/local_payments/create",
            post(create),
        )
        .route("/local-payment/checkout", get(approval_page))
        .route("/local-payment/approve", get(approve))
        .route("/local-payment/cancel", get(cancel))
}

fn text<'a>(body: &'a Value, key: &str) -> &'a str {
    body.get(key).and_then(Value::as_str).unwrap_or("")
}

/// Seamless types complete outside the session: no approval page.
pub fn is_seamless(body: &Value) -> bool {
    let kind = text(body, "fundingSource").to_ascii_lowercase();
    let blik = &body["blikOptions"];
    match kind.as_str() {
        "blik" => blik.get("level_0").is_some() || blik.get("oneClick").is_some(),
        "pay_upon_invoice" | "mbway" | "bancomatpay" => true,
        _ => false,
    }
}

/// Why the payload is refused, if it is.
pub fn invalid(body: &Value) -> Option<&'static str> {
    if text(body, "fundingSource").is_empty() {
        Some("fundingSource is required")
    } else if !valid_amount(body.get("amount")) || !valid_currency(body.get("currencyIsoCode")) {
        Some("Amount or currency is invalid")
    } else if !valid_return(body.get("returnUrl")) || !valid_return(body.get("cancelUrl")) {
        Some("returnUrl and cancelUrl are required")
    } else {
        None
    }
}

async fn create(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    if let Some(message) = invalid(&body) {
        return error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }
    let id = shared.id("LP-");
    let failing = text(&body, "amount") == FAILING_AMOUNT;
    let redirect = (!is_seamless(&body) || failing).then(|| {
        format!(
            "{}/local-payment/checkout?token={id}",
            shared.config.public_url
        )
    });
    shared.lock().paypal.insert(id.clone(), body);
    Json(json!({ "paymentResource": { "paymentToken": id, "redirectUrl": redirect } }))
        .into_response()
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    token: String,
}

/// The query the provider returns with: its token for the payment (the
/// tokenization's correlation id) and, on approval, the payment and payer.
fn return_url(base: &str, query: &str) -> String {
    let separator = if base.contains('?') { '&' } else { '?' };
    format!("{base}{separator}{query}")
}

fn ec_token(id: &str) -> String {
    format!("EC-{}", id.trim_start_matches("LP-"))
}

async fn approval_page(State(shared): State<Shared>, Query(q): Query<TokenQuery>) -> Response {
    let Some(payment) = shared.lock().paypal.get(&q.token).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><title>Bank</title><p>Unknown payment</p>"),
        )
            .into_response();
    };
    let token = escape(&q.token);
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Local payment sandbox</title></head>\
         <body><main><h1>Local payment sandbox ({kind})</h1><p id=\"summary\">Pay {amount} {currency}</p>\
         <p><a id=\"approve\" href=\"approve?token={token}\">Approve</a> <a id=\"cancel\" href=\"cancel?token={token}\">Cancel</a></p></main></body></html>",
        kind = escape(text(&payment, "fundingSource")),
        amount = escape(text(&payment, "amount")),
        currency = escape(text(&payment, "currencyIsoCode")),
    ))
    .into_response()
}

async fn approve(State(shared): State<Shared>, Query(q): Query<TokenQuery>) -> Response {
    let mut inner = shared.lock();
    let Some(payment) = inner.paypal.get_mut(&q.token) else {
        return error(StatusCode::NOT_FOUND, "Unknown payment");
    };
    let token = ec_token(&q.token);
    let query = if text(payment, "amount") == FAILING_AMOUNT {
        format!("errorcode=processing_error&token={token}")
    } else {
        payment["approved"] = json!(true);
        format!("token={token}&paymentId={}&PayerID={PAYER_ID}", q.token)
    };
    Redirect::to(&return_url(text(payment, "returnUrl"), &query)).into_response()
}

async fn cancel(State(shared): State<Shared>, Query(q): Query<TokenQuery>) -> Response {
    let inner = shared.lock();
    let Some(payment) = inner.paypal.get(&q.token) else {
        return error(StatusCode::NOT_FOUND, "Unknown payment");
    };
    let query = format!("token={}", ec_token(&q.token));
    Redirect::to(&return_url(text(payment, "cancelUrl"), &query)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(kind: &str) -> Value {
        json!({
            "fundingSource": kind, "amount": "10.00", "currencyIsoCode": "EUR",
            "returnUrl": "https://shop.example/return", "cancelUrl": "https://shop.example/return?wasCanceled=true"
        })
    }

    #[test]
    fn payloads_are_checked() {
        assert_eq!(invalid(&payload("ideal")), None);
        assert!(invalid(&payload("")).is_some());
        let mut bad = payload("ideal");
        bad["amount"] = json!("ten");
        assert!(invalid(&bad).is_some());
        let mut bad = payload("ideal");
        bad["returnUrl"] = Value::Null;
        assert!(invalid(&bad).is_some());
    }

    #[test]
    fn seamless_types() {
        for kind in ["pay_upon_invoice", "MBWAY", "bancomatpay"] {
            assert!(is_seamless(&payload(kind)), "{kind}");
        }
        assert!(!is_seamless(&payload("ideal")));
        assert!(!is_seamless(&payload("blik")));
        let mut blik = payload("blik");
        blik["blikOptions"] = json!({ "level_0": { "authCode": "123456" } });
        assert!(is_seamless(&blik));
    }

    #[test]
    fn return_queries_keep_the_url_query() {
        assert_eq!(return_url("https://a/b", "token=1"), "https://a/b?token=1");
        assert_eq!(
            return_url("https://a/b?wasCanceled=true", "token=1"),
            "https://a/b?wasCanceled=true&token=1"
        );
        assert_eq!(ec_token("LP-0a"), "EC-0a");
    }
}
