//! Email verification and what rests on it: the welcome email's link, an
//! account pre-claimed with someone else's address taken over by its owner
//! (the link, or a provider that vouches for the address), the sign-up
//! limits, and the social buttons when the shop holds no client credentials.

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
async fn a_verification_link_followed_by_its_creator_verifies_and_forgeries_are_refused() {
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

    let verified = c
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    assert_eq!(
        verified.body["message"],
        "Thank you, your email address is verified."
    );
    assert!(verified.body.get("resetToken").is_none());
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("ada@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(credentials.email_verified);
    assert_eq!(c.get("/api/auth/me").await.status, 200, "still signed in");
    let again = shop
        .client()
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(
        (again.status, again.body.get("resetToken")),
        (200, None),
        "verified once: following it again changes nothing"
    );
    assert_eq!(c.sign_in("ada@example.com", PASSWORD).await.status, 200);
}

/// An attacker signs up with the victim's address before the victim does,
/// keeps a session open and enters an address of their own. When the victim
/// proves the address, the account becomes theirs alone.
async fn pre_claimed_account(shop: &helpers::TestShop) -> (helpers::Client, String) {
    let attacker = helpers::client_at(shop, [127, 0, 9, 66], &[]);
    let id = sign_up_and_sign_in(&attacker, "Linh.Nguyen@example.com").await;
    let address = json!({ "title": "Home", "firstName": "Eve", "lastName": "Attacker",
        "country": "Vietnam", "state": "Ho Chi Minh", "city": "District 1",
        "street": "1 Trap Street", "zipCode": "700000", "phone": "0901 234 567" });
    let saved = attacker.post("/api/addresses", address).await;
    assert_eq!(saved.status, 201, "{:?}", saved.body);
    assert_eq!(attacker.get("/api/auth/me").await.status, 200);
    (attacker, id)
}

/// What the attacker is left with once the victim has taken the account:
/// no session (refresh included), no password, none of the victim's data.
async fn attacker_is_locked_out(attacker: &helpers::Client) {
    assert_eq!(attacker.get("/api/auth/me").await.status, 401);
    let refresh = attacker.post("/api/auth/refresh", json!({})).await;
    assert_eq!(refresh.status, 401, "the session family is gone");
    assert_eq!(attacker.get("/api/addresses").await.status, 401);
    let again = attacker.sign_in("linh.nguyen@example.com", PASSWORD).await;
    assert_eq!(again.status, 401, "the unproven password no longer works");
}

#[tokio::test]
async fn a_provider_vouching_for_the_address_takes_a_pre_claimed_account_over() {
    let shop = helpers::spawn_shop().await;
    let (attacker, id) = pre_claimed_account(&shop).await;

    let victim = shop.client();
    let (status, page) = social_sign_in(&shop, &victim, "google", "linh").await;
    assert_eq!(status, 200, "the owner is let in, not sent away: {page}");
    assert_eq!(victim.get("/api/auth/me").await.body["id"], id.as_str());
    attacker_is_locked_out(&attacker).await;

    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("linh.nguyen@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(credentials.email_verified && credentials.password_hash.is_none());
    assert_eq!(
        credentials.claimed_via,
        Some(domain::accounts::records::Claim::Google),
        "the takeover is recorded"
    );
    assert!(credentials.claimed_at.is_some());
    // The victim's own session is untouched by the attacker's attempts.
    assert_eq!(victim.get("/api/addresses").await.status, 200);
    let (status, _) = social_sign_in(&shop, &shop.client(), "google", "linh").await;
    assert_eq!(status, 200, "the link holds for the next sign-in");
}

/// The shopper who created the account and signs in with Google from the
/// same browser is its owner already: verified and linked, nothing taken.
#[tokio::test]
async fn google_on_the_browser_that_created_the_account_links_it_and_keeps_the_password() {
    let shop = helpers::spawn_shop().await;
    let creator = shop.client();
    let id = sign_up_and_sign_in(&creator, "linh.nguyen@example.com").await;
    let (status, page) = social_sign_in(&shop, &creator, "google", "linh").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(creator.get("/api/auth/me").await.body["id"], id.as_str());
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("linh.nguyen@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(credentials.email_verified && credentials.claimed_via.is_none());
    assert_eq!(
        shop.client()
            .sign_in("linh.nguyen@example.com", PASSWORD)
            .await
            .status,
        200,
        "the password still works"
    );
}

#[tokio::test]
async fn the_welcome_link_followed_by_the_addresss_owner_takes_a_pre_claimed_account_over() {
    let shop = helpers::spawn_shop().await;
    let (attacker, _) = pre_claimed_account(&shop).await;
    let token = verification_token(&shop.outbox()[0]);

    let victim = shop.client();
    let claimed = victim
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(claimed.status, 200, "{:?}", claimed.body);
    assert!(
        claimed.body["message"]
            .as_str()
            .unwrap()
            .contains("choose a password"),
        "{:?}",
        claimed.body
    );
    attacker_is_locked_out(&attacker).await;

    let reset_token = claimed.body["resetToken"].as_str().unwrap();
    let reset = victim
        .post(
            "/api/auth/reset-password",
            json!({ "token": reset_token, "newPassword": "victim-own1!" }),
        )
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    let signed_in = victim
        .sign_in("linh.nguyen@example.com", "victim-own1!")
        .await;
    assert_eq!(signed_in.status, 200);
    let replay = attacker
        .post(
            "/api/auth/reset-password",
            json!({ "token": reset_token, "newPassword": "attacker2!" }),
        )
        .await;
    assert_eq!(replay.status, 400, "the link worked once");
    // Google now links to the owner's verified account as usual.
    let (status, _) = social_sign_in(&shop, &shop.client(), "google", "linh").await;
    assert_eq!(status, 200);
    assert_eq!(victim.get("/api/auth/me").await.status, 200);
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
