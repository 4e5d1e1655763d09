//! Card tokenization (REST and GraphQL), the vault list and the GraphQL
//! vault delete.
//!
//! Sandbox test values, as the provider publishes them: any Luhn-valid number
//! tokenizes (4111111111111111, 5555555555554444, 378282246310005, …;
//! 4000111111111115 tokenizes and is declined at sale). CVV `200` fails CVV
//! verification (server code 81736) on the REST tokenization the SDK uses
//! and on GraphQL `tokenizeCreditCard` with `options.validate: true`; without
//! it the GraphQL tokenization mints the nonce and the gateway rejects the
//! charge (CVV). A billing postal code `20000` is rejected at charge (AVS).
//! The number 4005519200000004 is already in the merchant's vault and fails
//! on duplicate (81724). The gateway's fixed nonces (`fake-valid-nonce`, …)
//! are listed in [`crate::gateway`].

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::{authorize, bearer, check_merchant, error, Authorized};
use crate::state::{CardData, Nonce, Shared, Tokenized};

pub const DUPLICATE_CARD: &str = "4005519200000004";
pub const CVV_FAILURE: &str = "200";

pub fn router() -> Router<Shared> {
    Router::new()
        .route(
            "/merchants/{merchant}/client_api/v1/payment_methods/credit_cards",
            post(tokenize_rest),
        )
        .route(
            "/merchants/{merchant}/client_api/v1/payment_methods",
            get(vault_list),
        )
        .route("/graphql", post(graphql))
}

fn luhn(n: &str) -> bool {
    let mut sum = 0;
    for (i, c) in n.bytes().rev().enumerate() {
        let mut d = (c - b'0') as u32;
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    !n.is_empty() && sum.is_multiple_of(10)
}

/// Network name by prefix, as the gateway reports it.
pub fn card_type(number: &str) -> &'static str {
    let p2: u32 = number.get(..2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let p4: u32 = number.get(..4).and_then(|s| s.parse().ok()).unwrap_or(0);
    match () {
        _ if number.starts_with('4') => "Visa",
        _ if (51..=55).contains(&p2) || (2221..=2720).contains(&p4) => "MasterCard",
        _ if p2 == 34 || p2 == 37 => "American Express",
        _ if p4 == 6011 || p2 == 65 || (644..=649).contains(&(p4 / 10)) => "Discover",
        _ if (3528..=3589).contains(&p4) => "JCB",
        _ if p2 == 62 => "UnionPay",
        _ if p2 == 36 || p2 == 38 || (300..=305).contains(&(p4 / 10)) => "Diners Club",
        _ if number.starts_with('5') || number.starts_with('6') => "Maestro",
        _ => "Unknown",
    }
}

/// The payload the SDK reads for a card.
pub fn card_payload(nonce: &str, card: &CardData, three_d_secure: Option<&Value>) -> Value {
    let n = &card.number;
    let last_four = &n[n.len().saturating_sub(4)..];
    let last_two = &n[n.len().saturating_sub(2)..];
    json!({
        "nonce": nonce,
        "type": "CreditCard",
        "description": format!("ending in {last_two}"),
        "consumed": false,
        "default": false,
        "details": {
            "bin": &n[..6.min(n.len())],
            "cardType": card_type(n),
            "lastFour": last_four,
            "lastTwo": last_two,
            "expirationMonth": card.expiration_month,
            "expirationYear": card.expiration_year,
            "cardholderName": card.cardholder_name,
        },
        "binData": {
            "prepaid": "Unknown", "healthcare": "Unknown", "debit": "Unknown",
            "durbinRegulated": "Unknown", "commercial": "Unknown", "payroll": "Unknown",
            "issuingBank": "Unknown", "countryOfIssuance": "Unknown", "productId": "Unknown"
        },
        "threeDSecureInfo": three_d_secure,
    })
}

fn field_error(field: &str, code: &str, message: &str) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        Json(json!({
            "error": { "message": message },
            "fieldErrors": [{ "field": "creditCard", "fieldErrors": [{ "field": field, "code": code, "message": message }] }]
        })),
    )
        .into_response()
}

