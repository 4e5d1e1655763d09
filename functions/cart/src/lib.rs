//! The shopping bag's routes. Signed-in only: a visitor gets 401 with the
//! spec's cart login message. The rules and how the table keeps them are in
//! `domain::cart`.
//!
//! Table requests: `GET /api/cart` one Query and one BatchGet (the
//! products, for today's prices); `POST /api/cart/add` a GetItem
//! of the product, then one UpdateItem when the line exists, or that and one
//! transaction (line + count) when it is new; `PATCH /api/cart/{id}` one
//! conditional UpdateItem; `DELETE /api/cart/remove/{id}` one transaction.

use app::App;
use axum::extract::State;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};

use domain::answers::{BagView, CartLineSaved, Removed};
use domain::cart::{
    self, AddOutcome, AddToCart, Bag, SetQuantity, ADDED, CART_FULL, LINE_FULL, LINE_NOT_FOUND,
    LOGIN_REQUIRED, PRODUCT_UNAVAILABLE, REMOVED, UPDATED,
};
use domain::catalog::active_product;
use domain::ids::LineId;
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, IdInPath, JsonBody, LoginWording, SignedIn};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/cart", get(bag))
        .route("/api/cart/add", post(add))
        .route("/api/cart/{id}", patch(set_quantity))
        .route("/api/cart/remove/{id}", delete(remove))
        .with_state(app)
}

/// The signed-in shopper, or a 401 worded for the bag.
type Shopper = SignedIn<Login>;

pub struct Login;

impl LoginWording for Login {
    const MESSAGE: &'static str = LOGIN_REQUIRED;
}

/// `{ data: [lines in the order added, priced now, each `available` or
/// not], count, quote }`: the bag priced from the catalogue as it is now,
/// the quote (subtotal, shipping, tax, total) of its available lines being
/// the one price the site shows and sends back at checkout.
pub async fn bag(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
) -> ApiResult<Json<BagView>> {
    let bag = app.checkout().price(&user.id).await?;
    Ok(Json(BagView {
        count: bag.count(),
        data: bag.lines,
        quote: bag.quote,
    }))
}

pub async fn add(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    JsonBody(body): JsonBody<AddToCart>,
) -> ApiResult<Json<CartLineSaved>> {
    let request = body.check()?;
    let product = active_product(&*app.table, &request.product_id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_UNAVAILABLE))?;
    let line = request.against(&product, app.clock.now())?;
    match Bag::of(&*app.table, &user.id).add(&line).await? {
        AddOutcome::Added(stored) => Ok(Json(CartLineSaved {
            message: ADDED.into(),
            data: *stored,
        })),
        AddOutcome::LineFull => Err(quantity_error(LINE_FULL)),
        AddOutcome::BagFull => Err(ApiError::bad_request(CART_FULL)),
    }
}

pub async fn set_quantity(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    IdInPath(id): IdInPath<LineId>,
    JsonBody(body): JsonBody<SetQuantity>,
) -> ApiResult<Json<CartLineSaved>> {
    let quantity = cart::parse_quantity(&body.quantity).map_err(quantity_error)?;
    let line = Bag::of(&*app.table, &user.id)
        .set_quantity(id.as_str(), quantity, app.clock.now())
        .await?
        .or(ApiError::not_found(LINE_NOT_FOUND))?;
    Ok(Json(CartLineSaved {
        message: UPDATED.into(),
        data: line,
    }))
}

pub async fn remove(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    IdInPath(id): IdInPath<LineId>,
) -> ApiResult<Json<Removed>> {
    Bag::of(&*app.table, &user.id)
        .remove(id.as_str())
        .await?
        .or(ApiError::not_found(LINE_NOT_FOUND))?;
    Ok(Json(Removed {
        message: REMOVED.into(),
        id: id.into_string(),
    }))
}

fn quantity_error(message: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("quantity", message);
    ApiError::validation(errors)
}
