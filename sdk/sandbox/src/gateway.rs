//! The provider's server-side gateway as the shop API calls it: the GraphQL
//! endpoint (`POST /graphql`, shared with the SDK's client-side calls) with
//! HTTP Basic API keys ([`PUBLIC_KEY`]:[`PRIVATE_KEY`]) and a
//! `Braintree-Version` header. Mutations: `createClientToken`,
//! `chargePaymentMethod` (submitted for settlement), `reverseTransaction`
//! (void while unsettled, else a full refund) and `refundTransaction`;
//! query `search { transactions(input: TransactionSearchInput) { pageInfo
//! edges { cursor node } } }`, e.g.
//! `search { transactions(input: { orderId: { is: "ORD-1" } }) { edges { node
//! { id legacyId status amount { value currencyCode } orderId createdAt } } } }`
//! (the input inline or as a `$variable`): every transaction matching all of
//! `orderId` (`is`, `isNot`, `startsWith`, `endsWith`, `contains`), `id`
//! (`is`, `in`) and `status` (`is`, `in`), newest first, one page; any other
//! criterion is a VALIDATION error. The order id is the charge's
//! `transaction.orderId`. A voided charge is `VOIDED`; a refunded one stays
//! `SETTLED` with its `refunds` listed, as on the gateway.
//! Errors follow the provider's GraphQL shape: HTTP 200, `errors[]` with
//! `extensions.errorClass` and `extensions.legacyCode`; declines and
//! rejections are transactions whose status says so.
//!
//! Test values (the provider's published sandbox values):
//!
//! | nonce | outcome |
//! |---|---|
//! | `fake-valid-nonce`, `fake-valid-visa-nonce` | Visa ending 1111, submitted for settlement |
//! | `fake-valid-mastercard-nonce` / `-amex-` / `-discover-` | MasterCard 4444 / Amex 0005 / Discover 1117 |
//! | `fake-processor-declined-visa-nonce` / `-mastercard-` / `-amex-` | processor declined, 2000 Do Not Honor |
//! | `fake-gateway-rejected-fraud-nonce` | gateway rejected, FRAUD |
//! | `fake-paypal-one-time-nonce` | PayPal account `buyer@example.com` |
//! | `fake-consumed-nonce` | already consumed (91564) |
//!
//! The fixed nonces can be charged any number of times. Nonces minted by
//! tokenization are single-use: a second charge fails with 91564, an
//! unknown nonce with 91565. Cards 4000111111111115, 5105105105105100,
//! 378734493671000 and 6011000990139424 are declined (2000 Do Not Honor);
//! amounts 2000.00–2999.99 are declined with the whole-dollar amount as the
//! processor code (2001 Insufficient Funds, …); CVV 200 is rejected (CVV)
//! and billing postal code 20000 is rejected (AVS). 3-D Secure: a nonce
//! whose authentication failed (cards of [`crate::client_api::three_d_secure`]) is
//! rejected (THREE_D_SECURE).
//!
//! Charges stay `SUBMITTED_FOR_SETTLEMENT` until `POST /__control/settle`
//! settles them; only settled charges can be refunded, as on the real gateway.
//!
//! `POST /gateway/client_token` (`{"customerId": "…"}` optional) is a plain
//! shortcut for the SDK's browser tests.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};

use crate::client_api::cards::card_type;
use crate::client_api::error;
use crate::client_api::paypal::{BUYER_EMAIL, PAYER_ID};
use crate::state::{
    timestamp, CardData, Shared, Tokenized, Transaction, MERCHANT_ID, PRIVATE_KEY, PUBLIC_KEY,
};

pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/gateway/client_token", post(client_token))
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

fn valid_customer(customer: Option<&str>) -> bool {
    !customer.is_some_and(|c| c.is_empty() || c.len() > 64)
}

async fn client_token(State(shared): State<Shared>, body: Option<Json<Value>>) -> Response {
    let customer = body
        .as_ref()
        .and_then(|b| b.get("customerId"))
        .and_then(Value::as_str);
    if !valid_customer(customer) {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "customerId is invalid");
    }
    Json(json!({ "clientToken": issue_client_token(&shared, customer) })).into_response()
}

