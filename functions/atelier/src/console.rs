//! The console's session: its cookie and the [`Console`] extractor every
//! console route takes.
//!
//! The cookie (`atelier`, `__Secure-atelier` over HTTPS) is sent only to
//! `/api/atelier`, HttpOnly and SameSite=Strict, and holds
//! `<staff id>.<random token>`; the table keeps the token's SHA-256 only
//! (`domain::atelier::sessions`). A shopper's cookies are other names on
//! other paths, so they never sign anyone in here.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderValue;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;

use app::{App, Config};
use domain::atelier::sessions::token_hash;
use domain::atelier::{Actor, ConsoleSessions, StaffMember, OWNER_ONLY, SIGN_IN_REQUIRED};
use shop_http::session::{clear_cookie, cookie, set_cookie, SameSite};
use shop_http::ApiError;

/// The path the console's cookie is sent to, and only it.
pub const COOKIE_PATH: &str = "/api/atelier";

pub fn cookie_name(config: &Config) -> &'static str {
    if config.secure_cookies {
        "__Secure-atelier"
    } else {
        "atelier"
    }
}

/// A new session token: 32 random bytes, base64url.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The cookie's value for a member's session token.
pub fn cookie_value(staff_id: &str, token: &str) -> String {
    format!("{staff_id}.{token}")
}

/// The `Set-Cookie` of a new session: a browser-session cookie (the
/// session's own limits are the table's).
pub fn session_cookie(config: &Config, staff_id: &str, token: &str) -> HeaderValue {
    let value = cookie_value(staff_id, token);
    set_cookie(
        config,
        cookie_name(config),
        &value,
        COOKIE_PATH,
        None,
        SameSite::Strict,
    )
}

/// The `Set-Cookie` that deletes it.
pub fn cleared_cookie(config: &Config) -> HeaderValue {
    clear_cookie(config, cookie_name(config), COOKIE_PATH, SameSite::Strict)
}

/// A signed-in staff member: a live console session (401 otherwise).
#[derive(Debug, Clone)]
pub struct Console {
    pub staff: StaffMember,
    /// The session's token hash: what sign-out ends.
    pub session_id: String,
}

impl Console {
    /// 403 unless the member is an owner.
    pub fn owner(&self) -> Result<(), ApiError> {
        if self.staff.is_owner() {
            Ok(())
        } else {
            Err(ApiError::forbidden(OWNER_ONLY))
        }
    }

    /// Who, for the audit log.
    pub fn actor(&self) -> Actor {
        self.staff.actor()
    }
}

impl FromRequestParts<App> for Console {
    type Rejection = ApiError;

    /// The session the cookie names, live, of a member on the roster: one
    /// BatchGetItem (kept in the request for a second extractor).
    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        if let Some(console) = parts.extensions.get::<Console>() {
            return Ok(console.clone());
        }
        let refused = || ApiError::unauthorized(SIGN_IN_REQUIRED);
        let (staff_id, token) = cookie(parts, cookie_name(&app.config))
            .and_then(|value| value.split_once('.'))
            .filter(|(staff_id, _)| ulid::Ulid::from_string(staff_id).is_ok())
            .ok_or_else(refused)?;
        let (staff, session) = ConsoleSessions::of(&*app.table)
            .live(staff_id, token, app.clock.now())
            .await?
            .ok_or_else(refused)?;
        debug_assert_eq!(session.token_hash, token_hash(token));
        let console = Console {
            staff,
            session_id: session.token_hash,
        };
        parts.extensions.insert(console.clone());
        Ok(console)
    }
}
