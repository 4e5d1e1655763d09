//! Accounts and sessions over HTTP (issue 3): sign-up rules, sign-in and its
//! cookies, refresh rotation and reuse detection, logout, password reset by
//! email, change of password, Google and Facebook sign-in through the
//! sandbox's pages, abuse limits, and bad input.

use std::time::Instant;

use crate::helpers::{
    self, bare_client, cookie_value, get_url, location, registration, set_cookie,
    sign_up_and_sign_in, Client, TestShop, PASSWORD,
};
use domain::accounts::PasswordReset;
use domain::ports::Condition;
use domain::records::Record;
use domain::timestamp::Timestamp;
use serde_json::{json, Value};

// ---------------------------------------------------------------- sign-up

#[tokio::test]
async fn an_empty_sign_up_gets_every_rule_message() {
    let shop = helpers::spawn_shop().await;
    let answer = shop.client().post("/api/auth/register", json!({})).await;
    assert_eq!(answer.status, 400);
    let errors = &answer.body["errors"];
    assert_eq!(errors["email"], "Email is required");
    assert_eq!(errors["title"], "Title is required");
    assert_eq!(errors["firstname"], "First name is required");
    assert_eq!(errors["lastname"], "Last name is required");
    assert_eq!(
        errors["agreeToUpdates"],
        "You must agree to receive updates before creating an account."
    );
    assert!(errors["password"].is_string());
    assert!(errors["birthday"].is_string());
}

#[tokio::test]
async fn each_sign_up_rule_has_its_message() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let cases: Vec<(&str, Value, &str)> = vec![
        ("email", json!("ada@"), "Invalid email format"),
        (
            "email",
            json!("ada lovelace@example.com"),
            "Invalid email format",
        ),
        (
            "email",
            json!(format!("{}@example.com", "a".repeat(300))),
            "Invalid email format",
        ),
        ("title", json!("Dr"), "Please choose a title: Ms or Mr."),
        ("firstname", json!("  "), "First name is required"),
        (
            "password",
            json!("short1!"),
            "Please enter at least 8 characters.",
        ),
        (
            "password",
            json!("longenough!"),
            "Please enter at least one number.",
        ),
        (
            "password",
            json!("longenough1"),
            "Please enter one special character (!+,-./:;<=\"?@).",
        ),
        (
            "birthday",
            json!("2023-02-29"),
            "Please enter a valid date of birth (YYYY-MM-DD).",
        ),
        (
            "birthday",
            json!("1899-12-31"),
            "Date of birth must be between 1900 and today.",
        ),
        (
            "birthday",
            json!("2999-01-01"),
            "Date of birth must be between 1900 and today.",
        ),
        (
            "agreeToUpdates",
            json!(false),
            "You must agree to receive updates before creating an account.",
        ),
    ];
    for (field, value, message) in cases {
        let mut body = registration("rules@example.com");
        body[field] = value;
        if field == "password" {
            body["confirmPassword"] = body["password"].clone();
        }
        let answer = c.post("/api/auth/register", body).await;
        assert_eq!(answer.status, 400, "{field}");
        assert_eq!(
            answer.body["errors"][field], message,
            "{field}: {:?}",
            answer.body
        );
        assert_eq!(answer.body["message"], message);
    }
    let mut body = registration("rules@example.com");
    body["confirmPassword"] = json!("different1!");
    let answer = c.post("/api/auth/register", body).await;
    assert_eq!(
        answer.body["errors"]["confirmPassword"],
        "Password and confirm password do not match."
    );
    // Leap day of a leap year, accents in names: fine.
    let mut body = registration("leap@example.com");
    body["birthday"] = json!("2000-02-29");
    body["lastname"] = json!("Nguyễn");
    assert_eq!(c.post("/api/auth/register", body).await.status, 201);
    assert_eq!(
        c.sign_in("rules@example.com", PASSWORD).await.status,
        401,
        "nothing stored"
    );
}