/// A call with HTTP Basic credentials is the merchant's server, not the SDK.
pub fn is_server_call(headers: &HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Basic "))
}

fn basic_ok(headers: &HeaderMap) -> bool {
    let expected = STANDARD.encode(format!("{PUBLIC_KEY}:{PRIVATE_KEY}"));
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .is_some_and(|v| v.trim() == expected)
}

/// The GraphQL response envelope.
struct Gql<'a> {
    shared: &'a Shared,
    op: &'static str,
}

impl Gql<'_> {
    fn extensions(&self) -> Value {
        json!({ "requestId": self.shared.id("req-") })
    }

    fn data(&self, payload: Value) -> Response {
        Json(json!({ "data": { self.op: payload }, "extensions": self.extensions() }))
            .into_response()
    }

    fn error(&self, class: &str, code: Option<&str>, message: &str, input: &[&str]) -> Response {
        let mut ext = json!({ "errorClass": class });
        if let Some(code) = code {
            ext["legacyCode"] = json!(code);
        }
        if !input.is_empty() {
            ext["inputPath"] = json!(input);
        }
        Json(json!({
            "data": { self.op: null },
            "errors": [{ "message": message, "locations": [{ "line": 1, "column": 1 }], "path": [self.op], "extensions": ext }],
            "extensions": self.extensions(),
        }))
        .into_response()
    }
}

