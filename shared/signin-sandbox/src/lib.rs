//! The sign-in sandbox: the OAuth 2.0 sign-in pages standing in for Google
//! and Facebook, for local runs and tests. An authorize page listing test
//! identities, the token endpoint (checking the client, the redirect URI and
//! the PKCE S256 verifier, each code once), Google's userinfo, Facebook's
//! Graph `/me`, and Facebook's logout page.
//! The local server mounts it beside the payment sandbox, at
//! `/sandbox/oauth/{provider}/...` (`SANDBOX_URL`'s default).
//!
//! | provider | identity | email |
//! |---|---|---|
//! | google | `ada` | ada.lovelace@example.com (verified) |
//! | google | `linh` | linh.nguyen@example.com (verified) |
//! | google | `ursula` | ursula@example.com (not verified) |
//! | facebook | `frida` | frida.kahlo@example.com |
//! | facebook | `noah` | (none shared) |

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A test identity a provider can sign in as.
#[derive(Debug, Clone, Copy)]
pub struct TestIdentity {
    pub provider: &'static str,
    pub key: &'static str,
    pub subject: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub email: Option<&'static str>,
    pub email_verified: bool,
}

pub const IDENTITIES: [TestIdentity; 5] = [
    TestIdentity {
        provider: "google",
        key: "ada",
        subject: "108000000000000000001",
        first_name: "Ada",
        last_name: "Lovelace",
        email: Some("ada.lovelace@example.com"),
        email_verified: true,
    },
    TestIdentity {
        provider: "google",
        key: "linh",
        subject: "108000000000000000002",
        first_name: "Linh",
        last_name: "Nguyễn",
        email: Some("linh.nguyen@example.com"),
        email_verified: true,
    },
    TestIdentity {
        provider: "google",
        key: "ursula",
        subject: "108000000000000000003",
        first_name: "Ursula",
        last_name: "Unverified",
        email: Some("ursula@example.com"),
        email_verified: false,
    },
    TestIdentity {
        provider: "facebook",
        key: "frida",
        subject: "10220000000000001",
        first_name: "Frida",
        last_name: "Kahlo",
        email: Some("frida.kahlo@example.com"),
        email_verified: true,
    },
    TestIdentity {
        provider: "facebook",
        key: "noah",
        subject: "10220000000000002",
        first_name: "Noah",
        last_name: "Noemail",
        email: None,
        email_verified: false,
    },
];

fn identity(provider: &str, key: &str) -> Option<&'static TestIdentity> {
    IDENTITIES
        .iter()
        .find(|i| i.provider == provider && i.key == key)
}

const CODE_LIFETIME: Duration = Duration::from_secs(120);

struct Grant {
    identity: &'static TestIdentity,
    client_id: String,
    redirect_uri: String,
    challenge: String,
    issued: Instant,
}

#[derive(Default)]
struct Inner {
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, &'static TestIdentity>,
}

#[derive(Clone, Default)]
struct Provider(Arc<Mutex<Inner>>);

impl Provider {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The sign-in pages and endpoints, at `/oauth/{provider}/...`; their codes
/// and tokens live as long as the router.
pub fn router() -> Router {
    Router::new()
        .route("/oauth/{provider}/authorize", get(authorize))
        .route("/oauth/{provider}/approve", get(approve))
        .route("/oauth/{provider}/deny", get(deny))
        .route("/oauth/{provider}/token", post(token))
        .route("/oauth/google/userinfo", get(userinfo))
        .route("/oauth/facebook/me", get(userinfo))
        .route("/oauth/facebook/logout", get(facebook_logout))
        .with_state(Provider::default())
}

/// The authorization request of RFC 6749 section 4.1.1 with PKCE.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct AuthorizeParams {
    response_type: String,
    client_id: String,
    redirect_uri: String,
    scope: String,
    state: String,
    code_challenge: String,
    code_challenge_method: String,
    identity: String,
}