#[tokio::test]
async fn sign_up_welcomes_and_an_address_has_one_account_in_any_case() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let created = c
        .post("/api/auth/register", registration("Ada@Example.com"))
        .await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    assert_eq!(
        created.body["message"],
        "Account created successfully. Please Login."
    );
    assert!(
        set_cookie(&created, "access").is_none(),
        "sign-up does not sign in"
    );
    let outbox = shop.outbox();
    assert_eq!(outbox.len(), 1);
    assert!(
        outbox[0].contains("Ada@Example.com") && outbox[0].contains("Welcome"),
        "{}",
        outbox[0]
    );
    let again = c
        .post("/api/auth/register", registration("ada@EXAMPLE.com"))
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(
        again.body["errors"]["email"],
        "An account with this email already exists."
    );
}

// ---------------------------------------------------------------- sign-in

/// A shop where ada@example.com has signed up (not signed in), and a
/// client of it.
async fn shop_with_ada() -> (TestShop, Client) {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    c.post("/api/auth/register", registration("ada@example.com"))
        .await;
    (shop, c)
}

#[tokio::test]
async fn sign_in_sets_session_cookies_and_me_answers_the_profile() {
    let (shop, c) = shop_with_ada().await;
    let login = c.sign_in("ADA@example.com ", PASSWORD).await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let access = set_cookie(&login, "access").unwrap();
    assert!(
        access.contains("Path=/;")
            && access.contains("HttpOnly")
            && access.contains("SameSite=Strict"),
        "{access}"
    );
    let refresh = set_cookie(&login, "refresh").unwrap();
    assert!(
        refresh.contains("Path=/api/auth;") && refresh.contains("HttpOnly"),
        "{refresh}"
    );
    let hint = set_cookie(&login, "signed_in").unwrap();
    for cookie in [&access, &refresh, &hint] {
        assert!(
            !cookie.contains("Max-Age") && !cookie.contains("Expires"),
            "without remember-me every session cookie ends with the browser: {cookie}"
        );
    }
    assert!(
        !login
            .body
            .to_string()
            .contains(&cookie_value(&login, "access").unwrap()),
        "no token in the body"
    );

    let me = c.get("/api/auth/me").await;
    assert_eq!(me.status, 200);
    for (field, value) in [
        ("email", "ada@example.com"),
        ("name", "Ada Lovelace"),
        ("firstname", "Ada"),
        ("lastname", "Lovelace"),
        ("title", "Ms"),
        ("birthday", "1990-12-10"),
    ] {
        assert_eq!(me.body[field], value, "{field}");
    }
    assert!(me.body["id"].is_string());

    let remembered = shop
        .client()
        .post(
            "/api/auth/login",
            json!({ "email": "ada@example.com", "password": PASSWORD, "isRememberMe": true }),
        )
        .await;
    let refresh = set_cookie(&remembered, "refresh").unwrap();
    assert!(
        refresh.contains("Max-Age=2592000"),
        "remember-me keeps it 30 days: {refresh}"
    );
    let access = set_cookie(&remembered, "access").unwrap();
    assert!(
        access.contains("Max-Age=900"),
        "and the access token for its 15 minutes: {access}"
    );
    assert_eq!(shop.client().get("/api/auth/me").await.status, 401);
}

#[tokio::test]
async fn wrong_credentials_get_one_message_naming_the_password() {
    let (_shop, c) = shop_with_ada().await;
    let wrong_password = c.sign_in("ada@example.com", "couture2!").await;
    let unknown_email = c.sign_in("nobody@example.com", PASSWORD).await;
    let junk_email = c.sign_in("' OR 1=1 --", PASSWORD).await;
    for answer in [&wrong_password, &unknown_email, &junk_email] {
        assert_eq!(answer.status, 401);
        assert_eq!(answer.body["message"], "Incorrect email or password.");
        assert_eq!(
            answer.body["errors"]["password"],
            "Incorrect email or password."
        );
        assert!(set_cookie(answer, "access").is_none());
    }
    let blank = c.sign_in(" ", "").await;
    assert_eq!(blank.status, 400);
    assert_eq!(blank.body["errors"]["email"], "Please enter your email.");
    assert_eq!(
        blank.body["errors"]["password"],
        "Please enter your password."
    );
}

#[tokio::test]
async fn unknown_emails_take_as_long_as_wrong_passwords() {
    let (_shop, c) = shop_with_ada().await;
    let timed = |email: &'static str| {
        let c = &c;
        async move {
            let started = Instant::now();
            let answer = c.sign_in(email, "couture2!").await;
            assert_eq!(answer.status, 401);
            started.elapsed()
        }
    };
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    for _ in 0..4 {
        known.push(timed("ada@example.com").await);
        unknown.push(timed("nobody@example.com").await);
    }
    known.sort();
    unknown.sort();
    let (k, u) = (known[1].as_secs_f64(), unknown[1].as_secs_f64());
    assert!(
        u > k * 0.5 && u < k * 2.0,
        "known {k:.3}s vs unknown {u:.3}s"
    );
}

