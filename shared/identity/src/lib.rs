//! The [`IdentityProvider`] of Google and Facebook: their OAuth 2.0
//! authorization-code flow with PKCE, over HTTPS. The endpoints and client
//! credentials are plain data (`app::OAuthConfig` says which: the sign-in
//! sandbox locally, Google and Facebook themselves in AWS).

mod client;

use std::time::Duration;

use async_trait::async_trait;

use domain::accounts::SocialProvider;
use domain::ports::{Authorization, IdentityError, IdentityProvider, VerifiedIdentity};

/// One provider's endpoints and the shop's client credentials for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provider {
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    pub client_id: String,
    pub client_secret: String,
}

impl Provider {
    fn is_configured(&self) -> bool {
        !self.client_id.is_empty() && !self.client_secret.is_empty()
    }
}

/// What the shop asks each provider to share.
fn scope(kind: SocialProvider) -> &'static str {
    match kind {
        SocialProvider::Google => "openid email profile",
        SocialProvider::Facebook => "email public_profile",
    }
}

/// Both providers and the HTTP client that calls them, built once per process.
pub struct OAuth {
    google: Provider,
    facebook: Provider,
    /// Facebook's logout page.
    facebook_logout_url: String,
    http: reqwest::Client,
}

impl OAuth {
    pub fn new(google: Provider, facebook: Provider, facebook_logout_url: String) -> Self {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            // The token and userinfo endpoints answer; they never redirect.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("HTTP client with rustls builds");
        Self {
            google,
            facebook,
            facebook_logout_url,
            http,
        }
    }

    pub fn provider(&self, kind: SocialProvider) -> &Provider {
        match kind {
            SocialProvider::Google => &self.google,
            SocialProvider::Facebook => &self.facebook,
        }
    }
}

#[async_trait]
impl IdentityProvider for OAuth {
    fn is_configured(&self, kind: SocialProvider) -> bool {
        self.provider(kind).is_configured()
    }

    fn authorization_url(&self, kind: SocialProvider, flow: Authorization<'_>) -> String {
        let provider = self.provider(kind);
        let query = [
            ("response_type", "code"),
            ("client_id", provider.client_id.as_str()),
            ("redirect_uri", flow.redirect_uri),
            ("scope", scope(kind)),
            ("state", flow.state),
            ("code_challenge", flow.code_challenge),
            ("code_challenge_method", "S256"),
        ]
        .iter()
        .map(|(k, v)| format!("{k}={}", urlencoding::encode(v)))
        .collect::<Vec<_>>()
        .join("&");
        let separator = if provider.auth_url.contains('?') {
            '&'
        } else {
            '?'
        };
        format!("{}{separator}{query}", provider.auth_url)
    }

    async fn exchange(
        &self,
        kind: SocialProvider,
        code: &str,
        redirect_uri: &str,
        verifier: &str,
    ) -> Result<VerifiedIdentity, IdentityError> {
        let provider = self.provider(kind);
        client::exchange(&self.http, kind, provider, code, redirect_uri, verifier).await
    }

    fn logout_url(&self, kind: SocialProvider, site_url: &str, token: &str) -> Option<String> {
        kind.logs_out_too().then(|| {
            let next = format!("{site_url}/");
            format!(
                "{}?next={}&access_token={}",
                self.facebook_logout_url,
                urlencoding::encode(&next),
                urlencoding::encode(token)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider(auth_url: &str) -> Provider {
        Provider {
            auth_url: auth_url.into(),
            token_url: String::new(),
            userinfo_url: String::new(),
            client_id: "id".into(),
            client_secret: "secret".into(),
        }
    }

    #[test]
    fn the_authorization_url_carries_the_flow() {
        let oauth = OAuth::new(
            provider("https://g.example/auth"),
            provider("https://f.example/dialog?v=1"),
            "https://f.example/logout".into(),
        );
        let flow = Authorization {
            redirect_uri: "https://shop.example/cb",
            state: "st",
            code_challenge: "ch",
        };
        assert_eq!(
            oauth.authorization_url(SocialProvider::Google, flow),
            "https://g.example/auth?response_type=code&client_id=id&redirect_uri=https%3A%2F%2Fshop.example%2Fcb&scope=openid%20email%20profile&state=st&code_challenge=ch&code_challenge_method=S256"
        );
        assert!(oauth
            .authorization_url(SocialProvider::Facebook, flow)
            .starts_with("https://f.example/dialog?v=1&response_type=code&"));
        assert_eq!(
            oauth.logout_url(SocialProvider::Facebook, "https://shop.example", "t k"),
            Some(
                "https://f.example/logout?next=https%3A%2F%2Fshop.example%2F&access_token=t%20k"
                    .into()
            )
        );
        assert_eq!(
            oauth.logout_url(SocialProvider::Google, "https://shop.example", "t"),
            None
        );
    }
}
