//! Sessions: a short-lived access token and a rotating refresh token, each in
//! an httpOnly cookie. The refresh cookie's value is `user.session.secret`,
//! so a refresh is one GetItem; only the secret's SHA-256 is stored.

use axum::http::HeaderValue;
use domain::accounts::records::{session_key, user_partition, Session, Verdict, SESSION_PREFIX};
use domain::ports::{from_item, Condition, Query, TableError, Update, Write};
use serde_json::Value;

use app::App;
use shop_http::session::{self, AccessClaims, ACCESS_TTL_SECONDS};
use shop_http::ApiError;

use crate::crypto::{random_id, random_token, sha256_hex};

/// Who a new session is for.
pub struct Start<'a> {
    pub user_id: &'a str,
    pub email: &'a str,
    pub remember: bool,
    /// The social provider and, for Facebook, its token (its logout needs it).
    pub provider: Option<(&'a str, Option<String>)>,
}

/// Starts a session: stores its family and answers the two cookies.
pub async fn start(app: &App, who: Start<'_>, now: i64) -> Result<Vec<HeaderValue>, ApiError> {
    let secret = random_token(32);
    let (provider, provider_token) = match who.provider {
        Some((name, token)) => (Some(name.to_string()), token),
        None => (None, None),
    };
    let session = Session {
        user_id: who.user_id.to_string(),
        session_id: random_id(),
        email: who.email.to_string(),
        token_hash: sha256_hex(&secret),
        prev_hash: None,
        rotated_at: now,
        remember: who.remember,
        created_at: now,
        expires_at: now + Session::lifetime(who.remember),
        provider,
        provider_token,
    };
    app.table
        .put(session.to_item()?, Condition::NotExists)
        .await?;
    Ok(vec![
        access_cookie(app, &session, now),
        refresh_cookie(app, &session, &secret),
    ])
}

fn access_cookie(app: &App, session: &Session, now: i64) -> HeaderValue {
    let claims = AccessClaims {
        sub: session.user_id.clone(),
        email: session.email.clone(),
        sid: session.session_id.clone(),
        iat: now,
        exp: now + ACCESS_TTL_SECONDS,
    };
    session::access_cookie(&app.config, &session::issue_access(&app.config, &claims))
}

fn refresh_cookie(app: &App, session: &Session, secret: &str) -> HeaderValue {
    let value = format!("{}.{}.{}", session.user_id, session.session_id, secret);
    let max_age = session.remember.then_some(Session::lifetime(true));
    session::refresh_cookie(&app.config, &value, max_age)
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
    now: i64,
) -> Result<Result<Vec<HeaderValue>, RefreshError>, ApiError> {
    let Some((user, sid, secret)) = cookie.and_then(parse) else {
        return Ok(Err(RefreshError::Malformed));
    };
    let key = session_key(user, sid);
    let Some(item) = app.table.get(&key).await? else {
        return Ok(Err(RefreshError::Ended));
    };
    let current: Session = from_item(item)?;
    match current.judge(&sha256_hex(secret), now) {
        Verdict::Rotate => rotate(app, current, now).await,
        // A second tab: the browser already holds the rotated refresh cookie.
        Verdict::Grace => Ok(Ok(vec![access_cookie(app, &current, now)])),
        Verdict::Reuse => {
            tracing::warn!(user, "refresh token reuse: revoking the session family");
            app.table.delete(&key, Condition::None).await?;
            Ok(Err(RefreshError::Reuse))
        }
    }
}

async fn rotate(
    app: &App,
    current: Session,
    now: i64,
) -> Result<Result<Vec<HeaderValue>, RefreshError>, ApiError> {
    let secret = random_token(32);
    let next = Session {
        token_hash: sha256_hex(&secret),
        prev_hash: Some(current.token_hash.clone()),
        rotated_at: now,
        expires_at: now + Session::lifetime(current.remember),
        ..current.clone()
    };
    let mut update = Update {
        condition: Condition::Equals("tokenHash".into(), current.token_hash.clone().into()),
        ..Update::default()
    };
    for field in ["tokenHash", "prevHash", "rotatedAt", "expiresAt"] {
        let item = next.to_item()?;
        update.set.insert(
            field.into(),
            item.get(field).cloned().unwrap_or(Value::Null),
        );
    }
    match app.table.update(&current.key(), update).await {
        Ok(_) => Ok(Ok(vec![
            access_cookie(app, &next, now),
            refresh_cookie(app, &next, &secret),
        ])),
        // Another request rotated the same token a moment ago: a second tab.
        Err(TableError::ConditionFailed) => Ok(Ok(vec![access_cookie(app, &current, now)])),
        Err(e) => Err(e.into()),
    }
}

/// Ends the session a refresh cookie (or else an access token) names and
/// answers what it was, for the provider's logout.
pub async fn end(
    app: &App,
    refresh: Option<&str>,
    access_sid: Option<(&str, &str)>,
) -> Result<Option<Session>, ApiError> {
    let Some((user, sid)) = refresh
        .and_then(parse)
        .map(|(u, s, _)| (u, s))
        .or(access_sid)
    else {
        return Ok(None);
    };
    let key = session_key(user, sid);
    let ended = match app.table.get(&key).await? {
        Some(item) => Some(from_item::<Session>(item)?),
        None => None,
    };
    app.table.delete(&key, Condition::None).await?;
    Ok(ended)
}

/// Whether a session is still live (not logged out, revoked or expired).
pub async fn is_live(app: &App, user: &str, sid: &str) -> Result<bool, ApiError> {
    Ok(app.table.get(&session_key(user, sid)).await?.is_some())
}

/// Deletes for every session of a user except `keep`, for a transaction.
pub async fn revoke_writes(
    app: &App,
    user: &str,
    keep: Option<&str>,
) -> Result<Vec<Write>, ApiError> {
    let mut writes = Vec::new();
    let mut cursor = None;
    loop {
        let query = Query::partition(user_partition(user))
            .begins_with(SESSION_PREFIX)
            .start_after(cursor);
        let page = app.table.query(query).await?;
        for item in page.items {
            let session: Session = from_item(item)?;
            if Some(session.session_id.as_str()) != keep {
                writes.push(Write::Delete {
                    key: session.key(),
                    condition: Condition::None,
                });
            }
        }
        cursor = page.next;
        if cursor.is_none() {
            return Ok(writes);
        }
    }
}

/// Runs `first` together with the session deletes: as many as fit in one
/// transaction with it, the rest (a shopper with dozens of sessions) after.
pub async fn transact_with_revocations(
    app: &App,
    first: Vec<Write>,
    revocations: Vec<Write>,
) -> Result<(), TableError> {
    let room = 100usize.saturating_sub(first.len());
    let mut revocations = revocations.into_iter();
    let mut writes = first;
    writes.extend(revocations.by_ref().take(room));
    app.table.transact(writes).await?;
    for write in revocations {
        if let Write::Delete { key, .. } = write {
            app.table.delete(&key, Condition::None).await?;
        }
    }
    Ok(())
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
