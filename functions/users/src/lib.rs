//! The users resource: the signed-in shopper edits their own profile.

use app::App;
use axum::extract::{Path, State};
use axum::routing::patch;
use axum::{Json, Router};

use domain::accounts::forms::ProfileForm;
use domain::accounts::{Accounts, ACCOUNT_GONE, NOT_YOURS, PROFILE_UPDATED};
use domain::answers::ProfileSaved;
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/users/edit/profile/{id}", patch(edit_profile))
        .with_state(app)
}

/// `PATCH /api/users/edit/profile/{id}`: only the signed-in shopper's own id.
/// One conditional UpdateItem.
pub async fn edit_profile(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
    JsonBody(form): JsonBody<ProfileForm>,
) -> ApiResult<Json<ProfileSaved>> {
    if id != user.id {
        return Err(ApiError::forbidden(NOT_YOURS));
    }
    let now = app.clock.now();
    let edit = form.validate(now.date())?;
    let profile = Accounts::of(&*app.table)
        .edit_profile(&user.id, &edit, now)
        .await?
        .or(ApiError::not_found(ACCOUNT_GONE))?;
    tracing::info!(user = %profile.id, "profile updated");
    Ok(Json(ProfileSaved {
        message: PROFILE_UPDATED.into(),
        user: profile.view(),
    }))
}
