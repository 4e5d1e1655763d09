//! Payments needing attention: being confirmed, unresolved by the reconciler, pending at PayPal.

use app::App;
use axum::Router;

pub fn routes() -> Router<App> {
    Router::new()
}
