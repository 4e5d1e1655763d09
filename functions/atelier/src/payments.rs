//! Payments needing the house's attention (`domain::checkout::needing_attention`):
//! claims being confirmed, unknown outcomes the reconciler has not
//! resolved, PayPal captures pending and refunds whose answer was lost.
//!
//! Table requests: one Query of the open claims' index, one Query of the
//! pending orders, one Query of the open refunds and a GetItem of each one's
//! order.

use app::App;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use domain::checkout::{needing_attention, AttentionPayment};
use shop_http::ApiResult;

use crate::console::Console;

pub fn routes() -> Router<App> {
    Router::new().route("/api/atelier/payments/attention", get(attention))
}

/// `{ payments: [...] }`, oldest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaymentsAttention {
    pub payments: Vec<AttentionPayment>,
}

pub async fn attention(
    State(app): State<App>,
    _console: Console,
) -> ApiResult<Json<PaymentsAttention>> {
    let payments = needing_attention(&*app.table, app.clock.now()).await?;
    Ok(Json(PaymentsAttention { payments }))
}
