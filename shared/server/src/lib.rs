//! The whole shop on one address, for `make dev` and the API tests:
//! `/api/*` dispatched to each function's router by `shared/routes.json`
//! (as API Gateway does in AWS), the sandbox at `/sandbox`, stored blobs at
//! `/blobs`, the payment SDK's assets at `/web`, and the exported site at `/`
//! with the same rewrites CloudFront applies.

pub mod routes;
pub mod site;

use std::path::{Path, PathBuf};

use axum::Router;
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
        let root = cwd.ancestors().find(|d| d.join("cdk.json").is_file()).unwrap_or(&cwd);
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

/// The whole shop as one router.
pub fn router(app: App, paths: &Paths) -> Router {
    let sandbox = sandbox::router(sandbox::SandboxConfig {
        public_url: app.config.sandbox_url.clone(),
        assets_url: app.config.site_url.clone(),
    });
    let mut router = Router::new()
        .route_service("/api", routes::api(app.clone()))
        .route_service("/api/{*rest}", routes::api(app.clone()))
        .nest("/sandbox", sandbox)
        .nest_service("/web", ServeDir::new(paths.sdk_dist.join("web")));
    if let blobs::BlobsConfig::Folder { dir, .. } = &app.config.blobs {
        router = router.nest_service("/blobs", ServeDir::new(dir));
    }
    router
        .fallback_service(site::service(paths))
        .layer(TraceLayer::new_for_http().on_response(DefaultOnResponse::new().level(Level::INFO)))
}
