//! What every function's `main.rs` does: JSON logs, one `App` per process,
//! and the router under `lambda_http`.

use axum::Router;

use app::App;

/// Logs as JSON lines (CloudWatch) in Lambda, as text locally; `RUST_LOG` filters.
pub fn init_tracing() {
    let filter =
        tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    if std::env::var_os("AWS_LAMBDA_FUNCTION_NAME").is_some() {
        builder.json().without_time().init();
    } else {
        builder.init();
    }
}

/// Runs a function: `router` builds the resource's routes from the context.
pub async fn run(router: fn(App) -> Router) -> Result<(), lambda_http::Error> {
    init_tracing();
    let app = App::from_env().await?;
    lambda_http::run(crate::serve(router(app.clone()), app)).await
}
