//! The payment SDK's assets host: its own origin beside the shop's, with its
//! own strict policy, and the only one that serves the SDK's frames.

use crate::helpers::{self, get_url};

const FRAMES: &str = "/web/3.130.0/html";

fn csp(headers: &reqwest::header::HeaderMap) -> String {
    headers["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string()
}

/// The directive `name` of a policy, without its name.
fn directive<'a>(csp: &'a str, name: &str) -> &'a str {
    csp.split("; ")
        .find_map(|d| d.strip_prefix(name).and_then(|d| d.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no {name} in {csp}"))
}

/// The frame pages the SDK builds.
fn frame_pages() -> Vec<String> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/dist/web/3.130.0/html");
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (make sdk-build)", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".html"))
        .collect();
    pages.sort();
    assert!(
        pages.contains(&"hosted-fields-frame.html".to_string()),
        "{pages:?}"
    );
    pages
}

#[tokio::test]
async fn the_shop_origin_serves_no_frame_and_names_the_assets_host() {
    let shop = helpers::spawn_shop().await;
    assert_ne!(shop.assets_url, shop.url);
    let c = shop.client();
    for path in [
        format!("{FRAMES}/hosted-fields-frame.html"),
        "/web/3.130.0/js/hosted-fields.js".into(),
    ] {
        let (status, _, _) = get_url(&c, &format!("{}{path}", shop.url)).await;
        assert_eq!(status, 404, "{path} on the shop's origin");
    }
    let (_, page, _) = get_url(&c, &format!("{}/", shop.url)).await;
    let policy = csp(&page);
    for name in ["script-src", "frame-src", "connect-src"] {
        assert!(
            directive(&policy, name).contains(&shop.assets_url),
            "{name} of {policy}"
        );
    }
    assert_eq!(directive(&policy, "frame-ancestors"), "'self'");
    // The client token names the assets host.
    let token: serde_json::Value = c
        .http
        .post(format!("{}/sandbox/gateway/client_token", shop.url))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    use base64::Engine;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(token["clientToken"].as_str().unwrap())
        .unwrap();
    let decoded: serde_json::Value = serde_json::from_slice(&decoded).unwrap();
    assert_eq!(decoded["assetsUrl"], shop.assets_url.as_str());
}

#[tokio::test]
async fn the_assets_host_serves_every_frame_under_its_strict_policy() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    for page in frame_pages() {
        let url = format!("{}{FRAMES}/{page}", shop.assets_url);
        let (status, headers, body) = get_url(&c, &url).await;
        assert_eq!(status, 200, "{url}");
        // No inline script: every <script> names its file.
        for tag in body.split("<script").skip(1) {
            let open = &tag[..tag.find('>').unwrap()];
            assert!(open.contains("src="), "{page} has an inline script");
            assert!(tag[open.len() + 1..].starts_with("</script>"), "{page}");
        }
        let policy = csp(&headers);
        assert!(
            !policy.contains("unsafe-inline") && !policy.contains(" 'unsafe-eval'"),
            "{policy}"
        );
        assert_eq!(directive(&policy, "default-src"), "'none'");
        assert_eq!(
            directive(&policy, "script-src").split(' ').next(),
            Some("'self'")
        );
        let ancestors = directive(&policy, "frame-ancestors");
        assert!(ancestors.split(' ').any(|o| o == shop.url), "{ancestors}");
        assert!(
            !ancestors.contains('*') && !ancestors.contains("'self'"),
            "{ancestors}"
        );
        // The frames call the provider's client API (the shop's sandbox here) and nothing else.
        let connect = directive(&policy, "connect-src");
        // A wallet's script page adds that wallet's hosts, and no other page does.
        let wallet = match page.as_str() {
            "payment-request-frame.html" => " https://google.com/pay https://pay.google.com",
            "masterpass-loading-frame.html" => " https://*.masterpass.com",
            _ => "",
        };
        assert_eq!(connect, format!("'self' {}{wallet}", shop.url), "{page}");
        let script = directive(&policy, "script-src");
        assert_eq!(
            script.contains("https://pay.google.com"),
            page == "payment-request-frame.html",
            "{page}"
        );
        assert_eq!(
            script.contains("https://static.masterpass.com"),
            page == "masterpass-loading-frame.html",
            "{page}"
        );
        assert!(!headers.contains_key("x-frame-options"), "{page}");
        assert_eq!(headers["access-control-allow-origin"], "*");
    }
}

#[tokio::test]
async fn the_assets_host_answers_a_cors_preflight_for_its_files() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let answer = c
        .http
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/web/3.130.0/js/client.js", shop.assets_url),
        )
        .header("origin", &shop.url)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "x-forwarded-for")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 204);
    assert_eq!(answer.headers()["access-control-allow-origin"], "*");
    assert_eq!(answer.headers()["access-control-allow-headers"], "*");
}
