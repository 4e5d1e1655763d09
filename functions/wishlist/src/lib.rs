//! The wishlist's routes. Signed-in only: a visitor gets 401 with the spec's
//! wishlist message. Adding and removing are idempotent. The rules and how
//! the table keeps them are in `domain::wishlist`.
//!
//! Table requests: `GET /api/wishlist` one Query; `POST /api/wishlist/add` a
//! GetItem of the product and one PutItem; `DELETE /api/wishlist/remove/{id}`
//! one DeleteItem.

use app::App;
use axum::extract::State;
use axum::routing::{delete, get, post};
use axum::{Json, Router};

use domain::answers::{WishlistEntrySaved, WishlistRemoved, WishlistView};
use domain::catalog::active_product;
use domain::ids::WishlistProductId;
use domain::wishlist::{
    newest_first, AddToWishlist, Wishlist, WishlistEntry, ADDED, LOGIN_REQUIRED,
    PRODUCT_UNAVAILABLE, REMOVED,
};
use shop_http::{ApiError, ApiResult, IdInPath, JsonBody, LoginWording, SignedIn};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/wishlist", get(entries))
        .route("/api/wishlist/add", post(add))
        .route("/api/wishlist/remove/{id}", delete(remove))
        .with_state(app)
}

/// The signed-in shopper, or a 401 worded for the wishlist.
type Shopper = SignedIn<Login>;

pub struct Login;

impl LoginWording for Login {
    const MESSAGE: &'static str = LOGIN_REQUIRED;
}

/// `{ data: [entries newest first], productIds: [...] }`: the entries and
/// the id list the site keeps as "the wishlist".
pub async fn entries(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
) -> ApiResult<Json<WishlistView>> {
    let entries = Wishlist::of(&*app.table, &user.id).entries().await?;
    let (entries, ids) = newest_first(entries);
    Ok(Json(WishlistView {
        data: entries,
        product_ids: ids,
    }))
}

pub async fn add(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    JsonBody(body): JsonBody<AddToWishlist>,
) -> ApiResult<Json<WishlistEntrySaved>> {
    let product_id = body.product_id()?;
    let product = active_product(&*app.table, &product_id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_UNAVAILABLE))?;
    let entry = WishlistEntry::of(&product, app.clock.now());
    Wishlist::of(&*app.table, &user.id).keep(&entry).await?;
    Ok(Json(WishlistEntrySaved {
        message: ADDED.into(),
        data: entry,
    }))
}

pub async fn remove(
    State(app): State<App>,
    Shopper { user, .. }: Shopper,
    IdInPath(id): IdInPath<WishlistProductId>,
) -> ApiResult<Json<WishlistRemoved>> {
    Wishlist::of(&*app.table, &user.id)
        .forget(id.as_str())
        .await?;
    Ok(Json(WishlistRemoved {
        message: REMOVED.into(),
        product_id: id.into_string(),
    }))
}
