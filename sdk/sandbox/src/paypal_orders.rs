//! PayPal's REST API as the shop's server calls it, under `/paypal`:
//! OAuth2 client credentials (`POST /paypal/v1/oauth2/token`, HTTP Basic
//! [`PAYPAL_CLIENT_ID`]:[`PAYPAL_CLIENT_SECRET`]) and Orders v2
//! (`POST /paypal/v2/checkout/orders`, `GET …/orders/{id}`,
//! `POST …/orders/{id}/capture`) with the real response and error shapes.
//!
//! An order is `CREATED`; its `approve` link opens the approval page
//! (`/paypal/checkoutnow?token={id}`), whose Approve button makes it
//! `APPROVED` (the page posts `{"token": id}` to `/paypal/approve`) and tells
//! the opener (the PayPal button script) through `postMessage`; capture makes
//! it `COMPLETED`. Capturing before approval answers 422 `ORDER_NOT_APPROVED`;
//! a second capture answers 422 `ORDER_ALREADY_CAPTURED` unless it replays
//! the first capture's `PayPal-Request-Id`, which returns the first response.
//! Creating an order again with the same `PayPal-Request-Id` returns the same
//! order. The payer is `buyer@example.com` (payer id `SANDBOXPAYER1`).
//! `GET …/orders/{id}` answers the order with its status and, once captured,
//! `purchase_units[0].payments.captures[]` and `payments.refunds[]`, so a
//! capture whose answer was lost can be found.
//!
//! `POST /v2/payments/captures/{id}/refund` gives back the `amount` of its
//! body (`{"amount": {"value": "12.34", "currency_code": "USD"}}`), or all
//! that is left without one: several refunds up to the captured amount,
//! the capture `PARTIALLY_REFUNDED` then `REFUNDED`; a refund above what is
//! left is refused as PayPal refuses it (422 `REFUND_AMOUNT_EXCEEDED`, or
//! `CAPTURE_FULLY_REFUNDED` once nothing is left), and a retry under the
//! same `PayPal-Request-Id` answers the first refund.

// Handlers return a ready axum `Response` as their error, as in `client_api`.
#![allow(clippy::result_large_err)]

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};

use crate::client_api::paypal::{BUYER_EMAIL, PAYER_ID};
use crate::state::{Captured, Inner, Order, Shared, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET};

pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/paypal/v1/oauth2/token", post(token))
        .route("/paypal/v2/checkout/orders", post(create))
        .route("/paypal/v2/checkout/orders/{id}", get(show))
        .route("/paypal/v2/checkout/orders/{id}/capture", post(capture))
        .route("/paypal/v2/payments/captures/{id}/refund", post(refund))
        .with_state(shared)
}

fn api_error(
    shared: &Shared,
    status: StatusCode,
    name: &str,
    message: &str,
    details: Value,
) -> Response {
    let issue = details
        .pointer("/0/issue")
        .and_then(Value::as_str)
        .unwrap_or(name)
        .to_string();
    (
        status,
        Json(json!({
            "name": name,
            "details": details,
            "message": message,
            "debug_id": shared.id("").chars().take(13).collect::<String>(),
            "links": [{ "href": format!("https://developer.paypal.com/docs/api/orders/v2/#error-{issue}"), "rel": "information_link", "method": "GET" }],
        })),
    )
        .into_response()
}

fn unprocessable(shared: &Shared, issue: &str, description: &str) -> Response {
    api_error(
        shared,
        StatusCode::UNPROCESSABLE_ENTITY,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        json!([{ "issue": issue, "description": description }]),
    )
}

fn invalid_request(shared: &Shared, field: &str, issue: &str, description: &str) -> Response {
    api_error(
        shared,
        StatusCode::BAD_REQUEST,
        "INVALID_REQUEST",
        "Request is not well-formed, syntactically incorrect, or violates schema.",
        json!([{ "field": field, "location": "body", "issue": issue, "description": description }]),
    )
}

fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let decoded = STANDARD.decode(value.strip_prefix("Basic ")?.trim()).ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    Some((id.to_string(), secret.to_string()))
}

