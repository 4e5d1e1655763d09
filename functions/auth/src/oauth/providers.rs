//! The social sign-in providers' endpoints and client credentials, from the
//! configuration (`app::OAuthConfig`: the sandbox locally, Google and
//! Facebook with the clients of `OAUTH_SECRET_ARN` in AWS).

use std::sync::Arc;

use app::{Config, OAuthClient};
use domain::ports::IdentityProvider;
use identity::{OAuth, Provider};

/// The identity provider the sign-in routes use, shared by every request.
pub type Providers = Arc<dyn IdentityProvider>;

/// The providers of the configuration, shared.
pub fn from_config(config: &Config) -> Providers {
    Arc::new(oauth(config))
}

/// The providers of the configuration (`app::Config::oauth`).
fn oauth(config: &Config) -> OAuth {
    let provider = |client: &OAuthClient| Provider {
        auth_url: client.auth_url.clone(),
        token_url: client.token_url.clone(),
        userinfo_url: client.userinfo_url.clone(),
        client_id: client.client_id.clone(),
        client_secret: client.client_secret.clone(),
    };
    let oauth = &config.oauth;
    OAuth::new(
        provider(&oauth.google),
        provider(&oauth.facebook),
        oauth.facebook_logout_url.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::accounts::SocialProvider;

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
        let p = oauth(&config(|_| None));
        assert_eq!(
            p.provider(SocialProvider::Google).auth_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/authorize"
        );
        assert_eq!(
            p.provider(SocialProvider::Facebook).userinfo_url,
            "http://127.0.0.1:3000/sandbox/oauth/facebook/me"
        );
        assert_eq!(
            p.logout_url(SocialProvider::Facebook, "http://127.0.0.1:3000", "t k"),
            Some("http://127.0.0.1:3000/sandbox/oauth/facebook/logout?next=http%3A%2F%2F127.0.0.1%3A3000%2F&access_token=t%20k".into())
        );
    }

    #[test]
    fn environment_overrides_each_endpoint() {
        let p = oauth(&config(|name| match name {
            "GOOGLE_AUTH_URL" => Some("https://accounts.google.com/o/oauth2/v2/auth".into()),
            "GOOGLE_CLIENT_ID" => Some("real-id".into()),
            _ => None,
        }));
        let g = p.provider(SocialProvider::Google);
        assert_eq!(g.auth_url, "https://accounts.google.com/o/oauth2/v2/auth");
        assert_eq!(g.client_id, "real-id");
        assert_eq!(
            g.token_url,
            "http://127.0.0.1:3000/sandbox/oauth/google/token"
        );
    }
}
