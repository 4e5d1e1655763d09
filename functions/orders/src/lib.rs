//! The customer's orders. Signed-in only (401 'Your session has expired.
//! Please log in again.'). Orders are created by the payment function with
//! `domain::order::Order::from_lines`; operators move them with `shopctl`.
//!
//! Table requests: `GET /api/orders/me` one Query (descending);
//! `GET /api/orders/customer-confirm-fe/{id}` one conditional UpdateItem
//! (plus one GetItem only when it is refused, to tell "not yours" from
//! "not confirmed").

use app::App;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use time::OffsetDateTime;

use domain::order::{
    move_update, order_key, Order, OrderStatus, CONFIRMED_BY_CUSTOMER, CONFIRM_FAILED, ORDER_PREFIX,
};
use domain::ports::{from_item, Query, TableError};
use domain::shopper::{is_ulid, timestamp, user_pk};
use shop_http::{ApiError, ApiResult, CurrentUser};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/orders/me", get(my_orders))
        .route(
            "/api/orders/customer-confirm-fe/{id}",
            get(confirm_delivery),
        )
        .with_state(app)
}

/// `{ data: { data: [orders newest first] } }`, each with its total.
async fn my_orders(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    let mut views = Vec::new();
    let mut next = None;
    loop {
        let query = Query::partition(user_pk(&user.id))
            .begins_with(ORDER_PREFIX)
            .descending()
            .start_after(next);
        let page = app.table.query(query).await?;
        for item in page.items {
            let order: Order = from_item(item).map_err(|e| {
                tracing::error!(error = %e, "stored order does not decode");
                ApiError::internal()
            })?;
            views.push(order.view());
        }
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => break,
        }
    }
    Ok(Json(json!({ "data": { "data": views } })))
}

/// The customer confirms receipt: their own `confirmed` order becomes
/// `delivered`. Anything else answers `success: false` and changes nothing:
/// 404 for an order that is not theirs, 409 for one in another state.
async fn confirm_delivery(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let refused = |status: StatusCode| {
        (
            status,
            Json(json!({ "success": false, "message": CONFIRM_FAILED })),
        )
    };
    if !is_ulid(&id) {
        return Ok(refused(StatusCode::NOT_FOUND));
    }
    let key = order_key(&user.id, &id);
    let update = move_update(
        OrderStatus::Confirmed,
        OrderStatus::Delivered,
        &timestamp(OffsetDateTime::now_utc()),
    )
    .expect("confirmed -> delivered is a move of the state machine");
    match app.table.update(&key, update).await {
        Ok(_) => Ok((
            StatusCode::OK,
            Json(json!({ "success": true, "message": CONFIRMED_BY_CUSTOMER })),
        )),
        Err(TableError::ConditionFailed) => match app.table.get(&key).await? {
            Some(_) => Ok(refused(StatusCode::CONFLICT)),
            None => Ok(refused(StatusCode::NOT_FOUND)),
        },
        Err(e) => Err(e.into()),
    }
}
