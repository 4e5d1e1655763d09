//! Reading catalogue items from the table.

use serde::de::DeserializeOwned;

use app::App;
use domain::catalog::{self, is_plausible_id, Collection, Kind, Product};
use shop_http::{ApiError, ApiResult};

/// Every item of one kind: one Query (more only past DynamoDB's 1 MB page).
pub async fn all<T: DeserializeOwned>(app: &App, kind: Kind) -> ApiResult<Vec<T>> {
    Ok(app.table.read_all(kind.all()).await?)
}

/// One visible item by id, or a 404 with `missing` as the message.
pub async fn one<T: DeserializeOwned>(
    app: &App,
    kind: Kind,
    id: &str,
    visible: impl Fn(&T) -> bool,
    missing: &str,
) -> ApiResult<T> {
    if !is_plausible_id(id) {
        return Err(ApiError::not_found(missing));
    }
    let found: Option<T> = app.table.read(&kind.key(id)).await?;
    found
        .filter(|t| visible(t))
        .ok_or_else(|| ApiError::not_found(missing))
}

/// A collection and its products share a GSI1 partition: one Query.
pub async fn collection_with_products(
    app: &App,
    id: &str,
) -> ApiResult<(Option<Collection>, Vec<Product>)> {
    if !is_plausible_id(id) {
        return Ok((None, Vec::new()));
    }
    let items = app
        .table
        .read_items(catalog::collection_with_products(id))
        .await?;
    Ok(catalog::split_collection(items)?)
}
