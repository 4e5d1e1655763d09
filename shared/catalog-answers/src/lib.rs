//! The catalogue's answers, computed from the table, as the catalogue
//! function serves them and as `shopctl` publishes them: every list's answer
//! rendered into a stored document (`publish`), and every answer the site's
//! pages show first (`snapshot`). Neither needs the function: the function
//! serves these answers from its cache, `shopctl` renders them into pages.

mod kept;
pub mod live;
mod read;

use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::Router;
use serde_json::{Map, Value};
use tower::ServiceExt;

use app::App;
use domain::catalog::published::{self, Document};
use domain::ports::TableError;

pub use kept::KeptAnswer;

/// What the live routes answer to `GET key`.
pub async fn live_answer(live: &Router, key: &str) -> KeptAnswer {
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

/// What the publication's pages show first: each list route's body under its
/// path without `/api` (the site's data keys), those that answer 200, and
/// the detail body of every product, collection, runway show and house page
/// those lists name, so every one of them gets its page.
pub async fn snapshot(app: &App) -> Result<Value, PublishError> {
    let served = live::router(app.clone());
    let mut bodies = Map::new();
    for document in Document::ALL {
        if let Some(value) = body_of(&served, document.path()).await? {
            bodies.insert(data_key(document.path()), value);
        }
    }
    for list in DETAILED {
        let ids = bodies.get(&data_key(list)).map(ids_of).unwrap_or_default();
        for id in ids {
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
