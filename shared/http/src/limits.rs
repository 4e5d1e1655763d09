//! Abuse limits (`domain::limits`) by client address, email,
//! token or user, and where a request came from: shared by every function
//! that lets a visitor do something costly (sign in, mail, hash).

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::SocketAddr;

use app::App;
use domain::limits::{subject_digest, Attempts, Limit, TOO_MANY};
use domain::records::Outcome;
use domain::timestamp::Timestamp;

use crate::{ApiError, ApiResult};

/// Counts one attempt; 429 once the window holds the limit's attempts.
pub async fn hit(app: &App, limit: Limit, subject: &str, now: Timestamp) -> ApiResult<()> {
    count(app, limit, subject, now)
        .await?
        .or(ApiError::too_many(TOO_MANY))
}

/// Counts one mail to `subject` (a recipient, or the shop) under `limit`:
/// whether it may be sent. Past the limit the request itself goes on; only
/// the mail is held back, so a limit anyone can reach never refuses the
/// shopper it protects.
pub async fn mail_allowed(
    app: &App,
    limit: Limit,
    subject: &str,
    now: Timestamp,
) -> ApiResult<bool> {
    Ok(count(app, limit, subject, now).await? == Outcome::Done(()))
}

/// Counted under the subject's digest: no email address is written into a
/// counter.
async fn count(app: &App, limit: Limit, subject: &str, now: Timestamp) -> ApiResult<Outcome> {
    let counted = Attempts::of(&*app.table)
        .count(limit, &subject_digest(subject), now)
        .await?;
    if counted == Outcome::Refused {
        tracing::warn!(scope = limit.scope, "rate limit reached");
    }
    Ok(counted)
}

/// Where a request came from, as far as the shop can trust it, as the
/// subject of the per-address limits: an IPv4 address, or an IPv6 client's
/// /64 (one subscriber's network: a client holds every address in it, so
/// keying on the whole address would give it endless fresh limits). Found:
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
        let address = address.or_else(|| connection_ip(parts));
        Ok(ClientAddress(
            address
                .as_deref()
                .map_or_else(|| "unknown".into(), limit_subject),
        ))
    }
}

/// An IPv4 address as it is (IPv4-mapped IPv6 too); an IPv6 address as its
/// /64 network, `2001:db8:0:1::/64`.
fn limit_subject(ip: &str) -> String {
    match ip.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                format!("{}/64", std::net::Ipv6Addr::from(network))
            }
        },
        Ok(v4) => v4.to_string(),
        Err(_) => ip.to_string(),
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
    fn ipv6_clients_are_limited_by_their_64() {
        assert_eq!(limit_subject("2001:db8:0:1::1"), "2001:db8:0:1::/64");
        assert_eq!(
            limit_subject("2001:db8:0:1:ffff:ffff:ffff:ffff"),
            "2001:db8:0:1::/64"
        );
        assert_ne!(limit_subject("2001:db8:0:2::1"), "2001:db8:0:1::/64");
        assert_eq!(limit_subject("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(limit_subject("203.0.113.7"), "203.0.113.7");
        assert_eq!(limit_subject("::1"), "::/64");
    }

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
