//! Orders: the queue by state, an order's page with its timeline, and the staff's actions on it.

use app::App;
use axum::Router;

pub fn routes() -> Router<App> {
    Router::new()
}
