//! Email verification and what rests on it: the welcome email's link, an
//! account pre-claimed with someone else's address taken over by its owner
//! (the link, or a provider that vouches for the address), the sign-up
//! limits, and the social buttons when the shop holds no client credentials.

use std::sync::Arc;

use crate::auth::social_sign_in;
use crate::helpers::{self, get_url, registration, sign_up_and_sign_in, PASSWORD};
use serde_json::json;

/// The token of the verification link in an email.
pub(crate) fn verification_token(email_text: &str) -> String {
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

    let preview = c
        .post("/api/auth/verify-email/preview", json!({ "token": token }))
        .await;
    assert_eq!(
        (
            preview.status,
            &preview.body["action"],
            &preview.body["email"]
        ),
        (200, &json!("confirm"), &json!("ada@example.com")),
        "the creator's browser confirms: {:?}",
        preview.body
    );
    let unchanged = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("ada@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(
        !unchanged.email_verified,
        "opening the link changed nothing"
    );
    let verified = c
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    assert_eq!(
        verified.body["message"],
        "Thank you, your email address is verified."
    );
    assert!(verified.body.get("user").is_none());
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
        (again.status, again.body.get("user")),
        (200, None),
        "verified once: following it again changes nothing"
    );
    assert_eq!(c.sign_in("ada@example.com", PASSWORD).await.status, 200);
}

