//! The customer's orders. Signed-in only (401 'Your session has expired.
//! Please log in again.'). Orders are created by the payment function with
//! `domain::order::Order::from_lines`; operators move them with `shopctl`.
//!
//! Table requests: `GET /api/orders/me` one Query (descending);
//! `POST /api/orders/customer-confirm-fe/{id}` one conditional UpdateItem
//! (plus one GetItem only when it is refused, to tell "not yours" from
//! "not confirmed").

use app::App;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};

use domain::answers::{DeliveryConfirmation, MyOrders, OrderList};
use domain::ids::OrderId;
use domain::order::{Move, Order, Orders, Step, CONFIRMED_BY_CUSTOMER, CONFIRM_FAILED};
use shop_http::{ApiError, ApiResult, CurrentUser, IdInPath};

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
pub async fn my_orders(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<MyOrders>> {
    let orders = Orders::of(&*app.table, &user.id).newest_first().await?;
    let views: Vec<_> = orders.into_iter().map(Order::view).collect();
    Ok(Json(MyOrders {
        data: OrderList { data: views },
    }))
}

/// The customer confirms receipt: their own `confirmed` order becomes
/// `delivered`. Anything else answers `success: false` and changes nothing:
/// 404 for an order that is not theirs, 409 for one in another state.
pub async fn confirm_delivery(
    State(app): State<App>,
    user: CurrentUser,
    id: ApiResult<IdInPath<OrderId>>,
) -> ApiResult<Json<DeliveryConfirmation>> {
    let IdInPath(id) = id.map_err(|_| not_theirs())?;
    let orders = Orders::of(&*app.table, &user.id);
    match orders
        .advance(id.as_str(), Step::CONFIRM_DELIVERY, app.clock.now())
        .await?
    {
        Move::Done(_) => Ok(Json(DeliveryConfirmation {
            success: true,
            message: CONFIRMED_BY_CUSTOMER.into(),
        })),
        Move::NotAllowed => match orders.get(id.as_str()).await? {
            Some(_) => Err(ApiError::conflict(CONFIRM_FAILED).with_success_flag()),
            None => Err(not_theirs()),
        },
    }
}

fn not_theirs() -> ApiError {
    ApiError::not_found(CONFIRM_FAILED).with_success_flag()
}
