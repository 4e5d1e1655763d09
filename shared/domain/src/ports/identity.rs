//! Signing in with Google or Facebook: an OAuth 2.0 authorization-code flow
//! with state and PKCE (S256). The shop keeps the flow (its state and
//! verifier) and decides what an identity leads to; the provider sends the
//! shopper to its sign-in page and vouches for who came back. Production
//! adapters speak HTTPS to Google and Facebook; locally they speak to the
//! sign-in sandbox.

use async_trait::async_trait;

use crate::accounts::SocialProvider;

/// What the authorization redirect carries of the shop's flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Authorization<'a> {
    /// Where the provider sends the shopper back with the code.
    pub redirect_uri: &'a str,
    /// The flow's unguessable state, echoed back on the callback.
    pub state: &'a str,
    /// The PKCE S256 challenge of the flow's verifier.
    pub code_challenge: &'a str,
}

/// Who the provider says signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedIdentity {
    pub provider: SocialProvider,
    /// The provider's stable id of the person.
    pub subject: String,
    pub email: Option<String>,
    /// Whether the provider vouches for the address (never Facebook:
    /// [`SocialProvider::vouches_for_addresses`]).
    pub email_verified: bool,
    pub first_name: String,
    pub last_name: String,
    /// The provider's access token (Facebook's logout needs it).
    pub access_token: String,
}

/// Why a code could not be exchanged for an identity.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    /// No answer, or no readable one, came back.
    #[error("provider request failed: {0}")]
    Unavailable(String),
    /// The provider answered, and said no (a used code, a wrong verifier).
    #[error("provider refused: {0}")]
    Refused(String),
}

#[async_trait]
pub trait IdentityProvider: Send + Sync {
    /// Whether the shop holds this provider's client credentials (one that
    /// does not is never sent a shopper).
    fn is_configured(&self, provider: SocialProvider) -> bool;

    /// The provider's sign-in page for this flow.
    fn authorization_url(&self, provider: SocialProvider, flow: Authorization<'_>) -> String;

    /// Exchanges the callback's code (with the flow's PKCE verifier) for the
    /// identity that signed in, server to server.
    async fn exchange(
        &self,
        provider: SocialProvider,
        code: &str,
        redirect_uri: &str,
        verifier: &str,
    ) -> Result<VerifiedIdentity, IdentityError>;

    /// The provider's own logout page, returning to `site_url`, for a
    /// provider whose session ends with the shop's
    /// ([`SocialProvider::logs_out_too`]); `None` for the others.
    fn logout_url(
        &self,
        provider: SocialProvider,
        site_url: &str,
        access_token: &str,
    ) -> Option<String>;
}
