//! The catalogue resource: products, categories, menus, banners, collections,
//! runways and news, and the house with its pages. Read-only, and paid for when it is written: publishing
//! renders every list's answer into a stored document, and each process keeps
//! what it has answered for the catalogue version it last saw, so a warm
//! request is a lookup in memory. Answers carry a strong `ETag` (a matching
//! `If-None-Match` gets a `304`) and may be kept briefly by shared caches.

mod cache;
mod kept;
pub mod live;
mod read;

use std::sync::Arc;

use app::App;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::{Map, Value};
use tower::ServiceExt;

use domain::catalog::published::{self, Document};
use domain::ports::TableError;
use shop_http::ApiResult;

pub use cache::{Cache, FRESHNESS};
pub use kept::KeptAnswer;

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

/// What the live routes answer to `GET key`.
async fn live_answer(live: &Router, key: &str) -> KeptAnswer {
    let Ok(request) = Request::get(key).body(Body::empty()) else {
        return KeptAnswer::new(StatusCode::BAD_REQUEST, Default::default());
    };
    let Ok(response) = live.clone().oneshot(request).await;
    let status = response.status();
    match axum::body::to_bytes(response.into_body(), usize::MAX).await {
        Ok(body) => KeptAnswer::new(status, body),
        Err(_) => KeptAnswer::new(StatusCode::INTERNAL_SERVER_ERROR, Default::default()),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error(transparent)]
    Table(#[from] TableError),
    #[error("{path} answered {status}")]
    Unanswered {
        path: &'static str,
        status: StatusCode,
    },
    #[error("{path} answered what is not JSON: {error}")]
    NotJson {
        path: String,
        error: serde_json::Error,
    },
}

/// Renders every list's answer from the table and stores them as the
/// published catalogue. Run after the catalogue changes (`shopctl publish`;
/// `shopctl seed` does it). Answers the new version.
pub async fn publish(app: &App) -> Result<String, PublishError> {
    let live = live::router(app.clone());
    let mut documents = Vec::new();
    for document in Document::ALL {
        let answer = live_answer(&live, document.path()).await;
        if !answer.is_keepable() {
            let (path, status) = (document.path(), answer.status());
            return Err(PublishError::Unanswered { path, status });
        }
        documents.push((document, answer.rendered()));
    }
    Ok(published::publish(app.table.as_ref(), &documents, app.clock.now()).await?)
}

/// The lists whose entities the site pre-renders a page for (product,
/// collection and runway pages, and the house's pages); `{list}/{id}` is an
/// entity's detail route.
const DETAILED: [&str; 4] = [
    "/api/products",
    "/api/collections",
    "/api/runways",
    "/api/pages",
];

/// At most this many entities of each detail route are embedded: the build
/// renders one page per entity, so the snapshot and the build stay bounded
/// for a large catalogue (the rest are served by the placeholder pages).
pub const MAX_DETAILS: usize = 500;

/// What the site's build embeds: each list route's body under its path without
/// `/api` (the site's data keys), those that answer 200, and the detail body
/// of every product, collection and runway those lists name (up to
/// [`MAX_DETAILS`] each), so the build can render their pages.
pub async fn snapshot(app: &App) -> Result<Value, PublishError> {
    let served = router_with(app.clone(), Cache::new(std::time::Duration::ZERO));
    let mut bodies = Map::new();
    for document in Document::ALL {
        if let Some(value) = body_of(&served, document.path()).await? {
            bodies.insert(data_key(document.path()), value);
        }
    }
    for list in DETAILED {
        let ids = bodies.get(&data_key(list)).map(ids_of).unwrap_or_default();
        for id in ids.into_iter().take(MAX_DETAILS) {
            let path = format!("{list}/{}", urlencoding::encode(&id));
            if let Some(value) = body_of(&served, &path).await? {
                bodies.insert(data_key(&path), value);
            }
        }
    }
    Ok(Value::Object(bodies))
}

/// The site's data key of an API path.
fn data_key(path: &str) -> String {
    path.trim_start_matches("/api").to_string()
}

/// The JSON body of `GET path` when it answers 200.
async fn body_of(served: &Router, path: &str) -> Result<Option<Value>, PublishError> {
    let answer = live_answer(served, path).await;
    if answer.status() != StatusCode::OK {
        return Ok(None);
    }
    serde_json::from_str(&answer.rendered().body)
        .map(Some)
        .map_err(|error| PublishError::NotJson {
            path: path.to_string(),
            error,
        })
}

/// The ids of a list body, bare or wrapped in `{"data": [...]}`.
fn ids_of(body: &Value) -> Vec<String> {
    let items = body.get("data").unwrap_or(body);
    items
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.get("id")?.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
