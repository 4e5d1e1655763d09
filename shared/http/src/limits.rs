//! Abuse limits (`domain::accounts::limits`) by client address, email,
//! token or user, and where a request came from: shared by every function
//! that lets a visitor do something costly (sign in, mail, hash).

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::SocketAddr;

use app::App;
use domain::accounts::limits::{Limit, TOO_MANY};
use domain::accounts::Attempts;
use domain::records::Outcome;
use domain::timestamp::Timestamp;
use sha2::{Digest, Sha256};

use crate::{ApiError, ApiResult};

/// Counts one attempt; 429 once the window holds the limit's attempts.
/// Subjects are hashed: keys stay short whatever was typed, and no email
/// address is written into a counter.
pub async fn hit(app: &App, limit: Limit, subject: &str, now: Timestamp) -> ApiResult<()> {
    let digest = Sha256::digest(subject.as_bytes());
    let subject: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    let subject = &subject;
    let counted = Attempts::of(&*app.table).count(limit, subject, now).await?;
    if counted == Outcome::Refused {
        tracing::warn!(scope = limit.scope, "rate limit reached");
    }
    counted.or(ApiError::too_many(TOO_MANY))
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
