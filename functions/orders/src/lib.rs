//! The customer's orders. Signed-in only (401 'Your session has expired.
//! Please log in again.'). Orders are created by the payment function with
//! `domain::order::Order::from_lines`; operators move them with `shopctl`.
//!
//! Table requests: `GET /api/orders/me` one Query (descending);
//! `POST /api/orders/customer-confirm-fe/{id}` one conditional UpdateItem
//! (plus one GetItem only when it is refused, to tell "not yours" from
//! "not confirmed").

use app::App;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use domain::order::{Move, Order, Orders, Step, CONFIRMED_BY_CUSTOMER, CONFIRM_FAILED};
use domain::shopper::is_ulid;
use shop_http::{ApiResult, CurrentUser};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/orders/me", get(my_orders))
        // The spec's path, but a POST: it changes the order, so a link or an
        // <img> on another site must not be able to do it, and the Origin
        // check applies.
        .route(
            "/api/orders/customer-confirm-fe/{id}",
            post(confirm_delivery),
        )
        .with_state(app)
}

/// `{ data: { data: [orders newest first] } }`, each with its total.
async fn my_orders(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    let orders = Orders::of(&*app.table, &user.id).newest_first().await?;
    let views: Vec<_> = orders.into_iter().map(Order::view).collect();
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
    if !is_ulid(&id) {
        return Ok(refused(StatusCode::NOT_FOUND));
    }
    let orders = Orders::of(&*app.table, &user.id);
    match orders
        .advance(&id, Step::CONFIRM_DELIVERY, app.clock.now())
        .await?
    {
        Move::Done(_) => Ok((
            StatusCode::OK,
            Json(json!({ "success": true, "message": CONFIRMED_BY_CUSTOMER })),
        )),
        Move::NotAllowed => match orders.get(&id).await? {
            Some(_) => Ok(refused(StatusCode::CONFLICT)),
            None => Ok(refused(StatusCode::NOT_FOUND)),
        },
    }
}

fn refused(status: StatusCode) -> (StatusCode, Json<Value>) {
    (
        status,
        Json(json!({ "success": false, "message": CONFIRM_FAILED })),
    )
}
