//! The signed-in shopper, from the access-token cookie the auth function sets.
//!
//! The access token is a short-lived HS256 JWT in an httpOnly cookie; page
//! scripts never see it. It names its session, which must still be live:
//! logout, a reset or a password change end it at once for every function.
//! Refresh tokens, rotation and revocation live in `functions/auth`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;

use app::{App, Config};
use domain::accounts::Sessions;

use crate::ApiError;

/// How long an access token lives.
pub const ACCESS_TTL_SECONDS: i64 = 15 * 60;

/// The message of a 401 on a route that needs a session.
pub use domain::accounts::SESSION_EXPIRED;

/// Cookie names: `__Host-`/`__Secure-` prefixed when cookies are Secure.
pub fn access_cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Host-access"
    } else {
        "access"
    }
}

pub fn refresh_cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Secure-refresh"
    } else {
        "refresh"
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AccessClaims {
    /// The user id.
    pub sub: String,
    pub email: String,
    /// The refresh session this token was issued with.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

pub fn issue_access(config: &Config, claims: &AccessClaims) -> String {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(&config.session_key),
    )
    .expect("HS256 signing with an in-memory key cannot fail")
}

/// The claims of a token signed with the current session key, or with the
/// previous one while a rotation settles (a token lives 15 minutes).
pub fn verify_access(config: &Config, token: &str) -> Option<AccessClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    config.session_keys().find_map(|key| {
        jsonwebtoken::decode::<AccessClaims>(token, &DecodingKey::from_secret(key), &validation)
            .ok()
            .map(|data| data.claims)
    })
}

/// Reads one cookie's value from the request headers.
pub fn cookie<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    cookie_in(&parts.headers, name)
}

/// Reads one cookie's value from a header map.
pub fn cookie_in<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The signed-in shopper. Rejects with 401 [`SESSION_EXPIRED`]; routes with
/// their own wording take [`SignedIn`] instead.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentUser {
    pub id: String,
    pub email: String,
    pub session_id: String,
}

impl FromRequestParts<App> for CurrentUser {
    type Rejection = ApiError;

    /// A valid access token whose session is still live: one GetItem per
    /// request (the answer is kept in the request, so a second extractor
    /// does not read again).
    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        if let Some(user) = parts.extensions.get::<CurrentUser>() {
            return Ok(user.clone());
        }
        let config = &app.config;
        let expired = || ApiError::unauthorized(SESSION_EXPIRED);
        let claims = cookie(parts, access_cookie_name(config))
            .and_then(|token| verify_access(config, token))
            .ok_or_else(expired)?;
        Sessions::of(&*app.table)
            .live(&claims.sub, &claims.sid, app.clock.now())
            .await?
            .ok_or_else(expired)?;
        let user = CurrentUser {
            id: claims.sub,
            email: claims.email,
            session_id: claims.sid,
        };
        parts.extensions.insert(user.clone());
        Ok(user)
    }
}

/// The 401 message of routes that word their sign-in demand themselves (the
/// bag and the wishlist each invite the visitor in their own words).
pub trait LoginWording {
    const MESSAGE: &'static str;
}

/// The signed-in shopper, or a 401 with `W`'s message instead of
/// [`SESSION_EXPIRED`].
pub struct SignedIn<W> {
    pub user: CurrentUser,
    wording: PhantomData<W>,
}

impl<W: LoginWording> FromRequestParts<App> for SignedIn<W> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        let user = CurrentUser::from_request_parts(parts, app)
            .await
            .map_err(|e| e.with_message(W::MESSAGE))?;
        Ok(SignedIn {
            user,
            wording: PhantomData,
        })
    }
}

/// The refresh cookie is sent only to the auth routes (refresh and logout
/// both need it), never to the rest of the API or the site.
pub const REFRESH_PATH: &str = "/api/auth";

/// `SameSite` of a cookie. Session cookies are `Strict` (the API is only ever
/// called by the shop's own pages); the short-lived OAuth state cookie is
/// `Lax` because it must come back on the provider's cross-site redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SameSite {
    Strict,
    Lax,
}

/// A `Set-Cookie` value: httpOnly always, `Secure` whenever the site is not
/// plain-http localhost. `max_age: None` makes a browser-session cookie.
pub fn set_cookie(
    config: &Config,
    name: &str,
    value: &str,
    path: &str,
    max_age: Option<i64>,
    same_site: SameSite,
) -> HeaderValue {
    let cookie = format!("{name}={value}; Path={path}; HttpOnly; SameSite={same_site:?}");
    finish_cookie(config, cookie, max_age)
}

/// Adds `Secure` (off plain-http localhost) and `Max-Age` to a cookie.
fn finish_cookie(config: &Config, mut cookie: String, max_age: Option<i64>) -> HeaderValue {
    if config.secure_cookies {
        cookie.push_str("; Secure");
    }
    if let Some(seconds) = max_age {
        cookie.push_str(&format!("; Max-Age={seconds}"));
    }
    HeaderValue::from_str(&cookie).expect("cookie names and values are header-safe tokens")
}

/// A `Set-Cookie` value that deletes the cookie (same name, path and flags).
pub fn clear_cookie(config: &Config, name: &str, path: &str, same_site: SameSite) -> HeaderValue {
    set_cookie(config, name, "", path, Some(0), same_site)
}

/// The access-token cookie: site-wide, lives as long as the token.
/// The access-token cookie: `remember` keeps it for the token's life,
/// otherwise it ends with the browser, as the refresh cookie does.
pub fn access_cookie(config: &Config, token: &str, remember: bool) -> HeaderValue {
    set_cookie(
        config,
        access_cookie_name(config),
        token,
        "/",
        remember.then_some(ACCESS_TTL_SECONDS),
        SameSite::Strict,
    )
}

