//! One catalogue answer as this process keeps it: status, JSON bytes and
//! their entity tag, served as they are or as a `304`.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;

use domain::catalog::published::{etag_of, Rendered};

/// Shared caches (CloudFront) keep an answer a minute; browsers revalidate
/// every time, a `304` when unchanged. No `stale-while-revalidate`: browsers
/// honour it too, and would show a shopper who reloads after a new price the
/// old one.
const SHARED: &str = "public, max-age=0, s-maxage=60";

#[derive(Debug, Clone)]
pub struct KeptAnswer {
    status: StatusCode,
    body: Bytes,
    etag: HeaderValue,
}

impl KeptAnswer {
    pub fn new(status: StatusCode, body: Bytes) -> Self {
        let etag =
            HeaderValue::try_from(etag_of(&body)).unwrap_or(HeaderValue::from_static("\"\""));
        Self { status, body, etag }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Whether the answer may be kept: what the catalogue holds, found or not
    /// found, never a refused request or a fault.
    pub fn is_keepable(&self) -> bool {
        self.status == StatusCode::OK || self.status == StatusCode::NOT_FOUND
    }

    pub fn rendered(&self) -> Rendered {
        Rendered {
            status: self.status.as_u16(),
            body: String::from_utf8_lossy(&self.body).into_owned(),
        }
    }

    /// The response to a request that sent `if_none_match`.
    pub fn respond(&self, if_none_match: Option<&HeaderValue>) -> Response {
        let mut response = if self.status == StatusCode::OK && matches(if_none_match, &self.etag) {
            let mut unchanged = Response::new(Body::empty());
            *unchanged.status_mut() = StatusCode::NOT_MODIFIED;
            unchanged
        } else {
            let mut full = Response::new(Body::from(self.body.clone()));
            *full.status_mut() = self.status;
            full.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            full
        };
        if self.status == StatusCode::OK {
            let headers = response.headers_mut();
            headers.insert(header::ETAG, self.etag.clone());
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(SHARED));
        }
        response
    }
}

impl From<Rendered> for KeptAnswer {
    fn from(rendered: Rendered) -> Self {
        let status = StatusCode::from_u16(rendered.status).unwrap_or(StatusCode::OK);
        Self::new(status, Bytes::from(rendered.body))
    }
}

/// `If-None-Match` holds the tag (weak comparison, RFC 9110 13.1.2) or `*`.
fn matches(if_none_match: Option<&HeaderValue>, etag: &HeaderValue) -> bool {
    let Some(Ok(tags)) = if_none_match.map(HeaderValue::to_str) else {
        return false;
    };
    let ours = etag.as_bytes();
    tags.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag).as_bytes() == ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer() -> KeptAnswer {
        KeptAnswer::new(StatusCode::OK, Bytes::from_static(b"{\"data\":[]}"))
    }

    #[test]
    fn an_answer_carries_its_tag_and_may_be_shared_briefly() {
        let response = answer().respond(None);
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers();
        assert_eq!(headers[header::ETAG], answer().etag);
        assert!(headers[header::ETAG].to_str().unwrap().starts_with('"'));
        assert_eq!(headers[header::CACHE_CONTROL], SHARED);
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    }

    #[test]
    fn a_known_tag_gets_a_304_without_a_body() {
        let etag = answer().etag;
        for sent in [
            etag.to_str().unwrap().to_string(),
            format!("\"other\", W/{}", etag.to_str().unwrap()),
            "*".to_string(),
        ] {
            let response = answer().respond(Some(&HeaderValue::try_from(sent).unwrap()));
            assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
            assert_eq!(response.headers()[header::ETAG], etag);
        }
        let other = HeaderValue::from_static("\"other\"");
        assert_eq!(answer().respond(Some(&other)).status(), StatusCode::OK);
    }

    #[test]
    fn a_missing_item_is_not_shared() {
        let missing = KeptAnswer::new(StatusCode::NOT_FOUND, Bytes::from_static(b"{}"));
        let response = missing.respond(Some(&HeaderValue::from_static("*")));
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert!(response.headers().get(header::CACHE_CONTROL).is_none());
        assert!(missing.is_keepable());
        assert!(!KeptAnswer::new(StatusCode::BAD_REQUEST, Bytes::new()).is_keepable());
    }
}