/// Twenty sign-ins from twenty addresses all succeed (under the per-email
/// limit). Their latency is a figure of `make bench` (shop-bench), not a test.
#[tokio::test]
async fn twenty_sign_ins_from_different_addresses_all_succeed() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    // Two accounts, ten sign-ins each: under the per-email limit.
    for email in ["ada0@example.com", "ada1@example.com"] {
        c.post("/api/auth/register", registration(email)).await;
    }
    for i in 0..20u8 {
        let shopper = helpers::client_at(&shop, [127, 0, 1, i + 1], &[]);
        let answer = shopper
            .sign_in(&format!("ada{}@example.com", i % 2), PASSWORD)
            .await;
        assert_eq!(answer.status, 200);
    }
}

#[tokio::test]
async fn correct_sign_ins_never_count_against_anyone() {
    let (_shop, c) = shop_with_ada().await;
    for n in 0..25 {
        let answer = c.sign_in("ada@example.com", PASSWORD).await;
        assert_eq!(answer.status, 200, "sign-in {n}");
    }
}

// ---------------------------------------------------------------- sessions

#[tokio::test]
async fn refresh_rotates_and_a_replayed_token_revokes_the_family() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let login = c.sign_in("ada@example.com", PASSWORD).await;
    let r1 = cookie_value(&login, "refresh").unwrap();

    let first = c.post("/api/auth/refresh", json!({})).await;
    assert_eq!(first.status, 200);
    let r2 = cookie_value(&first, "refresh").unwrap();
    assert_ne!(r1, r2, "rotated");
    assert!(set_cookie(&first, "access").is_some());

    // A second tab presenting the token just replaced: a new access token, no new refresh cookie.
    let tab = bare_client(&shop, &format!("refresh={r1}"))
        .post("/api/auth/refresh", json!({}))
        .await;
    assert_eq!(tab.status, 200, "{:?}", tab.body);
    assert!(set_cookie(&tab, "access").is_some());
    assert!(set_cookie(&tab, "refresh").is_none());

    let second = c.post("/api/auth/refresh", json!({})).await;
    assert_eq!(second.status, 200);
    // r1 is now two rotations old: presenting it is theft, and the family dies.
    let thief = bare_client(&shop, &format!("refresh={r1}"))
        .post("/api/auth/refresh", json!({}))
        .await;
    assert_eq!(thief.status, 401);
    assert_eq!(
        thief.body["message"],
        "Your session has expired. Please log in again."
    );
    let owner = c.post("/api/auth/refresh", json!({})).await;
    assert_eq!(
        owner.status, 401,
        "the current token of a revoked family is refused too"
    );
    assert_eq!(
        c.get("/api/auth/me").await.status,
        401,
        "me checks the session is live"
    );
    let cleared = set_cookie(&owner, "refresh").unwrap();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let hint = set_cookie(&owner, "signed_in").unwrap();
    assert!(
        hint.contains("Max-Age=0"),
        "the signed-in hint goes too: {hint}"
    );
}

#[tokio::test]
async fn logout_ends_the_session_and_clears_the_cookies() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let login = c
        .post(
            "/api/auth/login",
            json!({ "email": "ada@example.com", "password": PASSWORD, "isRememberMe": true }),
        )
        .await;
    let refresh = cookie_value(&login, "refresh").unwrap();
    let access = cookie_value(&login, "access").unwrap();
    // The readable hint that a session may exist lives as long as the refresh cookie.
    let hint = set_cookie(&login, "signed_in").unwrap();
    assert!(!hint.contains("HttpOnly"), "{hint}");
    assert!(hint.contains("Max-Age=2592000"), "{hint}");
    let out = c.post("/api/auth/logout", json!({})).await;
    assert_eq!(out.status, 200);
    assert_eq!(out.body["redirect"], Value::Null);
    assert!(set_cookie(&out, "access").unwrap().contains("Max-Age=0"));
    assert!(set_cookie(&out, "refresh").unwrap().contains("Max-Age=0"));
    assert!(set_cookie(&out, "signed_in").unwrap().contains("Max-Age=0"));
    assert_eq!(c.get("/api/auth/me").await.status, 401);
    let replay = bare_client(&shop, &format!("refresh={refresh}"))
        .post("/api/auth/refresh", json!({}))
        .await;
    assert_eq!(replay.status, 401, "a refresh cookie used after logout");
    let stale = bare_client(&shop, &format!("access={access}"))
        .get("/api/auth/me")
        .await;
    assert_eq!(stale.status, 401, "the access token of an ended session");
    assert_eq!(
        c.post("/api/auth/logout", json!({})).await.status,
        200,
        "logging out twice is harmless"
    );
}

