//! The wishlist's routes. Signed-in only: a visitor gets 401 with the spec's
//! wishlist message. Adding and removing are idempotent. The rules and how
//! the table keeps them are in `domain::wishlist`.
//!
//! Table requests: `GET /api/wishlist` one Query; `POST /api/wishlist/add` a
//! GetItem of the product and one PutItem; `DELETE /api/wishlist/remove/{id}`
//! one DeleteItem.

use app::App;
use axum::extract::{Path, State};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use domain::catalog::active_product;
use domain::wishlist::{
    self, newest_first, AddToWishlist, Wishlist, WishlistEntry, ADDED, LOGIN_REQUIRED,
    NOT_IN_WISHLIST, PRODUCT_UNAVAILABLE, REMOVED,
};
use shop_http::{ApiError, ApiResult, JsonBody, LoginWording, SignedIn};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/wishlist", get(entries))
        .route("/api/wishlist/add", post(add))
        .route("/api/wishlist/remove/{id}", delete(remove))
        .with_state(app)
}

/// The signed-in shopper, or a 401 worded for the wishlist.
type Shopper = SignedIn<Login>;

struct Login;

impl LoginWording for Login {
    const MESSAGE: &'static str = LOGIN_REQUIRED;
}

/// `{ data: [entries newest first], productIds: [...] }`: the entries and
/// the id list the site keeps as "the wishlist".
async fn entries(State(app): State<App>, Shopper { user, .. }: Shopper) -> ApiResult<Json<Value>> {
    let entries = Wishlist::of(&*app.table, &user.id).entries().await?;
    let (entries, ids) = newest_first(entries);
    Ok(Json(json!({ "data": entries, "productIds": ids })))
}

async fn add(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    JsonBody(body): JsonBody<AddToWishlist>,
) -> ApiResult<Json<Value>> {
    let product_id = body.product_id()?;
    let product = active_product(&*app.table, &product_id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_UNAVAILABLE))?;
    let entry = WishlistEntry::of(&product, app.clock.now());
    Wishlist::of(&*app.table, &user.id).keep(&entry).await?;
    Ok(Json(json!({ "message": ADDED, "data": entry })))
}

async fn remove(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    if !wishlist::is_entry_id(&id) {
        return Err(ApiError::not_found(NOT_IN_WISHLIST));
    }
    Wishlist::of(&*app.table, &user.id).forget(&id).await?;
    Ok(Json(json!({ "message": REMOVED, "productId": id })))
}
