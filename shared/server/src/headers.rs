//! The security headers CloudFront's response headers policy adds in AWS,
//! from the same list (`shared/security-headers.json`), so the shop behaves
//! alike locally: a page that breaks under the CSP breaks here first.

use axum::http::{HeaderName, HeaderValue};
use axum::response::Response;
use serde::Deserialize;
use std::collections::BTreeMap;

const LIST: &str = include_str!("../../security-headers.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct List {
    content_security_policy: Vec<String>,
    assets_content_security_policy: Vec<String>,
    /// By frame page (its file name): what a wallet's own script there needs.
    frame_page_content_security_policy: BTreeMap<String, BTreeMap<String, String>>,
    https_only_content_security_policy: Vec<String>,
    content_type_options: String,
    referrer_policy: String,
    frame_options: String,
    permissions_policy: String,
}

/// The frame pages whose policy adds a wallet's hosts.
pub fn wallet_frame_pages() -> Vec<String> {
    list()
        .frame_page_content_security_policy
        .into_keys()
        .collect()
}

fn list() -> List {
    serde_json::from_str(LIST).expect("shared/security-headers.json is valid")
}

/// The headers for a site at `site_url` that loads the payment SDK from
/// `assets_host` and whose payment providers are `payment_hosts` (none when
/// the sandbox is same-origin).
pub fn security_headers(
    site_url: &str,
    assets_host: &str,
    payment_hosts: &[&str],
) -> Vec<(HeaderName, HeaderValue)> {
    let list = list();
    let csp = policy(
        site_url,
        list.content_security_policy.clone(),
        &[
            ("{assets-host}", assets_host),
            ("{payment-hosts}", &payment_hosts.join(" ")),
        ],
    );
    headers(list, csp, true)
}

/// The SDK assets host's headers: its strict policy, framed only by
/// `site_origins`, calling only `payment_hosts` (the provider's client API);
/// `page` (a frame page's file name) adds what a wallet's script on that
/// page needs (Google Pay's in the Payment Request frame, Masterpass's in its
/// loading frame).
pub fn assets_headers(
    assets_url: &str,
    site_origins: &[&str],
    payment_hosts: &[&str],
    page: Option<&str>,
) -> Vec<(HeaderName, HeaderValue)> {
    let list = list();
    let mut directives = list.assets_content_security_policy.clone();
    if let Some(extra) = page.and_then(|p| list.frame_page_content_security_policy.get(p)) {
        for directive in &mut directives {
            let name = directive.split_whitespace().next().unwrap_or_default();
            if let Some(sources) = extra.get(name) {
                directive.push(' ');
                directive.push_str(sources);
            }
        }
    }
    let csp = policy(
        assets_url,
        directives,
        &[
            ("{site-origins}", &site_origins.join(" ")),
            ("{payment-hosts}", &payment_hosts.join(" ")),
        ],
    );
    // Framed by the shop's origins (frame-ancestors): no X-Frame-Options.
    headers(list, csp, false)
}

/// The directives with their placeholders filled, joined into one header
/// value (plus the https-only ones when served over https).
fn policy(url: &str, mut directives: Vec<String>, fill: &[(&str, &str)]) -> String {
    if url.starts_with("https://") {
        directives.extend(list().https_only_content_security_policy);
    }
    directives
        .iter()
        .map(|d| {
            let filled = fill
                .iter()
                .fold(d.clone(), |d, (name, value)| d.replace(name, value));
            filled.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn headers(list: List, csp: String, same_origin_frames: bool) -> Vec<(HeaderName, HeaderValue)> {
    [
        ("content-security-policy", csp),
        ("x-content-type-options", list.content_type_options),
        ("referrer-policy", list.referrer_policy),
        ("x-frame-options", list.frame_options),
        ("permissions-policy", list.permissions_policy),
    ]
    .into_iter()
    .filter(|(name, _)| same_origin_frames || *name != "x-frame-options")
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
        let local = security_headers("http://127.0.0.1:3000", "http://127.0.0.1:3001", &[]);
        let csp = local[0].1.to_str().unwrap();
        assert!(
            csp.starts_with(
                "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' http://127.0.0.1:3001; "
            ),
            "{csp}"
        );
        assert!(
            csp.contains("frame-ancestors 'self'") && !csp.contains("upgrade-insecure-requests")
        );
        assert!(csp.contains("frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com http://127.0.0.1:3001;"));
        assert!(!csp.contains("{payment-hosts}") && !csp.contains("{assets-host}"));
        let public = security_headers(
            "https://shop.example",
            "https://assets.shop.example",
            &["https://pay.example"],
        );
        let csp = public[0].1.to_str().unwrap();
        assert!(
            csp.contains("connect-src 'self' https://assets.shop.example https://pay.example")
                && csp.ends_with("upgrade-insecure-requests")
        );
        assert_eq!(local[1].1, "nosniff");
    }

    #[test]
    fn the_assets_host_is_strict_and_framed_by_the_shop_only() {
        let assets = assets_headers(
            "http://127.0.0.1:3001",
            &["http://127.0.0.1:3000"],
            &["http://127.0.0.1:3000"],
            None,
        );
        let csp = assets[0].1.to_str().unwrap();
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains('{'),
            "{csp}"
        );
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
            "{csp}"
        );
        assert!(
            csp.contains("frame-ancestors http://127.0.0.1:3000;"),
            "{csp}"
        );
        assert!(
            csp.contains("connect-src 'self' http://127.0.0.1:3000;"),
            "{csp}"
        );
        assert!(
            !csp.contains("google") && !csp.contains("masterpass"),
            "{csp}"
        );
        assert!(assets.iter().all(|(name, _)| name != "x-frame-options"));
        let frame = assets_headers(
            "http://127.0.0.1:3001",
            &[],
            &[],
            Some("payment-request-frame.html"),
        );
        let csp = frame[0].1.to_str().unwrap();
        assert!(
            csp.contains("connect-src 'self' https://google.com/pay https://pay.google.com;"),
            "{csp}"
        );
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval' https://pay.google.com;"));
        let loading = assets_headers(
            "http://127.0.0.1:3001",
            &[],
            &[],
            Some("masterpass-loading-frame.html"),
        );
        let csp = loading[0].1.to_str().unwrap();
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval' https://static.masterpass.com https://sandbox.static.masterpass.com;"),
            "{csp}"
        );
        assert!(!csp.contains("google"), "{csp}");
        assert_eq!(
            wallet_frame_pages(),
            [
                "masterpass-loading-frame.html",
                "payment-request-frame.html"
            ]
        );
    }
}
