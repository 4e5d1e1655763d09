//! Saved addresses. Signed-in only (401 'Your session has expired. Please log
//! in again.'). The default is one marker item, so there is never more than
//! one, and the marker counts the addresses, so the cap is kept by the write
//! that adds one (see `domain::address`).
//!
//! Table requests: `GET /api/addresses` one Query (addresses and marker);
//! `GET /api/addresses/{id}` one BatchGetItem (address and marker);
//! `POST /api/addresses` a Query (is there a default?) then one transaction
//! (address + marker's count); `PATCH /api/addresses/{id}` a BatchGetItem then
//! one conditional PutItem, or one transaction when the default moves;
//! `DELETE /api/addresses/remove/{id}` one transaction (address + count).

use app::App;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use serde_json::{json, Map, Value};

use domain::address::{
    AddressBook, AddressInput, AddressView, NewAddress, CREATED, NOT_FOUND, REMOVED, TOO_MANY,
    UPDATED,
};
use domain::shopper::is_ulid;
use shop_http::{list, ApiError, ApiResult, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/addresses", get(addresses).post(create))
        .route("/api/addresses/{id}", get(address).patch(update))
        .route("/api/addresses/remove/{id}", delete(remove))
        .with_state(app)
}

/// The list, default first.
async fn addresses(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    let addresses = AddressBook::of(&*app.table, &user.id).all().await?;
    Ok(list(addresses))
}

async fn address(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AddressView>> {
    let id = known_address(id)?;
    let address = AddressBook::of(&*app.table, &user.id)
        .one(&id)
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok(Json(address))
}

async fn create(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressInput>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let fields = body.check()?;
    let book = AddressBook::of(&*app.table, &user.id);
    let is_default = fields.becomes_default(book.has_default().await?);
    let address = fields.into_address(ulid::Ulid::new().to_string(), app.clock.now());
    match book.add(&address, is_default).await? {
        NewAddress::Added => Ok((
            StatusCode::CREATED,
            Json(json!({ "message": CREATED, "data": address.view(is_default) })),
        )),
        NewAddress::Full => Err(ApiError::bad_request(TOO_MANY)),
    }
}

/// Fields left out keep their values; the result is checked whole.
async fn update(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> ApiResult<Json<Value>> {
    let id = known_address(id)?;
    let book = AddressBook::of(&*app.table, &user.id);
    let stored = book
        .one(&id)
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let fields = AddressInput::merged(&stored.address, &body).check()?;
    let revision = stored.revised(fields, app.clock.now());
    // Refused when it was removed between the read and the write.
    book.save(&revision)
        .await?
        .or(ApiError::not_found(NOT_FOUND))?;
    Ok(Json(json!({ "message": UPDATED, "data": revision.view() })))
}

async fn remove(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let id = known_address(id)?;
    AddressBook::of(&*app.table, &user.id)
        .remove(&id)
        .await?
        .or(ApiError::not_found(NOT_FOUND))?;
    Ok(Json(json!({ "message": REMOVED, "id": id })))
}

/// An id of the shape the shop mints; anything else cannot name an address.
fn known_address(id: String) -> ApiResult<String> {
    if is_ulid(&id) {
        Ok(id)
    } else {
        Err(ApiError::not_found(NOT_FOUND))
    }
}