/// An attacker signs up with the victim's address before the victim does,
/// keeps a session open and leaves things of theirs: a default address, a
/// bag, a wishlist, a name, a made-to-order request. When the victim proves
/// the address, the account becomes theirs alone, and none of it is there.
async fn pre_claimed_account(shop: &helpers::TestShop) -> (helpers::Client, String) {
    let attacker = helpers::client_at(shop, [127, 0, 9, 66], &[]);
    let id = sign_up_and_sign_in(&attacker, "Linh.Nguyen@example.com").await;
    let address = json!({ "title": "Home", "firstName": "Eve", "lastName": "Attacker",
        "country": "Vietnam", "state": "Ho Chi Minh", "city": "District 1",
        "street": "99 Attacker Drop St", "zipCode": "700000", "phone": "0901 234 567" });
    let saved = attacker.post("/api/addresses", address).await;
    assert_eq!(saved.status, 201, "{:?}", saved.body);
    let bag = json!({ "productId": "prod-ivory-atelier-01", "size": "M", "color": "Ivory", "quantity": 1 });
    let added = attacker.post("/api/cart/add", bag).await;
    assert!(added.status < 300, "{:?}", added.body);
    let wished = attacker
        .post(
            "/api/wishlist/add",
            json!({ "productId": "prod-ivory-atelier-02" }),
        )
        .await;
    assert!(wished.status < 300, "{:?}", wished.body);
    let named = attacker
        .patch(
            &format!("/api/users/edit/profile/{id}"),
            json!({ "firstname": "Evelyn", "lastname": "Squat", "title": "Mrs", "birthday": "1988-02-29" }),
        )
        .await;
    assert_eq!(named.status, 200, "{:?}", named.body);
    let request = attacker
        .post("/api/made-to-order", crate::requests::made_to_order())
        .await;
    assert!(request.status < 300, "{:?}", request.body);
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

/// The owner's account holds nothing the attacker left: a fresh id, no
/// addresses, an empty bag and wishlist, no request, not the attacker's name.
async fn owner_starts_clean(owner: &helpers::Client, attacker_id: &str) {
    let me = owner.get("/api/auth/me").await;
    assert_eq!(me.status, 200, "{:?}", me.body);
    assert_ne!(me.body["id"], attacker_id, "a fresh account");
    assert_ne!(me.body["firstname"], "Evelyn", "not the attacker's name");
    assert_eq!(me.body["title"], serde_json::Value::Null);
    let addresses = owner.get("/api/addresses").await;
    assert_eq!(addresses.status, 200);
    assert!(
        !addresses.body.to_string().contains("Attacker Drop"),
        "no address of the attacker's: {:?}",
        addresses.body
    );
    assert!(addresses.list().is_empty(), "{:?}", addresses.body);
    let bag = owner.get("/api/cart").await;
    assert!(
        !bag.body.to_string().contains("prod-ivory-atelier-01"),
        "an empty bag: {:?}",
        bag.body
    );
    let wishlist = owner.get("/api/wishlist").await;
    assert!(
        !wishlist.body.to_string().contains("prod-ivory-atelier-02"),
        "an empty wishlist: {:?}",
        wishlist.body
    );
    let requests = owner.get("/api/made-to-order").await;
    assert!(
        requests.list().is_empty(),
        "no request: {:?}",
        requests.body
    );
}

#[tokio::test]
async fn a_provider_vouching_for_the_address_takes_a_pre_claimed_account_over() {
    let shop = helpers::spawn_shop().await;
    let (attacker, id) = pre_claimed_account(&shop).await;

    let victim = shop.client();
    let (status, page) = social_sign_in(&shop, &victim, "google", "linh").await;
    assert_eq!(status, 200, "the owner is let in, not sent away: {page}");
    owner_starts_clean(&victim, &id).await;
    assert_eq!(victim.get("/api/auth/me").await.body["firstname"], "Linh");
    attacker_is_locked_out(&attacker).await;

    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("linh.nguyen@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(credentials.email_verified && credentials.password_hash.is_none());
    assert_eq!(
        credentials.claimed_via,
        Some(domain::accounts::AddressProof::Google),
        "the takeover is recorded"
    );
    assert!(credentials.claimed_at.is_some());
    let owner_id = victim.get("/api/auth/me").await.body["id"].clone();
    let (status, _) = social_sign_in(&shop, &shop.client(), "google", "linh").await;
    assert_eq!(status, 200, "the link holds for the next sign-in");
    let next = shop.client();
    social_sign_in(&shop, &next, "google", "linh").await;
    assert_eq!(next.get("/api/auth/me").await.body["id"], owner_id);
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

/// The welcome link opened by something that is not its owner's decision (a
/// mail scanner running the page, the creator's phone) changes nothing;
/// the owner claims the account only by choosing a password on its page,
/// and the link is spent then.
#[tokio::test]
async fn the_welcome_link_claims_only_when_its_owner_chooses_a_password() {
    let shop = helpers::spawn_shop().await;
    let (attacker, id) = pre_claimed_account(&shop).await;
    let token = verification_token(&shop.outbox()[0]);

    let scanner = shop.client();
    for _ in 0..3 {
        let preview = scanner
            .post("/api/auth/verify-email/preview", json!({ "token": token }))
            .await;
        assert_eq!(
            (preview.status, &preview.body["action"]),
            (200, &json!("claim")),
            "{:?}",
            preview.body
        );
    }
    assert_eq!(
        attacker.get("/api/auth/me").await.status,
        200,
        "opening the link took nothing from the session that made the account"
    );
    let no_password = scanner
        .post("/api/auth/verify-email", json!({ "token": token }))
        .await;
    assert_eq!(no_password.status, 400);
    assert_eq!(
        no_password.body["errors"]["newPassword"],
        "New password is required"
    );
    let weak = scanner
        .post(
            "/api/auth/verify-email",
            json!({ "token": token, "newPassword": "short", "confirmPassword": "short" }),
        )
        .await;
    assert_eq!(
        weak.body["errors"]["newPassword"],
        "Password does not meet complexity requirements"
    );
    let differ = scanner
        .post(
            "/api/auth/verify-email",
            json!({ "token": token, "newPassword": "victim-own1!", "confirmPassword": "victim-own2!" }),
        )
        .await;
    assert_eq!(
        differ.body["errors"]["confirmPassword"],
        "Passwords do not match"
    );
    assert_eq!(
        attacker.get("/api/auth/me").await.status,
        200,
        "still nothing taken"
    );

    let victim = shop.client();
    let claimed = victim
        .post(
            "/api/auth/verify-email",
            json!({ "token": token, "newPassword": "victim-own1!", "confirmPassword": "victim-own1!" }),
        )
        .await;
    assert_eq!(claimed.status, 200, "{:?}", claimed.body);
    assert_eq!(
        claimed.body["message"],
        domain::accounts::ACCOUNT_CLAIMED,
        "{:?}",
        claimed.body
    );
    owner_starts_clean(&victim, &id).await;
    attacker_is_locked_out(&attacker).await;
    assert_eq!(
        shop.client()
            .sign_in("linh.nguyen@example.com", "victim-own1!")
            .await
            .status,
        200,
        "the password the owner chose"
    );
    for again in [
        victim
            .post("/api/auth/verify-email/preview", json!({ "token": token }))
            .await,
        attacker
            .post(
                "/api/auth/verify-email",
                json!({ "token": token, "newPassword": "attacker2!A", "confirmPassword": "attacker2!A" }),
            )
            .await,
    ] {
        assert_eq!(
            (again.status, &again.body["errors"]["token"]),
            (400, &json!("This verification link is invalid or has expired.")),
            "the link worked once"
        );
    }
    // Google now links to the owner's verified account as usual.
    let (status, _) = social_sign_in(&shop, &shop.client(), "google", "linh").await;
    assert_eq!(status, 200);
    assert_eq!(victim.get("/api/auth/me").await.status, 200);
}

/// A verification link lives a day.
#[tokio::test]
async fn a_verification_link_expires_after_a_day() {
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let token = verification_token(&shop.outbox()[0]);
    clock.advance(std::time::Duration::from_secs(24 * 3600 + 1));
    let late = c
        .post("/api/auth/verify-email/preview", json!({ "token": token }))
        .await;
    assert_eq!(late.status, 400, "{:?}", late.body);
}

/// Facebook says nothing of whether it verified an address: its address
/// never links to an account, or claims one, by itself. The shopper signs
/// in with the password first; then Facebook is linked.
#[tokio::test]
async fn facebook_links_to_an_account_only_after_its_password() {
    let shop = helpers::spawn_shop().await;
    let owner = shop.client();
    let id = sign_up_and_sign_in(&owner, "frida.kahlo@example.com").await;
    owner.post("/api/auth/logout", json!({})).await;

    let (status, page) = social_sign_in(&shop, &owner, "facebook", "frida").await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("An account with this email already exists. Log in with your password to connect Facebook"),
        "{page}"
    );
    assert_eq!(owner.get("/api/auth/me").await.status, 401, "not signed in");
    let elsewhere = shop.client();
    let (_, page) = social_sign_in(&shop, &elsewhere, "facebook", "frida").await;
    assert!(page.contains("Log in with your password"), "{page}");
    assert_eq!(elsewhere.get("/api/auth/me").await.status, 401);

    let signed_in = owner.sign_in("frida.kahlo@example.com", PASSWORD).await;
    assert_eq!(signed_in.status, 200);
    owner.post("/api/auth/logout", json!({})).await;
    let next = shop.client();
    let (status, page) = social_sign_in(&shop, &next, "facebook", "frida").await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"{"user":"#), "signed in: {page}");
    assert_eq!(
        next.get("/api/auth/me").await.body["id"],
        id.as_str(),
        "linked to the account whose password was given"
    );
}

/// A squatter who signed up with Frida's address keeps it against a Facebook
/// sign-in: no claim on an address Facebook does not vouch for. Frida
/// claims it with the welcome link instead.
#[tokio::test]
async fn facebook_never_claims_an_unverified_account() {
    let shop = helpers::spawn_shop().await;
    let squatter = helpers::client_at(&shop, [127, 0, 9, 67], &[]);
    let id = sign_up_and_sign_in(&squatter, "frida.kahlo@example.com").await;
    let frida = shop.client();
    let (_, page) = social_sign_in(&shop, &frida, "facebook", "frida").await;
    assert!(page.contains("Log in with your password"), "{page}");
    assert_eq!(squatter.get("/api/auth/me").await.body["id"], id.as_str());
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("frida.kahlo@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(!credentials.email_verified && credentials.claimed_via.is_none());
}

/// A Facebook sign-in for an address with no account creates one, its
/// address not taken as verified: the welcome mail carries the link.
#[tokio::test]
async fn a_facebook_account_gets_the_verification_link() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let (status, page) = social_sign_in(&shop, &c, "facebook", "frida").await;
    assert_eq!(status, 200, "{page}");
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("frida.kahlo@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(!credentials.email_verified);
    let token = verification_token(&shop.outbox()[0]);
    let preview = c
        .post("/api/auth/verify-email/preview", json!({ "token": token }))
        .await;
    assert_eq!(preview.body["action"], "confirm", "{:?}", preview.body);
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
