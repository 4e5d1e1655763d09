//! Test control: reset, fault injection and settlement, for contract and
//! end-to-end tests. State is in memory.
//!
//! - `POST /__control/reset`: forget tokens, nonces, transactions, orders and
//!   faults (the seeded vault comes back).
//! - `POST /__control/fail-next`: the next matching requests (path inside the
//!   sandbox starting with `pathPrefix`; optional `"times"`, default 1, at
//!   most 1000; first injected fault first) fail. Before the handler (the
//!   default; nothing happens at the provider):
//!   `{"pathPrefix": "/graphql", "status": 500}` answers 500 with a JSON
//!   error; `{"pathPrefix": "/paypal/v2", "delayMs": 3000}` waits, then goes
//!   through (both: waits, then answers the status); `{"drop": true}` closes
//!   the connection without an answer. After the handler, with
//!   `"after": true`, the request is handled first (the charge, capture or
//!   refund happens) and then: `"status"` replaces the real answer with that
//!   status and a JSON error; `"delayMs"` holds the real answer that long (a
//!   client with a shorter timeout gives up); `"drop": true` closes the
//!   connection without an answer (hyper shuts it down before writing the
//!   status line: the client reads an empty reply or a reset; called
//!   in-process, the response body fails to read). `delayMs` (at most
//!   120000) combines with `status` or `drop`. 400 for a `status` outside
//!   100–599, no `status`/`delayMs`/`drop`, `drop` with a `status`, a
//!   non-boolean `after`/`drop`, or a `pathPrefix` not starting with `/` (or
//!   under `/__control`). `"skip": n` lets the first `n` matching requests
//!   through untouched before the fault applies (at most 1000): the
//!   refund after a charge lookup on the same path.
//! - `POST /__control/settle` `{"transactionId": "…"}`: the charge settles,
//!   so it can be refunded.
//! - `POST /__control/paypal-pending` `{"times": n}`: the next PayPal
//!   captures come back `PENDING` (PayPal reviewing the payment), and
//!   `POST /__control/paypal-capture-status` `{"captureId", "status":
//!   "COMPLETED" | "DECLINED"}` settles one, as PayPal later does.
//! - `GET /__control/transactions`: every card transaction and PayPal capture
//!   with its status, so tests can prove that no charge was left unreversed.
//!
//! To find out what happened to a call whose answer was lost, ask the
//! provider as the shop would: the gateway's
//! `search { transactions(input: { orderId: { is: "…" } }) { … } }` (see
//! [`crate::gateway`]) and PayPal's `GET /v2/checkout/orders/{id}` (see
//! [`crate::paypal_orders`]).

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use http_body_util::BodyExt;
use serde_json::{json, Value};

use crate::client_api::error;
use crate::gateway::legacy_id;
use crate::state::{Fault, Shared};

pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/__control/reset", post(reset))
        .route("/__control/fail-next", post(fail_next))
        .route("/__control/settle", post(settle))
        .route("/__control/transactions", get(transactions))
        .route("/__control/paypal-pending", post(paypal_pending))
        .route(
            "/__control/paypal-capture-status",
            post(paypal_capture_status),
        )
        .with_state(shared)
}

async fn reset(State(shared): State<Shared>) -> Response {
    shared.reset();
    StatusCode::NO_CONTENT.into_response()
}

async fn fail_next(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let prefix = body.get("pathPrefix").and_then(Value::as_str).unwrap_or("");
    let status = body.get("status").and_then(Value::as_u64);
    let delay_ms = body.get("delayMs").and_then(Value::as_u64).unwrap_or(0);
    let times = body.get("times").and_then(Value::as_u64).unwrap_or(1);
    let skip = body.get("skip").and_then(Value::as_u64).unwrap_or(0);
    let flag = |name: &str| match body.get(name) {
        None | Some(Value::Null) => Some(false),
        Some(v) => v.as_bool(),
    };
    let (Some(after), Some(drop)) = (flag("after"), flag("drop")) else {
        return error(StatusCode::BAD_REQUEST, "after and drop are true or false");
    };
    if !prefix.starts_with('/') || prefix.starts_with("/__control") {
        return error(StatusCode::BAD_REQUEST, "pathPrefix must start with /");
    }
    if status.is_some_and(|s| !(100..=599).contains(&s))
        || (status.is_none() && delay_ms == 0 && !drop)
    {
        return error(
            StatusCode::BAD_REQUEST,
            "give a status (100-599), a delayMs or drop",
        );
    }
    if drop && status.is_some() {
        return error(
            StatusCode::BAD_REQUEST,
            "drop sends no answer, so it takes no status",
        );
    }
    shared.lock().faults.push(Fault {
        prefix: prefix.to_string(),
        status: status.map(|s| s as u16),
        delay_ms: delay_ms.min(120_000),
        after,
        drop,
        remaining: times.clamp(1, 1000) as u32,
        skip: skip.min(1000) as u32,
    });
    StatusCode::NO_CONTENT.into_response()
}