/// The server-side GraphQL mutations (see the module docs).
pub fn graphql(shared: &Shared, headers: &HeaderMap, body: &Value) -> Response {
    let request_id = shared.id("req-");
    if !basic_ok(headers) {
        let body = json!({ "errors": [{ "message": "Authentication credentials are invalid.", "extensions": { "errorClass": "AUTHENTICATION" } }], "extensions": { "requestId": request_id } });
        return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
    }
    if headers.get("braintree-version").is_none() {
        let body = json!({ "errors": [{ "message": "Braintree-Version header is required.", "extensions": { "errorClass": "VALIDATION" } }], "extensions": { "requestId": request_id } });
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    let query = body.get("query").and_then(Value::as_str).unwrap_or("");
    let input = body
        .pointer("/variables/input")
        .cloned()
        .unwrap_or(Value::Null);
    let op = [
        "createClientToken",
        "chargePaymentMethod",
        "reverseTransaction",
        "refundTransaction",
        "search",
        "ping",
    ]
    .into_iter()
    .find(|op| query.contains(op));
    let Some(op) = op else {
        let gql = Gql {
            shared,
            op: "unsupported",
        };
        return gql.error(
            "VALIDATION",
            None,
            "The sandbox does not support this operation.",
            &[],
        );
    };
    let gql = Gql { shared, op };
    match op {
        "ping" => Json(json!({ "data": { "ping": "pong" }, "extensions": gql.extensions() }))
            .into_response(),
        "createClientToken" => {
            let customer = input
                .pointer("/clientToken/customerId")
                .and_then(Value::as_str);
            if !valid_customer(customer) {
                return gql.error(
                    "VALIDATION",
                    Some("92804"),
                    "Customer specified by customer_id does not exist.",
                    &["input", "clientToken", "customerId"],
                );
            }
            gql.data(json!({
                "clientMutationId": input.get("clientMutationId"),
                "clientToken": issue_client_token(shared, customer),
            }))
        }
        "chargePaymentMethod" => charge(&gql, &input),
        "reverseTransaction" => reverse(&gql, &input),
        "search" => search(&gql, query, body.get("variables").unwrap_or(&Value::Null)),
        _ => refund(&gql, &input),
    }
}

/// `"12.34"` or `12.34` → 1234 cents; at most two decimals, positive.
pub fn parse_cents(v: Option<&Value>) -> Option<u64> {
    let text = match v? {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || int.len() > 12 || !digits(int) || frac.len() > 2 || !digits(frac) {
        return None;
    }
    let cents = int.parse::<u64>().ok()? * 100 + format!("{frac:0<2}").parse::<u64>().ok()?;
    (cents > 0).then_some(cents)
}

pub fn decimal(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

fn money(cents: u64) -> Value {
    json!({ "value": decimal(cents), "currencyCode": "USD" })
}

/// The provider's brand codes.
fn brand_code(number: &str) -> &'static str {
    match card_type(number) {
        "Visa" => "VISA",
        "MasterCard" => "MASTERCARD",
        "American Express" => "AMERICAN_EXPRESS",
        "Discover" => "DISCOVER",
        "JCB" => "JCB",
        "UnionPay" => "UNION_PAY",
        "Diners Club" => "DINERS",
        "Maestro" => "MAESTRO",
        _ => "UNKNOWN",
    }
}

/// Cards the processor declines with 2000 Do Not Honor.
const DECLINED_CARDS: [&str; 4] = [
    "4000111111111115",
    "5105105105105100",
    "378734493671000",
    "6011000990139424",
];

fn processor_text(code: u64) -> &'static str {
    match code {
        2000 => "Do Not Honor",
        2001 => "Insufficient Funds",
        2002 => "Limit Exceeded",
        2003 => "Cardholder's Activity Limit Exceeded",
        2004 => "Expired Card",
        2005 => "Invalid Credit Card Number",
        2010 => "Card Issuer Declined CVV",
        2015 => "Transaction Not Allowed",
        2046 => "Declined",
        _ => "Processor Declined",
    }
}

fn card(number: &str) -> CardData {
    CardData {
        number: number.into(),
        expiration_month: "12".into(),
        expiration_year: "2030".into(),
        cardholder_name: String::new(),
        cvv: String::new(),
        postal_code: String::new(),
    }
}

/// What a nonce charges, and a rejection decided before the processor.
struct Source {
    method: Tokenized,
    rejection: Option<&'static str>,
}

fn fixed_nonce(nonce: &str) -> Option<Source> {
    let c = |n: &str| Tokenized::Card(card(n));
    let (method, rejection) = match nonce {
        "fake-valid-nonce" | "fake-valid-visa-nonce" => (c("4111111111111111"), None),
        "fake-valid-mastercard-nonce" => (c("5555555555554444"), None),
        "fake-valid-amex-nonce" => (c("378282246310005"), None),
        "fake-valid-discover-nonce" => (c("6011111111111117"), None),
        "fake-processor-declined-visa-nonce" => (c("4000111111111115"), None),
        "fake-processor-declined-mastercard-nonce" => (c("5105105105105100"), None),
        "fake-processor-declined-amex-nonce" => (c("378734493671000"), None),
        "fake-gateway-rejected-fraud-nonce" => (c("4000111111111511"), Some("FRAUD")),
        "fake-paypal-one-time-nonce" => (
            Tokenized::PayPal {
                email: BUYER_EMAIL.into(),
                payer_id: PAYER_ID.into(),
            },
            None,
        ),
        _ => return None,
    };
    Some(Source { method, rejection })
}

fn transaction_json(id: &str, t: &Transaction, event: Value) -> Value {
    json!({
        "id": STANDARD.encode(format!("transaction_{id}")),
        "legacyId": id,
        "status": t.status,
        "orderId": t.order_id,
        "createdAt": t.created_at,
        "amount": money(t.amount_cents),
        "merchantAccountId": MERCHANT_ID,
        "paymentMethodSnapshot": t.snapshot,
        "statusHistory": [event],
        "refunds": t.refunds.iter().map(|(r, cents)| refund_json(r, id, *cents)).collect::<Vec<_>>(),
    })
}

fn charge(gql: &Gql, input: &Value) -> Response {
    let shared = gql.shared;
    let Some(cents) = parse_cents(input.pointer("/transaction/amount")) else {
        return gql.error(
            "VALIDATION",
            Some("81503"),
            "Amount is an invalid format.",
            &["input", "transaction", "amount"],
        );
    };
    let order_id = input
        .pointer("/transaction/orderId")
        .and_then(Value::as_str)
        .map(str::to_string);
    if order_id.as_ref().is_some_and(|o| o.len() > 255) {
        return gql.error(
            "VALIDATION",
            Some("91501"),
            "Order ID is too long.",
            &["input", "transaction", "orderId"],
        );
    }
    let nonce = input
        .get("paymentMethodId")
        .and_then(Value::as_str)
        .unwrap_or("");
    let nonce_path = ["input", "paymentMethodId"];
    if nonce == "fake-consumed-nonce" {
        return gql.error(
            "VALIDATION",
            Some("91564"),
            "Cannot use a single-use payment method more than once.",
            &nonce_path,
        );
    }
    let source = match fixed_nonce(nonce) {
        Some(s) => s,
        None => {
            let mut inner = shared.lock();
            let Some(n) = inner.nonces.get_mut(nonce) else {
                return gql.error(
                    "VALIDATION",
                    Some("91565"),
                    "Unknown or expired single-use payment method.",
                    &nonce_path,
                );
            };
            if n.consumed {
                return gql.error(
                    "VALIDATION",
                    Some("91564"),
                    "Cannot use a single-use payment method more than once.",
                    &nonce_path,
                );
            }
            n.consumed = true;
            let failed_3ds = n.three_d_secure.as_ref().is_some_and(|i| {
                i.get("liabilityShiftPossible") == Some(&json!(true))
                    && i.get("liabilityShifted") == Some(&json!(false))
            });
            Source {
                method: n.method.clone(),
                rejection: failed_3ds.then_some("THREE_D_SECURE"),
            }
        }
    };
    let (snapshot, rejection, declined) = match &source.method {
        Tokenized::Card(c) => {
            let n = &c.number;
            let snapshot = json!({
                "__typename": "CreditCardDetails",
                "brandCode": brand_code(n),
                "last4": &n[n.len().saturating_sub(4)..],
                "bin": &n[..6.min(n.len())],
                "expirationMonth": c.expiration_month,
                "expirationYear": c.expiration_year,
            });
            let rejection = source.rejection.or(if c.cvv == "200" {
                Some("CVV")
            } else if c.postal_code == "20000" {
                Some("AVS")
            } else {
                None
            });
            let declined = if DECLINED_CARDS.contains(&n.as_str()) {
                Some(2000)
            } else {
                Some(cents / 100).filter(|d| (2000..3000).contains(d))
            };
            (snapshot, rejection, declined)
        }
        Tokenized::PayPal { email, payer_id } => {
            let snapshot = json!({
                "__typename": "PayPalTransactionDetails",
                "payer": { "email": email, "payerId": payer_id },
            });
            let declined = Some(cents / 100).filter(|d| (2000..3000).contains(d));
            (snapshot, source.rejection, declined)
        }
    };
    let (status, event) = if let Some(reason) = rejection {
        (
            "GATEWAY_REJECTED",
            json!({ "__typename": "GatewayRejectedEvent", "status": "GATEWAY_REJECTED", "gatewayRejectionReason": reason, "amount": money(cents) }),
        )
    } else if let Some(code) = declined {
        (
            "PROCESSOR_DECLINED",
            json!({ "__typename": "ProcessorDeclinedEvent", "status": "PROCESSOR_DECLINED", "amount": money(cents),
                    "processorResponse": { "legacyCode": code.to_string(), "message": processor_text(code) },
                    "declineType": if code == 2000 || code == 2004 || code == 2005 { "HARD" } else { "SOFT" } }),
        )
    } else {
        (
            "SUBMITTED_FOR_SETTLEMENT",
            json!({ "__typename": "SubmittedForSettlementEvent", "status": "SUBMITTED_FOR_SETTLEMENT", "amount": money(cents) }),
        )
    };
    let id = shared.id("").chars().take(8).collect::<String>();
    let tx = Transaction {
        amount_cents: cents,
        refunded_cents: 0,
        status: status.into(),
        order_id,
        snapshot,
        created_at: timestamp(),
        refunds: Vec::new(),
    };
    let body = transaction_json(&id, &tx, event);
    shared.lock().transactions.insert(id, tx);
    gql.data(json!({ "clientMutationId": input.get("clientMutationId"), "transaction": body }))
}

/// The legacy id of a transaction given either id form.
pub fn legacy_id(id: &str) -> String {
    STANDARD
        .decode(id)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.strip_prefix("transaction_").map(str::to_string))
        .unwrap_or_else(|| id.to_string())
}

