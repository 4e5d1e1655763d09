//! The client GraphQL operations of Payment Ready, preferred payment methods
//! and US bank accounts (dispatched from [`super::cards`]'s GraphQL endpoint),
//! and the bank-login ("Plaid" link) stand-in script.
//!
//! Test values:
//! - `createCustomerSession`: the customer needs a `hashedEmail` or
//!   `hashedPhoneNumber`; a given `sessionId` must be 36 to 100 characters of
//!   `[A-Za-z0-9-_.]` (VALIDATION error otherwise). `updateCustomerSession`
//!   and `generateCustomerRecommendations` answer NOT_FOUND for a session id
//!   of another shape. Recommendations: PAYPAL (1), VENMO (2).
//! - `preferredPaymentMethods`: PayPal preferred, Venmo not.
//! - `tokenizeUsBankAccount`: a 9-digit routing number, a 4 to 17 digit
//!   account number, account type `CHECKING` or `SAVINGS` (upper case), a
//!   mandate, an individual or business owner, a street, city, state and ZIP;
//!   otherwise a VALIDATION error. `tokenizeUsBankLogin`: the stand-in's
//!   `public-sandbox-…` token and the sandbox account id `plaid_account_id`;
//!   its checking account ends in 0000, its savings account in 1111.
//! - HTTP failures through `/__control/fail-next` on `/graphql`.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::state::Shared;

pub fn router() -> Router<Shared> {
    Router::new().route("/plaid/link-initialize.js", get(link_script))
}

async fn link_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../static/plaid-link.js"),
    )
        .into_response()
}

fn failure(message: &str, class: &str) -> Response {
    Json(json!({ "data": null, "errors": [{ "message": message, "extensions": { "errorClass": class } }] }))
        .into_response()
}

fn data(field: &str, value: Value) -> Response {
    Json(json!({ "data": { field: value } })).into_response()
}

fn text<'a>(v: &'a Value, pointer: &str) -> &'a str {
    v.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

/// A session id as the API accepts one.
fn valid_session_id(id: &str) -> bool {
    (36..=100).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
}

/// Answers the operations of this module, or `None` for another one.
pub fn dispatch(shared: &Shared, query: &str, input: &Value) -> Option<Response> {
    let op = [
        "createCustomerSession",
        "updateCustomerSession",
        "generateCustomerRecommendations",
        "preferredPaymentMethods",
        "tokenizeUsBankAccount",
        "tokenizeUsBankLogin",
    ]
    .into_iter()
    .find(|op| query.contains(op))?;
    let session = text(input, "/sessionId");
    Some(match op {
        "createCustomerSession" => {
            let customer = &input["customer"];
            if text(customer, "/hashedEmail").is_empty()
                && text(customer, "/hashedPhoneNumber").is_empty()
            {
                return Some(failure(
                    "customer needs a hashedEmail or hashedPhoneNumber",
                    "VALIDATION",
                ));
            }
            if !input["sessionId"].is_null() && !valid_session_id(session) {
                return Some(failure("sessionId is invalid", "VALIDATION"));
            }
            let id = if session.is_empty() {
                shared.id("session-0000-0000-0000-")
            } else {
                session.to_string()
            };
            data(op, json!({ "sessionId": id, "clientMutationId": null }))
        }
        _ if op != "preferredPaymentMethods"
            && !op.starts_with("tokenize")
            && !valid_session_id(session) =>
        {
            failure("Customer session not found", "NOT_FOUND")
        }
        "updateCustomerSession" => data(
            op,
            json!({ "sessionId": session, "clientMutationId": null }),
        ),
        "generateCustomerRecommendations" => data(
            op,
            json!({ "sessionId": session, "clientMutationId": null, "isInPayPalNetwork": true,
                "paymentRecommendations": [
                    { "paymentOption": "PAYPAL", "recommendedPriority": 1 },
                    { "paymentOption": "VENMO", "recommendedPriority": 2 }
                ] }),
        ),
        "preferredPaymentMethods" => data(
            op,
            json!({ "paypalPreferred": true, "venmoPreferred": false }),
        ),
        "tokenizeUsBankAccount" => match bank_details_last4(&input["usBankAccount"]) {
            Ok(last4) => tokenized(shared, op, &last4),
            Err(message) => failure(message, "VALIDATION"),
        },
        _ => match bank_login_last4(&input["usBankLogin"]) {
            Ok(last4) => tokenized(shared, op, last4),
            Err(message) => failure(message, "VALIDATION"),
        },
    })
}