#[tokio::test]
async fn logout_needs_the_refresh_secret_not_just_the_ids() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let login = c.sign_in("ada@example.com", PASSWORD).await;
    let refresh = cookie_value(&login, "refresh").unwrap();
    let (ids, _secret) = refresh.rsplit_once('.').unwrap();
    let forged = format!("refresh={ids}.guessed-secret");
    let out = bare_client(&shop, &forged)
        .post("/api/auth/logout", json!({}))
        .await;
    assert_eq!(out.status, 200, "logout always answers");
    assert_eq!(
        c.get("/api/auth/me").await.status,
        200,
        "but the session lives on"
    );
}

#[tokio::test]
async fn forged_expired_and_garbage_tokens_are_401() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "ada@example.com").await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let claims = shop_http::session::AccessClaims {
        sub: id.clone(),
        email: "ada@example.com".into(),
        sid: "x".into(),
        iat: now - 100,
        exp: now - 10,
    };
    let expired = shop_http::session::issue_access(&shop.app.config, &claims);
    let mut forger = (*shop.app.config).clone();
    forger.session_key = vec![1; 32];
    let forged = shop_http::session::issue_access(
        &forger,
        &shop_http::session::AccessClaims {
            exp: now + 600,
            ..claims
        },
    );
    for cookie in [
        format!("access={expired}"),
        format!("access={forged}"),
        "access=not.a.jwt".to_string(),
        "access=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.".to_string(),
        "refresh=a.b".to_string(),
        format!("refresh={id}.0123.{}", "A".repeat(43)),
    ] {
        let b = bare_client(&shop, &cookie);
        assert_eq!(b.get("/api/auth/me").await.status, 401, "{cookie}");
        assert_eq!(
            b.post("/api/auth/refresh", json!({})).await.status,
            401,
            "{cookie}"
        );
    }
}

// ---------------------------------------------------------------- passwords

pub(crate) fn reset_token(email_text: &str) -> String {
    let at = email_text
        .find("/reset-password?token=")
        .expect("a reset link");
    email_text[at + "/reset-password?token=".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

#[tokio::test]
async fn forgot_then_reset_by_email_then_sign_in_with_the_new_password() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let before = shop.outbox().len();

    let unknown = c
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "nobody@example.com" }),
        )
        .await;
    let known = c
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "ADA@example.com" }),
        )
        .await;
    assert_eq!((unknown.status, known.status), (200, 200));
    assert_eq!(
        unknown.body, known.body,
        "the same answer whether or not the account exists"
    );
    assert_eq!(known.body["message"], "Password reset email has been sent.");
    let outbox = shop.outbox();
    assert_eq!(
        outbox.len(),
        before + 1,
        "only the real account gets an email"
    );
    let email = outbox
        .iter()
        .find(|e| e.contains("reset-password"))
        .unwrap();
    assert!(
        email.contains(&format!("{}/reset-password?token=", shop.url)),
        "{email}"
    );
    let token = reset_token(email);

    let weak = c
        .post(
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "weakpass" }),
        )
        .await;
    assert_eq!(weak.status, 400);
    assert_eq!(
        weak.body["errors"]["newPassword"],
        "Password does not meet complexity requirements"
    );
    let blank = c
        .post("/api/auth/reset-password", json!({ "token": token }))
        .await;
    assert_eq!(
        blank.body["errors"]["newPassword"],
        "New password is required"
    );
    let mismatch = c
        .post(
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "atelier2&", "confirmPassword": "atelier3&" }),
        )
        .await;
    assert_eq!(
        mismatch.body["errors"]["confirmPassword"],
        "Passwords do not match"
    );

    let done = c
        .post(
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "atelier2&", "confirmPassword": "atelier2&" }),
        )
        .await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!(
        done.body["message"],
        "Your password has been reset successfully."
    );
    assert_eq!(
        c.get("/api/auth/me").await.status,
        401,
        "a reset signs out every session"
    );

    let again = c
        .post(
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "atelier3&" }),
        )
        .await;
    assert_eq!(again.status, 400, "a token works once");
    assert!(again.body["message"]
        .as_str()
        .unwrap()
        .contains("invalid or has expired"));

    let old = c.sign_in("ada@example.com", PASSWORD).await;
    assert_eq!(old.status, 401);
    let new = c.sign_in("ada@example.com", "atelier2&").await;
    assert_eq!(new.status, 200);
}