impl AuthorizeParams {
    fn problem(&self) -> Option<&'static str> {
        if self.response_type != "code" {
            Some("response_type must be code")
        } else if self.client_id.is_empty() {
            Some("client_id is missing")
        } else if !(self.redirect_uri.starts_with("http://")
            || self.redirect_uri.starts_with("https://"))
        {
            Some("redirect_uri must be an http(s) URL")
        } else if self.state.is_empty() {
            Some("state is missing")
        } else if self.code_challenge.len() < 43 || self.code_challenge_method != "S256" {
            Some("PKCE with code_challenge_method S256 is required")
        } else {
            None
        }
    }

    /// The request's own parameters, to carry through the approve link.
    fn carried(&self) -> String {
        [
            ("response_type", &self.response_type),
            ("client_id", &self.client_id),
            ("redirect_uri", &self.redirect_uri),
            ("scope", &self.scope),
            ("state", &self.state),
            ("code_challenge", &self.code_challenge),
            ("code_challenge_method", &self.code_challenge_method),
        ]
        .iter()
        .map(|(k, v)| format!("{k}={}", urlencoding::encode(v)))
        .collect::<Vec<_>>()
        .join("&")
    }
}

fn label(provider: &str) -> Option<&'static str> {
    match provider {
        "google" => Some("Google"),
        "facebook" => Some("Facebook"),
        _ => None,
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn bad_request(message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Html(format!(
            "<!doctype html><title>Sandbox sign-in</title><p>{}</p>",
            escape(message)
        )),
    )
        .into_response()
}

/// The sign-in page: one link per test identity, and a cancel link.
async fn authorize(
    Path(provider): Path<String>,
    Query(params): Query<AuthorizeParams>,
) -> Response {
    let Some(label) = label(&provider) else {
        return bad_request("unknown provider");
    };
    if let Some(problem) = params.problem() {
        return bad_request(problem);
    }
    let carried = params.carried();
    let choices: String = IDENTITIES
        .iter()
        .filter(|i| i.provider == provider)
        .map(|i| {
            let email = i.email.map(|e| if i.email_verified { e.to_string() } else { format!("{e} (not verified)") });
            format!(
                "<li><a class=\"identity\" href=\"approve?identity={key}&amp;{carried}\">{first} {last} &lt;{email}&gt;</a></li>",
                key = i.key,
                carried = escape(&carried),
                first = escape(i.first_name),
                last = escape(i.last_name),
                email = escape(&email.unwrap_or_else(|| "no email shared".into())),
            )
        })
        .collect();
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sign in with {label} (sandbox)</title></head>\
         <body><h1>Sign in with {label}</h1><p>Sandbox: choose a test identity.</p><ul>{choices}</ul>\
         <p><a class=\"cancel\" href=\"deny?{cancel}\">Cancel</a></p></body></html>",
        cancel = escape(&carried),
    ))
    .into_response()
}

fn redirect_back(redirect_uri: &str, query: &str) -> Response {
    let separator = if redirect_uri.contains('?') { '&' } else { '?' };
    Redirect::to(&format!("{redirect_uri}{separator}{query}")).into_response()
}

/// The shopper picked an identity: back to the client with a one-time code.
async fn approve(
    Path(provider): Path<String>,
    State(state): State<Provider>,
    Query(params): Query<AuthorizeParams>,
) -> Response {
    if let Some(problem) = params.problem() {
        return bad_request(problem);
    }
    let Some(identity) = identity(&provider, &params.identity) else {
        return bad_request("unknown test identity");
    };
    let code = random("code");
    state.lock().codes.insert(
        code.clone(),
        Grant {
            identity,
            client_id: params.client_id.clone(),
            redirect_uri: params.redirect_uri.clone(),
            challenge: params.code_challenge.clone(),
            issued: Instant::now(),
        },
    );
    let query = format!(
        "code={}&state={}",
        urlencoding::encode(&code),
        urlencoding::encode(&params.state)
    );
    redirect_back(&params.redirect_uri, &query)
}

async fn deny(Query(params): Query<AuthorizeParams>) -> Response {
    if params.redirect_uri.is_empty() {
        return bad_request("redirect_uri is missing");
    }
    redirect_back(
        &params.redirect_uri,
        &format!(
            "error=access_denied&state={}",
            urlencoding::encode(&params.state)
        ),
    )
}

fn token_error(error: &str, description: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({ "error": error, "error_description": description })),
    )
        .into_response()
}

/// `application/x-www-form-urlencoded` into a map.
fn form(body: &[u8]) -> HashMap<String, String> {
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter_map(|(k, v)| {
            let decode = |s: &str| {
                urlencoding::decode(&s.replace('+', " "))
                    .ok()
                    .map(|c| c.into_owned())
            };
            Some((decode(k)?, decode(v)?))
        })
        .collect()
}

