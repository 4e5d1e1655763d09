//! What every function's `main.rs` does: JSON logs, one `App` per process,
//! and the router under `lambda_http`.

use axum::Router;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::{fmt, prelude::*};

use app::App;

/// Logs as JSON lines (CloudWatch) in Lambda, as text locally. `RUST_LOG`
/// filters by level and target (`info`, `warn,auth=debug`; `info` when unset
/// or unreadable): a `Targets` filter, which needs no regex engine in the
/// bootstrap as `EnvFilter` does.
pub fn init_tracing() {
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(LevelFilter::INFO));
    let registry = tracing_subscriber::registry().with(filter);
    let layer = fmt::layer().with_target(false);
    if std::env::var_os("AWS_LAMBDA_FUNCTION_NAME").is_some() {
        registry.with(layer.json().without_time()).init();
    } else {
        registry.with(layer).init();
    }
}

/// Runs a function: `router` builds the resource's routes from the context.
pub async fn run(router: fn(App) -> Router) -> Result<(), lambda_http::Error> {
    init_tracing();
    let app = App::from_env().await?;
    lambda_http::run(crate::serve(router(app.clone()), app)).await
}