/// Validates and stores a card, returning its nonce or the error response.
/// With `verify_cvv`, CVV `200` fails here (81736); without, the nonce is
/// minted and the gateway rejects the charge instead (CVV mismatch).
pub(super) fn tokenize_card(
    shared: &Shared,
    card: &Value,
    verify_cvv: bool,
) -> Result<(String, CardData), Response> {
    let text = |k: &str| {
        card.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let number: String = text("number")
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if number.len() < 12 || number.len() > 19 || !luhn(&number) {
        return Err(field_error(
            "number",
            "81715",
            "Credit card number is invalid.",
        ));
    }
    let (mut month, mut year) = (text("expirationMonth"), text("expirationYear"));
    let date = text("expirationDate");
    if month.is_empty() && !date.is_empty() {
        let (m, y) = date.split_once('/').unwrap_or(("", ""));
        month = m.trim().to_string();
        year = y.trim().to_string();
    }
    if year.len() == 2 {
        year = format!("20{year}");
    }
    let month_ok = month.parse::<u32>().is_ok_and(|m| (1..=12).contains(&m));
    if !month_ok || year.parse::<u32>().is_err() {
        return Err(field_error(
            "expirationDate",
            "81712",
            "Expiration date is invalid.",
        ));
    }
    if verify_cvv && text("cvv") == CVV_FAILURE {
        return Err(field_error("cvv", "81736", "CVV verification failed"));
    }
    if number == DUPLICATE_CARD {
        return Err(field_error(
            "number",
            "81724",
            "Duplicate card exists in the vault.",
        ));
    }
    let data = CardData {
        number,
        expiration_month: format!("{:0>2}", month),
        expiration_year: year,
        cardholder_name: text("cardholderName"),
        cvv: text("cvv"),
        postal_code: card
            .pointer("/billingAddress/postalCode")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_string(),
    };
    let nonce = shared.id("tokencc_");
    shared.lock().nonces.insert(
        nonce.clone(),
        Nonce {
            method: Tokenized::Card(data.clone()),
            three_d_secure: None,
            consumed: false,
        },
    );
    Ok((nonce, data))
}

async fn tokenize_rest(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let Some(card) = body.get("creditCard").filter(|c| c.is_object()) else {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "creditCard is required");
    };
    if card.pointer("/options/unionPayEnrollment").is_some() {
        return super::unionpay::tokenize(&shared, card);
    }
    match tokenize_card(&shared, card, true) {
        Ok((nonce, data)) => (
            StatusCode::CREATED,
            Json(json!({ "creditCards": [card_payload(&nonce, &data, None)] })),
        )
            .into_response(),
        Err(r) => r,
    }
}

#[derive(serde::Deserialize)]
struct VaultQuery {
    #[serde(rename = "authorizationFingerprint")]
    fingerprint: Option<String>,
    #[serde(rename = "defaultFirst")]
    default_first: Option<String>,
}

fn vaulted_payload(nonce: &str, v: &crate::state::Vaulted) -> Value {
    match &v.method {
        Tokenized::Card(card) => {
            let mut p = card_payload(nonce, card, None);
            p["default"] = json!(v.default);
            p["hasSubscription"] = json!(false);
            p
        }
        Tokenized::PayPal { email, payer_id } => json!({
            "nonce": nonce, "type": "PayPalAccount", "default": v.default, "hasSubscription": false,
            "description": email, "details": { "email": email, "payerInfo": { "email": email, "payerId": payer_id } }
        }),
    }
}

/// The customer's saved methods, each with a fresh single-use nonce.
async fn vault_list(
    State(shared): State<Shared>,
    Path(merchant): Path<String>,
    Query(q): Query<VaultQuery>,
) -> Response {
    let caller = match check_merchant(&merchant)
        .and_then(|_| authorize(&shared, q.fingerprint.as_deref()))
    {
        Ok(c) => c,
        Err(r) => return r,
    };
    let Some(customer) = caller.customer else {
        return Json(json!({ "paymentMethods": [] })).into_response();
    };
    let methods: Vec<_> = shared
        .lock()
        .vault
        .get(&customer)
        .cloned()
        .unwrap_or_default();
    let mut order: Vec<usize> = (0..methods.len()).collect();
    if q.default_first.as_deref() == Some("1") {
        order.sort_by_key(|i| !methods[*i].default);
    }
    let mut out = Vec::new();
    for i in order {
        let nonce = shared.id("tokenvault_");
        let mut inner = shared.lock();
        inner
            .vault_nonces
            .insert(nonce.clone(), (customer.clone(), i));
        inner.nonces.insert(
            nonce.clone(),
            Nonce {
                method: methods[i].method.clone(),
                three_d_secure: None,
                consumed: false,
            },
        );
        drop(inner);
        out.push(vaulted_payload(&nonce, &methods[i]));
    }
    Json(json!({ "paymentMethods": out })).into_response()
}

