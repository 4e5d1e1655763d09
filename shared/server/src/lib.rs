//! The whole shop on one address, for `make dev` and the API tests:
//! `/api/*` dispatched to each function's router by `shared/routes.json`
//! (as API Gateway does in AWS), the sandbox at `/sandbox`, stored blobs at
//! `/blobs`, and the exported site at `/` with the same rewrites CloudFront
//! applies. The payment SDK's assets are on an address of their own
//! (`assets`): this one answers 404 under `/web`.

pub mod assets;
pub mod headers;
pub mod lambda_path;
pub mod routes;
pub mod site;

use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::Request;
use axum::response::Response;
use axum::Router;
use tower::{Service, ServiceBuilder};
use tower_http::services::ServeDir;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use app::App;

/// Where the local server finds the files it serves.
#[derive(Debug, Clone)]
pub struct Paths {
    /// The exported site (`site/out`).
    pub site_out: PathBuf,
    /// The site's rewrite rules (`site/rewrites.json`).
    pub rewrites: PathBuf,
    /// The payment SDK's built assets (`sdk/dist`).
    pub sdk_dist: PathBuf,
}

impl Paths {
    /// The folders of the repository holding `cdk.json`, found from the working directory.
    pub fn discover() -> Self {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let root = cwd
            .ancestors()
            .find(|d| d.join("cdk.json").is_file())
            .unwrap_or(&cwd);
        Self::under(root)
    }

    pub fn under(root: &Path) -> Self {
        Self {
            site_out: root.join("site/out"),
            rewrites: root.join("site/rewrites.json"),
            sdk_dist: root.join("sdk/dist"),
        }
    }
}

/// The whole shop as one router; the client tokens name `assets_url`, the
/// SDK's assets host (`assets::router`).
pub fn router(app: App, paths: &Paths, assets_url: &str) -> Router {
    router_through(app, paths, assets_url, routes::Path::Direct)
}

/// The stand-ins for the providers, mounted at `/sandbox`: the payment
/// sandbox (reached from browsers at `public_url`) and the sign-in sandbox.
pub(crate) fn sandboxes(public_url: &str, assets_url: &str) -> Router {
    let payments = sandbox::router(sandbox::SandboxConfig {
        public_url: public_url.to_string(),
        assets_url: assets_url.to_string(),
    });
    payments.merge(signin_sandbox::router())
}

/// The whole shop, each API function reached by `path`.
pub fn router_through(app: App, paths: &Paths, assets_url: &str, path: routes::Path) -> Router {
    let sandbox = sandboxes(&app.config.sandbox_url, assets_url);
    let mut router = Router::new()
        .route("/api/openapi.json", axum::routing::get(openapi))
        .route(
            "/api/__test/reconcile",
            axum::routing::post(reconcile).with_state(app.clone()),
        )
        .nest("/sandbox", sandbox)
        // The SDK's frames are another origin's: none of this one's pages
        // may load a frame that its scripts could read.
        .route("/web", axum::routing::any(not_public))
        .route("/web/{*rest}", axum::routing::any(not_public));
    if let blobs::BlobsConfig::Folder { dir, .. } = &app.config.blobs {
        // Only the public imagery, as CloudFront's /blobs/* behaviour: the
        // invoices beside it are private.
        router = router
            .nest_service("/blobs/images", ServeDir::new(dir.join("images")))
            .route("/blobs", axum::routing::any(not_public))
            .route("/blobs/{*rest}", axum::routing::any(not_public));
    }
    // Shared, not copied, by every response.
    let security: Arc<[_]> = headers::security_headers(
        &app.config.site_url,
        &origin_of(assets_url),
        &sandbox_hosts(&app.config),
    )
    .into();
    // One stack in one `layer` call, outermost first (see `shop_http::serve`).
    let layers = ServiceBuilder::new()
        .layer(TraceLayer::new_for_http().on_response(DefaultOnResponse::new().level(Level::INFO)))
        // CloudFront compresses in AWS; locally the server does.
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::middleware::map_response(move |response| {
            let security = security.clone();
            async move { headers::add_missing(&security, response) }
        }));
    router
        .fallback_service(api_or_site(
            routes::api_through(app.clone(), path),
            site::service(paths, &app.config.data_dir.join("site")),
        ))
        .layer(layers)
}

/// Runs the payments reconciler now, as if `?ahead=` seconds (default 120)
/// had passed: what the scheduled function does in AWS, for the journeys
/// that lose a provider's answer. Local only: this server is never deployed.
async fn reconcile(
    axum::extract::State(app): axum::extract::State<App>,
    axum::extract::Query(query): axum::extract::Query<std::collections::HashMap<String, u64>>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let ahead = query.get("ahead").copied().unwrap_or(120);
    let mut later = app.as_function("reconcile");
    later.set_clock(Arc::new(app::AheadClock(std::time::Duration::from_secs(
        ahead,
    ))));
    match later.checkout().reconcile().await {
        Ok(report) => axum::Json(report).into_response(),
        Err(error) => shop_http::ApiError::from(error).into_response(),
    }
}

/// Anything under /blobs but the imagery (CloudFront's blobs function
/// answers the same), and the SDK's assets (on their own host).
async fn not_public() -> axum::http::StatusCode {
    axum::http::StatusCode::NOT_FOUND
}

/// `scheme://host:port` of a URL.
pub(crate) fn origin_of(url: &str) -> String {
    url.splitn(4, '/').take(3).collect::<Vec<_>>().join("/")
}

/// The sandbox's origin when it is not the site's own (`SANDBOX_URL`).
fn sandbox_hosts(config: &app::Config) -> Vec<&str> {
    let origin = origin_of;
    let sandbox = config.sandbox_url.as_str();
    if origin(sandbox) == origin(&config.site_url) {
        Vec::new()
    } else {
        vec![sandbox]
    }
}

/// The API's OpenAPI document (`shared/contract`), built once.
async fn openapi() -> impl axum::response::IntoResponse {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        DOCUMENT.get_or_init(contract::openapi_json).as_str(),
    )
}

/// `/api/...` goes to the function routers, everything else to the site. A
/// fallback rather than a `/api/{*rest}` route: a wildcard route would leave its
/// `rest` capture in the request, and every handler's `Path<String>` would then
/// see two parameters.
fn api_or_site<A: HttpService, S: HttpService>(api: A, site: S) -> impl HttpService {
    use tower::ServiceExt;
    tower::service_fn(move |req: Request| {
        let (api, site) = (api.clone(), site.clone());
        async move {
            let path = req.uri().path();
            if path == "/api" || path.starts_with("/api/") {
                api.oneshot(req).await
            } else {
                site.oneshot(req).await
            }
        }
    })
}

/// A service axum can route to: answers every request (errors are
/// responses) from a future that may move between threads.
pub trait HttpService:
    Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + 'static
{
}

impl<T> HttpService for T where
    T: Service<Request, Response = Response, Error = Infallible, Future: Send>
        + Clone
        + Send
        + 'static
{
}
