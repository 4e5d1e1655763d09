//! The catalogue's answers computed from the table: every route is one table
//! request (a Query of the kind's partition, or a GetItem), and only active
//! content is answered. Lists show products as cards (no description).
//! The catalogue function serves these answers from the published documents
//! and its cache; this router is what publishing renders and what a miss asks.

use std::collections::HashMap;

use app::App;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};

use domain::answers::{CollectionWithProducts, List};
use domain::catalog::{
    self, Banner, Category, Collection, Kind, Menu, News, Product, ProductCard, Runway,
    MAX_SEARCH_LEN,
};
use domain::house::{self, House, Page, PageAnswer, PageSummary};
use domain::text::fold;
use shop_http::{ApiError, ApiResult};

use crate::read::{self, all, one};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/menus", get(menus))
        .route("/api/categories", get(categories))
        .route("/api/categories/{id}", get(category))
        .route("/api/products", get(products))
        .route("/api/products/search", get(search))
        .route("/api/products/by-collection", get(by_collection))
        .route("/api/products/{id}", get(product))
        .route("/api/collections", get(collections))
        .route("/api/collections/{id}", get(collection))
        .route("/api/runways", get(runways))
        .route("/api/runways/featured", get(featured_runway))
        .route("/api/runways/{id}", get(runway))
        .route("/api/banners", get(banners))
        .route("/api/news", get(news_list))
        .route("/api/news/{id}", get(news))
        .route("/api/house", get(house))
        .route("/api/pages", get(pages))
        .route("/api/pages/{id}", get(page))
        .with_state(app)
}

type Params = Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

/// A query parameter, with a clean 400 for a malformed query string.
fn param(params: &Params, name: &str) -> ApiResult<Option<String>> {
    match params {
        Ok(Query(map)) => Ok(map.get(name).map(|v| v.trim().to_string())),
        Err(_) => Err(ApiError::bad_request(catalog::QUERY_STRING_INVALID)),
    }
}

pub async fn menus(State(app): State<App>) -> ApiResult<Json<List<Menu>>> {
    Ok(listed(catalog::visible_menus(
        all::<Menu>(&app, Kind::Menu).await?,
    )))
}

pub async fn categories(State(app): State<App>) -> ApiResult<Json<List<Category>>> {
    let categories: Vec<Category> = all(&app, Kind::Category).await?;
    Ok(listed(
        categories
            .into_iter()
            .filter(|c| c.status.is_active())
            .collect(),
    ))
}