fn not_found(gql: &Gql) -> Response {
    gql.error(
        "NOT_FOUND",
        None,
        "An object with this ID was not found.",
        &["input", "transactionId"],
    )
}

fn refund_json(id: &str, parent: &str, cents: u64) -> Value {
    json!({
        "__typename": "Refund",
        "id": STANDARD.encode(format!("refund_{id}")),
        "legacyId": id,
        "status": "SUBMITTED_FOR_SETTLEMENT",
        "amount": money(cents),
        "refundedTransaction": { "id": STANDARD.encode(format!("transaction_{parent}")), "legacyId": parent },
    })
}

/// Records a refund of `cents` on `tx`; its legacy id.
fn new_refund_id(gql: &Gql, tx: &mut Transaction, cents: u64) -> String {
    let id = gql.shared.id("").chars().take(8).collect::<String>();
    tx.refunds.push((id.clone(), cents));
    id
}

fn reverse(gql: &Gql, input: &Value) -> Response {
    let id = legacy_id(
        input
            .get("transactionId")
            .and_then(Value::as_str)
            .unwrap_or(""),
    );
    let mut inner = gql.shared.lock();
    let Some(tx) = inner.transactions.get_mut(&id) else {
        drop(inner);
        return not_found(gql);
    };
    let reversal = match tx.status.as_str() {
        "SUBMITTED_FOR_SETTLEMENT" => {
            tx.status = "VOIDED".into();
            let event = json!({ "__typename": "VoidedEvent", "status": "VOIDED" });
            let mut t = transaction_json(&id, tx, event);
            t["__typename"] = json!("Transaction");
            t
        }
        "SETTLED" if tx.refunded_cents < tx.amount_cents => {
            let left = tx.amount_cents - tx.refunded_cents;
            tx.refunded_cents = tx.amount_cents;
            let refund_id = new_refund_id(gql, tx, left);
            drop(inner);
            return gql.data(json!({ "clientMutationId": input.get("clientMutationId"), "reversal": refund_json(&refund_id, &id, left) }));
        }
        _ => {
            drop(inner);
            return gql.error(
                "VALIDATION",
                Some("91504"),
                "Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.",
                &["input", "transactionId"],
            );
        }
    };
    drop(inner);
    gql.data(json!({ "clientMutationId": input.get("clientMutationId"), "reversal": reversal }))
}