fn tokenized(shared: &Shared, op: &str, last4: &str) -> Response {
    data(
        op,
        json!({ "paymentMethod": { "id": shared.id("tokenusbankacct_"), "details": { "last4": last4 } } }),
    )
}

/// What both ways need: a mandate, an owner, a billing address and an
/// upper-case account type.
fn check_common(a: &Value) -> Result<(), &'static str> {
    if text(a, "/achMandate").is_empty() {
        return Err("achMandate is required");
    }
    let individual = !text(a, "/individualOwner/firstName").is_empty()
        && !text(a, "/individualOwner/lastName").is_empty();
    if !individual && text(a, "/businessOwner/businessName").is_empty() {
        return Err("An individual or business owner is required");
    }
    for field in ["streetAddress", "city", "state", "zipCode"] {
        if text(&a["billingAddress"], &format!("/{field}")).is_empty() {
            return Err("billingAddress is incomplete");
        }
    }
    match text(a, "/accountType") {
        "CHECKING" | "SAVINGS" => Ok(()),
        _ => Err("accountType must be CHECKING or SAVINGS"),
    }
}

fn digits(s: &str, range: std::ops::RangeInclusive<usize>) -> bool {
    range.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

fn bank_details_last4(a: &Value) -> Result<String, &'static str> {
    check_common(a)?;
    if !digits(text(a, "/routingNumber"), 9..=9) {
        return Err("routingNumber is invalid");
    }
    let account = text(a, "/accountNumber");
    if !digits(account, 4..=17) {
        return Err("accountNumber is invalid");
    }
    Ok(account[account.len() - 4..].to_string())
}

fn bank_login_last4(a: &Value) -> Result<&'static str, &'static str> {
    check_common(a)?;
    if !text(a, "/publicToken").starts_with("public-sandbox-") {
        return Err("publicToken is invalid");
    }
    if text(a, "/accountId") != "plaid_account_id" {
        return Err("accountId is invalid");
    }
    Ok(if text(a, "/accountType") == "SAVINGS" {
        "1111"
    } else {
        "0000"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_id_shape() {
        assert!(valid_session_id(&"a".repeat(36)));
        assert!(valid_session_id(&"a-_.".repeat(25)));
        assert!(!valid_session_id(&"a".repeat(35)));
        assert!(!valid_session_id(&"a".repeat(101)));
        assert!(!valid_session_id(&format!("{}!", "a".repeat(36))));
    }

    fn account() -> Value {
        json!({ "achMandate": "I authorize", "routingNumber": "307075259", "accountNumber": "999999999",
            "accountType": "CHECKING", "individualOwner": { "firstName": "Ada", "lastName": "Lovelace" },
            "billingAddress": { "streetAddress": "1 Main St", "city": "Oakland", "state": "CA", "zipCode": "94607" } })
    }

    #[test]
    fn bank_details_rules() {
        assert_eq!(bank_details_last4(&account()).as_deref(), Ok("9999"));
        let mut lower = account();
        lower["accountType"] = json!("checking");
        assert!(bank_details_last4(&lower).is_err());
        let mut short = account();
        short["routingNumber"] = json!("12345");
        assert!(bank_details_last4(&short).is_err());
        let mut business = account();
        business["individualOwner"] = Value::Null;
        assert!(bank_details_last4(&business).is_err());
        business["businessOwner"] = json!({ "businessName": "Couture" });
        assert!(bank_details_last4(&business).is_ok());
    }

    #[test]
    fn bank_login_rules() {
        let mut login = account();
        login["publicToken"] = json!("public-sandbox-1");
        login["accountId"] = json!("plaid_account_id");
        assert_eq!(bank_login_last4(&login), Ok("0000"));
        login["accountType"] = json!("SAVINGS");
        assert_eq!(bank_login_last4(&login), Ok("1111"));
        login["accountId"] = json!("acc-1");
        assert!(bank_login_last4(&login).is_err());
    }
}
