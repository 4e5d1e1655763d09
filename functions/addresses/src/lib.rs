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
use axum::extract::State;
use axum::routing::{delete, get};
use axum::{Json, Router};
use serde_json::{Map, Value};

use domain::address::{
    AddressBook, AddressInput, AddressView, NewAddress, CREATED, NOT_FOUND, REMOVED, TOO_MANY,
    UPDATED,
};
use domain::answers::{AddressSaved, List, Removed};
use domain::ids::AddressId;
use shop_http::{ApiError, ApiResult, Created, CurrentUser, IdInPath, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/addresses", get(addresses).post(create))
        .route("/api/addresses/{id}", get(address).patch(update))
        .route("/api/addresses/remove/{id}", delete(remove))
        .with_state(app)
}

/// The list, default first.
pub async fn addresses(
    State(app): State<App>,
    user: CurrentUser,
) -> ApiResult<Json<List<AddressView>>> {
    let addresses = AddressBook::of(&*app.table, &user.id).all().await?;
    Ok(Json(addresses.into()))
}

pub async fn address(
    State(app): State<App>,
    user: CurrentUser,
    IdInPath(id): IdInPath<AddressId>,
) -> ApiResult<Json<AddressView>> {
    let address = AddressBook::of(&*app.table, &user.id)
        .one(id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok(Json(address))
}

pub async fn create(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressInput>,
) -> ApiResult<Created<AddressSaved>> {
    let fields = body.check()?;
    let book = AddressBook::of(&*app.table, &user.id);
    let is_default = fields.becomes_default(book.has_default().await?);
    let address = fields.into_address(ulid::Ulid::new().to_string(), app.clock.now());
    match book.add(&address, is_default).await? {
        NewAddress::Added => Ok(Created(AddressSaved {
            message: CREATED.into(),
            data: address.view(is_default),
        })),
        NewAddress::Full => Err(ApiError::bad_request(TOO_MANY)),
    }
}

/// Fields left out keep their values; the result is checked whole.
pub async fn update(
    State(app): State<App>,
    user: CurrentUser,
    IdInPath(id): IdInPath<AddressId>,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> ApiResult<Json<AddressSaved>> {
    let book = AddressBook::of(&*app.table, &user.id);
    let stored = book
        .one(id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let fields = AddressInput::merged(&stored.address, &body).check()?;
    let revision = stored.revised(fields, app.clock.now());
    // Refused when it was removed between the read and the write.
    book.save(&revision)
        .await?
        .or(ApiError::not_found(NOT_FOUND))?;
    Ok(Json(AddressSaved {
        message: UPDATED.into(),
        data: revision.view(),
    }))
}

pub async fn remove(
    State(app): State<App>,
    user: CurrentUser,
    IdInPath(id): IdInPath<AddressId>,
) -> ApiResult<Json<Removed>> {
    AddressBook::of(&*app.table, &user.id)
        .remove(id.as_str())
        .await?
        .or(ApiError::not_found(NOT_FOUND))?;
    Ok(Json(Removed {
        message: REMOVED.into(),
        id: id.into_string(),
    }))
}
