//! `POST /api/auth/refresh`, `POST /api/auth/logout`, `GET /api/auth/me`.

use axum::extract::{Extension, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use app::App;
use domain::accounts::ProfileView;
use domain::accounts::{Accounts, SocialProvider, LOGGED_OUT, REFRESHED};
use domain::answers::{LoggedOut, Message};
use shop_http::session::{self, cookie_in, SameSite, SESSION_EXPIRED};
use shop_http::{ApiError, ApiResult, CurrentUser, WithCookies};

use crate::oauth::Providers;
use crate::{sealed, sessions};

fn refresh_value<'a>(app: &App, headers: &'a HeaderMap) -> Option<&'a str> {
    cookie_in(headers, session::refresh_cookie_name(&app.config))
}

/// A 401 that also deletes the cookies, so the browser stops presenting them.
fn expired(app: &App) -> WithCookies<ApiError> {
    WithCookies::new(
        session::clear_session_cookies(&app.config).to_vec(),
        ApiError::unauthorized(SESSION_EXPIRED),
    )
}

pub async fn refresh(
    State(app): State<App>,
    headers: HeaderMap,
) -> Result<WithCookies<Json<Message>>, WithCookies<ApiError>> {
    let cookie = refresh_value(&app, &headers);
    let refreshed = sessions::refresh(&app, cookie, app.clock.now())
        .await
        .map_err(WithCookies::none)?;
    match refreshed {
        Ok(cookies) => Ok(WithCookies::new(cookies, Json(Message::new(REFRESHED)))),
        Err(why) => {
            tracing::info!(%why, "refresh refused");
            Err(expired(&app))
        }
    }
}

pub async fn logout(
    State(app): State<App>,
    headers: HeaderMap,
) -> ApiResult<WithCookies<Json<LoggedOut>>> {
    let access = cookie_in(&headers, session::access_cookie_name(&app.config))
        .and_then(|token| session::verify_access(&app.config, token));
    let access_sid = access.as_ref().map(|c| (c.sub.as_str(), c.sid.as_str()));
    let ended = sessions::end(&app, refresh_value(&app, &headers), access_sid).await?;
    let mut cookies = session::clear_session_cookies(&app.config).to_vec();
    // After a Facebook sign-in the browser goes on to Facebook's logout. Its
    // access token rides in an httpOnly cookie to our own redirect, so no
    // page script ever sees it.
    let facebook_token = ended
        .filter(|s| s.provider.is_some_and(SocialProvider::logs_out_too))
        .and_then(|s| s.provider_token)
        .and_then(|token| sealed::open(&app.config, &token));
    let redirect = facebook_token.map(|token| {
        cookies.push(facebook_logout_cookie(
            &app,
            &token,
            Some(FACEBOOK_LOGOUT_SECONDS),
        ));
        FACEBOOK_LOGOUT_PATH
    });
    let body = LoggedOut {
        message: LOGGED_OUT.into(),
        redirect: redirect.map(String::from),
    };
    Ok(WithCookies::new(cookies, Json(body)))
}

/// Where the logout answer sends the browser after a Facebook sign-in.
pub const FACEBOOK_LOGOUT_PATH: &str = "/api/auth/facebook/logout";
/// How long the browser has to follow it.
const FACEBOOK_LOGOUT_SECONDS: i64 = 120;

fn facebook_logout_cookie_name(app: &App) -> &'static str {
    if app.config.secure_cookies {
        "__Secure-fb-logout"
    } else {
        "fb-logout"
    }
}

fn facebook_logout_cookie(app: &App, token: &str, max_age: Option<i64>) -> HeaderValue {
    let value = urlencoding::encode(token);
    let name = facebook_logout_cookie_name(app);
    session::set_cookie(
        &app.config,
        name,
        &value,
        FACEBOOK_LOGOUT_PATH,
        max_age,
        SameSite::Strict,
    )
}

/// `GET /api/auth/facebook/logout`: on to Facebook's logout page with the
/// token logout left in a cookie (then forgotten), or home without one.
pub async fn facebook_logout(
    State(app): State<App>,
    Extension(providers): Extension<Providers>,
    headers: HeaderMap,
) -> Response {
    let token = cookie_in(&headers, facebook_logout_cookie_name(&app))
        .and_then(|v| urlencoding::decode(v).ok())
        .filter(|t| !t.is_empty());
    let site = &app.config.site_url;
    let location = token
        .and_then(|token| providers.logout_url(SocialProvider::Facebook, site, &token))
        .unwrap_or_else(|| format!("{site}/"));
    let mut response = StatusCode::FOUND.into_response();
    let answer = response.headers_mut();
    if let Ok(location) = HeaderValue::from_str(&location) {
        answer.insert(header::LOCATION, location);
    }
    answer.insert(
        header::SET_COOKIE,
        facebook_logout_cookie(&app, "", Some(0)),
    );
    response
}

/// The profile, answered only while the session is live (the extractor's
/// GetItem of the session), so a logged-out or revoked session is a 401 here
/// at once, not when its access token expires; then one GetItem of the profile.
///
/// A 401 here leaves every cookie alone: an access token that expired (every
/// 15 minutes) is the normal case, and the refresh that follows needs the
/// refresh cookie. Only a refused refresh clears it ([`refresh`]).
pub async fn me(
    State(app): State<App>,
    user: CurrentUser,
) -> ApiResult<WithCookies<Json<ProfileView>>> {
    let profile = Accounts::of(&*app.table).profile(&user.id).await?;
    let profile = profile.ok_or_else(|| ApiError::unauthorized(SESSION_EXPIRED))?;
    Ok(WithCookies::none(Json(profile.view())))
}
