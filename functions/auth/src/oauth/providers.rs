//! The social sign-in providers' endpoints and client credentials, from the
//! configuration (`app::OAuthConfig`: the sandbox locally, Google and
//! Facebook with the clients of `OAUTH_SECRET_ARN` in AWS).

use std::sync::Arc;

use app::{Config, OAuthClient};
use domain::accounts::SocialProvider;

#[derive(Debug, Clone)]
pub struct Provider {
    pub kind: SocialProvider,
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub client_id: String,
    pub client_secret: String,
    pub scope: &'static str,
    /// The shop holds client credentials for it.
    pub configured: bool,
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
    /// The providers of the configuration (`app::Config::oauth`).
    pub fn new(config: &Config) -> Self {
        let provider = |kind: SocialProvider, client: &OAuthClient, scope| Provider {
            kind,
            auth_url: client.auth_url.clone(),
            token_url: client.token_url.clone(),
            userinfo_url: client.userinfo_url.clone(),
            client_id: client.client_id.clone(),
            client_secret: client.client_secret.clone(),
            scope,
            configured: client.is_configured(),
        };
        let oauth = &config.oauth;
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("HTTP client with rustls builds");
        Self(Arc::new(Inner {
            google: provider(
                SocialProvider::Google,
                &oauth.google,
                "openid email profile",
            ),
            facebook: provider(
                SocialProvider::Facebook,
                &oauth.facebook,
                "email public_profile",
            ),
            facebook_logout_url: oauth.facebook_logout_url.clone(),
            http,
        }))
    }

    pub fn get(&self, kind: SocialProvider) -> &Provider {
        match kind {
            SocialProvider::Google => &self.0.google,
            SocialProvider::Facebook => &self.0.facebook,
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

    /// A local configuration plus the variables `var` answers.
    fn config(var: impl Fn(&str) -> Option<String>) -> Config {
        let dir = std::env::temp_dir().join(format!("auth-providers-{}", std::process::id()));
        Config::from_lookup(|name| match name {
            "DATA_DIR" => Some(dir.to_str().unwrap().to_owned()),
            "SITE_URL" => Some("http://127.0.0.1:3000".into()),
            _ => var(name),
        })
        .unwrap()
    }

    #[test]
    fn defaults_point_at_the_sandbox() {
        let p = Providers::new(&config(|_| None));
        assert_eq!(
            p.get(SocialProvider::Google).auth_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/authorize"
        );
        assert_eq!(
            p.get(SocialProvider::Facebook).userinfo_url,
            "http://127.0.0.1:3000/sandbox/oauth/facebook/me"
        );
        assert_eq!(
            p.facebook_logout_url("http://127.0.0.1:3000", "t k"),
            "http://127.0.0.1:3000/sandbox/oauth/facebook/logout?next=http%3A%2F%2F127.0.0.1%3A3000%2F&access_token=t%20k"
        );
    }

    #[test]
    fn environment_overrides_each_endpoint() {
        let p = Providers::new(&config(|name| match name {
            "GOOGLE_AUTH_URL" => Some("https://accounts.google.com/o/oauth2/v2/auth".into()),
            "GOOGLE_CLIENT_ID" => Some("real-id".into()),
            _ => None,
        }));
        let g = p.get(SocialProvider::Google);
        assert_eq!(g.auth_url, "https://accounts.google.com/o/oauth2/v2/auth");
        assert_eq!(g.client_id, "real-id");
        assert_eq!(
            g.token_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/token"
        );
    }
}