fn refund(gql: &Gql, input: &Value) -> Response {
    let id = legacy_id(
        input
            .get("transactionId")
            .and_then(Value::as_str)
            .unwrap_or(""),
    );
    let requested = input.pointer("/refund/amount");
    let amount = match requested {
        None | Some(Value::Null) => None,
        Some(v) => match parse_cents(Some(v)) {
            Some(c) => Some(c),
            None => {
                return gql.error(
                    "VALIDATION",
                    Some("81503"),
                    "Amount is an invalid format.",
                    &["input", "refund", "amount"],
                )
            }
        },
    };
    let mut inner = gql.shared.lock();
    let Some(tx) = inner.transactions.get_mut(&id) else {
        drop(inner);
        return not_found(gql);
    };
    if tx.status != "SETTLED" {
        drop(inner);
        return gql.error(
            "VALIDATION",
            Some("91506"),
            "Cannot refund a transaction unless it is settled.",
            &["input", "transactionId"],
        );
    }
    let left = tx.amount_cents - tx.refunded_cents;
    let cents = amount.unwrap_or(left);
    if left == 0 {
        drop(inner);
        return gql.error(
            "VALIDATION",
            Some("91512"),
            "Transaction has already been completely refunded.",
            &["input", "transactionId"],
        );
    }
    if cents > left {
        drop(inner);
        return gql.error(
            "VALIDATION",
            Some("91521"),
            "Refund amount is too large.",
            &["input", "refund", "amount"],
        );
    }
    tx.refunded_cents += cents;
    let refund_id = new_refund_id(gql, tx, cents);
    drop(inner);
    let refund = refund_json(&refund_id, &id, cents);
    gql.data(json!({ "clientMutationId": input.get("clientMutationId"), "refund": refund }))
}

