//! The server-side half of the code flow: code for token, token for identity.

use serde::Deserialize;

use super::Provider;
use domain::accounts::SocialProvider;
use domain::ports::{IdentityError, VerifiedIdentity};

fn unavailable(error: reqwest::Error) -> IdentityError {
    IdentityError::Unavailable(error.to_string())
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
}

/// Google's OpenID userinfo and Facebook's Graph `/me` in one shape.
#[derive(Deserialize)]
struct UserInfo {
    #[serde(alias = "id")]
    sub: String,
    email: Option<String>,
    email_verified: Option<bool>,
    #[serde(alias = "first_name")]
    given_name: Option<String>,
    #[serde(alias = "last_name")]
    family_name: Option<String>,
    name: Option<String>,
}

pub async fn exchange(
    http: &reqwest::Client,
    kind: SocialProvider,
    provider: &Provider,
    code: &str,
    redirect_uri: &str,
    verifier: &str,
) -> Result<VerifiedIdentity, IdentityError> {
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect_uri),
        ("client_id", provider.client_id.as_str()),
        ("client_secret", provider.client_secret.as_str()),
        ("code_verifier", verifier),
    ];
    let response = http
        .post(&provider.token_url)
        .form(&form)
        .send()
        .await
        .map_err(unavailable)?;
    if !response.status().is_success() {
        return Err(IdentityError::Refused(format!(
            "token endpoint answered {}",
            response.status()
        )));
    }
    let token: TokenAnswer = response.json().await.map_err(unavailable)?;
    let mut request = http
        .get(&provider.userinfo_url)
        .bearer_auth(&token.access_token);
    if kind == SocialProvider::Facebook {
        request = request.query(&[("fields", "id,name,email,first_name,last_name")]);
    }
    let response = request.send().await.map_err(unavailable)?;
    if !response.status().is_success() {
        return Err(IdentityError::Refused(format!(
            "userinfo endpoint answered {}",
            response.status()
        )));
    }
    let info: UserInfo = response.json().await.map_err(unavailable)?;
    Ok(identity(kind, info, token.access_token))
}

fn identity(kind: SocialProvider, info: UserInfo, access_token: String) -> VerifiedIdentity {
    let (first, last) = match (info.given_name, info.family_name) {
        (Some(first), last) => (first, last.unwrap_or_default()),
        (None, _) => {
            let name = info.name.unwrap_or_default();
            let (first, last) = name.trim().split_once(' ').unwrap_or((name.trim(), ""));
            (first.to_string(), last.to_string())
        }
    };
    // Facebook says nothing of whether it verified the address: it is not
    // taken as proof ([`SocialProvider::vouches_for_addresses`]).
    let email_verified = kind.vouches_for_addresses() && info.email_verified.unwrap_or(false);
    VerifiedIdentity {
        provider: kind,
        subject: info.sub,
        email: info.email,
        email_verified,
        first_name: first.trim().to_string(),
        last_name: last.trim().to_string(),
        access_token,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_google_and_facebook_shapes() {
        let google: UserInfo = serde_json::from_str(
            r#"{"sub":"1","email":"a@b.co","email_verified":true,"given_name":"Ada","family_name":"Lovelace"}"#,
        )
        .unwrap();
        let id = identity(SocialProvider::Google, google, "t".into());
        assert_eq!(
            (
                id.first_name.as_str(),
                id.last_name.as_str(),
                id.email_verified
            ),
            ("Ada", "Lovelace", true)
        );
        let facebook: UserInfo =
            serde_json::from_str(r#"{"id":"9","name":"Frida Kahlo","email":"f@k.mx"}"#).unwrap();
        let id = identity(SocialProvider::Facebook, facebook, "t".into());
        assert_eq!(
            (
                id.subject.as_str(),
                id.first_name.as_str(),
                id.last_name.as_str()
            ),
            ("9", "Frida", "Kahlo")
        );
        assert!(!id.email_verified, "Facebook vouches for no address");
        let unverified: UserInfo =
            serde_json::from_str(r#"{"sub":"2","email":"u@b.co","email_verified":false}"#).unwrap();
        assert!(!identity(SocialProvider::Google, unverified, "t".into()).email_verified);
    }
}
