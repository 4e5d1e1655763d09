//! The addresses resource's routes.

use app::App;
use axum::Router;

pub fn router(app: App) -> Router {
    Router::new().with_state(app)
}
