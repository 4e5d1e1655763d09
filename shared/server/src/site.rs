//! The site, served as a plain file host plus the rewrites that CloudFront's
//! viewer-request function applies (`site/rewrites.json`), so a deep link to
//! an id not published renders its placeholder page. Two folders: the
//! publication (`$DATA_DIR/site`, written by `shopctl publish`: every page
//! with its head and first paint, one per entity, sitemap.xml, robots.txt)
//! is served first; the export (`site/out`, the templates) serves the rest,
//! hashed assets and Next's page payloads included.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;
use tower::{service_fn, ServiceExt};
use tower_http::services::{ServeDir, ServeFile};

use crate::Paths;

/// Paths the rewrites never touch: they are served by other origins or are hashed assets.
const UNTOUCHED: [&str; 5] = ["/_next/", "/api/", "/blobs/", "/web/", "/sandbox/"];

#[derive(Debug, Deserialize)]
struct RewriteFile {
    rewrites: Vec<RawRule>,
}

#[derive(Debug, Deserialize)]
struct RawRule {
    from: String,
    to: String,
}

/// One rewrite: leading segments matching `from` become `to`'s segments.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    from: Vec<String>,
    to: Vec<String>,
}

fn segments(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

impl Rule {
    pub fn new(from: &str, to: &str) -> Self {
        Self {
            from: segments(from),
            to: segments(to),
        }
    }

    fn matches(&self, path: &[&str]) -> bool {
        path.len() >= self.from.len()
            && self
                .from
                .iter()
                .zip(path)
                .all(|(pattern, seg)| pattern.starts_with(':') && !seg.is_empty() || pattern == seg)
    }
}

/// Reads `site/rewrites.json`; no file means no rewrites.
pub fn load_rules(path: &Path) -> Vec<Rule> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    match serde_json::from_str::<RewriteFile>(&text) {
        Ok(file) => file
            .rewrites
            .iter()
            .map(|r| Rule::new(&r.from, &r.to))
            .collect(),
        Err(e) => {
            tracing::error!(error = %e, "site/rewrites.json is not valid; serving without rewrites");
            Vec::new()
        }
    }
}

/// The path a request is served from: the first matching rule's rewrite,
/// keeping what follows the matched segments (`index.html`, `index.txt`, or
/// the trailing slash).
pub fn rewrite(rules: &[Rule], path: &str) -> String {
    if UNTOUCHED.iter().any(|p| path.starts_with(p)) {
        return path.to_string();
    }
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let Some(rule) = rules.iter().find(|r| r.matches(&parts)) else {
        return path.to_string();
    };
    let mut out: Vec<&str> = rule.to.iter().map(String::as_str).collect();
    out.extend(&parts[rule.from.len()..]);
    let trailing = if path.ends_with('/') { "/" } else { "" };
    format!("/{}{}", out.join("/"), trailing).replace("//", "/")
}

/// The page directory a path names (`/a/b/` for `/a/b/`, `/a/b/index.html`
/// or Next's payload `/a/b/index.txt`); `None` for any other file, or a path
/// stepping out of its folder.
pub fn page_of(path: &str) -> Option<&str> {
    let leaf = &path[path.rfind('/')? + 1..];
    let page = &path[..path.len() - leaf.len()];
    let is_page = matches!(leaf, "" | "index.html" | "index.txt");
    (is_page && !page.split('/').any(|s| s == "..")).then_some(page)
}

/// The path a request is served from: as asked when it names a page the
/// export has (`is_page`, e.g. a product pre-rendered at build time), else
/// its rewrite (the placeholder page of an id unknown at build time).
pub fn serve_path(rules: &[Rule], path: &str, is_page: impl Fn(&str) -> bool) -> String {
    match page_of(path) {
        Some(page) if is_page(page) => path.to_string(),
        _ => rewrite(rules, path),
    }
}

