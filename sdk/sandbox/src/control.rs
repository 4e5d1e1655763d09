//! Test control: reset, fault injection and settlement, for contract and
//! end-to-end tests. State is in memory.
//!
//! - `POST /__control/reset`: forget tokens, nonces, transactions, orders and
//!   faults (the seeded vault comes back).
//! - `POST /__control/fail-next` `{"pathPrefix": "/graphql", "status": 500}`
//!   or `{"pathPrefix": "/paypal/v2", "delayMs": 3000}` (optional `"times"`,
//!   default 1): the next matching request (path inside the sandbox) waits
//!   `delayMs`, then answers `status` with a JSON error, or goes through.
//! - `POST /__control/settle` `{"transactionId": "…"}`: the charge settles,
//!   so it can be refunded.
//! - `GET /__control/transactions`: every card transaction and PayPal capture
//!   with its status, so tests can prove that no charge was left unreversed.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
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
    if !prefix.starts_with('/') || prefix.starts_with("/__control") {
        return error(StatusCode::BAD_REQUEST, "pathPrefix must start with /");
    }
    if status.is_some_and(|s| !(100..=599).contains(&s)) || (status.is_none() && delay_ms == 0) {
        return error(
            StatusCode::BAD_REQUEST,
            "give a status (100-599) or a delayMs",
        );
    }
    shared.lock().faults.push(Fault {
        prefix: prefix.to_string(),
        status: status.map(|s| s as u16),
        delay_ms: delay_ms.min(120_000),
        remaining: times.clamp(1, 1000) as u32,
    });
    StatusCode::NO_CONTENT.into_response()
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
        .map(|(id, (amount, currency, refunded))| {
            json!({ "id": id, "amount": amount, "currency": currency, "refunded": refunded })
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
        found.map(|i| {
            let fault = inner.faults[i].clone();
            inner.faults[i].remaining -= 1;
            if inner.faults[i].remaining == 0 {
                inner.faults.remove(i);
            }
            fault
        })
    };
    let Some(fault) = fault else {
        return next.run(req).await;
    };
    if fault.delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(fault.delay_ms)).await;
    }
    match fault.status.and_then(|s| StatusCode::from_u16(s).ok()) {
        Some(status) => (
            status,
            Json(json!({ "error": { "message": "injected by /__control/fail-next" } })),
        )
            .into_response(),
        None => next.run(req).await,
    }
}
