//! The catalogue resource: products, categories, menus, banners, collections,
//! runways and news, and the house with its pages. Read-only, and paid for when it is written: publishing
//! renders every list's answer into a stored document, and each process keeps
//! what it has answered for the catalogue version it last saw, so a warm
//! request is a lookup in memory. Answers carry a strong `ETag` (a matching
//! `If-None-Match` gets a `304`) and may be kept briefly by shared caches.

mod cache;

use std::sync::Arc;

use app::App;
use axum::extract::{Request, State};
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::ServiceExt;

use catalog_answers::{live, live_answer, KeptAnswer};
use domain::catalog::published::{self, Document};
use shop_http::ApiResult;

pub use cache::{Cache, FRESHNESS};

/// Every catalogue route (the prefixes of `shared/routes.json`).
const PREFIXES: [&str; 9] = [
    "/api/menus",
    "/api/categories",
    "/api/products",
    "/api/collections",
    "/api/runways",
    "/api/banners",
    "/api/news",
    "/api/house",
    "/api/pages",
];

#[derive(Clone)]
struct Catalogue {
    app: App,
    live: Router,
    cache: Arc<Cache>,
}

pub fn router(app: App) -> Router {
    router_with(app, Cache::new(FRESHNESS))
}

/// The router over a cache of the caller's (tests choose its freshness).
pub fn router_with(app: App, cache: Cache) -> Router {
    let catalogue = Catalogue {
        live: live::router(app.clone()),
        app,
        cache: Arc::new(cache),
    };
    PREFIXES
        .iter()
        .fold(Router::new(), |router, prefix| {
            router
                .route(prefix, axum::routing::any(serve))
                .route(&format!("{prefix}/{{*rest}}"), axum::routing::any(serve))
        })
        // Behind one pointer: the state is cloned for every request.
        .with_state(Arc::new(catalogue))
}

/// A catalogue request: the cached answer when this process has one for the
/// current version, else the published document, else the live answer.
async fn serve(State(catalogue): State<Arc<Catalogue>>, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return catalogue
            .live
            .clone()
            .oneshot(request)
            .await
            .into_response();
    }
    let key = request.uri().path_and_query().map_or_else(
        || request.uri().path().to_string(),
        |pq| pq.as_str().to_string(),
    );
    let answered = catalogue
        .cache
        .answer(catalogue.app.table.as_ref(), &key, || {
            load(&catalogue, &key)
        })
        .await;
    match answered {
        Ok(answer) => answer.respond(request.headers().get(header::IF_NONE_MATCH)),
        Err(error) => error.into_response(),
    }
}

/// The published document of a list route, or the live answer.
async fn load(catalogue: &Catalogue, key: &str) -> ApiResult<KeptAnswer> {
    if let Some(document) = Document::ALL.into_iter().find(|d| d.path() == key) {
        if let Some(found) = published::read(catalogue.app.table.as_ref(), document).await? {
            return Ok(KeptAnswer::from(found.answer));
        }
    }
    Ok(live_answer(&catalogue.live, key).await)
}
