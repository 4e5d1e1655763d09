//! The signed-in shopper, from the access-token cookie the auth function sets.
//!
//! The access token is a short-lived HS256 JWT in an httpOnly cookie; page
//! scripts never see it. Refresh tokens, rotation and revocation live in
//! `functions/auth`.

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use app::{App, Config};

use crate::ApiError;

/// How long an access token lives.
pub const ACCESS_TTL_SECONDS: i64 = 15 * 60;

/// The message of a 401 on a route that needs a session.
pub const SESSION_EXPIRED: &str = "Your session has expired. Please log in again.";

/// Cookie names: `__Host-`/`__Secure-` prefixed when cookies are Secure.
pub fn access_cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies { "__Host-access" } else { "access" }
}

pub fn refresh_cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies { "__Secure-refresh" } else { "refresh" }
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
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(&config.session_key))
        .expect("HS256 signing with an in-memory key cannot fail")
}

pub fn verify_access(config: &Config, token: &str) -> Option<AccessClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    jsonwebtoken::decode::<AccessClaims>(token, &DecodingKey::from_secret(&config.session_key), &validation)
        .ok()
        .map(|data| data.claims)
}

/// Reads one cookie's value from the request headers.
pub fn cookie<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The signed-in shopper. Rejects with 401 [`SESSION_EXPIRED`]; routes with
/// their own wording map the message (`.map_err(|e| e.with_message(..))`)
/// by taking `Result<CurrentUser, ApiError>`.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentUser {
    pub id: String,
    pub email: String,
    pub session_id: String,
}

impl FromRequestParts<App> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        let config = &app.config;
        cookie(parts, access_cookie_name(config))
            .and_then(|token| verify_access(config, token))
            .map(|c| CurrentUser { id: c.sub, email: c.email, session_id: c.sid })
            .ok_or_else(|| ApiError::unauthorized(SESSION_EXPIRED))
    }
}
