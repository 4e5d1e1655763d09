//! The provider's server-side gateway as the shop API calls it: client tokens
//! and sales. Kept small; the payment issue builds on it.
//!
//! Sale test values (the provider's published ones): 4000111111111115 is
//! declined (processor 2000 Do Not Honor); amounts 2000.00–2999.99 are declined
//! with that amount as the processor code; `fake-valid-nonce` always succeeds.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};

use crate::client_api::error;
use crate::state::{Shared, Tokenized, MERCHANT_ID};

pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/gateway/client_token", post(client_token))
        .route("/gateway/transaction/sale", post(sale))
        .with_state(shared)
}

/// Issues a client token; with `customerId` the token can list and delete
/// that customer's saved payment methods.
pub fn issue_client_token(shared: &Shared, customer: Option<&str>) -> String {
    let fingerprint = shared.id("fp_");
    let customer = customer.unwrap_or("");
    if !customer.is_empty() {
        shared.seed_vault(customer);
    }
    shared
        .lock()
        .fingerprints
        .insert(fingerprint.clone(), customer.to_string());
    let token = json!({
        "version": 2,
        "authorizationFingerprint": fingerprint,
        "configUrl": format!("{}/v1/configuration", shared.client_api_url()),
        "clientApiUrl": shared.client_api_url(),
        "assetsUrl": shared.config.assets_url,
        "merchantId": MERCHANT_ID,
        "environment": "sandbox",
    });
    STANDARD.encode(token.to_string())
}

async fn client_token(State(shared): State<Shared>, body: Option<Json<Value>>) -> Response {
    let customer = body
        .as_ref()
        .and_then(|b| b.get("customerId"))
        .and_then(Value::as_str);
    if customer.is_some_and(|c| c.is_empty() || c.len() > 64) {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "customerId is invalid");
    }
    Json(json!({ "clientToken": issue_client_token(&shared, customer) })).into_response()
}

fn parse_amount(v: Option<&Value>) -> Option<f64> {
    let text = match v? {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|a| *a > 0.0 && a.is_finite())
}

async fn sale(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let Some(amount) = parse_amount(body.get("amount")) else {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "Amount is invalid");
    };
    let nonce = body
        .get("paymentMethodNonce")
        .and_then(Value::as_str)
        .unwrap_or("");
    let (instrument, number, three_ds) =
        if nonce == "fake-valid-nonce" || nonce == "fake-valid-visa-nonce" {
            ("credit_card", "4111111111111111".to_string(), Value::Null)
        } else {
            let mut inner = shared.lock();
            let Some(n) = inner.nonces.get_mut(nonce) else {
                return error(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "Unknown payment method nonce",
                );
            };
            if n.consumed {
                return error(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "Payment method nonce has already been consumed",
                );
            }
            n.consumed = true;
            match &n.method {
                Tokenized::Card(c) => (
                    "credit_card",
                    c.number.clone(),
                    n.three_ds.clone().unwrap_or(Value::Null),
                ),
                Tokenized::PayPal { .. } => ("paypal_account", String::new(), Value::Null),
            }
        };
    let id = shared.id("txn_");
    let cents = (amount * 100.0).round() as u64;
    let declined_code = if number == "4000111111111115" {
        Some("2000".to_string())
    } else if (200_000..300_000).contains(&cents) {
        Some((cents / 100).to_string())
    } else {
        None
    };
    let tx = json!({
        "id": id,
        "amount": format!("{}.{:02}", cents / 100, cents % 100),
        "paymentInstrumentType": instrument,
        "status": if declined_code.is_some() { "processor_declined" } else { "submitted_for_settlement" },
        "processorResponseCode": declined_code.clone().unwrap_or_else(|| "1000".into()),
        "processorResponseText": if declined_code.is_some() { "Do Not Honor" } else { "Approved" },
        "last4": number.get(number.len().saturating_sub(4)..).unwrap_or(""),
        "threeDSecureInfo": three_ds,
    });
    Json(json!({ "success": declined_code.is_none(), "transaction": tx })).into_response()
}