async fn token(State(shared): State<Shared>, headers: HeaderMap, body: String) -> Response {
    let ok = basic_credentials(&headers)
        .is_some_and(|(id, secret)| id == PAYPAL_CLIENT_ID && secret == PAYPAL_CLIENT_SECRET);
    if !ok {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "error": "invalid_client", "error_description": "Client Authentication failed" })),
        )
            .into_response();
    }
    if !body
        .split('&')
        .any(|kv| kv == "grant_type=client_credentials")
    {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "unsupported_grant_type", "error_description": "Grant Type is NULL" })),
        )
            .into_response();
    }
    let access = shared.id("A21AA");
    shared.lock().paypal_tokens.push(access.clone());
    Json(json!({
        "scope": "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
        "access_token": access,
        "token_type": "Bearer",
        "app_id": "APP-80W284485P519543T",
        "expires_in": 32400,
        "nonce": shared.id("nonce-"),
    }))
    .into_response()
}

/// Checks the bearer token; the error response otherwise.
fn authorized(shared: &Shared, headers: &HeaderMap) -> Result<(), Response> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if token.is_some_and(|t| shared.lock().paypal_tokens.iter().any(|k| k == t)) {
        return Ok(());
    }
    Err((
        StatusCode::UNAUTHORIZED,
        Json(json!({
            "name": "AUTHENTICATION_FAILURE",
            "message": "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
            "links": [{ "href": "https://developer.paypal.com/docs/api/overview/#error", "rel": "information_link" }],
        })),
    )
        .into_response())
}

fn request_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get("paypal-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .filter(|v| !v.is_empty())
}

/// A call of the shop's server: its bearer token checked, its
/// `PayPal-Request-Id` kept so a retried call replays the first answer.
struct ServerCall {
    request_id: Option<String>,
}

impl FromRequestParts<Shared> for ServerCall {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, shared: &Shared) -> Result<Self, Response> {
        authorized(shared, &parts.headers)?;
        Ok(ServerCall {
            request_id: request_id(&parts.headers),
        })
    }
}

impl ServerCall {
    /// The first answer to this operation under the same request id, if any.
    fn replayed(&self, shared: &Shared, op: &str) -> Option<Response> {
        let key = (op.to_string(), self.request_id.clone()?);
        let (status, body) = shared.lock().paypal_replays.get(&key).cloned()?;
        Some(
            (
                StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
                Json(body),
            )
                .into_response(),
        )
    }

    /// Keeps this answer for a retry under the same request id.
    fn remember(self, shared: &Shared, op: &str, status: u16, body: &Value) {
        if let Some(id) = self.request_id {
            shared
                .lock()
                .paypal_replays
                .insert((op.to_string(), id), (status, body.clone()));
        }
    }
}

fn valid_value(text: &str) -> bool {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    !int.is_empty()
        && int.len() <= 10
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.len() <= 2
        && frac.bytes().all(|b| b.is_ascii_digit())
        && text != "0"
        && text.bytes().any(|b| (b'1'..=b'9').contains(&b))
}

fn links(shared: &Shared, id: &str, status: &str) -> Value {
    let api = format!(
        "{}/paypal/v2/checkout/orders/{id}",
        shared.config.public_url
    );
    let mut links = vec![json!({ "href": api, "rel": "self", "method": "GET" })];
    if status != "COMPLETED" {
        links.push(json!({ "href": format!("{}/paypal/checkoutnow?token={id}", shared.config.public_url), "rel": "approve", "method": "GET" }));
        links.push(json!({ "href": api, "rel": "update", "method": "PATCH" }));
        links.push(json!({ "href": format!("{api}/capture"), "rel": "capture", "method": "POST" }));
    }
    json!(links)
}

/// The order as `GET /v2/checkout/orders/{id}` answers it: once captured,
/// its capture and its refunds under `purchase_units[0].payments`.
fn order_json(shared: &Shared, id: &str, order: &Order) -> Value {
    let mut body = order.created.clone();
    body["status"] = json!(order.status);
    body["links"] = links(shared, id, &order.status);
    if order.status != "CREATED" {
        body["payer"] = payer();
    }
    let captured = order.capture_id.as_ref().and_then(|c| {
        let inner = shared.lock();
        let captured = inner.captures.get(c)?;
        Some((c, captured.clone(), capture_status(&inner, c, captured)))
    });
    if let Some((capture_id, captured, status)) = captured {
        let (amount, currency) = (&captured.amount, &captured.currency);
        let refunds: Vec<Value> = captured
            .refunds
            .iter()
            .map(|(refund_id, value)| refund_json(shared, refund_id, capture_id, value, currency))
            .collect();
        body["purchase_units"][0]["payments"] = json!({
            "captures": [capture_json(shared, id, capture_id, amount, currency, &status)],
            "refunds": refunds,
        });
    }
    body
}

