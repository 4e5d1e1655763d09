//! Email verification and what rests on it: the welcome email's link, social
//! sign-in linking only to verified accounts, the sign-up limits, and the
//! social buttons when the shop holds no client credentials.

use std::sync::Arc;

use crate::auth::social_sign_in;
use crate::helpers::{self, get_url, registration, sign_up_and_sign_in, PASSWORD};
use serde_json::json;

/// The token of the verification link in an email.
fn verification_token(email_text: &str) -> String {
    let marker = "/verify-email?token=";
    let at = email_text.find(marker).expect("a verification link");
    email_text[at + marker.len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

#[tokio::test]
async fn the_welcome_email_quotes_nothing_the_visitor_typed_but_links_to_verification() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let mut form = registration("ada@example.com");
    form["firstname"] = json!("Cheapwatches");
    form["lastname"] = json!("Bargainsnow");
    assert_eq!(c.post("/api/auth/register", form).await.status, 201);
    let outbox = shop.outbox();
    assert_eq!(outbox.len(), 1);
    let welcome = &outbox[0];
    assert!(welcome.contains("Welcome to Maison Lan Anh"), "{welcome}");
    assert!(
        !welcome.contains("Cheapwatches") && !welcome.contains("Bargainsnow"),
        "no visitor words in a mail to a typed address: {welcome}"
    );
    assert!(!verification_token(welcome).is_empty());
}

#[tokio::test]
async fn a_verification_link_verifies_once_it_is_followed_and_forgeries_are_refused() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let token = verification_token(&shop.outbox()[0]);

    let forged = format!("{}x", token);
    let refused = c
        .post("/api/auth/verify-email", json!({ "token": forged }))
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.body["errors"]["token"],
        "This verification link is invalid or has expired."
    );
    let empty = c.post("/api/auth/verify-email", json!({})).await;
    assert_eq!(empty.status, 400);

    let anonymous = shop.client();
    let verified = anonymous
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    assert_eq!(
        verified.body["message"],
        "Thank you, your email address is verified."
    );
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("ada@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(credentials.email_verified);
}

#[tokio::test]
async fn social_sign_in_links_only_an_account_whose_address_is_verified() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "Linh.Nguyen@example.com").await;

    // Whoever registered the address first never proved they read it.
    let popup = shop.client();
    let (status, page) = social_sign_in(&shop, &popup, "google", "linh").await;
    assert_eq!(status, 409, "{page}");
    assert!(page.contains("not verified yet"), "{page}");
    assert_eq!(popup.get("/api/auth/me").await.status, 401);

    let token = verification_token(&shop.outbox()[0]);
    let verified = c
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(verified.status, 200);
    let (status, page) = social_sign_in(&shop, &popup, "google", "linh").await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains(r#"{"user":"Ada Lovelace"}"#),
        "the existing profile's name: {page}"
    );
    assert_eq!(popup.get("/api/auth/me").await.body["id"], id.as_str());

    let unverified = shop.client();
    let (status, page) = social_sign_in(&shop, &unverified, "google", "ursula").await;
    assert_eq!(status, 400);
    assert!(page.contains("no verified email"), "{page}");
    assert_eq!(unverified.get("/api/auth/me").await.status, 401);
}

#[tokio::test]
async fn sign_ups_are_limited_per_client_address() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    for n in 0..10 {
        let form = registration(&format!("shopper{n}@example.com"));
        let created = c.post("/api/auth/register", form).await;
        assert_eq!(created.status, 201, "{n}: {:?}", created.body);
    }
    let refused = c
        .post("/api/auth/register", registration("one-more@example.com"))
        .await;
    assert_eq!(refused.status, 429);
    assert_eq!(
        refused.body["message"],
        "Too many attempts. Please try again later."
    );
    assert_eq!(shop.outbox().len(), 10, "no mail for a refused sign-up");
    let nobody = c.sign_in("one-more@example.com", PASSWORD).await;
    assert_eq!(nobody.status, 401, "nothing was created");
}

#[tokio::test]
async fn without_client_credentials_a_social_button_says_so_and_never_leaves_the_shop() {
    let shop = helpers::spawn_shop_with(|mut app| {
        let mut config = (*app.config).clone();
        config.oauth.google.client_id.clear();
        config.oauth.google.client_secret.clear();
        app.config = Arc::new(config);
        app
    })
    .await;
    let c = shop.client();
    let (status, headers, page) = get_url(&c, &format!("{}/api/auth/google", shop.url)).await;
    assert_eq!(status, 503, "{page}");
    assert!(headers.get("location").is_none(), "no redirect anywhere");
    assert!(
        page.contains("Sign-in with Google is not available at the moment."),
        "{page}"
    );
    let (status, _, _) = get_url(&c, &format!("{}/api/auth/facebook", shop.url)).await;
    assert_eq!(status, 302, "Facebook still has its credentials");
}