/// The path with its leading slashes collapsed to one, so no redirect can
/// name another host (`//evil.example/` is protocol-relative); `None` for a
/// backslash, raw or encoded, which browsers also read as a slash.
fn on_site(path: &str) -> Option<String> {
    let backslash = path.contains('\\') || path.to_ascii_lowercase().contains("%5c");
    (!backslash).then(|| format!("/{}", path.trim_start_matches('/')))
}

/// The page a document request for Next's page data (`<page>/index.txt`)
/// belongs on: a client-side navigation whose data fetch failed (offline)
/// leaves the tab at that address, and a reload or a typed address must show
/// the page, not its raw data. A data fetch (no `Sec-Fetch-Dest: document`,
/// no Accept of HTML) gets the file.
pub fn page_for_document(path: &str, headers: &header::HeaderMap) -> Option<String> {
    let page = path.strip_suffix("index.txt")?.to_string();
    let header_is = |name: &str, wanted: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.to_ascii_lowercase().contains(wanted))
    };
    let document = header_is("sec-fetch-dest", "document") || header_is("accept", "text/html");
    (document && page.ends_with('/')).then_some(page)
}

/// The query Next adds to a data fetch (`_rsc=`), dropped from a page's address.
fn query_for_page(query: Option<&str>) -> String {
    let kept: Vec<&str> = query
        .unwrap_or_default()
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("_rsc="))
        .collect();
    if kept.is_empty() {
        String::new()
    } else {
        format!("?{}", kept.join("&"))
    }
}