fn capture_json(
    shared: &Shared,
    order_id: &str,
    capture_id: &str,
    amount: &str,
    currency: &str,
    status: &str,
) -> Value {
    let api = format!("{}/paypal/v2", shared.config.public_url);
    let mut capture = json!({
        "id": capture_id,
        "status": status,
        "amount": { "currency_code": currency, "value": amount },
        "final_capture": true,
        "seller_protection": { "status": "ELIGIBLE", "dispute_categories": ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
        "links": [
            { "href": format!("{api}/payments/captures/{capture_id}"), "rel": "self", "method": "GET" },
            { "href": format!("{api}/payments/captures/{capture_id}/refund"), "rel": "refund", "method": "POST" },
            { "href": format!("{api}/checkout/orders/{order_id}"), "rel": "up", "method": "GET" },
        ],
        "create_time": "2026-01-01T00:00:00Z",
        "update_time": "2026-01-01T00:00:00Z",
    });
    if status == "PENDING" {
        capture["status_details"] = json!({ "reason": "PENDING_REVIEW" });
    }
    capture
}

/// A capture's status: as PayPal left it (`PENDING`, `DECLINED`), else
/// `REFUNDED` once nothing is left, `PARTIALLY_REFUNDED` once refunded in
/// part, else `COMPLETED`.
pub fn capture_status(inner: &Inner, capture_id: &str, captured: &Captured) -> String {
    if let Some(status) = inner.capture_status.get(capture_id) {
        return status.clone();
    }
    match (captured.refunds.is_empty(), captured.left_cents()) {
        (_, Some(0)) => "REFUNDED",
        (false, _) => "PARTIALLY_REFUNDED",
        (true, _) => "COMPLETED",
    }
    .into()
}

/// `"12.34"` in cents.
fn cents(value: &str) -> Option<u64> {
    if !valid_value(value) {
        return None;
    }
    let (int, frac) = value.split_once('.').unwrap_or((value, ""));
    let frac = format!("{frac:0<2}");
    int.parse::<u64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(frac.parse().ok()?)
}

fn value(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

impl Captured {
    /// What its refunds gave back, as PayPal writes an amount.
    pub fn refunded_value(&self) -> String {
        value(self.refunds.iter().filter_map(|(_, v)| cents(v)).sum())
    }

    /// What is left to refund, in cents.
    pub fn left_cents(&self) -> Option<u64> {
        let refunded: u64 = self.refunds.iter().filter_map(|(_, v)| cents(v)).sum();
        cents(&self.amount)?.checked_sub(refunded)
    }
}

fn refund_json(
    shared: &Shared,
    refund_id: &str,
    capture_id: &str,
    amount: &str,
    currency: &str,
) -> Value {
    let api = format!("{}/paypal/v2/payments", shared.config.public_url);
    json!({
        "id": refund_id,
        "status": "COMPLETED",
        "amount": { "currency_code": currency, "value": amount },
        "links": [
            { "href": format!("{api}/refunds/{refund_id}"), "rel": "self", "method": "GET" },
            { "href": format!("{api}/captures/{capture_id}"), "rel": "up", "method": "GET" },
        ],
    })
}

fn payer() -> Value {
    json!({ "name": { "given_name": "Sandbox", "surname": "Buyer" }, "email_address": BUYER_EMAIL, "payer_id": PAYER_ID, "address": { "country_code": "US" } })
}

async fn create(
    State(shared): State<Shared>,
    call: ServerCall,
    Json(body): Json<Value>,
) -> Response {
    if let Some(r) = call.replayed(&shared, "create") {
        return r;
    }
    let intent = body.get("intent").and_then(Value::as_str).unwrap_or("");
    if intent != "CAPTURE" && intent != "AUTHORIZE" {
        return invalid_request(
            &shared,
            "/intent",
            "INVALID_PARAMETER_VALUE",
            "The value of a field is invalid.",
        );
    }
    let Some(unit) = body.pointer("/purchase_units/0").filter(|u| u.is_object()) else {
        return invalid_request(
            &shared,
            "/purchase_units",
            "MISSING_REQUIRED_PARAMETER",
            "A required field / parameter is missing.",
        );
    };
    let currency = unit
        .pointer("/amount/currency_code")
        .and_then(Value::as_str)
        .unwrap_or("");
    let value = unit
        .pointer("/amount/value")
        .and_then(Value::as_str)
        .unwrap_or("");
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return invalid_request(
            &shared,
            "/purchase_units/@reference_id=='default'/amount/currency_code",
            "INVALID_CURRENCY_CODE",
            "Currency code is invalid or is not currently supported.",
        );
    }
    if !valid_value(value) {
        return invalid_request(
            &shared,
            "/purchase_units/@reference_id=='default'/amount/value",
            "DECIMAL_PRECISION",
            "If the currency supports decimals, only two decimal place precision is supported.",
        );
    }
    let id: String = shared
        .id("")
        .to_uppercase()
        .chars()
        .chain("0T".chars())
        .take(17)
        .collect();
    let reference = unit
        .get("reference_id")
        .and_then(Value::as_str)
        .unwrap_or("default");
    let created = json!({
        "id": id,
        "intent": intent,
        "purchase_units": [{
            "reference_id": reference,
            "amount": { "currency_code": currency, "value": value },
            "payee": { "email_address": "merchant@example.com", "merchant_id": "SANDBOXMERCHANT1" },
        }],
        "create_time": "2026-01-01T00:00:00Z",
    });
    let order = Order {
        status: "CREATED".into(),
        amount: value.into(),
        currency: currency.into(),
        created,
        capture_id: None,
    };
    let out = order_json(&shared, &id, &order);
    shared.lock().orders.insert(id, order);
    call.remember(&shared, "create", 201, &out);
    (StatusCode::CREATED, Json(out)).into_response()
}

fn not_found(shared: &Shared, id: &str) -> Response {
    api_error(
        shared,
        StatusCode::NOT_FOUND,
        "RESOURCE_NOT_FOUND",
        "The specified resource does not exist.",
        json!([{ "field": "order_id", "value": id, "location": "path", "issue": "INVALID_RESOURCE_ID", "description": "Specified resource ID does not exist. Please check the resource ID and try again." }]),
    )
}

async fn show(State(shared): State<Shared>, _: ServerCall, Path(id): Path<String>) -> Response {
    let order = shared.lock().orders.get(&id).cloned();
    match order {
        Some(order) => Json(order_json(&shared, &id, &order)).into_response(),
        None => not_found(&shared, &id),
    }
}

async fn capture(
    State(shared): State<Shared>,
    call: ServerCall,
    Path(id): Path<String>,
) -> Response {
    let op = format!("capture:{id}");
    if let Some(r) = call.replayed(&shared, &op) {
        return r;
    }
    let Some(mut order) = shared.lock().orders.get(&id).cloned() else {
        return not_found(&shared, &id);
    };
    match order.status.as_str() {
        "CREATED" => {
            return unprocessable(
                &shared,
                "ORDER_NOT_APPROVED",
                "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
            )
        }
        "COMPLETED" => {
            return unprocessable(
                &shared,
                "ORDER_ALREADY_CAPTURED",
                "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
            )
        }
        _ => {}
    }
    order.status = "COMPLETED".into();
    let capture_id: String = shared
        .id("")
        .to_uppercase()
        .chars()
        .chain("0C".chars())
        .take(17)
        .collect();
    order.capture_id = Some(capture_id.clone());
    let pending = {
        let mut state = shared.lock();
        let pending = state.pending_captures > 0;
        if pending {
            state.pending_captures -= 1;
            state
                .capture_status
                .insert(capture_id.clone(), "PENDING".into());
        }
        pending
    };
    let status = if pending { "PENDING" } else { "COMPLETED" };
    let self_link = format!(
        "{}/paypal/v2/checkout/orders/{id}",
        shared.config.public_url
    );
    let reference = order
        .created
        .pointer("/purchase_units/0/reference_id")
        .cloned()
        .unwrap_or(json!("default"));
    let capture = capture_json(
        &shared,
        &id,
        &capture_id,
        &order.amount,
        &order.currency,
        status,
    );
    let out = json!({
        "id": id,
        "status": "COMPLETED",
        "payment_source": { "paypal": {
            "email_address": BUYER_EMAIL, "account_id": PAYER_ID, "account_status": "VERIFIED",
            "name": { "given_name": "Sandbox", "surname": "Buyer" }, "address": { "country_code": "US" },
        } },
        "purchase_units": [{
            "reference_id": reference,
            "payments": { "captures": [capture] },
        }],
        "payer": payer(),
        "links": [{ "href": self_link, "rel": "self", "method": "GET" }],
    });
    let captured = Captured {
        amount: order.amount.clone(),
        currency: order.currency.clone(),
        refunds: Vec::new(),
    };
    let mut state = shared.lock();
    state.captures.insert(capture_id, captured);
    state.orders.insert(id, order);
    drop(state);
    call.remember(&shared, &op, 201, &out);
    (StatusCode::CREATED, Json(out)).into_response()
}

/// Refunds the body's amount of a capture, or all that is left without
/// one (`POST /v2/payments/captures/{id}/refund`); above what is left is
/// refused as the real API refuses it.
async fn refund(
    State(shared): State<Shared>,
    call: ServerCall,
    Path(id): Path<String>,
    body: String,
) -> Response {
    let op = format!("refund:{id}");
    if let Some(r) = call.replayed(&shared, &op) {
        return r;
    }
    let asked = match refund_asked(&body) {
        Ok(asked) => asked,
        Err(description) => {
            return invalid_request(
                &shared,
                "/amount/value",
                "INVALID_PARAMETER_VALUE",
                description,
            )
        }
    };
    let refund_id: String = shared.id("").to_uppercase().chars().take(17).collect();
    let given = {
        let mut inner = shared.lock();
        let Some(captured) = inner.captures.get_mut(&id) else {
            drop(inner);
            return not_found(&shared, &id);
        };
        let left = captured.left_cents().unwrap_or(0);
        match asked.as_ref().map_or(left, |(cents, _)| *cents) {
            _ if left == 0 => Err((
                "CAPTURE_FULLY_REFUNDED",
                "The capture has already been fully refunded.",
            )),
            cents if cents > left => Err((
                "REFUND_AMOUNT_EXCEEDED",
                "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
            )),
            _ if asked.as_ref().is_some_and(|(_, currency)| *currency != captured.currency) => Err((
                "CURRENCY_MISMATCH",
                "The currency of the refund must be the currency of the capture.",
            )),
            cents => {
                captured.refunds.push((refund_id.clone(), value(cents)));
                Ok((value(cents), captured.currency.clone()))
            }
        }
    };
    let (amount, currency) = match given {
        Ok(given) => given,
        Err((issue, description)) => return unprocessable(&shared, issue, description),
    };
    let out = refund_json(&shared, &refund_id, &id, &amount, &currency);
    call.remember(&shared, &op, 201, &out);
    (StatusCode::CREATED, Json(out)).into_response()
}

/// The body's amount in cents with its currency (`None`: all that is
/// left), or why it is not one.
fn refund_asked(body: &str) -> Result<Option<(u64, String)>, &'static str> {
    if body.trim().is_empty() {
        return Ok(None);
    }
    let body: Value = serde_json::from_str(body).map_err(|_| "The body is not JSON.")?;
    let Some(amount) = body.get("amount") else {
        return Ok(None);
    };
    let cents = amount["value"].as_str().and_then(cents);
    let currency = amount["currency_code"].as_str().unwrap_or_default();
    match cents {
        Some(cents) if currency.len() == 3 => Ok(Some((cents, currency.to_string()))),
        _ => Err("The refund amount must be a positive value with a currency code."),
    }
}

/// The approval page's Approve: a known order becomes `APPROVED` (an order
/// already captured stays so). False for an unknown token.
pub fn approve(shared: &Shared, token: &str) -> bool {
    let mut inner = shared.lock();
    match inner.orders.get_mut(token) {
        Some(order) => {
            if order.status == "CREATED" {
                order.status = "APPROVED".into();
            }
            true
        }
        None => false,
    }
}

/// What the approval page shows for an order: `Pay 10.00 USD`.
pub fn summary(shared: &Shared, token: &str) -> Option<String> {
    let inner = shared.lock();
    let order = inner.orders.get(token)?;
    Some(format!("Pay {} {}", order.amount, order.currency))
}