pub async fn category(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<Category>> {
    one(
        &app,
        Kind::Category,
        &id,
        |c: &Category| c.status.is_active(),
        catalog::CATEGORY_NOT_FOUND,
    )
    .await
    .map(Json)
}

pub async fn products(State(app): State<App>) -> ApiResult<Json<List<ProductCard>>> {
    Ok(listed(cards(catalog::visible_products(
        all(&app, Kind::Product).await?,
    ))))
}

/// A list answer.
fn listed<T>(items: Vec<T>) -> Json<List<T>> {
    Json(List::from(items))
}

/// Products as lists show them.
fn cards(products: Vec<Product>) -> Vec<ProductCard> {
    products.into_iter().map(|p| p.card).collect()
}

pub async fn product(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<Product>> {
    one(
        &app,
        Kind::Product,
        &id,
        |p: &Product| p.is_active(),
        catalog::PRODUCT_NOT_FOUND,
    )
    .await
    .map(Json)
}

pub async fn search(State(app): State<App>, params: Params) -> ApiResult<Json<List<ProductCard>>> {
    let q = param(&params, "q")?.unwrap_or_default();
    if q.chars().count() > MAX_SEARCH_LEN {
        return Err(ApiError::bad_request(format!(
            "Search for at most {MAX_SEARCH_LEN} characters."
        )));
    }
    let q = fold(&q);
    if q.is_empty() {
        return Ok(listed(Vec::<ProductCard>::new()));
    }
    let found = catalog::visible_products(all(&app, Kind::Product).await?);
    Ok(listed(cards(
        found
            .into_iter()
            .filter(|p| catalog::matches_search(p, &q))
            .collect(),
    )))
}

pub async fn by_collection(
    State(app): State<App>,
    params: Params,
) -> ApiResult<Json<List<ProductCard>>> {
    let name = param(&params, "name")?
        .filter(|n| !n.is_empty())
        .ok_or_else(|| ApiError::bad_request(catalog::COLLECTION_NAME_REQUIRED))?;
    let name = fold(&name);
    let found = catalog::visible_products(all(&app, Kind::Product).await?);
    Ok(listed(cards(
        found
            .into_iter()
            .filter(|p| fold(&p.collection_name) == name)
            .collect(),
    )))
}

pub async fn collections(State(app): State<App>) -> ApiResult<Json<List<Collection>>> {
    let collections: Vec<Collection> = all(&app, Kind::Collection).await?;
    Ok(listed(
        collections
            .into_iter()
            .filter(|c| c.status.is_active())
            .collect(),
    ))
}

/// The collection and its active products, from one GSI1 query.
pub async fn collection(
    State(app): State<App>,
    Path(id): Path<String>,
) -> ApiResult<Json<CollectionWithProducts>> {
    let (collection, products) = read::collection_with_products(&app, &id).await?;
    let collection = collection
        .filter(|c| c.status.is_active())
        .ok_or_else(|| ApiError::not_found(catalog::COLLECTION_NOT_FOUND))?;
    Ok(Json(CollectionWithProducts {
        collection,
        products: cards(catalog::visible_products(products)),
    }))
}

pub async fn runways(State(app): State<App>) -> ApiResult<Json<List<Runway>>> {
    let runways: Vec<Runway> = all(&app, Kind::Runway).await?;
    Ok(listed(
        runways
            .into_iter()
            .filter(|r| r.status.is_active())
            .map(catalog::public_runway)
            .collect(),
    ))
}

pub async fn featured_runway(State(app): State<App>) -> ApiResult<Json<Runway>> {
    let runways: Vec<Runway> = all(&app, Kind::Runway).await?;
    runways
        .into_iter()
        .find(|r| r.status.is_active() && r.is_featured)
        .map(|r| Json(catalog::public_runway(r)))
        .ok_or_else(|| ApiError::not_found(catalog::NO_FEATURED_RUNWAY))
}

pub async fn runway(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<Runway>> {
    let runway = one(
        &app,
        Kind::Runway,
        &id,
        |r: &Runway| r.status.is_active(),
        catalog::RUNWAY_NOT_FOUND,
    )
    .await?;
    Ok(Json(catalog::public_runway(runway)))
}

pub async fn banners(State(app): State<App>) -> ApiResult<Json<List<Banner>>> {
    Ok(listed(catalog::visible_banners(
        all(&app, Kind::Banner).await?,
    )))
}

pub async fn news_list(State(app): State<App>) -> ApiResult<Json<List<News>>> {
    Ok(listed(catalog::visible_news(all(&app, Kind::News).await?)))
}

pub async fn news(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<News>> {
    one(
        &app,
        Kind::News,
        &id,
        |n: &News| n.status.is_active(),
        catalog::NEWS_NOT_FOUND,
    )
    .await
    .map(Json)
}

/// The house's identity; 404 before the first import gives one.
pub async fn house(State(app): State<App>) -> ApiResult<Json<House>> {
    House::stored(app.table.as_ref())
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found(house::NO_HOUSE))
}

/// The house's active pages, in the site's order of them.
pub async fn pages(State(app): State<App>) -> ApiResult<Json<List<PageSummary>>> {
    let mut pages: Vec<Page> = all(&app, Kind::Page).await?;
    pages.retain(|p| p.status.is_active());
    pages.sort_by_key(|p| house::PAGE_IDS.iter().position(|id| *id == p.id));
    Ok(listed(pages.iter().map(Page::summary).collect()))
}

pub async fn page(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Json<PageAnswer>> {
    one(
        &app,
        Kind::Page,
        &id,
        |p: &Page| p.status.is_active(),
        house::PAGE_NOT_FOUND,
    )
    .await
    .map(|p: Page| Json(p.answer()))
}