/// The refresh-token cookie; `max_age: None` for a browser-session cookie.
pub fn refresh_cookie(config: &Config, token: &str, max_age: Option<i64>) -> HeaderValue {
    set_cookie(
        config,
        refresh_cookie_name(config),
        token,
        REFRESH_PATH,
        max_age,
        SameSite::Strict,
    )
}

/// The one cookie page scripts can read: it says a session may exist, so
/// the site asks `/api/auth/me` on page load only then and a visitor's page
/// costs no 401. It proves nothing (the httpOnly cookies do), so it is not
/// `__Host-` prefixed; it lives exactly as long as the refresh cookie.
pub const SIGNED_IN_COOKIE: &str = "signed_in";

pub fn signed_in_cookie(config: &Config, max_age: Option<i64>) -> HeaderValue {
    let cookie = format!("{SIGNED_IN_COOKIE}=1; Path=/; SameSite=Strict");
    finish_cookie(config, cookie, max_age)
}

/// Both session cookies and the signed-in hint, deleted.
pub fn clear_session_cookies(config: &Config) -> [HeaderValue; 3] {
    [
        clear_cookie(config, access_cookie_name(config), "/", SameSite::Strict),
        clear_cookie(
            config,
            refresh_cookie_name(config),
            REFRESH_PATH,
            SameSite::Strict,
        ),
        finish_cookie(
            config,
            format!("{SIGNED_IN_COOKIE}=; Path=/; SameSite=Strict"),
            Some(0),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(secure: bool) -> Config {
        let dir = std::env::temp_dir().join(format!("shop-http-session-{}", std::process::id()));
        let site = if secure {
            "https://shop.example"
        } else {
            "http://127.0.0.1:3000"
        };
        Config::local(dir, site).unwrap()
    }

    #[test]
    fn cookies_are_secure_and_prefixed_off_localhost() {
        let c = config(true);
        let access = access_cookie(&c, "jwt", true);
        assert_eq!(
            access,
            "__Host-access=jwt; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=900"
        );
        assert_eq!(
            access_cookie(&c, "jwt", false),
            "__Host-access=jwt; Path=/; HttpOnly; SameSite=Strict; Secure",
            "without Remember me it ends with the browser"
        );
        let refresh = refresh_cookie(&c, "r", Some(60));
        assert_eq!(
            refresh,
            "__Secure-refresh=r; Path=/api/auth; HttpOnly; SameSite=Strict; Secure; Max-Age=60"
        );
    }

    #[test]
    fn plain_http_localhost_relaxes_secure_and_prefixes() {
        let c = config(false);
        assert_eq!(
            refresh_cookie(&c, "r", None),
            "refresh=r; Path=/api/auth; HttpOnly; SameSite=Strict"
        );
        let [a, r, hint] = clear_session_cookies(&c);
        assert_eq!(a, "access=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
        assert_eq!(
            r,
            "refresh=; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=0"
        );
        assert_eq!(hint, "signed_in=; Path=/; SameSite=Strict; Max-Age=0");
    }

    #[test]
    fn the_signed_in_hint_is_readable_by_page_scripts() {
        assert_eq!(
            signed_in_cookie(&config(true), Some(60)),
            "signed_in=1; Path=/; SameSite=Strict; Secure; Max-Age=60"
        );
        assert_eq!(
            signed_in_cookie(&config(false), None),
            "signed_in=1; Path=/; SameSite=Strict"
        );
    }

    /// Now, and the claims of a session token live for another minute.
    fn live_claims() -> (i64, AccessClaims) {
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        let claims = AccessClaims {
            sub: "u".into(),
            email: "a@b.co".into(),
            sid: "s".into(),
            iat: now,
            exp: now + 60,
        };
        (now, claims)
    }

    #[test]
    fn access_tokens_round_trip_and_forgeries_fail() {
        let c = config(false);
        let (now, claims) = live_claims();
        let token = issue_access(&c, &claims);
        assert_eq!(verify_access(&c, &token), Some(claims.clone()));
        let expired = issue_access(
            &c,
            &AccessClaims {
                exp: now - 1,
                ..claims.clone()
            },
        );
        assert_eq!(verify_access(&c, &expired), None);
        let mut other = c.clone();
        other.session_key = vec![7; 32];
        assert_eq!(verify_access(&other, &token), None);
        assert_eq!(verify_access(&c, "not.a.jwt"), None);
    }

    #[test]
    fn after_a_rotation_the_previous_key_verifies_and_only_the_current_signs() {
        let before = config(false);
        let (_, claims) = live_claims();
        let old_token = issue_access(&before, &claims);
        let mut rotated = before.clone();
        rotated.session_key = vec![9; 48];
        rotated.previous_session_key = Some(before.session_key.clone());
        assert_eq!(verify_access(&rotated, &old_token), Some(claims.clone()));
        // Signed with the current key: a function still on the old key alone refuses it.
        let new_token = issue_access(&rotated, &claims);
        assert_ne!(new_token, old_token);
        assert_eq!(verify_access(&before, &new_token), None);
        let mut current_only = rotated.clone();
        current_only.previous_session_key = None;
        assert_eq!(
            verify_access(&current_only, &new_token),
            Some(claims.clone())
        );
        // A key that is neither current nor previous.
        let mut unknown = before.clone();
        unknown.session_key = vec![5; 32];
        assert_eq!(
            verify_access(&rotated, &issue_access(&unknown, &claims)),
            None
        );
        // A function without a key (empty) accepts nothing, even a token signed with no key.
        let mut keyless = before.clone();
        keyless.session_key = Vec::new();
        assert_eq!(
            verify_access(&keyless, &issue_access(&keyless, &claims)),
            None
        );
    }
}
