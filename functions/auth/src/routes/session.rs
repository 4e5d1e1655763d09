//! `POST /api/auth/refresh`, `POST /api/auth/logout`, `GET /api/auth/me`.

use axum::extract::{Extension, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Response};
use serde_json::json;

use app::App;
use domain::accounts::{Accounts, LOGGED_OUT, REFRESHED};
use domain::timestamp::Timestamp;
use shop_http::session::{self, cookie_in, SESSION_EXPIRED};
use shop_http::{ApiError, ApiResult, CurrentUser};

use super::with_cookies;
use crate::oauth::Providers;
use crate::sessions;

fn refresh_value<'a>(app: &App, headers: &'a HeaderMap) -> Option<&'a str> {
    cookie_in(headers, session::refresh_cookie_name(&app.config))
}

/// A 401 that also deletes the cookies, so the browser stops presenting them.
fn expired(app: &App) -> Response {
    let cleared =
        session::clear_session_cookies(&app.config).map(|cookie| (header::SET_COOKIE, cookie));
    (
        AppendHeaders(cleared),
        ApiError::unauthorized(SESSION_EXPIRED),
    )
        .into_response()
}

pub async fn refresh(State(app): State<App>, headers: HeaderMap) -> ApiResult<Response> {
    let cookie = refresh_value(&app, &headers);
    match sessions::refresh(&app, cookie, Timestamp::now()).await? {
        Ok(cookies) => Ok(with_cookies(
            StatusCode::OK,
            cookies,
            json!({ "message": REFRESHED }),
        )),
        Err(why) => {
            tracing::info!(%why, "refresh refused");
            Ok(expired(&app))
        }
    }
}

pub async fn logout(
    State(app): State<App>,
    Extension(providers): Extension<Providers>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let access = cookie_in(&headers, session::access_cookie_name(&app.config))
        .and_then(|token| session::verify_access(&app.config, token));
    let access_sid = access.as_ref().map(|c| (c.sub.as_str(), c.sid.as_str()));
    let ended = sessions::end(&app, refresh_value(&app, &headers), access_sid).await?;
    // After a Facebook sign-in the browser goes on to Facebook's logout.
    let redirect = ended
        .filter(|s| s.provider.as_deref() == Some("facebook"))
        .and_then(|s| s.provider_token)
        .map(|token| providers.facebook_logout_url(&app.config.site_url, &token));
    let cleared = session::clear_session_cookies(&app.config).to_vec();
    Ok(with_cookies(
        StatusCode::OK,
        cleared,
        json!({ "message": LOGGED_OUT, "redirect": redirect }),
    ))
}

/// The profile, answered only while the session is live: one BatchGet reads
/// the profile and the session, so a logged-out or revoked session is a 401
/// here at once, not when its access token expires.
pub async fn me(
    State(app): State<App>,
    user: Result<CurrentUser, ApiError>,
) -> ApiResult<Response> {
    let Ok(user) = user else {
        return Ok(expired(&app));
    };
    let profile = Accounts::of(&*app.table)
        .live_profile(&user.id, &user.session_id)
        .await?;
    match profile {
        Some(profile) => Ok(with_cookies(
            StatusCode::OK,
            Vec::new(),
            json!(profile.view()),
        )),
        None => Ok(expired(&app)),
    }
}