#[tokio::test]
async fn expired_and_made_up_reset_tokens_are_refused() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "ada@example.com").await;
    let token = "expired-token-expired-token-expired-token-x";
    let hash = auth::crypto::sha256_hex(token);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let stale = PasswordReset {
        token_hash: hash,
        user_id: id,
        email: "ada@example.com".into(),
        expires_at: Timestamp::from_unix(now - 1).unwrap(),
    };
    shop.app
        .table
        .put(stale.to_item().unwrap(), Condition::None)
        .await
        .unwrap();
    for token in [token, "made-up", "{\"$ne\":null}"] {
        let answer = c
            .post(
                "/api/auth/reset-password",
                json!({ "token": token, "newPassword": "atelier2&" }),
            )
            .await;
        assert_eq!(answer.status, 400, "{token}");
        assert!(answer.body["errors"]["token"]
            .as_str()
            .unwrap()
            .contains("invalid or has expired"));
    }
    assert_eq!(
        c.post("/api/auth/forgot-password", json!({})).await.body["errors"]["email"],
        "Email is required"
    );
    assert_eq!(c.sign_in("ada@example.com", PASSWORD).await.status, 200);
}

#[tokio::test]
async fn change_password_needs_the_current_one_and_the_rules() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    let anonymous = visitor
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": PASSWORD, "newPassword": "atelier2!" }),
        )
        .await;
    assert_eq!(anonymous.status, 401);

    let c = shop.client();
    sign_up_and_sign_in(&c, "ada@example.com").await;
    let other_device = shop.client();
    other_device.sign_in("ada@example.com", PASSWORD).await;

    let blank = c
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": "", "newPassword": "atelier2!" }),
        )
        .await;
    assert_eq!(blank.status, 400);
    assert_eq!(blank.body["message"], "Please fill in all password fields!");
    let weak = c
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": PASSWORD, "newPassword": "atelier2&" }),
        )
        .await;
    assert_eq!(
        weak.body["message"],
        "New password does not meet requirements!"
    );
    let differ = c.post("/api/auth/change-password", json!({ "currentPassword": PASSWORD, "newPassword": "atelier2!", "confirmPassword": "atelier3!" })).await;
    assert_eq!(
        differ.body["message"],
        "New password and confirm password do not match!"
    );
    let wrong = c
        .post(
            "/api/auth/change-password",
            json!({ "currentPassword": "couture9!", "newPassword": "atelier2!" }),
        )
        .await;
    assert_eq!(wrong.status, 400);
    assert_eq!(
        wrong.body["errors"]["currentPassword"],
        "Your current password is incorrect."
    );

    let ok = c.post("/api/auth/change-password", json!({ "currentPassword": PASSWORD, "newPassword": "atelier2!", "confirmPassword": "atelier2!" })).await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    assert_eq!(ok.body["message"], "Password changed successfully!");
    assert_eq!(
        c.get("/api/auth/me").await.status,
        200,
        "this session stays"
    );
    assert_eq!(
        other_device.get("/api/auth/me").await.status,
        401,
        "other sessions end"
    );
    assert_eq!(c.sign_in("ada@example.com", PASSWORD).await.status, 401);
    assert_eq!(c.sign_in("ada@example.com", "atelier2!").await.status, 200);
}

// ---------------------------------------------------------------- social sign-in

