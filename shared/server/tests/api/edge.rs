//! What the edge decides before any handler runs: which client a request
//! came from (the abuse limits key on it), whether it came through
//! CloudFront, the headers every answer carries, request ids, and which
//! blobs are public.

use std::sync::Arc;

use crate::helpers::{self, client_at, get_url, registration, TestShop};

/// Signs up `count` new shoppers through `c`; answers the last status.
async fn sign_ups(c: &helpers::Client, tag: &str, count: usize) -> u16 {
    let mut status = 0;
    for n in 0..count {
        let form = registration(&format!("{tag}{n}@example.com"));
        status = c.post("/api/auth/register", form).await.status;
    }
    status
}

#[tokio::test]
async fn the_socket_names_the_client_and_its_own_forwarding_headers_do_not() {
    let shop = helpers::spawn_shop().await;
    let first = client_at(&shop, [127, 0, 0, 1], &[]);
    assert_eq!(sign_ups(&first, "a", 10).await, 201);
    assert_eq!(
        sign_ups(&first, "b", 1).await,
        429,
        "the eleventh sign-up from one address"
    );
    let spoofing = client_at(
        &shop,
        [127, 0, 0, 1],
        &[("x-forwarded-for", "203.0.113.99")],
    );
    assert_eq!(
        sign_ups(&spoofing, "c", 1).await,
        429,
        "a made-up X-Forwarded-For is not another client"
    );
    let posing_as_cloudfront = client_at(
        &shop,
        [127, 0, 0, 1],
        &[("cloudfront-viewer-address", "203.0.113.98:443")],
    );
    assert_eq!(
        sign_ups(&posing_as_cloudfront, "e", 1).await,
        429,
        "without a configured origin secret the viewer address header is the client's own word"
    );
    let neighbour = client_at(&shop, [127, 0, 0, 2], &[]);
    assert_eq!(
        sign_ups(&neighbour, "d", 1).await,
        201,
        "another peer is another client"
    );
}

/// A shop that behaves as it does behind CloudFront: it holds the origin secret.
async fn behind_cloudfront() -> TestShop {
    helpers::spawn_shop_with(|mut app| {
        let mut config = (*app.config).clone();
        config.edge.origin_secret = Some("s".repeat(48));
        app.config = Arc::new(config);
        app
    })
    .await
}

#[tokio::test]
async fn behind_cloudfront_only_requests_with_its_secret_are_served() {
    let shop = behind_cloudfront().await;
    let products = format!("{}/api/products", shop.url);
    let (status, _, _) = get_url(&shop.client(), &products).await;
    assert_eq!(status, 403, "a call around CloudFront");
    let wrong = client_at(&shop, [127, 0, 0, 1], &[("x-origin-verify", "guess")]);
    assert_eq!(get_url(&wrong, &products).await.0, 403);
    let secret = "s".repeat(48);
    let through = client_at(&shop, [127, 0, 0, 1], &[("x-origin-verify", &secret)]);
    assert_eq!(through.get("/api/products").await.status, 200);
}

#[tokio::test]
async fn behind_cloudfront_the_viewer_address_names_the_client() {
    let shop = behind_cloudfront().await;
    let secret = "s".repeat(48);
    let viewer = |address: &str| {
        let headers = [
            ("x-origin-verify", secret.as_str()),
            ("cloudfront-viewer-address", address),
        ];
        client_at(&shop, [127, 0, 0, 1], &headers)
    };
    assert_eq!(sign_ups(&viewer("198.51.100.7:50123"), "a", 10).await, 201);
    assert_eq!(
        sign_ups(&viewer("198.51.100.7:61000"), "b", 1).await,
        429,
        "same viewer, other port"
    );
    assert_eq!(
        sign_ups(&viewer("2001:db8::7:443"), "c", 1).await,
        201,
        "another viewer"
    );
}

#[tokio::test]
async fn every_api_answer_is_nosniff_and_personal_ones_are_never_stored() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    for path in [
        "/api/products",
        "/api/cart",
        "/api/auth/me",
        "/api/no-such-route",
    ] {
        let (_, headers, _) = get_url(&c, &format!("{}{path}", shop.url)).await;
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
    }
    helpers::sign_up_and_sign_in(&c, "ada@example.com").await;
    for path in [
        "/api/cart",
        "/api/auth/me",
        "/api/addresses",
        "/api/orders/me",
        "/api/wishlist",
    ] {
        let answer = c.get(path).await;
        let cache = answer
            .headers
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_string());
        assert_eq!(cache.as_deref(), Some("no-store"), "{path}");
    }
    let (_, page, _) = get_url(&c, &format!("{}/", shop.url)).await;
    let (_, api, _) = get_url(&c, &format!("{}/api/products", shop.url)).await;
    for name in [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "permissions-policy",
    ] {
        assert!(page.contains_key(name), "the site's pages carry {name}");
        assert_eq!(
            api.get(name),
            page.get(name),
            "the API carries the pages' {name}"
        );
    }
}

