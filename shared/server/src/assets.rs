//! The payment SDK's assets host: `/web/*` on an origin of its own (a second
//! listener, `ASSETS_URL`), so no script of a shop page can reach into a
//! hosted-field frame (a frame of another origin answers SecurityError to
//! `contentDocument`). Its policy is strict (no inline script, framed only by
//! the shop's origins), and the Payment Request frame's adds Google Pay's.
//!
//! It also carries a sandbox of its own at `/sandbox`: the provider's test
//! pages (`merchant-test.html`, `reference-integration.html`) and the SDK's
//! browser tests run here as they run on `sandbox-dev`, the provider's
//! stand-in on one origin.

use std::sync::Arc;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use tower_http::services::ServeDir;

use crate::headers;

/// The headers of each kind of answer of the assets host.
struct Policies {
    frames: Vec<(HeaderName, HeaderValue)>,
    /// A frame page's own, by its file name (a wallet's script runs there).
    wallet_pages: Vec<(String, Vec<(HeaderName, HeaderValue)>)>,
    sandbox: Vec<(HeaderName, HeaderValue)>,
}

/// The assets host as one router: `/web` from the SDK's build with the
/// strict policy, `/sandbox` with the sandbox's usual (the shop's) headers.
pub fn router(app: &app::App, paths: &crate::Paths, assets_url: &str) -> Router {
    let config = &app.config;
    let sandbox = crate::sandboxes(&format!("{assets_url}/sandbox"), assets_url);
    let origins: Vec<&str> = site_origins(config, assets_url);
    // The frames call the provider's client API: the shop's sandbox locally.
    let sandbox_origin = crate::origin_of(&config.sandbox_url);
    let api = [sandbox_origin.as_str()];
    let policies = Arc::new(Policies {
        frames: headers::assets_headers(assets_url, &origins, &api, None),
        wallet_pages: headers::wallet_frame_pages()
            .into_iter()
            .map(|page| {
                let list = headers::assets_headers(assets_url, &origins, &api, Some(&page));
                (format!("/{page}"), list)
            })
            .collect(),
        sandbox: headers::security_headers(assets_url, "", &[]),
    });
    Router::new()
        .nest("/sandbox", sandbox)
        .nest_service("/web", ServeDir::new(paths.sdk_dist.join("web")))
        .layer(axum::middleware::from_fn(
            move |req: Request, next: Next| {
                let policies = policies.clone();
                async move { with_headers(&policies, req, next).await }
            },
        ))
        .layer(tower_http::compression::CompressionLayer::new())
}

/// The shop's origins frame the SDK's pages; so does this host's own test
/// pages (the provider's, not the shop's).
fn site_origins<'a>(config: &'a app::Config, assets_url: &'a str) -> Vec<&'a str> {
    let mut origins: Vec<&str> = config.allowed_origins.iter().map(String::as_str).collect();
    origins.push(assets_url);
    origins
}

async fn with_headers(policies: &Policies, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let preflight = req.method() == axum::http::Method::OPTIONS && path.starts_with("/web/");
    let mut response = if preflight {
        preflight_answer()
    } else {
        next.run(req).await
    };
    let wallet_page = policies
        .wallet_pages
        .iter()
        .find(|(page, _)| path.ends_with(page.as_str()));
    let list = match wallet_page {
        _ if !path.starts_with("/web/") => &policies.sandbox,
        Some((_, list)) => list,
        None => &policies.frames,
    };
    if path.starts_with("/web/") {
        // The SDK's ES modules and WebAssembly are fetched in CORS mode by
        // the shop's pages; every file here is public.
        response.headers_mut().insert(
            axum::http::header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
    }
    headers::add_missing(list, response)
}

/// A CORS preflight of a page that sends its own headers (a proxy's, a
/// test's): any header, to read the public files.
fn preflight_answer() -> Response {
    use axum::http::header;
    let mut response = Response::new(axum::body::Body::empty());
    *response.status_mut() = axum::http::StatusCode::NO_CONTENT;
    let h = response.headers_mut();
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, HEAD"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("*"),
    );
    response
}
