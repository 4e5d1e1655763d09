//! UnionPay: card capabilities, SMS enrollment, and tokenization with an
//! enrollment (the SDK's `unionPay` component, spec section 7).
//!
//! Test numbers (all Luhn-valid): any number starting `62` is UnionPay and
//! needs an SMS code (`6221261111117766`), except `6221261111110001`, which
//! needs none; `6221261111114037` answers 403 to every call,
//! `6221261111114227` fails enrollment (422) and `6221261111115000` answers
//! 500 to every call. The SMS code `000000` is wrong (422 at tokenization),
//! as are a missing code where one is needed and an unknown enrollment.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::{authorize_query, cards, error, Authorized};
use crate::state::Shared;

pub const SMS_NOT_REQUIRED: &str = "6221261111110001";
pub const FORBIDDEN: &str = "6221261111114037";
pub const ENROLLMENT_REFUSED: &str = "6221261111114227";
pub const SERVER_ERROR: &str = "6221261111115000";
pub const WRONG_SMS_CODE: &str = "000000";

pub fn router() -> Router<Shared> {
    Router::new()
        .route(
            "/merchants/{merchant}/client_api/v1/payment_methods/credit_cards/capabilities",
            get(capabilities),
        )
        .route(
            "/merchants/{merchant}/client_api/v1/union_pay_enrollments",
            post(enroll),
        )
}

/// Enrollment id → (card number, SMS code required).
fn enrollments() -> &'static Mutex<HashMap<String, (String, bool)>> {
    static E: OnceLock<Mutex<HashMap<String, (String, bool)>>> = OnceLock::new();
    E.get_or_init(Default::default)
}

fn digits(v: Option<&Value>) -> String {
    v.and_then(Value::as_str)
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_digit)
        .collect()
}

/// The status a test number forces on every call, if any.
fn forced(number: &str) -> Option<Response> {
    match number {
        FORBIDDEN => Some(error(StatusCode::FORBIDDEN, "Forbidden")),
        SERVER_ERROR => Some(error(StatusCode::INTERNAL_SERVER_ERROR, "Internal error")),
        _ => None,
    }
}

fn is_unionpay(number: &str) -> bool {
    number.starts_with("62")
}

async fn capabilities(
    State(shared): State<Shared>,
    Path(merchant): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Err(r) = authorize_query(&shared, &merchant, &q) {
        return r;
    }
    let number = q.get("creditCard[number]").map_or("", String::as_str);
    if let Some(r) = forced(number) {
        return r;
    }
    if number.len() < 12 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Credit card number is invalid",
        );
    }
    let unionpay = is_unionpay(number);
    Json(json!({
        "isUnionPay": unionpay,
        "isDebit": false,
        "unionPay": {
            "supportsTwoStepAuthAndCapture": unionpay,
            "isSupported": unionpay,
        }
    }))
    .into_response()
}

async fn enroll(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let e = body.get("unionPayEnrollment");
    let field = |k: &str| e.and_then(|e| e.get(k));
    let number = digits(field("number"));
    if let Some(r) = forced(&number) {
        return r;
    }
    let mobile = digits(field("mobileNumber"));
    if number == ENROLLMENT_REFUSED
        || !is_unionpay(&number)
        || mobile.is_empty()
        || digits(field("mobileCountryCode")).is_empty()
    {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "Enrollment failed");
    }
    let sms_required = number != SMS_NOT_REQUIRED;
    let id = shared.id("upe_");
    enrollments()
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(id.clone(), (number, sms_required));
    (
        StatusCode::CREATED,
        Json(json!({ "unionPayEnrollmentId": id, "smsCodeRequired": sms_required })),
    )
        .into_response()
}

/// Tokenizes a card with `options.unionPayEnrollment` (`id`, `smsCode`):
/// called by the card tokenization for such a card.
pub fn tokenize(shared: &Shared, card: &Value) -> Response {
    let number = digits(card.get("number"));
    if let Some(r) = forced(&number) {
        return r;
    }
    let enrollment = card.pointer("/options/unionPayEnrollment");
    let id = enrollment
        .and_then(|e| e.get("id"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let sms = enrollment
        .and_then(|e| e.get("smsCode"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let known = enrollments()
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(id)
        .cloned();
    let ok = match known {
        Some((n, sms_required)) => {
            n == number && (!sms_required || (!sms.is_empty() && sms != WRONG_SMS_CODE))
        }
        None => false,
    };
    if !ok {
        return error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "UnionPay enrollment is invalid",
        );
    }
    match cards::tokenize_card(shared, card, true) {
        Ok((nonce, data)) => (
            StatusCode::CREATED,
            Json(json!({ "creditCards": [cards::card_payload(&nonce, &data, None)] })),
        )
            .into_response(),
        Err(r) => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_numbers_are_unionpay_and_forced_statuses() {
        for n in [
            SMS_NOT_REQUIRED,
            FORBIDDEN,
            ENROLLMENT_REFUSED,
            SERVER_ERROR,
        ] {
            assert!(is_unionpay(n), "{n}");
        }
        assert_eq!(
            forced(FORBIDDEN).map(|r| r.status()),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            forced(SERVER_ERROR).map(|r| r.status()),
            Some(StatusCode::INTERNAL_SERVER_ERROR)
        );
        assert!(forced("6221261111117766").is_none());
    }
}
