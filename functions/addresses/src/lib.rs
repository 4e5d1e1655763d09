//! Saved addresses. Signed-in only (401 'Your session has expired. Please log
//! in again.'). The default is one marker item, so there is never more than
//! one (see `domain::address`).
//!
//! Table requests: `GET /api/addresses` one Query (addresses and marker);
//! `GET /api/addresses/{id}` one BatchGetItem (address and marker);
//! `POST /api/addresses` a Query (count, current default) then one PutItem,
//! or one transaction (address + marker) when it becomes the default;
//! `PATCH /api/addresses/{id}` a BatchGetItem then one conditional PutItem,
//! or one transaction when the default moves; `DELETE
//! /api/addresses/remove/{id}` one conditional DeleteItem.

use app::App;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use axum::{Json, Router};
use serde_json::{json, Map, Value};
use time::OffsetDateTime;

use domain::address::{
    address_item, address_key, arrange, default_item, default_key, marker_target, Address,
    AddressInput, CREATED, DEFAULT_SK, MAX_ADDRESSES, NOT_FOUND, QUERY_PREFIX, REMOVED, TOO_MANY,
    UPDATED,
};
use domain::ports::{from_item, Condition, Item, Query, TableError, Write, SK};
use domain::shopper::{is_ulid, timestamp, user_pk};
use shop_http::{list, ApiError, ApiResult, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/addresses", get(addresses).post(create))
        .route("/api/addresses/{id}", get(address).patch(update))
        .route("/api/addresses/remove/{id}", delete(remove))
        .with_state(app)
}

fn now() -> String {
    timestamp(OffsetDateTime::now_utc())
}

/// The list, default first.
async fn addresses(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    let (addresses, _) = read_all(&app, &user.id).await?;
    Ok(list(addresses))
}

async fn address(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Address>> {
    let (address, _) = read_one(&app, &user.id, &id).await?;
    Ok(Json(address))
}

async fn create(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressInput>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let fields = body.check()?;
    let (existing, default) = read_all(&app, &user.id).await?;
    if existing.len() >= MAX_ADDRESSES {
        return Err(ApiError::bad_request(TOO_MANY));
    }
    // The first address is the default until another is chosen.
    let is_default = fields.is_default.unwrap_or(false) || default.is_none();
    let (id, at) = (ulid::Ulid::new().to_string(), now());
    let address = fields.into_address(&id, &at, &at, is_default);
    let item = address_item(&user.id, &address)?;
    if is_default {
        app.table
            .transact(vec![
                Write::Put {
                    item,
                    condition: Condition::NotExists,
                },
                Write::Put {
                    item: default_item(&user.id, &id),
                    condition: Condition::None,
                },
            ])
            .await?;
    } else {
        app.table.put(item, Condition::NotExists).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(json!({ "message": CREATED, "data": address })),
    ))
}

/// Fields left out keep their values; the result is checked whole.
async fn update(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<Map<String, Value>>,
) -> ApiResult<Json<Value>> {
    let (stored, was_default) = read_one(&app, &user.id, &id).await?;
    let fields = AddressInput::merged(&stored, &body).check()?;
    let is_default = fields.is_default.unwrap_or(was_default);
    let address = fields.into_address(&id, &stored.created_at, &now(), is_default);
    let item = address_item(&user.id, &address)?;
    let marker = match (was_default, is_default) {
        (false, true) => Some(Write::Put {
            item: default_item(&user.id, &id),
            condition: Condition::None,
        }),
        (true, false) => Some(Write::Delete {
            key: default_key(&user.id),
            condition: Condition::Equals("addressId".into(), id.clone().into()),
        }),
        _ => None,
    };
    let written = match marker {
        None => app.table.put(item, Condition::Exists).await,
        Some(marker) => {
            app.table
                .transact(vec![
                    Write::Put {
                        item,
                        condition: Condition::Exists,
                    },
                    marker,
                ])
                .await
        }
    };
    match written {
        Ok(()) => Ok(Json(json!({ "message": UPDATED, "data": address }))),
        // Removed between the read and the write.
        Err(TableError::ConditionFailed) => Err(ApiError::not_found(NOT_FOUND)),
        Err(TableError::TransactionCanceled { conditions })
            if conditions.first() == Some(&true) =>
        {
            Err(ApiError::not_found(NOT_FOUND))
        }
        Err(e) => Err(e.into()),
    }
}

/// Removing the default leaves a marker naming nothing: no default, which
/// the list and the next new address treat as such.
async fn remove(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    if !is_ulid(&id) {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    match app
        .table
        .delete(&address_key(&user.id, &id), Condition::Exists)
        .await
    {
        Ok(()) => Ok(Json(json!({ "message": REMOVED, "id": id }))),
        Err(TableError::ConditionFailed) => Err(ApiError::not_found(NOT_FOUND)),
        Err(e) => Err(e.into()),
    }
}

/// Every address and the default's id: one Query of the `ADDR` prefix.
async fn read_all(app: &App, user_id: &str) -> ApiResult<(Vec<Address>, Option<String>)> {
    let mut items = Vec::new();
    let mut next = None;
    loop {
        let page = app
            .table
            .query(
                Query::partition(user_pk(user_id))
                    .begins_with(QUERY_PREFIX)
                    .start_after(next),
            )
            .await?;
        items.extend(page.items);
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => break,
        }
    }
    arrange(items).map_err(corrupt)
}

/// One address and whether it is the default: one BatchGetItem.
async fn read_one(app: &App, user_id: &str, id: &str) -> ApiResult<(Address, bool)> {
    if !is_ulid(id) {
        return Err(ApiError::not_found(NOT_FOUND));
    }
    let items = app
        .table
        .batch_get(&[address_key(user_id, id), default_key(user_id)])
        .await?;
    let (markers, addresses): (Vec<Item>, Vec<Item>) = items
        .into_iter()
        .partition(|i| i.get(SK).and_then(Value::as_str) == Some(DEFAULT_SK));
    let is_default = markers.first().and_then(marker_target).as_deref() == Some(id);
    let item = addresses
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let mut address: Address = from_item(item).map_err(corrupt)?;
    address.is_default = is_default;
    Ok((address, is_default))
}

fn corrupt(e: TableError) -> ApiError {
    tracing::error!(error = %e, "stored address does not decode");
    ApiError::internal()
}