/// Follows a provider sign-in in the popup: start, the sandbox's page, the
/// chosen identity, the callback. Answers the callback's status and page.
pub(crate) async fn social_sign_in(
    shop: &helpers::TestShop,
    c: &helpers::Client,
    provider: &str,
    identity: &str,
) -> (u16, String) {
    let (status, headers, _) = get_url(c, &format!("{}/api/auth/{provider}", shop.url)).await;
    assert_eq!(status, 302);
    let authorize = location(&headers);
    assert!(
        authorize.starts_with(&format!("{}/sandbox/oauth/{provider}/authorize?", shop.url)),
        "{authorize}"
    );
    assert!(authorize.contains("code_challenge_method=S256") && authorize.contains("state="));
    let (status, _, page) = get_url(c, &authorize).await;
    assert_eq!(status, 200, "{page}");
    let marker = format!("href=\"approve?identity={identity}&amp;");
    let start = page
        .find(&marker)
        .unwrap_or_else(|| panic!("{identity} listed: {page}"))
        + "href=\"".len();
    let href = page[start..]
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&");
    let (status, headers, _) =
        get_url(c, &format!("{}/sandbox/oauth/{provider}/{href}", shop.url)).await;
    assert_eq!(status, 303, "the sandbox sends the browser back");
    let callback = location(&headers);
    assert!(
        callback.starts_with(&format!("{}/api/auth/{provider}/callback?code=", shop.url)),
        "{callback}"
    );
    let (status, headers, page) = get_url(c, &callback).await;
    if status == 200 {
        let csp = headers
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(csp.contains("script-src 'nonce-"), "{csp}");
    }
    (status, page)
}

#[tokio::test]
async fn google_sign_in_creates_then_finds_the_account() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let (status, page) = social_sign_in(&shop, &c, "google", "ada").await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"{"user":"Ada Lovelace"}"#), "{page}");
    assert!(
        page.contains(&format!("postMessage(m,\"{}\")", shop.url)),
        "only to the site's origin: {page}"
    );
    assert!(!page.contains("eyJ"), "no token handed to the page");
    let me = c.get("/api/auth/me").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.body["email"], "ada.lovelace@example.com");
    let first_id = me.body["id"].clone();

    let again = shop.client();
    let (status, _) = social_sign_in(&shop, &again, "google", "ada").await;
    assert_eq!(status, 200);
    assert_eq!(
        again.get("/api/auth/me").await.body["id"],
        first_id,
        "the same account"
    );
    let logout = again.post("/api/auth/logout", json!({})).await;
    assert_eq!(
        logout.body["redirect"],
        Value::Null,
        "no provider logout for Google"
    );
}

#[tokio::test]
async fn a_callback_without_its_state_is_refused() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let (status, _, page) = get_url(
        &c,
        &format!("{}/api/auth/google/callback?code=x&state=y", shop.url),
    )
    .await;
    assert_eq!(status, 400);
    assert!(page.contains("Sign-in could not be completed"));
    // A real flow's state, but the code of another one (or a forged code).
    get_url(&c, &format!("{}/api/auth/google", shop.url)).await;
    let (status, _, _) = get_url(
        &c,
        &format!("{}/api/auth/google/callback?code=forged&state=y", shop.url),
    )
    .await;
    assert_eq!(status, 400);
    // Cancel on the provider's page.
    let (_, headers, _) = get_url(&c, &format!("{}/api/auth/google", shop.url)).await;
    let authorize = location(&headers);
    let deny = authorize.replacen("/authorize?", "/deny?", 1);
    let (_, headers, _) = get_url(&c, &deny).await;
    let (status, _, page) = get_url(&c, &location(&headers)).await;
    assert_eq!(status, 200);
    assert!(page.contains("Sign-in was canceled."));
    assert_eq!(c.get("/api/auth/me").await.status, 401);
}

