//! The users resource: the signed-in shopper edits their own profile.

use app::App;
use axum::extract::{Path, State};
use axum::routing::patch;
use axum::{Json, Router};
use serde_json::{json, Value};

use domain::accounts::forms::ProfileForm;
use domain::accounts::records::{profile_key, UserProfile};
use domain::ports::{from_item, Condition, TableError, Update};
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

pub const UPDATED: &str = "Update profile successfully!";
pub const NOT_YOURS: &str = "You can only edit your own profile.";

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/users/edit/profile/{id}", patch(edit_profile))
        .with_state(app)
}

/// `PATCH /api/users/edit/profile/{id}`: only the signed-in shopper's own id.
async fn edit_profile(
    State(app): State<App>,
    user: CurrentUser,
    Path(id): Path<String>,
    JsonBody(form): JsonBody<ProfileForm>,
) -> ApiResult<Json<Value>> {
    if id != user.id {
        return Err(ApiError::forbidden(NOT_YOURS));
    }
    let edit = form.validate(time::OffsetDateTime::now_utc().date())?;
    let mut update = Update {
        condition: Condition::Exists,
        ..Update::default()
    };
    update.set.insert("firstname".into(), edit.firstname.into());
    update.set.insert("lastname".into(), edit.lastname.into());
    update
        .set
        .insert("title".into(), edit.title.as_str().into());
    update
        .set
        .insert("birthday".into(), edit.birthday.to_string().into());
    update.set.insert(
        "updatedAt".into(),
        time::OffsetDateTime::now_utc().unix_timestamp().into(),
    );
    let item = match app.table.update(&profile_key(&user.id), update).await {
        Ok(item) => item,
        Err(TableError::ConditionFailed) => {
            return Err(ApiError::not_found("This account no longer exists."))
        }
        Err(e) => return Err(e.into()),
    };
    let profile: UserProfile = from_item(item)?;
    tracing::info!(user = %profile.id, "profile updated");
    Ok(Json(json!({ "message": UPDATED, "user": profile.view() })))
}
