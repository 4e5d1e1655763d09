//! The social sign-in providers, as the accounts know them: one closed set,
//! stored and sent by its lowercase name (`google`, `facebook`).

use serde::{Deserialize, Serialize};

use super::credentials::AddressProof;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SocialProvider {
    Google,
    Facebook,
}

impl SocialProvider {
    /// Its name in routes, cookies and keys.
    pub fn name(self) -> &'static str {
        match self {
            SocialProvider::Google => "google",
            SocialProvider::Facebook => "facebook",
        }
    }

    /// Its name as a shopper reads it.
    pub fn label(self) -> &'static str {
        match self {
            SocialProvider::Google => "Google",
            SocialProvider::Facebook => "Facebook",
        }
    }

    /// How the provider proves an address when its owner takes an account over.
    pub fn claim(self) -> AddressProof {
        match self {
            SocialProvider::Google => AddressProof::Google,
            SocialProvider::Facebook => AddressProof::Facebook,
        }
    }

    /// Whether the provider says it verified an address (Google's
    /// `email_verified`). Facebook says nothing of the kind, so its address
    /// never links to, or takes over, an account by itself.
    pub fn vouches_for_addresses(self) -> bool {
        self == SocialProvider::Google
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "google" => Some(SocialProvider::Google),
            "facebook" => Some(SocialProvider::Facebook),
            _ => None,
        }
    }

    /// Whether ending a session also means ending the provider's (Facebook's
    /// logout page needs the access token the session kept).
    pub fn logs_out_too(self) -> bool {
        self == SocialProvider::Facebook
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_what_is_stored() {
        for p in [SocialProvider::Google, SocialProvider::Facebook] {
            assert_eq!(SocialProvider::from_name(p.name()), Some(p));
            assert_eq!(serde_json::to_value(p).unwrap(), p.name());
        }
        assert_eq!(SocialProvider::from_name("Google"), None);
    }
}