#[tokio::test]
async fn facebook_sign_in_and_logout_through_the_provider() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let (status, page) = social_sign_in(&shop, &c, "facebook", "frida").await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"{"user":"Frida Kahlo"}"#));
    let me = c.get("/api/auth/me").await;
    assert_eq!(me.body["email"], "frida.kahlo@example.com");
    let user = me.body["id"].as_str().unwrap();
    let sessions = crate::sessions::sessions_of(&shop, user).await;
    let stored = sessions[0]
        .provider_token
        .clone()
        .expect("the logout's token, kept");
    let out = c.post("/api/auth/logout", json!({})).await;
    assert_eq!(out.status, 200);
    let ours = out.body["redirect"].as_str().expect("a logout redirect");
    assert_eq!(
        ours, "/api/auth/facebook/logout",
        "same-origin: no provider token for page scripts"
    );
    assert!(!out.body.to_string().contains("access_token"));
    let (status, headers, _) = get_url(&c, &format!("{}{ours}", shop.url)).await;
    assert_eq!(status, 302);
    let redirect = location(&headers);
    assert!(
        redirect.starts_with(&format!("{}/sandbox/oauth/facebook/logout?next=", shop.url)),
        "{redirect}"
    );
    let token = redirect.split("&access_token=").nth(1).expect("the token");
    assert!(
        token.len() >= 8 && !stored.contains(token),
        "the session item keeps the provider's token sealed, never in clear"
    );
    let (status, headers, _) = get_url(&c, &format!("{}{ours}", shop.url)).await;
    assert_eq!(
        (status, location(&headers)),
        (302, format!("{}/", shop.url)),
        "the token was forgotten"
    );
    let (status, headers, _) = get_url(&c, &redirect).await;
    assert_eq!(status, 303);
    assert_eq!(
        location(&headers),
        format!("{}/", shop.url),
        "back to the shop"
    );
    assert_eq!(c.get("/api/auth/me").await.status, 401);

    let no_email = shop.client();
    let (status, page) = social_sign_in(&shop, &no_email, "facebook", "noah").await;
    assert_eq!(status, 400);
    assert!(
        page.contains("Facebook account has no verified email"),
        "{page}"
    );
}

// ---------------------------------------------------------------- abuse and bad input

