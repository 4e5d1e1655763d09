//! What every function's `main.rs` does: JSON logs, one `App` per process,
//! and the router under `lambda_http`.

use axum::Router;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::{fmt, prelude::*};

use app::App;

/// Logs as JSON lines (CloudWatch) in Lambda, as text locally. The one
/// reading of the environment outside `app::Config`: the logs are set up
/// before the configuration is read, so that its errors are logged. `RUST_LOG`
/// filters by level and target (`info`, `warn,auth=debug`; `info` when unset
/// or unreadable): a `Targets` filter, which needs no regex engine in the
/// bootstrap as `EnvFilter` does.
pub fn init_tracing() {
    init_tracing_to(std::io::stdout);
}

/// The same logs, written to `writer`: a command line's go to stderr, so
/// its stdout is the command's answer alone.
pub fn init_tracing_to<W>(writer: W)
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(LevelFilter::INFO));
    let registry = tracing_subscriber::registry().with(filter);
    let layer = fmt::layer().with_target(false).with_writer(writer);
    if std::env::var_os("AWS_LAMBDA_FUNCTION_NAME").is_some() {
        registry.with(layer.json().without_time()).init();
    } else {
        registry.with(layer).init();
    }
}

/// Runs the function `name`: `router` builds the resource's routes from
/// the context. A function whose grant says it signs or verifies sessions
/// (`session` in `shared/function-access.json`) refuses to start without a
/// session key, rather than sign tokens with an empty one.
pub async fn run(name: &str, router: fn(App) -> Router) -> Result<(), lambda_http::Error> {
    init_tracing();
    let app = App::from_env().await?;
    needs_no_missing_key(name, &app)?;
    lambda_http::run(crate::serve(router(app.clone()), app)).await
}

fn needs_no_missing_key(name: &str, app: &App) -> Result<(), String> {
    let needs_key = app::access::FunctionAccess::of(name).session;
    if needs_key && app.config.session_key.is_empty() {
        return Err(missing_key(name));
    }
    Ok(())
}

fn missing_key(name: &str) -> String {
    format!(
        "the {name} function signs or verifies sessions but has no session key: \
         set SESSION_KEY_SECRET_ARN (AWS) or SESSION_KEY (base64 of at least 32 bytes; \
         `make watch` passes the one in .data/session.key)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_function_that_reads_sessions_will_not_start_without_a_key() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::with_config(
            app::Config::local(dir.path().to_path_buf(), "http://127.0.0.1:1").unwrap(),
        )
        .await
        .unwrap();
        assert!(needs_no_missing_key("payment", &app).is_ok(), "a local key");
        std::sync::Arc::make_mut(&mut app.config).session_key = Vec::new();
        let refused = needs_no_missing_key("payment", &app).unwrap_err();
        assert!(
            refused.contains("payment") && refused.contains("SESSION_KEY"),
            "{refused}"
        );
        assert!(
            needs_no_missing_key("catalog", &app).is_ok(),
            "the catalogue reads no session"
        );
    }
}
