//! Clients' requests: the made-to-order and appointment inbox, replies and appointments.

use app::App;
use axum::Router;

pub fn routes() -> Router<App> {
    Router::new()
}
