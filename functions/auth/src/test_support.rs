//! What the auth function's unit tests share: a local configuration (its
//! own data dir, so tests never share a session key by accident) and a
//! cookie's value read back from its `Set-Cookie` header.

use app::Config;
use axum::http::HeaderValue;

/// A local configuration whose data dir is named after `name`.
pub fn config(name: &str) -> Config {
    let dir = std::env::temp_dir().join(format!("auth-{name}-{}", std::process::id()));
    Config::local(dir, "http://127.0.0.1:3000").unwrap()
}

/// The value a `Set-Cookie` header sets.
pub fn cookie_value(cookie: &HeaderValue) -> String {
    let text = cookie.to_str().unwrap();
    let (_, rest) = text.split_once('=').unwrap();
    rest.split(';').next().unwrap().to_string()
}
