//! What the sandbox's HTTP tests share: the router on a fixed public
//! address, its merchant's tokenization key, and one request helper that
//! answers the status, the headers and the body.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub const KEY: &str = "sandbox_abc_merchant01";
pub const API: &str = "/merchants/merchant01/client_api/v1";
/// The public address the router is built with (what its URLs start with).
pub const PUBLIC_URL: &str = "http://127.0.0.1:9/sandbox";

pub fn app() -> axum::Router {
    sandbox::router(sandbox::SandboxConfig {
        public_url: PUBLIC_URL.into(),
        assets_url: "http://127.0.0.1:9".into(),
    })
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Reply {
    /// The body as JSON (Null when it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or(Value::Null)
    }

    /// A header's value, or "".
    pub fn header(&self, name: header::HeaderName) -> String {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    }
}

/// Sends `method uri` with `headers` and, when given, a JSON body.
pub async fn send(
    app: &axum::Router,
    method: &str,
    uri: &str,
    headers: &[(header::HeaderName, &str)],
    body: Option<Value>,
) -> Reply {
    let mut req = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        req = req.header(name, *value);
    }
    let req = match body {
        Some(b) => req
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .expect("request");
    let res = app.clone().oneshot(req).await.expect("response");
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    Reply {
        status,
        headers,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}