fn graphql_error(message: &str, class: &str) -> Response {
    Json(json!({ "data": null, "errors": [{ "message": message, "extensions": { "errorClass": class } }] })).into_response()
}

/// GraphQL: tokenizeCreditCard and deletePaymentMethodFromSingleUseToken
/// for the SDK (Bearer fingerprint or tokenization key); the server-side
/// mutations of the gateway (HTTP Basic API keys) are answered by
/// [`crate::gateway::graphql`].
async fn graphql(
    State(shared): State<Shared>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if crate::gateway::is_server_call(&headers) {
        return crate::gateway::graphql(&shared, &headers, &body);
    }
    let caller = match authorize(&shared, bearer(&headers)) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let query = body.get("query").and_then(Value::as_str).unwrap_or("");
    if let Some(r) = super::venmo::graphql(&shared, query, &body) {
        return r;
    }
    let input = body
        .pointer("/variables/input")
        .cloned()
        .unwrap_or(Value::Null);
    if let Some(answer) = super::graphql_ops::dispatch(&shared, query, &input) {
        return answer;
    }
    if query.contains("tokenizeCreditCard") {
        let card = input.get("creditCard").cloned().unwrap_or(Value::Null);
        let validate = input.pointer("/options/validate") == Some(&Value::Bool(true));
        return match tokenize_card(&shared, &card, validate) {
            Ok((nonce, data)) => {
                let p = card_payload(&nonce, &data, None);
                Json(json!({ "data": { "tokenizeCreditCard": { "token": nonce, "creditCard": {
                    "brandCode": p["details"]["cardType"], "last4": p["details"]["lastFour"], "bin": p["details"]["bin"],
                    "expirationMonth": data.expiration_month, "expirationYear": data.expiration_year,
                    "cardholderName": data.cardholder_name } } } }))
                .into_response()
            }
            Err(_) => graphql_error("Credit card is invalid", "VALIDATION"),
        };
    }
    if query.contains("deletePaymentMethodFromSingleUseToken") {
        if caller.customer.is_none() {
            return graphql_error(
                "A client token with a customer is required",
                "AUTHORIZATION",
            );
        }
        let token = input
            .get("singleUseTokenId")
            .and_then(Value::as_str)
            .unwrap_or("");
        let mut inner = shared.lock();
        let Some((customer, index)) = inner.vault_nonces.remove(token) else {
            return graphql_error(
                "Cannot find a payment method for the single-use token",
                "NOT_FOUND",
            );
        };
        if let Some(list) = inner.vault.get_mut(&customer) {
            if index < list.len() {
                list.remove(index);
            }
        }
        // Indices of the other handed-out nonces shift; drop them so they cannot hit the wrong method.
        inner.vault_nonces.retain(|_, (c, _)| *c != customer);
        return Json(json!({ "data": { "deletePaymentMethodFromSingleUseToken": { "clientMutationId": body.pointer("/variables/input/clientMutationId") } } })).into_response();
    }
    graphql_error("Unsupported operation", "UNSUPPORTED")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_types_by_prefix() {
        assert_eq!(card_type("4111111111111111"), "Visa");
        assert_eq!(card_type("5555555555554444"), "MasterCard");
        assert_eq!(card_type("2223000048400011"), "MasterCard");
        assert_eq!(card_type("378282246310005"), "American Express");
        assert_eq!(card_type("6011111111111117"), "Discover");
        assert_eq!(card_type("3530111333300000"), "JCB");
        assert_eq!(card_type("6212345678901265"), "UnionPay");
        assert_eq!(card_type("30569309025904"), "Diners Club");
        assert_eq!(card_type("6304000000000000"), "Maestro");
    }

    #[test]
    fn luhn_check() {
        assert!(luhn("4111111111111111"));
        assert!(luhn(DUPLICATE_CARD));
        assert!(!luhn("4111111111111112"));
    }
}