/// `search { transactions(input: TransactionSearchInput) { pageInfo edges { cursor node } } }`:
/// every transaction matching all the given criteria, newest first, in one
/// page. Criteria: `orderId` (`is`, `isNot`, `startsWith`, `endsWith`,
/// `contains`), `id` (`is`, `in`; either id form) and `status` (`is`, `in`);
/// any other is a VALIDATION error rather than silently ignored. The input
/// may be a `$variable` or written inline.
fn search(gql: &Gql, query: &str, variables: &Value) -> Response {
    let Some(args) = field_arguments(query, "transactions", variables) else {
        return gql.error(
            "VALIDATION",
            None,
            "The sandbox searches transactions only, as search { transactions(input: {...}) { ... } }.",
            &[],
        );
    };
    let input = match args.get("input") {
        None | Some(Value::Null) => json!({}),
        Some(v) if v.is_object() => v.clone(),
        Some(_) => {
            return gql.error(
                "VALIDATION",
                None,
                "input must be a TransactionSearchInput.",
                &["input"],
            )
        }
    };
    let inner = gql.shared.lock();
    let mut found = Vec::new();
    for (id, tx) in &inner.transactions {
        let mut all = true;
        for (field, criteria) in input.as_object().into_iter().flatten() {
            let matched = match field.as_str() {
                "orderId" => text_matches(tx.order_id.as_deref(), criteria),
                "id" => value_matches(id, criteria, legacy_id),
                "status" => value_matches(&tx.status, criteria, str::to_string),
                _ => None,
            };
            match matched {
                Some(m) => all &= m,
                None => {
                    drop(inner);
                    return gql.error(
                        "VALIDATION",
                        None,
                        &format!("The sandbox does not support this search criterion: {field} {criteria}."),
                        &["input", field],
                    );
                }
            }
        }
        if all {
            found.push((id.clone(), tx.clone()));
        }
    }
    drop(inner);
    found.sort_by(|(a, x), (b, y)| (&y.created_at, b).cmp(&(&x.created_at, a)));
    let edges: Vec<Value> = found
        .iter()
        .map(|(id, tx)| {
            let mut node = transaction_json(id, tx, json!({ "status": tx.status }));
            node["__typename"] = json!("Transaction");
            json!({ "cursor": node["id"], "node": node })
        })
        .collect();
    let cursor = |edge: Option<&Value>| edge.map(|e| e["cursor"].clone());
    gql.data(json!({ "transactions": {
        "pageInfo": { "hasNextPage": false, "hasPreviousPage": false,
                      "startCursor": cursor(edges.first()), "endCursor": cursor(edges.last()) },
        "edges": edges,
    } }))
}

/// A `SearchTextInput` (`is`, `isNot`, `startsWith`, `endsWith`,
/// `contains`, all must hold) against a text; None for an unknown operator.
fn text_matches(text: Option<&str>, criteria: &Value) -> Option<bool> {
    let mut all = true;
    for (op, want) in criteria.as_object()? {
        let want = want.as_str()?;
        all &= match (op.as_str(), text) {
            ("isNot", t) => t != Some(want),
            (_, None) => false,
            ("is", Some(t)) => t == want,
            ("startsWith", Some(t)) => t.starts_with(want),
            ("endsWith", Some(t)) => t.ends_with(want),
            ("contains", Some(t)) => t.contains(want),
            _ => return None,
        };
    }
    Some(all)
}