/// The publication's file for a request path (`/shop/` → `shop/index.html`,
/// percent-decoded as a file host decodes it), when it holds one; never for
/// the hashed assets, nor for a path stepping out of the folder.
pub fn published_file(publication: &Path, path: &str) -> Option<PathBuf> {
    if path.starts_with("/_next/") {
        return None;
    }
    let mut file = publication.to_path_buf();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        let decoded = urlencoding::decode(segment).ok()?;
        if decoded == "." || decoded == ".." || decoded.contains(['/', '\\', '\0']) {
            return None;
        }
        file.push(decoded.as_ref());
    }
    if path.ends_with('/') {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// Whether `page` is served at its own address: the export has it, or (for
/// the page itself, not Next's payload of it, which only the export holds)
/// the publication has it; else its rewrite serves it (the placeholder's).
pub fn has_page(out: &Path, publication: &Path, page: &str, payload: bool) -> bool {
    let exported = out
        .join(page.trim_start_matches('/'))
        .join("index.html")
        .is_file();
    exported || (!payload && published_file(publication, page).is_some())
}

/// Extension-less paths get their trailing slash (the export uses `trailingSlash: true`).
fn needs_slash(path: &str) -> bool {
    !path.ends_with('/') && !path.rsplit('/').next().unwrap_or("").contains('.')
}

/// The site: `publication` (the data folder's `site`) first, then the export.
pub fn service(paths: &Paths, publication: &Path) -> impl crate::HttpService {
    let rules = Arc::new(load_rules(&paths.rewrites));
    let out: Arc<Path> = Arc::from(paths.site_out.as_path());
    let published: Arc<Path> = Arc::from(publication);
    // The published not-found page names the house; the export's is the template.
    let not_found = {
        let (out, published) = (out.clone(), published.clone());
        service_fn(move |req: Request<Body>| {
            let page = match published.join("404.html").is_file() {
                true => published.join("404.html"),
                false => out.join("404.html"),
            };
            ServeFile::new(page).oneshot(req)
        })
    };
    // Shared: the service is cloned for every request, the site's or not,
    // and the folder service holds paths that would be copied each time.
    let files = Arc::new(
        ServeDir::new(&out)
            .append_index_html_on_directories(true)
            .not_found_service(not_found),
    );
    let built = out.join("index.html").is_file();
    service_fn(move |mut req: Request<Body>| {
        let rules = rules.clone();
        let files = files.clone();
        let out = out.clone();
        let published = published.clone();
        async move {
            let Some(path) = on_site(req.uri().path()) else {
                return Ok(StatusCode::BAD_REQUEST.into_response());
            };
            // Redirected whether or not the site is built, so the API tests
            // see the same redirects a built site answers.
            if needs_slash(&path) {
                let query = req
                    .uri()
                    .query()
                    .map(|q| format!("?{q}"))
                    .unwrap_or_default();
                return Ok(Redirect::permanent(&format!("{path}/{query}")).into_response());
            }
            if let Some(page) = page_for_document(&path, req.headers()) {
                let query = query_for_page(req.uri().query());
                return Ok(Redirect::temporary(&format!("{page}{query}")).into_response());
            }
            if !built {
                return Ok(not_built());
            }
            // A page published at its own address (a product's) is served as
            // it is, as an exported one; any other goes to its placeholder.
            let target = serve_path(&rules, &path, |page| {
                has_page(&out, &published, page, path.ends_with("/index.txt"))
            });
            if let Some(file) = published_file(&published, &target) {
                let mut response = ServeFile::new(file)
                    .oneshot(req)
                    .await
                    .map(IntoResponse::into_response)
                    .unwrap_or_else(|e| match e {});
                cache_headers(&path, &mut response);
                return Ok(response);
            }
            if target != path {
                let query = req
                    .uri()
                    .query()
                    .map(|q| format!("?{q}"))
                    .unwrap_or_default();
                if let Ok(uri) = format!("{target}{query}").parse::<Uri>() {
                    *req.uri_mut() = uri;
                }
            }
            let mut response = ServeDir::clone(&files)
                .oneshot(req)
                .await
                .map(IntoResponse::into_response)
                .unwrap_or_else(|e| match e {});
            cache_headers(&path, &mut response);
            Ok(response)
        }
    })
}

/// Hashed build assets are immutable; pages are revalidated.
fn cache_headers(path: &str, response: &mut Response) {
    let value = if path.starts_with("/_next/static/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(value),
    );
}

fn not_built() -> Response {
    let page = "<!doctype html><title>Couture storefront</title><h1>The site has not been built yet</h1>\
                <p>The API is up under <a href=\"/api/products\">/api</a>. Run <code>make dev</code> to build and serve the site.</p>";
    (StatusCode::OK, Html(page)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Vec<Rule> {
        vec![
            Rule::new("/shop/product/:id/:slug", "/shop/product/_/_"),
            Rule::new("/shop/:menu", "/shop/_"),
            Rule::new("/news/:id/:slug", "/news/_/_"),
        ]
    }

    #[test]
    fn rewrites_dynamic_segments_and_keeps_the_rest() {
        let r = rules();
        assert_eq!(
            rewrite(&r, "/shop/product/p1/silk-gown/"),
            "/shop/product/_/_/"
        );
        assert_eq!(
            rewrite(&r, "/shop/product/p1/silk-gown/index.txt"),
            "/shop/product/_/_/index.txt"
        );
        assert_eq!(rewrite(&r, "/shop/women/"), "/shop/_/");
        assert_eq!(rewrite(&r, "/shop/"), "/shop/");
        assert_eq!(rewrite(&r, "/news/n1/a-title/"), "/news/_/_/");
        assert_eq!(rewrite(&r, "/about/"), "/about/");
        assert_eq!(rewrite(&r, "/_next/static/x.js"), "/_next/static/x.js");
    }

    #[test]
    fn only_pages_inside_the_export_are_looked_up() {
        assert_eq!(page_of("/shop/product/p1/a/"), Some("/shop/product/p1/a/"));
        assert_eq!(
            page_of("/shop/product/p1/a/index.txt"),
            Some("/shop/product/p1/a/")
        );
        assert_eq!(page_of("/_next/static/x.js"), None);
        assert_eq!(page_of("/shop/../../etc/"), None);
    }

    #[test]
    fn paths_stay_on_the_site() {
        assert_eq!(
            on_site("//evil%2Eexample").as_deref(),
            Some("/evil%2Eexample")
        );
        assert_eq!(
            on_site("///evil.example/x").as_deref(),
            Some("/evil.example/x")
        );
        assert_eq!(on_site("/shop/").as_deref(), Some("/shop/"));
        assert_eq!(on_site("/\\evil.example"), None);
        assert_eq!(on_site("/%5Cevil.example"), None);
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> header::HeaderMap {
        pairs
            .iter()
            .map(|(k, v)| {
                (
                    header::HeaderName::from_static(k),
                    header::HeaderValue::from_static(v),
                )
            })
            .collect()
    }

    #[test]
    fn a_document_request_for_page_data_lands_on_the_page() {
        let reload = headers(&[("sec-fetch-dest", "document")]);
        let typed = headers(&[("accept", "text/html,application/xhtml+xml,*/*;q=0.8")]);
        let data = headers(&[("sec-fetch-dest", "empty"), ("accept", "*/*"), ("rsc", "1")]);
        assert_eq!(
            page_for_document("/checkout/notify/index.txt", &reload).as_deref(),
            Some("/checkout/notify/")
        );
        assert_eq!(
            page_for_document("/index.txt", &typed).as_deref(),
            Some("/")
        );
        assert_eq!(page_for_document("/checkout/notify/index.txt", &data), None);
        assert_eq!(page_for_document("/checkout/notify/", &reload), None);
        assert_eq!(page_for_document("/robots.txt", &reload), None);
        assert_eq!(page_for_document("/notindex.txt", &reload), None);
    }

    #[test]
    fn the_page_keeps_its_query_but_not_next_data_marker() {
        assert_eq!(query_for_page(Some("status=success")), "?status=success");
        assert_eq!(
            query_for_page(Some("status=success&_rsc=1x2y&payment=pending")),
            "?status=success&payment=pending"
        );
        assert_eq!(query_for_page(Some("_rsc=abc")), "");
        assert_eq!(query_for_page(None), "");
    }

    #[test]
    fn the_publication_is_looked_up_inside_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path();
        for file in [
            "index.html",
            "shop/index.html",
            "shop/product/a b/x/index.html",
            "sitemap.xml",
        ] {
            let path = site.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        std::fs::create_dir_all(site.join("_next")).unwrap();
        std::fs::write(site.join("_next/a.js"), "x").unwrap();
        assert_eq!(published_file(site, "/"), Some(site.join("index.html")));
        assert_eq!(
            published_file(site, "/shop/"),
            Some(site.join("shop/index.html"))
        );
        assert_eq!(
            published_file(site, "/shop/product/a%20b/x/"),
            Some(site.join("shop/product/a b/x/index.html"))
        );
        assert_eq!(
            published_file(site, "/sitemap.xml"),
            Some(site.join("sitemap.xml"))
        );
        assert_eq!(
            published_file(site, "/shop/index.txt"),
            None,
            "payloads are the export's"
        );
        assert_eq!(published_file(site, "/about/"), None);
        assert_eq!(
            published_file(site, "/_next/a.js"),
            None,
            "assets are the export's"
        );
        assert_eq!(published_file(site, "/shop/%2E%2E/%2E%2E/etc/"), None);
        assert_eq!(published_file(site, "/shop/product/a%2Fb/x/"), None);
        // A published page is served at its address; Next's payload of it is the placeholder's.
        let out = tempfile::tempdir().unwrap();
        let rules = vec![Rule::new("/shop/product/:id/:slug", "/shop/product/_/_")];
        let served = |path: &str| {
            serve_path(&rules, path, |page| {
                has_page(out.path(), site, page, path.ends_with("/index.txt"))
            })
        };
        assert_eq!(served("/shop/product/a%20b/x/"), "/shop/product/a%20b/x/");
        assert_eq!(
            served("/shop/product/a%20b/x/index.txt"),
            "/shop/product/_/_/index.txt"
        );
        assert_eq!(served("/shop/product/c/y/"), "/shop/product/_/_/");
    }

    #[test]
    fn only_extensionless_paths_get_a_slash() {
        assert!(needs_slash("/shop/product/p1/gown"));
        assert!(!needs_slash("/shop/"));
        assert!(!needs_slash("/favicon.ico"));
    }
}
