//! The wishlist's routes. Signed-in only: a visitor gets 401 with the spec's
//! wishlist message. Adding and removing are idempotent.
//!
//! Table requests: `GET /api/wishlist` one Query; `POST /api/wishlist/add` a
//! GetItem of the product and one PutItem; `DELETE /api/wishlist/remove/{id}`
//! one DeleteItem.

use app::App;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use time::OffsetDateTime;

use domain::catalog::{is_plausible_id, Kind, Product};
use domain::ports::{from_item, Condition, Item, Query};
use domain::shopper::{timestamp, user_pk};
use domain::wishlist::{
    entry_item, entry_key, newest_first, AddToWishlist, WishlistEntry, ENTRY_PREFIX,
    LOGIN_REQUIRED, PRODUCT_UNAVAILABLE,
};
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

pub const ADDED: &str = "Added to your wishlist.";
pub const REMOVED: &str = "Removed from your wishlist.";

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/wishlist", get(wishlist))
        .route("/api/wishlist/add", post(add))
        .route("/api/wishlist/remove/{id}", delete(remove))
        .with_state(app)
}

/// The signed-in shopper, or a 401 worded for the wishlist.
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

/// `{ data: [entries newest first], productIds: [...] }`: the entries and
/// the id list the site keeps as "the wishlist".
async fn wishlist(State(app): State<App>, Shopper(user): Shopper) -> ApiResult<Json<Value>> {
    let mut entries = Vec::new();
    let mut next = None;
    loop {
        let page = app
            .table
            .query(
                Query::partition(user_pk(&user.id))
                    .begins_with(ENTRY_PREFIX)
                    .start_after(next),
            )
            .await?;
        entries.extend(
            page.items
                .into_iter()
                .map(decode::<WishlistEntry>)
                .collect::<ApiResult<Vec<_>>>()?,
        );
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => break,
        }
    }
    let (entries, ids) = newest_first(entries);
    Ok(Json(json!({ "data": entries, "productIds": ids })))
}

async fn add(
    State(app): State<App>,
    Shopper(user): Shopper,
    JsonBody(body): JsonBody<AddToWishlist>,
) -> ApiResult<Json<Value>> {
    let product_id = body.product_id()?;
    if !is_plausible_id(&product_id) {
        return Err(ApiError::not_found(PRODUCT_UNAVAILABLE));
    }
    let product = match app.table.get(&Kind::Product.key(&product_id)).await? {
        Some(item) => decode::<Product>(item)?,
        None => return Err(ApiError::not_found(PRODUCT_UNAVAILABLE)),
    };
    if !product.is_active() {
        return Err(ApiError::not_found(PRODUCT_UNAVAILABLE));
    }
    let entry = WishlistEntry::of(&product, &timestamp(OffsetDateTime::now_utc()));
    // A plain put: adding twice leaves one entry (with a fresh snapshot).
    app.table
        .put(entry_item(&user.id, &entry)?, Condition::None)
        .await?;
    Ok(Json(json!({ "message": ADDED, "data": entry })))
}

async fn remove(
    State(app): State<App>,
    Shopper(user): Shopper,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    if !is_plausible_id(&id) {
        return Err(ApiError::not_found("This product is not in your wishlist."));
    }
    // Unconditional: removing what is not there is already done.
    app.table
        .delete(&entry_key(&user.id, &id), Condition::None)
        .await?;
    Ok(Json(json!({ "message": REMOVED, "productId": id })))
}

fn decode<T: serde::de::DeserializeOwned>(item: Item) -> ApiResult<T> {
    from_item(item).map_err(|e| {
        tracing::error!(error = %e, "stored wishlist item does not decode");
        ApiError::internal()
    })
}
