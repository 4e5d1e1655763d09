//! The page the popup lands on: it tells the opener who signed in (the
//! display name only; the session is in httpOnly cookies) and closes.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::crypto::random_token;

/// The page after a successful sign-in: posts `{ user: name }`.
pub fn signed_in(site_url: &str, name: &str, cookies: Vec<HeaderValue>) -> Response {
    render(
        StatusCode::OK,
        site_url,
        json!({ "user": name }),
        "You are signed in. You can close this window.",
        cookies,
    )
}

/// The page after a failed or canceled sign-in: posts `{ error: message }`.
pub fn failed(
    status: StatusCode,
    site_url: &str,
    message: &str,
    cookies: Vec<HeaderValue>,
) -> Response {
    render(
        status,
        site_url,
        json!({ "error": message }),
        message,
        cookies,
    )
}

fn render(
    status: StatusCode,
    site_url: &str,
    message: Value,
    text: &str,
    cookies: Vec<HeaderValue>,
) -> Response {
    let nonce = random_token(16);
    let origin = origin_of(site_url);
    let script = format!(
        "var m={message};if(window.opener){{window.opener.postMessage(m,{origin});window.close();}}\
         else{{setTimeout(function(){{location.replace('/');}},1500);}}",
        message = script_json(&message),
        origin = script_json(&Value::String(origin)),
    );
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Signing in</title></head>\
         <body><p>{text}</p><script nonce=\"{nonce}\">{script}</script></body></html>",
        text = escape_html(text),
    );
    let csp = format!("default-src 'none'; script-src 'nonce-{nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_str(&csp).expect("nonce is base64url"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // The callback URL carries the code: never send it on as a referrer.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
    response
}

/// `scheme://host[:port]` of the site: the only window allowed to hear the message.
pub fn origin_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

/// JSON that is safe inside a `<script>` element whatever the name holds.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body(response: Response) -> String {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn posts_the_name_to_the_site_origin_only() {
        let response = signed_in("https://shop.example/", "Ada Lovelace", vec![]);
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .to_string();
        let html = body(response).await;
        assert!(html.contains(r#"var m={"user":"Ada Lovelace"}"#), "{html}");
        assert!(
            html.contains(r#"postMessage(m,"https://shop.example")"#),
            "{html}"
        );
        let nonce = csp
            .split("'nonce-")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap();
        assert!(html.contains(&format!("<script nonce=\"{nonce}\">")));
        assert!(!html.to_lowercase().contains("token"));
    }

    #[tokio::test]
    async fn a_hostile_name_cannot_break_out_of_the_script() {
        let html = body(signed_in(
            "http://127.0.0.1:3000",
            "</script><script>alert(1)</script>\u{2028}",
            vec![],
        ))
        .await;
        assert_eq!(html.matches("</script>").count(), 1, "{html}");
        assert!(html.contains("\\u003c/script\\u003e"));
    }

    #[test]
    fn origin_strips_paths() {
        assert_eq!(origin_of("http://127.0.0.1:3000"), "http://127.0.0.1:3000");
        assert_eq!(
            origin_of("https://shop.example/fr/"),
            "https://shop.example"
        );
    }
}