#[tokio::test]
async fn failed_sign_ins_back_off_per_account_and_forgot_is_limited_per_address() {
    // The waits are read from the app's clock: the test moves it on.
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    shop.client()
        .post("/api/auth/register", registration("ada@example.com"))
        .await;
    // A browser that never signed in to ada's account: held like a stranger
    // (the creator's own browser is not: see `lockout`).
    let c = shop.client();
    let mut statuses = Vec::new();
    for i in 0..6u8 {
        let guesser = helpers::client_at(&shop, [127, 0, 2, i + 1], &[]);
        statuses.push(
            guesser
                .sign_in("ada@example.com", "guess1234!")
                .await
                .status,
        );
    }
    assert_eq!(
        statuses, [401; 6],
        "five free failures, the sixth starts a wait"
    );
    let waiting = c.sign_in("ada@example.com", PASSWORD).await;
    assert_eq!(
        (waiting.status, waiting.body["message"].as_str()),
        (429, Some("Too many attempts. Please try again later.")),
        "within the wait nothing is checked, from any address"
    );
    let other = c.sign_in("other@example.com", PASSWORD).await;
    assert_eq!(other.status, 401, "other accounts do not wait");
    clock.advance(std::time::Duration::from_millis(1100));
    let guess = c.sign_in("ada@example.com", "guess1234!").await;
    assert_eq!(
        guess.status, 401,
        "after the wait, an attempt is checked again"
    );
    let waiting = c.sign_in("ada@example.com", PASSWORD).await;
    assert_eq!(waiting.status, 429, "and the next wait is longer (2 s)");
    clock.advance(std::time::Duration::from_millis(2100));
    assert_eq!(
        c.sign_in("ada@example.com", PASSWORD).await.status,
        200,
        "the owner gets in, on a new browser too, once the wait is over"
    );
    assert_eq!(
        c.sign_in("ada@example.com", "guess1234!").await.status,
        401,
        "and the success ended the run: a new failure is free again"
    );
    assert_eq!(c.sign_in("ada@example.com", PASSWORD).await.status, 200);

    let mut last = 0;
    let one_address = helpers::client_at(&shop, [127, 0, 3, 7], &[]);
    for i in 0..21 {
        let body = json!({ "email": format!("someone{i}@example.com") });
        last = one_address
            .post("/api/auth/forgot-password", body)
            .await
            .status;
        if i < 20 {
            assert_eq!(last, 200, "attempt {i}");
        }
    }
    assert_eq!(
        last, 429,
        "the 21st forgot-password from one address in an hour"
    );
    let elsewhere = helpers::client_at(&shop, [127, 0, 3, 8], &[]);
    let body = json!({ "email": "someone@example.com" });
    assert_eq!(
        elsewhere
            .post("/api/auth/forgot-password", body)
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn bad_bodies_get_clean_4xx_answers() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let post = reqwest::Method::POST;
    let broken = c
        .raw(
            post.clone(),
            "/api/auth/login",
            "application/json",
            b"{\"email\": ".to_vec(),
        )
        .await;
    assert_eq!(broken.status, 400);
    assert_eq!(
        broken.body["message"],
        "The request body is not valid JSON."
    );
    let form = c
        .raw(
            post.clone(),
            "/api/auth/login",
            "application/x-www-form-urlencoded",
            b"email=a&password=b".to_vec(),
        )
        .await;
    assert_eq!(form.status, 415);
    let huge = format!("{{\"email\":\"{}\"}}", "a".repeat(1024 * 1024));
    let huge = c
        .raw(
            post.clone(),
            "/api/auth/register",
            "application/json",
            huge.into_bytes(),
        )
        .await;
    assert_eq!(huge.status, 413);
    let array = c
        .raw(
            post.clone(),
            "/api/auth/register",
            "application/json",
            b"[1,2]".to_vec(),
        )
        .await;
    assert_eq!(array.status, 400);
    for body in [
        json!({ "email": { "$gt": "" }, "password": PASSWORD }),
        json!({ "email": "ada@example.com", "password": ["x"] }),
        json!({ "email": "ada@example.com", "password": PASSWORD, "isRememberMe": "yes" }),
    ] {
        let answer = c.post("/api/auth/login", body.clone()).await;
        assert_eq!(answer.status, 400, "{body}");
        assert!(answer.body["message"].is_string());
    }
    let mut body = registration("ada@example.com");
    body["birthday"] = json!(19901210);
    assert_eq!(c.post("/api/auth/register", body).await.status, 400);
    let mut body = registration("ada@example.com");
    body["firstname"] = json!("{\"$where\": \"sleep(1000)\"}");
    body["lastname"] = json!("'; DROP TABLE users; --");
    assert_eq!(
        c.post("/api/auth/register", body).await.status,
        201,
        "odd names are just text"
    );
    let me = {
        c.sign_in("ada@example.com", PASSWORD).await;
        c.get("/api/auth/me").await
    };
    assert_eq!(me.body["lastname"], "'; DROP TABLE users; --");

    let no_origin = reqwest::Client::new()
        .post(format!("{}/api/auth/login", shop.url))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(no_origin.status().as_u16(), 403);
    let foreign = reqwest::Client::new()
        .post(format!("{}/api/auth/logout", shop.url))
        .header("origin", "https://evil.example")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status().as_u16(), 403);
}

/// Addresses such as `đặng.thu@exämple.com` are accepted, and one address
/// is one account however it is typed: letter case, composed or decomposed
/// accents, the domain in Unicode or in punycode.
#[tokio::test]
async fn an_internationalised_address_is_one_account_in_every_spelling() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let created = c
        .post("/api/auth/register", registration("Đặng.Thu@exämple.com"))
        .await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    assert_eq!(created.body["user"]["email"], "Đặng.Thu@exämple.com");
    let decomposed = "d\u{0336}a\u{0323}\u{0306}ng.thu@EXA\u{0308}MPLE.com";
    let again = c
        .post(
            "/api/auth/register",
            registration("đặng.thu@xn--exmple-cua.com"),
        )
        .await;
    assert_eq!(again.status, 409, "{:?}", again.body);
    for spelling in ["đặng.thu@exämple.com", "ĐẶNG.THU@xn--exmple-cua.com"] {
        let answer = shop.client().sign_in(spelling, PASSWORD).await;
        assert_eq!(answer.status, 200, "{spelling}: {:?}", answer.body);
    }
    let stranger = shop.client().sign_in(decomposed, PASSWORD).await;
    assert_eq!(
        stranger.status, 401,
        "a different letter (d with a stroke overlay) is another address"
    );
    let composed = "\u{0111}a\u{0323}\u{0306}ng.thu@exa\u{0308}mple.com";
    assert_eq!(
        shop.client().sign_in(composed, PASSWORD).await.status,
        200,
        "decomposed accents are the same address"
    );
}
