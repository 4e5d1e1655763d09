//! The audit log, for owners: a period's entries, and the same as CSV.

use app::App;
use axum::Router;

pub fn routes() -> Router<App> {
    Router::new()
}
