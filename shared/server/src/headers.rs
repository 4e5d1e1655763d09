//! The security headers CloudFront's response headers policy adds in AWS,
//! from the same list (`shared/security-headers.json`), so the shop behaves
//! alike locally: a page that breaks under the CSP breaks here first.

use axum::http::{HeaderName, HeaderValue};
use axum::response::Response;
use serde::Deserialize;

const LIST: &str = include_str!("../../security-headers.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct List {
    content_security_policy: Vec<String>,
    https_only_content_security_policy: Vec<String>,
    content_type_options: String,
    referrer_policy: String,
    frame_options: String,
    permissions_policy: String,
}

/// The headers for a site at `site_url` whose payment providers are
/// `payment_hosts` (none when the sandbox is same-origin).
pub fn security_headers(site_url: &str, payment_hosts: &[&str]) -> Vec<(HeaderName, HeaderValue)> {
    let list: List = serde_json::from_str(LIST).expect("shared/security-headers.json is valid");
    let hosts = payment_hosts.join(" ");
    let mut directives = list.content_security_policy;
    if site_url.starts_with("https://") {
        directives.extend(list.https_only_content_security_policy);
    }
    let csp = directives
        .iter()
        .map(|d| {
            d.replace("{payment-hosts}", &hosts)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ");
    [
        ("content-security-policy", csp),
        ("x-content-type-options", list.content_type_options),
        ("referrer-policy", list.referrer_policy),
        ("x-frame-options", list.frame_options),
        ("permissions-policy", list.permissions_policy),
    ]
    .into_iter()
    .map(|(name, value)| {
        (
            HeaderName::from_static(name),
            HeaderValue::from_str(&value).expect("the listed headers are header-safe"),
        )
    })
    .collect()
}

/// Adds each header the response does not set itself (the OAuth popup page
/// keeps its own nonce-based CSP).
pub fn add_missing(headers: &[(HeaderName, HeaderValue)], mut response: Response) -> Response {
    for (name, value) in headers {
        if !response.headers().contains_key(name) {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_local_policy_is_cloudfronts_without_the_https_only_directives() {
        let local = security_headers("http://127.0.0.1:3000", &[]);
        let csp = local[0].1.to_str().unwrap();
        assert!(
            csp.starts_with(
                "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; "
            ),
            "{csp}"
        );
        assert!(
            csp.contains("frame-ancestors 'self'") && !csp.contains("upgrade-insecure-requests")
        );
        assert!(!csp.contains("{payment-hosts}"));
        let public = security_headers("https://shop.example", &["https://pay.example"]);
        let csp = public[0].1.to_str().unwrap();
        assert!(
            csp.contains("connect-src 'self' https://pay.example")
                && csp.ends_with("upgrade-insecure-requests")
        );
        assert_eq!(local[1].1, "nosniff");
    }
}
