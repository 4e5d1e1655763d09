//! The social sign-in providers' endpoints and client credentials.
//!
//! Locally they point at the sign-in sandbox (`signin-sandbox`). In AWS
//! (`OAUTH_SECRET_ARN` set) they point at Google and Facebook themselves,
//! and the client credentials come from that secret, read once at init; a
//! provider whose credentials are missing there is not configured, and its
//! button says so rather than sending shoppers anywhere else.

use serde_json::Value;

/// One provider: `<PROVIDER>_AUTH_URL`, `_TOKEN_URL`, `_USERINFO_URL`,
/// `_CLIENT_ID`, `_CLIENT_SECRET`.
#[derive(Debug, Clone, PartialEq)]
pub struct OAuthClient {
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub client_id: String,
    pub client_secret: String,
}

impl OAuthClient {
    /// Whether the shop holds this provider's client credentials.
    pub fn is_configured(&self) -> bool {
        !self.client_id.is_empty() && !self.client_secret.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct OAuthConfig {
    pub google: OAuthClient,
    pub facebook: OAuthClient,
    /// Facebook's logout page (`FACEBOOK_LOGOUT_URL`).
    pub facebook_logout_url: String,
    /// The secret holding the live clients (`OAUTH_SECRET_ARN`).
    pub secret_arn: Option<String>,
}

/// Where each provider is reached in production.
struct Live {
    auth: &'static str,
    token: &'static str,
    userinfo: &'static str,
}

const GOOGLE: Live = Live {
    auth: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
};
const FACEBOOK: Live = Live {
    auth: "https://www.facebook.com/v19.0/dialog/oauth",
    token: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfo: "https://graph.facebook.com/v19.0/me",
};
const FACEBOOK_LOGOUT: &str = "https://www.facebook.com/logout.php";

impl OAuthConfig {
    /// Reads the providers from the configuration variables; `sandbox_url`
    /// is where the local stand-ins live.
    pub(crate) fn from_lookup(var: &dyn Fn(&str) -> Option<String>, sandbox_url: &str) -> Self {
        let secret_arn = var("OAUTH_SECRET_ARN").map(|arn| arn.trim().to_string());
        let live = secret_arn.is_some();
        let sandbox = sandbox_url.trim_end_matches('/');
        let client = |name: &str, endpoints: &Live, userinfo_path: &str| {
            let prefix = name.to_ascii_uppercase();
            let get = |suffix: &str, sandboxed: String, production: &str| {
                var(&format!("{prefix}_{suffix}")).unwrap_or_else(|| {
                    if live {
                        production.to_string()
                    } else {
                        sandboxed
                    }
                })
            };
            let base = format!("{sandbox}/oauth/{name}");
            OAuthClient {
                auth_url: get("AUTH_URL", format!("{base}/authorize"), endpoints.auth),
                token_url: get("TOKEN_URL", format!("{base}/token"), endpoints.token),
                userinfo_url: get(
                    "USERINFO_URL",
                    format!("{base}/{userinfo_path}"),
                    endpoints.userinfo,
                ),
                client_id: get("CLIENT_ID", format!("sandbox-{name}-client"), ""),
                client_secret: get("CLIENT_SECRET", "sandbox-secret".into(), ""),
            }
        };
        let sandbox_logout = format!("{sandbox}/oauth/facebook/logout");
        Self {
            google: client("google", &GOOGLE, "userinfo"),
            facebook: client("facebook", &FACEBOOK, "me"),
            facebook_logout_url: var("FACEBOOK_LOGOUT_URL").unwrap_or_else(|| {
                if live {
                    FACEBOOK_LOGOUT.into()
                } else {
                    sandbox_logout
                }
            }),
            secret_arn,
        }
    }

    /// Overlays the clients of the secret infra creates (`{googleClientId,
    /// googleClientSecret, facebookAppId, facebookAppSecret}`). A field left
    /// empty leaves that provider unconfigured, which is how an operator
    /// turns a provider off.
    pub fn apply_secret(&mut self, secret: &Value) {
        let field = |key: &str| {
            secret
                .get(key)
                .and_then(Value::as_str)
                .map(str::trim)
                .unwrap_or_default()
                .to_string()
        };
        self.google.client_id = field("googleClientId");
        self.google.client_secret = field("googleClientSecret");
        self.facebook.client_id = field("facebookAppId");
        self.facebook.client_secret = field("facebookAppSecret");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(vars: &[(&str, &str)]) -> OAuthConfig {
        let lookup = |name: &str| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        };
        OAuthConfig::from_lookup(&lookup, "http://127.0.0.1:3000/sandbox")
    }

    #[test]
    fn locally_the_sandbox_stands_in_for_both_providers() {
        let oauth = read(&[]);
        assert_eq!(
            oauth.google.auth_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/authorize"
        );
        assert!(oauth.google.is_configured() && oauth.facebook.is_configured());
        assert_eq!(oauth.secret_arn, None);
    }

    #[test]
    fn with_a_secret_the_providers_are_the_real_ones_and_unconfigured_until_read() {
        let oauth = read(&[("OAUTH_SECRET_ARN", "arn:aws:secretsmanager:x")]);
        assert_eq!(oauth.google.auth_url, GOOGLE.auth);
        assert_eq!(oauth.facebook.token_url, FACEBOOK.token);
        assert_eq!(oauth.facebook_logout_url, FACEBOOK_LOGOUT);
        assert!(!oauth.google.is_configured());
        assert!(!oauth.facebook.is_configured());
        assert!(!oauth.google.auth_url.contains("sandbox"));
    }

    #[test]
    fn the_secret_configures_each_provider_it_fills() {
        let mut oauth = read(&[("OAUTH_SECRET_ARN", "arn")]);
        oauth.apply_secret(&json!({
            "googleClientId": "g-id", "googleClientSecret": "g-secret",
            "facebookAppId": "", "facebookAppSecret": ""
        }));
        assert_eq!(oauth.google.client_id, "g-id");
        assert!(oauth.google.is_configured());
        assert!(!oauth.facebook.is_configured());
    }
}
