//! The social sign-in providers' endpoints and client credentials, from the
//! environment (`GOOGLE_AUTH_URL`, `GOOGLE_TOKEN_URL`, `GOOGLE_USERINFO_URL`,
//! `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`, the `FACEBOOK_*` equivalents and
//! `FACEBOOK_LOGOUT_URL`). Unset, they point at the sandbox's sign-in pages.

use std::sync::Arc;

use app::Config;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Google,
    Facebook,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Google => "google",
            Kind::Facebook => "facebook",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::Google => "Google",
            Kind::Facebook => "Facebook",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "google" => Some(Kind::Google),
            "facebook" => Some(Kind::Facebook),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Provider {
    pub kind: Kind,
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub scope: &'static str,
}

/// Both providers and the HTTP client that calls them, built once per process.
#[derive(Clone)]
pub struct Providers(Arc<Inner>);

struct Inner {
    google: Provider,
    facebook: Provider,
    facebook_logout_url: String,
    http: reqwest::Client,
}

impl Providers {
    pub fn from_env(config: &Config) -> Self {
        Self::with_lookup(config, |name| {
            std::env::var(name).ok().filter(|v| !v.trim().is_empty())
        })
    }

    pub fn with_lookup(config: &Config, var: impl Fn(&str) -> Option<String>) -> Self {
        let sandbox = config.sandbox_url.trim_end_matches('/');
        let provider = |kind: Kind, scope, userinfo_path: &str| {
            let prefix = kind.name().to_ascii_uppercase();
            let get = |suffix: &str, default: String| {
                var(&format!("{prefix}_{suffix}")).unwrap_or(default)
            };
            let base = format!("{sandbox}/oauth/{}", kind.name());
            Provider {
                kind,
                auth_url: get("AUTH_URL", format!("{base}/authorize")),
                token_url: get("TOKEN_URL", format!("{base}/token")),
                userinfo_url: get("USERINFO_URL", format!("{base}/{userinfo_path}")),
                client_id: get("CLIENT_ID", format!("sandbox-{}-client", kind.name())),
                client_secret: get("CLIENT_SECRET", "sandbox-secret".into()),
                scope,
            }
        };
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("HTTP client with rustls builds");
        Self(Arc::new(Inner {
            google: provider(Kind::Google, "openid email profile", "userinfo"),
            facebook: provider(Kind::Facebook, "email public_profile", "me"),
            facebook_logout_url: var("FACEBOOK_LOGOUT_URL")
                .unwrap_or_else(|| format!("{sandbox}/oauth/facebook/logout")),
            http,
        }))
    }

    pub fn get(&self, kind: Kind) -> &Provider {
        match kind {
            Kind::Google => &self.0.google,
            Kind::Facebook => &self.0.facebook,
        }
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.0.http
    }

    /// Facebook's logout page, returning to the shop afterwards.
    pub fn facebook_logout_url(&self, site_url: &str, access_token: &str) -> String {
        let next = format!("{site_url}/");
        format!(
            "{}?next={}&access_token={}",
            self.0.facebook_logout_url,
            urlencoding::encode(&next),
            urlencoding::encode(access_token)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config::local(
            std::env::temp_dir().join(format!("auth-providers-{}", std::process::id())),
            "http://127.0.0.1:3000",
        )
        .unwrap()
    }

    #[test]
    fn defaults_point_at_the_sandbox() {
        let p = Providers::with_lookup(&config(), |_| None);
        assert_eq!(
            p.get(Kind::Google).auth_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/authorize"
        );
        assert_eq!(
            p.get(Kind::Facebook).userinfo_url,
            "http://127.0.0.1:3000/sandbox/oauth/facebook/me"
        );
        assert_eq!(
            p.facebook_logout_url("http://127.0.0.1:3000", "t k"),
            "http://127.0.0.1:3000/sandbox/oauth/facebook/logout?next=http%3A%2F%2F127.0.0.1%3A3000%2F&access_token=t%20k"
        );
    }

    #[test]
    fn environment_overrides_each_endpoint() {
        let p = Providers::with_lookup(&config(), |name| match name {
            "GOOGLE_AUTH_URL" => Some("https://accounts.google.com/o/oauth2/v2/auth".into()),
            "GOOGLE_CLIENT_ID" => Some("real-id".into()),
            _ => None,
        });
        let g = p.get(Kind::Google);
        assert_eq!(g.auth_url, "https://accounts.google.com/o/oauth2/v2/auth");
        assert_eq!(g.client_id, "real-id");
        assert_eq!(
            g.token_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/token"
        );
    }
}
