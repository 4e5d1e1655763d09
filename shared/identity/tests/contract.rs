//! Contract tests: the OAuth adapter against the sign-in sandbox, started
//! in-process on a free loopback port (one sandbox per test). Each runs the
//! whole code flow as a browser would: the authorization URL, the test
//! identity's approval, the code back on the redirect URI, the exchange.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

use domain::accounts::SocialProvider;
use domain::ports::{Authorization, IdentityError, IdentityProvider};
use identity::{OAuth, Provider};

const REDIRECT_URI: &str = "http://shop.test/api/auth/callback";
const VERIFIER: &str = "a-verifier-of-forty-three-characters-or-more-0123";

/// The sign-in sandbox on a free port, and the adapter pointed at it.
async fn sandbox() -> OAuth {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .expect("loopback port");
    let base = format!("http://{}/sandbox/oauth", listener.local_addr().unwrap());
    let app = axum::Router::new().nest("/sandbox", signin_sandbox::router());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let provider = |name: &str, userinfo: &str| Provider {
        auth_url: format!("{base}/{name}/authorize"),
        token_url: format!("{base}/{name}/token"),
        userinfo_url: format!("{base}/{name}/{userinfo}"),
        client_id: format!("sandbox-{name}-client"),
        client_secret: "sandbox-secret".into(),
    };
    OAuth::new(
        provider("google", "userinfo"),
        provider("facebook", "me"),
        format!("{base}/facebook/logout"),
    )
}

/// Signs in on the sandbox's page as the test identity `who`: the code the
/// provider sends back to the redirect URI, with the state it echoed.
async fn approve(oauth: &OAuth, kind: SocialProvider, who: &str) -> (String, String) {
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(VERIFIER.as_bytes()));
    let flow = Authorization {
        redirect_uri: REDIRECT_URI,
        state: "the-state",
        code_challenge: &challenge,
    };
    let page = oauth.authorization_url(kind, flow);
    let page_answer = reqwest::get(&page).await.expect("sign-in page");
    assert!(page_answer.status().is_success(), "{page}");
    let approve = page.replacen("/authorize?", &format!("/approve?identity={who}&"), 1);
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let answer = browser.get(&approve).send().await.expect("approval");
    let location = answer.headers()["location"].to_str().unwrap().to_string();
    let query = location
        .strip_prefix(&format!("{REDIRECT_URI}?"))
        .unwrap_or_else(|| panic!("back to the redirect URI: {location}"));
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
            .map(|v| urlencoding::decode(v).unwrap().into_owned())
            .unwrap_or_else(|| panic!("{name} in {location}"))
    };
    (param("code"), param("state"))
}

#[tokio::test]
async fn a_google_code_becomes_a_verified_identity_once() {
    let oauth = sandbox().await;
    let (code, state) = approve(&oauth, SocialProvider::Google, "ada").await;
    assert_eq!(state, "the-state");
    let who = oauth
        .exchange(SocialProvider::Google, &code, REDIRECT_URI, VERIFIER)
        .await
        .expect("identity");
    assert_eq!(who.provider, SocialProvider::Google);
    assert_eq!(who.subject, "108000000000000000001");
    assert_eq!(who.email.as_deref(), Some("ada.lovelace@example.com"));
    assert!(who.email_verified);
    assert_eq!(
        (who.first_name.as_str(), who.last_name.as_str()),
        ("Ada", "Lovelace")
    );
    assert!(!who.access_token.is_empty());
    let again = oauth
        .exchange(SocialProvider::Google, &code, REDIRECT_URI, VERIFIER)
        .await;
    assert!(matches!(again, Err(IdentityError::Refused(_))), "{again:?}");
}

#[tokio::test]
async fn google_says_when_it_did_not_verify_the_address() {
    let oauth = sandbox().await;
    let (code, _) = approve(&oauth, SocialProvider::Google, "ursula").await;
    let who = oauth
        .exchange(SocialProvider::Google, &code, REDIRECT_URI, VERIFIER)
        .await
        .expect("identity");
    assert_eq!(who.email.as_deref(), Some("ursula@example.com"));
    assert!(!who.email_verified);
}

#[tokio::test]
async fn facebook_identities_vouch_for_no_address() {
    let oauth = sandbox().await;
    let (code, _) = approve(&oauth, SocialProvider::Facebook, "frida").await;
    let who = oauth
        .exchange(SocialProvider::Facebook, &code, REDIRECT_URI, VERIFIER)
        .await
        .expect("identity");
    assert_eq!(who.subject, "10220000000000001");
    assert_eq!(who.email.as_deref(), Some("frida.kahlo@example.com"));
    assert!(!who.email_verified, "Facebook vouches for no address");
    assert_eq!(
        (who.first_name.as_str(), who.last_name.as_str()),
        ("Frida", "Kahlo")
    );
    let (code, _) = approve(&oauth, SocialProvider::Facebook, "noah").await;
    let who = oauth
        .exchange(SocialProvider::Facebook, &code, REDIRECT_URI, VERIFIER)
        .await
        .expect("identity");
    assert_eq!(who.email, None);
}

#[tokio::test]
async fn a_code_needs_its_verifier_and_redirect_uri() {
    let oauth = sandbox().await;
    let (code, _) = approve(&oauth, SocialProvider::Google, "linh").await;
    let wrong = oauth
        .exchange(
            SocialProvider::Google,
            &code,
            REDIRECT_URI,
            "another-verifier",
        )
        .await;
    assert!(matches!(wrong, Err(IdentityError::Refused(_))), "{wrong:?}");
    let (code, _) = approve(&oauth, SocialProvider::Google, "linh").await;
    let elsewhere = oauth
        .exchange(
            SocialProvider::Google,
            &code,
            "http://elsewhere.test/cb",
            VERIFIER,
        )
        .await;
    assert!(
        matches!(elsewhere, Err(IdentityError::Refused(_))),
        "{elsewhere:?}"
    );
}

#[tokio::test]
async fn an_unreachable_provider_is_unavailable() {
    let down = Provider {
        auth_url: "http://127.0.0.1:9/authorize".into(),
        token_url: "http://127.0.0.1:9/token".into(),
        userinfo_url: "http://127.0.0.1:9/userinfo".into(),
        client_id: "id".into(),
        client_secret: "secret".into(),
    };
    let oauth = OAuth::new(down.clone(), down, String::new());
    let answer = oauth
        .exchange(SocialProvider::Google, "code", REDIRECT_URI, VERIFIER)
        .await;
    assert!(
        matches!(answer, Err(IdentityError::Unavailable(_))),
        "{answer:?}"
    );
}