/// The next `times` (default 1) PayPal captures come back `PENDING`
/// (`status_details.reason` `PENDING_REVIEW`), as PayPal answers while it
/// reviews a payment.
async fn paypal_pending(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let times = body.get("times").and_then(Value::as_u64).unwrap_or(1);
    shared.lock().pending_captures = times.clamp(1, 1000) as u32;
    StatusCode::NO_CONTENT.into_response()
}

/// PayPal settles a pending capture: `{"captureId", "status": "COMPLETED"
/// | "DECLINED"}`.
async fn paypal_capture_status(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let id = body.get("captureId").and_then(Value::as_str).unwrap_or("");
    let status = body.get("status").and_then(Value::as_str).unwrap_or("");
    if !matches!(status, "COMPLETED" | "DECLINED") {
        return error(StatusCode::BAD_REQUEST, "status is COMPLETED or DECLINED");
    }
    let mut inner = shared.lock();
    match inner.capture_status.get(id).map(String::as_str) {
        Some("PENDING") if status == "COMPLETED" => {
            inner.capture_status.remove(id);
        }
        Some("PENDING") => {
            inner
                .capture_status
                .insert(id.to_string(), status.to_string());
        }
        Some(_) | None => return error(StatusCode::CONFLICT, "only a PENDING capture settles"),
    }
    Json(json!({ "status": status })).into_response()
}

async fn transactions(State(shared): State<Shared>) -> Response {
    let inner = shared.lock();
    let cards: Vec<Value> = inner
        .transactions
        .iter()
        .map(|(id, tx)| {
            json!({ "id": id, "status": tx.status, "amountCents": tx.amount_cents,
                    "refundedCents": tx.refunded_cents, "orderId": tx.order_id })
        })
        .collect();
    let captures: Vec<Value> = inner
        .captures
        .iter()
        .map(|(id, captured)| {
            let status = crate::paypal_orders::capture_status(&inner, id, captured);
            json!({ "id": id, "amount": captured.amount, "currency": captured.currency,
                    "refunded": captured.left_cents() == Some(0), "refundedValue": captured.refunded_value(),
                    "refunds": captured.refunds.len(), "status": status })
        })
        .collect();
    Json(json!({ "transactions": cards, "captures": captures })).into_response()
}

async fn settle(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let id = legacy_id(
        body.get("transactionId")
            .and_then(Value::as_str)
            .unwrap_or(""),
    );
    let mut inner = shared.lock();
    match inner.transactions.get_mut(&id) {
        Some(tx) if tx.status == "SUBMITTED_FOR_SETTLEMENT" => {
            tx.status = "SETTLED".into();
            Json(json!({ "status": "SETTLED" })).into_response()
        }
        Some(tx) => error(
            StatusCode::CONFLICT,
            &format!("a {} transaction cannot settle", tx.status),
        ),
        None => error(StatusCode::NOT_FOUND, "Unknown transaction"),
    }
}

/// Applies the first injected fault whose prefix matches the request's path.
pub async fn faults(State(shared): State<Shared>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let fault = if path.starts_with("/__control") {
        None
    } else {
        let mut inner = shared.lock();
        let found = inner
            .faults
            .iter()
            .position(|f| path.starts_with(&f.prefix));
        found.and_then(|i| {
            if inner.faults[i].skip > 0 {
                inner.faults[i].skip -= 1;
                return None;
            }
            let fault = inner.faults[i].clone();
            inner.faults[i].remaining -= 1;
            if inner.faults[i].remaining == 0 {
                inner.faults.remove(i);
            }
            Some(fault)
        })
    };
    let Some(fault) = fault else {
        return next.run(req).await;
    };
    // An `after` fault lets the request be handled first: whatever it did
    // (a charge, a capture) stays done, only the answer is lost or late.
    let pending = if fault.after {
        Pending::Handled(next.run(req).await)
    } else {
        Pending::ToHandle(req, next)
    };
    if fault.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(fault.delay_ms)).await;
    }
    if fault.drop {
        return dropped_connection();
    }
    if let Some(status) = fault.status.and_then(|s| StatusCode::from_u16(s).ok()) {
        let message = if fault.after {
            "injected by /__control/fail-next after the request was handled"
        } else {
            "injected by /__control/fail-next"
        };
        return (status, Json(json!({ "error": { "message": message } }))).into_response();
    }
    match pending {
        Pending::Handled(answer) => answer,
        Pending::ToHandle(req, next) => next.run(req).await,
    }
}

/// A faulted request: already handled (`after`), or still to be.
enum Pending {
    Handled(Response),
    ToHandle(Request, Next),
}

/// An answer whose body fails on its first read. axum has no way to close a
/// connection without a response, but hyper (HTTP/1) shuts the connection
/// down when the body fails, before the buffered status line is flushed, so
/// the client reads nothing (an empty reply, or a reset). The body must not
/// announce its length (hyper would then send an empty 200 without reading
/// it): `map_frame` hides the length `Limited` announces. In-process
/// (`tower::ServiceExt::oneshot`), reading the body is the error.
fn dropped_connection() -> Response {
    let failing = http_body_util::Limited::new(Body::from("dropped"), 0).map_frame(|frame| frame);
    Response::new(Body::new(failing))
}