/// A `SearchValueInput`-like criterion (`is`, `in`) against a value, the
/// wanted values normalized first; None for an unknown operator.
fn value_matches(value: &str, criteria: &Value, norm: impl Fn(&str) -> String) -> Option<bool> {
    let mut all = true;
    for (op, want) in criteria.as_object()? {
        all &= match (op.as_str(), want) {
            ("is", Value::String(w)) => norm(w) == value,
            ("in", Value::Array(ws)) => ws
                .iter()
                .any(|w| w.as_str().is_some_and(|w| norm(w) == value)),
            _ => return None,
        };
    }
    Some(all)
}

/// The arguments of the first `field(...)` in a GraphQL document, as a JSON
/// object: literals converted, `$variables` taken from `variables`. An empty
/// object when the field has no arguments; None when the field is absent or
/// the arguments do not parse.
fn field_arguments(query: &str, field: &str, variables: &Value) -> Option<Value> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let start = query.match_indices(field).find_map(|(i, _)| {
        let end = i + field.len();
        let before = query[..i].chars().next_back();
        let after = query[end..].chars().next();
        (!before.is_some_and(ident) && !after.is_some_and(ident)).then_some(end)
    })?;
    let mut p = Literal {
        text: query[start..].chars().collect(),
        pos: 0,
        variables,
    };
    p.skip();
    if p.peek() != Some('(') {
        return Some(json!({}));
    }
    p.pos += 1;
    let mut args = serde_json::Map::new();
    loop {
        p.skip();
        if p.peek() == Some(')') {
            return Some(Value::Object(args));
        }
        let name = p.name()?;
        p.skip();
        p.expect(':')?;
        let value = p.value()?;
        args.insert(name, value);
    }
}

/// A reader of GraphQL input values (objects, lists, strings, numbers,
/// booleans, null, enum values as strings, `$variables`).
struct Literal<'a> {
    text: Vec<char>,
    pos: usize,
    variables: &'a Value,
}

