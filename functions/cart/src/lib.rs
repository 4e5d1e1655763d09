//! The shopping bag's routes. Signed-in only: a visitor gets 401 with the
//! spec's cart login message.
//!
//! Table requests: `GET /api/cart` one Query; `POST /api/cart/add` a GetItem
//! of the product and a Query of the bag (concurrently), then one UpdateItem
//! that adds the quantity atomically; `PATCH /api/cart/{id}` one conditional
//! UpdateItem; `DELETE /api/cart/remove/{id}` one conditional DeleteItem.

use app::App;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use time::OffsetDateTime;

use domain::cart::{
    self, line_key, AddToCart, CartLine, SetQuantity, CART_FULL, LINE_FULL, LINE_NOT_FOUND,
    LINE_PREFIX, LOGIN_REQUIRED, MAX_LINES, MAX_QUANTITY, PRODUCT_UNAVAILABLE,
};
use domain::catalog::{is_plausible_id, Kind, Product};
use domain::ports::{from_item, Condition, Item, Query, TableError, Update};
use domain::pricing::{Money, Totals};
use domain::shopper::{timestamp, user_pk};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

pub const ADDED: &str = "Add to cart successfully!";
pub const UPDATED: &str = "Quantity updated.";
pub const REMOVED: &str = "Item removed from your shopping bag.";

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/cart", get(bag))
        .route("/api/cart/add", post(add))
        .route("/api/cart/{id}", patch(set_quantity))
        .route("/api/cart/remove/{id}", delete(remove))
        .with_state(app)
}

/// The signed-in shopper, or a 401 worded for the bag.
struct Shopper(CurrentUser);

impl FromRequestParts<App> for Shopper {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        CurrentUser::from_request_parts(parts, app)
            .await
            .map(Shopper)
            .map_err(|e| e.with_message(LOGIN_REQUIRED))
    }
}

fn now() -> String {
    timestamp(OffsetDateTime::now_utc())
}

/// `{ data: [lines in the order added], count, subtotal, shippingfee, total }`.
async fn bag(State(app): State<App>, Shopper(user): Shopper) -> ApiResult<Json<Value>> {
    let lines = read_bag(&app, &user.id).await?;
    let subtotal = lines
        .iter()
        .filter_map(CartLine::cost)
        .try_fold(Money::ZERO, Money::checked_add)
        .unwrap_or(Money::ZERO);
    let totals = Totals::of(subtotal).unwrap_or(Totals {
        subtotal,
        shippingfee: Money::ZERO,
        total: subtotal,
    });
    let count: u32 = lines.iter().map(|l| l.quantity).sum();
    Ok(Json(json!({
        "data": lines,
        "count": count,
        "subtotal": totals.subtotal,
        "shippingfee": totals.shippingfee,
        "total": totals.total,
    })))
}

async fn add(
    State(app): State<App>,
    Shopper(user): Shopper,
    JsonBody(body): JsonBody<AddToCart>,
) -> ApiResult<Json<Value>> {
    let request = body.check()?;
    if !is_plausible_id(&request.product_id) {
        return Err(ApiError::not_found(PRODUCT_UNAVAILABLE));
    }
    let (product, lines) = tokio::join!(
        read_product(&app, &request.product_id),
        read_bag(&app, &user.id)
    );
    let product = product?
        .filter(Product::is_active)
        .ok_or_else(|| ApiError::not_found(PRODUCT_UNAVAILABLE))?;
    let line = request.against(&product)?;
    let existing = lines?
        .into_iter()
        .map(|l| (l.id.clone(), l.quantity))
        .collect::<Vec<_>>();
    let held = existing
        .iter()
        .find(|(id, _)| *id == line.id)
        .map(|(_, q)| *q);
    match held {
        Some(q) if q + line.quantity > MAX_QUANTITY => return Err(quantity_error(LINE_FULL)),
        None if existing.len() >= MAX_LINES => return Err(ApiError::bad_request(CART_FULL)),
        _ => {}
    }
    let key = line_key(&user.id, &line.id);
    let update = Update {
        set: line.set_attributes(&now(), held.is_none())?,
        add: vec![("quantity".into(), i64::from(line.quantity))],
        ..Update::default()
    };
    let stored: CartLine = decode(app.table.update(&key, update).await?)?;
    if stored.quantity > MAX_QUANTITY {
        // A concurrent add got in between the read and this add: take ours
        // back so the line never rests above the maximum.
        let undo = Update {
            add: vec![("quantity".into(), -i64::from(line.quantity))],
            ..Update::default()
        };
        app.table.update(&key, undo).await?;
        return Err(quantity_error(LINE_FULL));
    }
    Ok(Json(json!({ "message": ADDED, "data": stored })))
}

async fn set_quantity(
    State(app): State<App>,
    Shopper(user): Shopper,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SetQuantity>,
) -> ApiResult<Json<Value>> {
    if !cart::is_line_id(&id) {
        return Err(ApiError::not_found(LINE_NOT_FOUND));
    }
    let quantity = cart::parse_quantity(&body.quantity).map_err(quantity_error)?;
    let mut set = Item::new();
    set.insert("quantity".into(), quantity.into());
    set.insert("updatedAt".into(), now().into());
    // Only an existing line of this shopper: the key is built from the session.
    let update = Update {
        set,
        condition: Condition::Exists,
        ..Update::default()
    };
    match app.table.update(&line_key(&user.id, &id), update).await {
        Ok(item) => Ok(Json(
            json!({ "message": UPDATED, "data": decode::<CartLine>(item)? }),
        )),
        Err(TableError::ConditionFailed) => Err(ApiError::not_found(LINE_NOT_FOUND)),
        Err(e) => Err(e.into()),
    }
}

async fn remove(
    State(app): State<App>,
    Shopper(user): Shopper,
    Path(id): Path<String>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    if !cart::is_line_id(&id) {
        return Err(ApiError::not_found(LINE_NOT_FOUND));
    }
    match app
        .table
        .delete(&line_key(&user.id, &id), Condition::Exists)
        .await
    {
        Ok(()) => Ok((
            StatusCode::OK,
            Json(json!({ "message": REMOVED, "id": id })),
        )),
        Err(TableError::ConditionFailed) => Err(ApiError::not_found(LINE_NOT_FOUND)),
        Err(e) => Err(e.into()),
    }
}

fn quantity_error(message: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add("quantity", message);
    ApiError::validation(errors)
}

async fn read_product(app: &App, id: &str) -> ApiResult<Option<Product>> {
    app.table
        .get(&Kind::Product.key(id))
        .await?
        .map(decode)
        .transpose()
}

/// The bag: one Query (a bag of at most [`MAX_LINES`] lines fits one page).
async fn read_bag(app: &App, user_id: &str) -> ApiResult<Vec<CartLine>> {
    let mut lines = Vec::new();
    let mut next = None;
    loop {
        let page = app
            .table
            .query(
                Query::partition(user_pk(user_id))
                    .begins_with(LINE_PREFIX)
                    .start_after(next),
            )
            .await?;
        lines.extend(
            page.items
                .into_iter()
                .map(decode::<CartLine>)
                .collect::<ApiResult<Vec<_>>>()?,
        );
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => return Ok(cart::in_added_order(lines)),
        }
    }
}

fn decode<T: serde::de::DeserializeOwned>(item: Item) -> ApiResult<T> {
    from_item(item).map_err(|e| {
        tracing::error!(error = %e, "stored cart item does not decode");
        ApiError::internal()
    })
}
