//! Abuse limits: counters in the table, one per scope, subject and time
//! window, incremented atomically (`ADD`) and expired by TTL.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::SocketAddr;

use app::App;
use domain::accounts::records::rate_key;
use domain::ports::{Update, EXPIRES_AT};
use shop_http::ApiError;

use crate::crypto::sha256_hex;

pub const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// At most `max` attempts per `window` seconds for one subject.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window: i64,
}

pub const LOGIN_PER_EMAIL: Limit = Limit {
    scope: "login-email",
    max: 10,
    window: 15 * 60,
};
pub const LOGIN_PER_ADDRESS: Limit = Limit {
    scope: "login-ip",
    max: 50,
    window: 15 * 60,
};
pub const FORGOT_PER_EMAIL: Limit = Limit {
    scope: "forgot-email",
    max: 5,
    window: 3600,
};
pub const FORGOT_PER_ADDRESS: Limit = Limit {
    scope: "forgot-ip",
    max: 20,
    window: 3600,
};
pub const RESET_PER_TOKEN: Limit = Limit {
    scope: "reset-token",
    max: 10,
    window: 15 * 60,
};
pub const RESET_PER_ADDRESS: Limit = Limit {
    scope: "reset-ip",
    max: 20,
    window: 15 * 60,
};
pub const CHANGE_PER_USER: Limit = Limit {
    scope: "change-user",
    max: 10,
    window: 15 * 60,
};

/// Counts one attempt; 429 once the window's count passes the limit.
/// Subjects are hashed: keys stay short whatever was typed, and no email
/// address is written into a counter.
pub async fn hit(app: &App, limit: Limit, subject: &str, now: i64) -> Result<(), ApiError> {
    let window = now.div_euclid(limit.window);
    let key = rate_key(limit.scope, &sha256_hex(subject)[..32], window);
    let mut update = Update {
        add: vec![("count".into(), 1)],
        ..Update::default()
    };
    update
        .set
        .insert(EXPIRES_AT.into(), ((window + 1) * limit.window + 60).into());
    let item = app.table.update(&key, update).await?;
    let count = item.get("count").and_then(|v| v.as_i64()).unwrap_or(0);
    if count > limit.max {
        tracing::warn!(scope = limit.scope, count, "rate limit reached");
        return Err(ApiError::too_many(TOO_MANY));
    }
    Ok(())
}

/// Where a request came from. Behind CloudFront and API Gateway the last
/// `X-Forwarded-For` entry is the one the edge added for the viewer (entries
/// to its left are whatever the client sent); then API Gateway's source IP;
/// then the socket peer; locally without any of them, one shared bucket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .next_back()
            .and_then(|v| v.split(',').map(str::trim).rfind(|v| !v.is_empty()))
            .map(str::to_string);
        let gateway = || match parts
            .extensions
            .get::<lambda_http::request::RequestContext>()
        {
            Some(lambda_http::request::RequestContext::ApiGatewayV2(ctx)) => {
                ctx.http.source_ip.clone()
            }
            _ => None,
        };
        let peer = || {
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip().to_string())
        };
        Ok(ClientAddress(
            forwarded
                .or_else(gateway)
                .or_else(peer)
                .unwrap_or_else(|| "unknown".into()),
        ))
    }
}