impl Literal<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos).copied()
    }

    /// Skips what GraphQL ignores: white space, commas and comments.
    fn skip(&mut self) {
        while let Some(c) = self.peek() {
            if c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.pos += 1;
                }
            } else if c.is_whitespace() || c == ',' || c == '\u{feff}' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn expect(&mut self, c: char) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.pos += 1)
    }

    fn name(&mut self) -> Option<String> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.pos += 1;
        }
        (self.pos > start).then(|| self.text[start..self.pos].iter().collect())
    }

    fn value(&mut self) -> Option<Value> {
        self.skip();
        match self.peek()? {
            '{' => {
                self.pos += 1;
                let mut object = serde_json::Map::new();
                loop {
                    self.skip();
                    if self.expect('}').is_some() {
                        return Some(Value::Object(object));
                    }
                    let name = self.name()?;
                    self.skip();
                    self.expect(':')?;
                    let value = self.value()?;
                    object.insert(name, value);
                }
            }
            '[' => {
                self.pos += 1;
                let mut list = Vec::new();
                loop {
                    self.skip();
                    if self.expect(']').is_some() {
                        return Some(Value::Array(list));
                    }
                    list.push(self.value()?);
                }
            }
            '"' => {
                self.pos += 1;
                let mut text = String::new();
                loop {
                    let c = self.peek()?;
                    self.pos += 1;
                    match c {
                        '"' => return Some(Value::String(text)),
                        '\\' => {
                            let e = self.peek()?;
                            self.pos += 1;
                            text.push(match e {
                                'n' => '\n',
                                't' => '\t',
                                'r' => '\r',
                                'b' => '\u{8}',
                                'f' => '\u{c}',
                                'u' => {
                                    let hex: String =
                                        self.text.get(self.pos..self.pos + 4)?.iter().collect();
                                    self.pos += 4;
                                    char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?
                                }
                                other => other,
                            });
                        }
                        '\n' => return None,
                        c => text.push(c),
                    }
                }
            }
            '$' => {
                self.pos += 1;
                let name = self.name()?;
                Some(self.variables.get(&name).cloned().unwrap_or(Value::Null))
            }
            c if c == '-' || c.is_ascii_digit() => {
                let start = self.pos;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_digit() || "-+.eE".contains(c))
                {
                    self.pos += 1;
                }
                let text: String = self.text[start..self.pos].iter().collect();
                serde_json::from_str(&text).ok()
            }
            _ => Some(match self.name()?.as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                "null" => Value::Null,
                other => Value::String(other.to_string()),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_parse_to_cents() {
        assert_eq!(parse_cents(Some(&json!("10.00"))), Some(1000));
        assert_eq!(parse_cents(Some(&json!("2000.5"))), Some(200_050));
        assert_eq!(parse_cents(Some(&json!(15))), Some(1500));
        assert_eq!(parse_cents(Some(&json!("0.00"))), None);
        assert_eq!(parse_cents(Some(&json!("1.001"))), None);
        assert_eq!(parse_cents(Some(&json!("-1"))), None);
        assert_eq!(decimal(5), "0.05");
    }

    #[test]
    fn search_arguments_parse_inline_or_from_variables() {
        let vars = json!({ "input": { "orderId": { "is": "ORD-1" } } });
        let inline = r#"query { search { transactions(input: { orderId: { is: "ORD-\"1" }, status: { in: [VOIDED, SETTLED] } }, first: 5) { edges { node { id } } } } }"#;
        assert_eq!(
            field_arguments(inline, "transactions", &vars),
            Some(
                json!({ "input": { "orderId": { "is": "ORD-\"1" }, "status": { "in": ["VOIDED", "SETTLED"] } }, "first": 5 })
            )
        );
        let with_var = "query Search($input: TransactionSearchInput!) { search { transactions(input: $input) { edges { node { id } } } } }";
        assert_eq!(
            field_arguments(with_var, "transactions", &vars),
            Some(json!({ "input": { "orderId": { "is": "ORD-1" } } }))
        );
        assert_eq!(
            field_arguments(
                "{ search { transactions { edges { cursor } } } }",
                "transactions",
                &vars
            ),
            Some(json!({}))
        );
        assert_eq!(
            field_arguments(
                "{ search { transactions(input: { orderId: ",
                "transactions",
                &vars
            ),
            None
        );
        assert_eq!(
            field_arguments(
                "{ search { refunds { edges { cursor } } } }",
                "transactions",
                &vars
            ),
            None
        );
    }

    #[test]
    fn search_criteria_match_as_documented() {
        assert_eq!(
            text_matches(Some("ORD-1"), &json!({ "is": "ORD-1" })),
            Some(true)
        );
        assert_eq!(
            text_matches(Some("ORD-12"), &json!({ "is": "ORD-1" })),
            Some(false)
        );
        assert_eq!(text_matches(None, &json!({ "isNot": "ORD-1" })), Some(true));
        assert_eq!(
            text_matches(
                Some("ORD-12"),
                &json!({ "startsWith": "ORD", "endsWith": "2" })
            ),
            Some(true)
        );
        assert_eq!(text_matches(Some("ORD-1"), &json!({ "like": "ORD" })), None);
        assert_eq!(
            value_matches(
                "VOIDED",
                &json!({ "in": ["SETTLED", "VOIDED"] }),
                str::to_string
            ),
            Some(true)
        );
        let global = STANDARD.encode("transaction_abc");
        assert_eq!(
            value_matches("abc", &json!({ "is": global }), legacy_id),
            Some(true)
        );
    }

    #[test]
    fn ids_decode_to_legacy_ids() {
        let id = STANDARD.encode("transaction_abc123");
        assert_eq!(legacy_id(&id), "abc123");
        assert_eq!(legacy_id("abc123"), "abc123");
    }
}
