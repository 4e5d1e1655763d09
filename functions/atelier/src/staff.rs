//! Staff: who is signed in (and, to come, the passkey ceremonies,
//! invitations and the roster).

use app::App;
use axum::routing::get;
use axum::{Json, Router};

use domain::atelier::StaffView;
use shop_http::ApiResult;

use crate::console::Console;

pub fn routes() -> Router<App> {
    Router::new().route("/api/atelier/me", get(me))
}

/// The signed-in staff member.
pub async fn me(console: Console) -> ApiResult<Json<StaffView>> {
    Ok(Json(console.staff.view()))
}
