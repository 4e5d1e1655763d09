//! Reading catalogue items from the table.

use serde::de::DeserializeOwned;

use app::App;
use domain::catalog::{collection_partition, is_plausible_id, Collection, Kind, Product};
use domain::ports::{from_item, Item, Query};
use shop_http::{ApiError, ApiResult};

/// Every item of one kind: one Query (more only past DynamoDB's 1 MB page).
pub async fn all<T: DeserializeOwned>(app: &App, kind: Kind) -> ApiResult<Vec<T>> {
    decode_all(query_all(app, Query::partition(kind.partition())).await?)
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
    let item = app.table.get(&kind.key(id)).await?;
    item.map(decode)
        .transpose()?
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
    let items = query_all(app, Query::on_gsi1(collection_partition(id))).await?;
    let (collections, products): (Vec<Item>, Vec<Item>) = items.into_iter().partition(|item| {
        item.get("pk").and_then(|v| v.as_str()) == Some(Kind::Collection.partition())
    });
    Ok((
        collections.into_iter().next().map(decode).transpose()?,
        decode_all(products)?,
    ))
}

async fn query_all(app: &App, query: Query) -> ApiResult<Vec<Item>> {
    let mut items = Vec::new();
    let mut next = None;
    loop {
        let page = app.table.query(query.clone().start_after(next)).await?;
        items.extend(page.items);
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => return Ok(items),
        }
    }
}

fn decode<T: DeserializeOwned>(item: Item) -> ApiResult<T> {
    from_item(item).map_err(|e| {
        tracing::error!(error = %e, "catalogue item does not decode");
        ApiError::internal()
    })
}

fn decode_all<T: DeserializeOwned>(items: Vec<Item>) -> ApiResult<Vec<T>> {
    items.into_iter().map(decode).collect()
}
