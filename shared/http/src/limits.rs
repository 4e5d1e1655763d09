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

/// Where a request came from, as far as the shop can trust it:
/// - behind CloudFront (an origin secret configured), the viewer address
///   CloudFront adds (`CloudFront-Viewer-Address`), on a request that proved
///   it came through CloudFront (`serve` refuses the others);
/// - behind a proxy the operator vouches for (`TRUST_FORWARDED_FOR`), the
///   last `X-Forwarded-For` entry, the one that proxy added;
/// - otherwise what the connection says: API Gateway's source IP in Lambda,
///   the socket peer locally. A client's own forwarding headers never count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

/// The header CloudFront adds with the viewer's `ip:port`.
pub const VIEWER_ADDRESS: &str = "cloudfront-viewer-address";

impl FromRequestParts<App> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Infallible> {
        let edge = &app.config.edge;
        let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
        let address = if edge.origin_secret.is_some() && crate::origin::verified(parts, edge) {
            header(VIEWER_ADDRESS).and_then(viewer_ip)
        } else if edge.trust_forwarded_for {
            last_forwarded(parts)
        } else {
            None
        };
        Ok(ClientAddress(
            address
                .or_else(|| connection_ip(parts))
                .unwrap_or_else(|| "unknown".into()),
        ))
    }
}

/// `203.0.113.7:443` or `2001:db8::1:443` (IPv6 unbracketed): the address
/// without its port.
fn viewer_ip(value: &str) -> Option<String> {
    let (ip, port) = value.trim().rsplit_once(':')?;
    (port.parse::<u16>().is_ok() && ip.parse::<std::net::IpAddr>().is_ok()).then(|| ip.to_string())
}

fn last_forwarded(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .next_back()
        .and_then(|v| v.split(',').map(str::trim).rfind(|v| !v.is_empty()))
        .map(str::to_string)
}

fn connection_ip(parts: &Parts) -> Option<String> {
    let gateway = match parts
        .extensions
        .get::<lambda_http::request::RequestContext>()
    {
        Some(lambda_http::request::RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.clone(),
        _ => None,
    };
    gateway.or_else(|| {
        parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewer_addresses_lose_their_port_and_must_be_addresses() {
        assert_eq!(viewer_ip("203.0.113.7:443").as_deref(), Some("203.0.113.7"));
        assert_eq!(
            viewer_ip("2001:db8::1:51234").as_deref(),
            Some("2001:db8::1")
        );
        assert_eq!(viewer_ip("evil"), None);
        assert_eq!(viewer_ip("1.2.3.4"), None);
    }
}
