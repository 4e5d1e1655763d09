//! Sessions: a short-lived access token and a rotating refresh token, each in
//! an httpOnly cookie. The refresh cookie's value is `user.session.secret`,
//! so a refresh is one GetItem; only the secret's SHA-256 is stored. How the
//! table keeps a token single-use is in `domain::accounts::sessions`.

use axum::http::HeaderValue;
use domain::accounts::{NewSession, Session};
use domain::accounts::{Rotate, Sessions};
use domain::timestamp::Timestamp;

use app::App;
use shop_http::session::{self, AccessClaims, ACCESS_TTL_SECONDS};
use shop_http::ApiError;

use crate::crypto::{random_id, random_token, sha256_hex};

/// Starts a session: stores its family and answers the two cookies.
pub async fn start(
    app: &App,
    who: NewSession,
    now: Timestamp,
) -> Result<Vec<HeaderValue>, ApiError> {
    let secret = random_token(32);
    let family = Session::start(who, random_id(), sha256_hex(&secret), now);
    let session = Sessions::of(&*app.table).open(&family).await?;
    Ok(session_cookies(app, &session, &secret, now))
}

/// A new or rotated session's cookies: access, refresh, and the readable
/// signed-in hint that lives as long as the refresh cookie.
fn session_cookies(app: &App, session: &Session, secret: &str, now: Timestamp) -> Vec<HeaderValue> {
    vec![
        access_cookie(app, session, now),
        refresh_cookie(app, session, secret),
        session::signed_in_cookie(&app.config, refresh_max_age(session)),
    ]
}

fn access_cookie(app: &App, session: &Session, now: Timestamp) -> HeaderValue {
    let claims = AccessClaims {
        sub: session.user_id.clone(),
        email: session.email.clone(),
        sid: session.session_id.clone(),
        iat: now.unix(),
        exp: now.unix() + ACCESS_TTL_SECONDS,
    };
    let token = session::issue_access(&app.config, &claims);
    session::access_cookie(&app.config, &token, session.remember)
}

fn refresh_cookie(app: &App, session: &Session, secret: &str) -> HeaderValue {
    let value = format!("{}.{}.{}", session.user_id, session.session_id, secret);
    session::refresh_cookie(&app.config, &value, refresh_max_age(session))
}

/// "Remember me" keeps the refresh cookie; otherwise it ends with the browser
/// (as the access cookie and the signed-in hint do).
fn refresh_max_age(session: &Session) -> Option<i64> {
    session.remember.then_some(Session::lifetime(true))
}

/// A refresh cookie's parts: user id, session id, secret.
fn parse(value: &str) -> Option<(&str, &str, &str)> {
    let mut parts = value.split('.');
    let (user, sid, secret) = (parts.next()?, parts.next()?, parts.next()?);
    let ok = |s: &str| {
        !s.is_empty()
            && s.len() <= 64
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    (parts.next().is_none() && ok(user) && ok(sid) && ok(secret)).then_some((user, sid, secret))
}

/// Why a refresh was refused (each answers 401 and clears the cookies).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RefreshError {
    #[error("no refresh cookie, or a malformed one")]
    Malformed,
    #[error("the session ended or expired")]
    Ended,
    #[error("an already rotated refresh token was presented; the family is revoked")]
    Reuse,
}

/// Rotates the refresh token: answers the new cookies.
pub async fn refresh(
    app: &App,
    cookie: Option<&str>,
    now: Timestamp,
) -> Result<Result<Vec<HeaderValue>, RefreshError>, ApiError> {
    let Some((user, sid, secret)) = cookie.and_then(parse) else {
        return Ok(Err(RefreshError::Malformed));
    };
    let next_secret = random_token(32);
    let rotation = Sessions::of(&*app.table)
        .rotate(
            user,
            sid,
            &sha256_hex(secret),
            sha256_hex(&next_secret),
            now,
        )
        .await?;
    Ok(match rotation {
        Rotate::Rotated(next) => Ok(session_cookies(app, &next, &next_secret, now)),
        // A second tab: the browser already holds the rotated refresh cookie.
        Rotate::SecondTab(current) => Ok(vec![access_cookie(app, &current, now)]),
        Rotate::Ended => Err(RefreshError::Ended),
        Rotate::Reused => {
            tracing::warn!(user, "refresh token reuse: revoking the session family");
            Err(RefreshError::Reuse)
        }
    })
}

/// Ends the session a refresh cookie proves (its secret checked), or else
/// the one a verified access token names, and answers what it was, for the
/// provider's logout.
pub async fn end(
    app: &App,
    refresh: Option<&str>,
    access_sid: Option<(&str, &str)>,
) -> Result<Option<Session>, ApiError> {
    let sessions = Sessions::of(&*app.table);
    if let Some((user, sid, secret)) = refresh.and_then(parse) {
        let presented = sha256_hex(secret);
        if let Some(ended) = sessions.end(user, sid, Some(&presented)).await? {
            return Ok(Some(ended));
        }
    }
    match access_sid {
        Some((user, sid)) => Ok(sessions.end(user, sid, None).await?),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refresh_cookie_values_parse_strictly() {
        assert_eq!(
            parse("01ABC.0f0f.sec-ret_"),
            Some(("01ABC", "0f0f", "sec-ret_"))
        );
        assert_eq!(parse("a.b"), None);
        assert_eq!(parse("a.b.c.d"), None);
        assert_eq!(parse("a..c"), None);
        assert_eq!(parse("a.b.c#"), None);
        assert_eq!(parse(&format!("a.b.{}", "x".repeat(65))), None);
        assert_eq!(parse(""), None);
    }
}