/// The token endpoint: the code once, for the client and redirect URI it
/// was issued to, with the verifier matching the challenge.
async fn token(
    Path(_provider): Path<String>,
    State(state): State<Provider>,
    body: Bytes,
) -> Response {
    let form = form(&body);
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
    if field("grant_type") != "authorization_code" {
        return token_error(
            "unsupported_grant_type",
            "grant_type must be authorization_code",
        );
    }
    if field("client_secret").is_empty() {
        return token_error("invalid_client", "client_secret is missing");
    }
    let mut inner = state.lock();
    let Some(grant) = inner.codes.remove(field("code")) else {
        return token_error("invalid_grant", "unknown or used code");
    };
    if grant.issued.elapsed() > CODE_LIFETIME {
        return token_error("invalid_grant", "code expired");
    }
    if grant.client_id != field("client_id") || grant.redirect_uri != field("redirect_uri") {
        return token_error(
            "invalid_grant",
            "client_id or redirect_uri does not match the authorization request",
        );
    }
    let verified = URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier").as_bytes()));
    if verified != grant.challenge {
        return token_error(
            "invalid_grant",
            "code_verifier does not match code_challenge",
        );
    }
    let access_token = random("token");
    inner.tokens.insert(access_token.clone(), grant.identity);
    Json(json!({ "access_token": access_token, "token_type": "Bearer", "expires_in": 3600 }))
        .into_response()
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TokenQuery {
    access_token: String,
}

/// Google's OpenID userinfo or Facebook's Graph `/me`, by the token's provider.
async fn userinfo(
    State(state): State<Provider>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Response {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string)
        .unwrap_or(q.access_token);
    let Some(who) = state.lock().tokens.get(&bearer).copied() else {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "error": "invalid_token" })),
        )
            .into_response();
    };
    let mut body: Value = match who.provider {
        "google" => json!({
            "sub": who.subject,
            "name": format!("{} {}", who.first_name, who.last_name),
            "given_name": who.first_name,
            "family_name": who.last_name,
            "email_verified": who.email_verified,
        }),
        _ => json!({
            "id": who.subject,
            "name": format!("{} {}", who.first_name, who.last_name),
            "first_name": who.first_name,
            "last_name": who.last_name,
        }),
    };
    if let Some(email) = who.email {
        body["email"] = email.into();
    }
    Json(body).into_response()
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LogoutQuery {
    next: String,
    access_token: String,
}

/// Ends the token's Facebook session and sends the browser on to `next`.
async fn facebook_logout(State(state): State<Provider>, Query(q): Query<LogoutQuery>) -> Response {
    if state.lock().tokens.remove(&q.access_token).is_none() {
        tracing::info!("sandbox facebook logout with an unknown token");
    }
    if q.next.starts_with("http://") || q.next.starts_with("https://") {
        Redirect::to(&q.next).into_response()
    } else {
        Html("<!doctype html><title>Facebook (sandbox)</title><p>You are logged out of Facebook.</p>").into_response()
    }
}

/// An unguessable-enough value for a sandbox: hashed time and counter.
fn random(prefix: &str) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let seed = format!(
        "{prefix}:{nanos}:{}:{}",
        COUNTER.fetch_add(1, Ordering::Relaxed),
        std::process::id()
    );
    format!(
        "{prefix}-{}",
        URL_SAFE_NO_PAD.encode(&Sha256::digest(seed.as_bytes())[..18])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_form_bodies() {
        let f = form(b"a=1&redirect_uri=http%3A%2F%2Fx%2Fy&b=two+words");
        assert_eq!(f["redirect_uri"], "http://x/y");
        assert_eq!(f["b"], "two words");
    }

    #[test]
    fn authorize_requires_pkce_and_state() {
        let good = AuthorizeParams {
            response_type: "code".into(),
            client_id: "c".into(),
            redirect_uri: "http://127.0.0.1/cb".into(),
            state: "s".into(),
            code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM".into(),
            code_challenge_method: "S256".into(),
            ..Default::default()
        };
        assert_eq!(good.problem(), None);
        let plain = AuthorizeParams {
            code_challenge_method: "plain".into(),
            ..good
        };
        assert!(plain.problem().is_some());
    }

    #[test]
    fn identities_are_per_provider() {
        assert!(identity("google", "ada").is_some());
        assert!(identity("facebook", "ada").is_none());
        assert_ne!(random("code"), random("code"));
    }
}