#[tokio::test]
async fn request_ids_are_echoed_only_when_short_and_plain() {
    let shop = helpers::spawn_shop().await;
    let plain = client_at(&shop, [127, 0, 0, 1], &[("x-request-id", "trace-42")]);
    assert_eq!(
        plain.get("/api/products").await.headers["x-request-id"],
        "trace-42"
    );
    let forged = "a\" forged=\"1".to_string() + &"x".repeat(80);
    let odd = client_at(&shop, [127, 0, 0, 1], &[("x-request-id", &forged)]);
    let answered = odd.get("/api/products").await.headers["x-request-id"]
        .to_str()
        .unwrap()
        .to_string();
    assert_ne!(answered, forged);
    assert_eq!(answered.len(), 26, "a fresh ULID: {answered}");
}

#[tokio::test]
async fn only_the_public_imagery_is_served_from_the_blobs_folder() {
    let shop = helpers::spawn_shop().await;
    let blobs = shop.blobs_dir.clone();
    std::fs::create_dir_all(blobs.join("invoices/u1")).unwrap();
    std::fs::write(blobs.join("invoices/u1/o1.html"), "<p>private</p>").unwrap();
    let c = shop.client();
    // As CloudFront's /blobs/* behaviour: anything but images/ is not found,
    // however the path is spelled.
    for path in [
        "/blobs/invoices/u1/o1.html",
        "/blobs/invoices/u1",
        "/blobs//invoices/u1/o1.html",
        "/blobs/images/../invoices/u1/o1.html",
        "/blobs",
    ] {
        let (status, _, body) = get_url(&c, &format!("{}{path}", shop.url)).await;
        assert_eq!(status, 404, "{path}");
        assert!(
            !body.contains("private"),
            "an invoice is never public: {body}"
        );
    }
    // The seeded product pictures and runway films stay public.
    let image = first_file_under(&blobs.join("images")).expect("the seed stores images");
    let key = image.strip_prefix(&blobs).unwrap().to_str().unwrap();
    let (status, _, _) = get_url(&c, &format!("{}/blobs/{key}", shop.url)).await;
    assert_eq!(status, 200, "{key}");
}

fn first_file_under(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    entries.iter().find(|p| p.is_file()).cloned().or_else(|| {
        entries
            .iter()
            .filter(|p| p.is_dir())
            .find_map(|d| first_file_under(d))
    })
}

#[tokio::test]
async fn every_unknown_api_path_and_method_gets_the_apis_json_refusal() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    let mut unknown: Vec<String> = server::routes::functions()
        .into_iter()
        .flat_map(|f| f.prefixes)
        .map(|prefix| format!("{prefix}/no-such-thing/at-all"))
        .collect();
    // The catalogue's own router's misses: a trailing slash, a list's extra segment.
    unknown.extend(
        [
            "/api/products/p1/",
            "/api/runways/featured/",
            "/api/products/search/",
        ]
        .map(String::from),
    );
    for path in unknown {
        // Off the contract on purpose: read raw.
        let (status, headers, body) = get_url(&visitor, &format!("{}{path}", shop.url)).await;
        assert_eq!(status, 404, "{path}");
        assert!(headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
        let body: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(body["message"], "No such API route.", "{path}: {body}");
    }
    // A route that does not take the method: read raw too.
    let refused = visitor
        .http
        .delete(format!("{}/api/products", shop.url))
        .header("origin", &shop.url)
        .send()
        .await
        .unwrap();
    let status = refused.status().as_u16();
    let allow = refused.headers().get("allow").cloned();
    let body: serde_json::Value = refused.json().await.unwrap_or_default();
    assert_eq!(
        (status, &body["message"]),
        (
            405,
            &serde_json::json!(shop_http::service::METHOD_NOT_ALLOWED)
        ),
        "{body}"
    );
    assert!(allow.is_some(), "the Allow header stays");
}
