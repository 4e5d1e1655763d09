//! Sessions that really end: every function refuses the access cookie of a
//! session that was logged out, revoked by a reset, or is past its absolute
//! lifetime, at once rather than when the token expires.

use crate::helpers::{
    self, bare_client, cookie_value, sign_up_and_sign_in, Client, TestShop, PASSWORD,
};
use domain::accounts::{Session, ABSOLUTE_SESSION_SECONDS};
use domain::ports::Condition;
use domain::timestamp::Timestamp;
use serde_json::json;

/// A client of `shop` holding only the access cookie `access` (an attacker
/// who copied it).
fn thief(shop: &TestShop, access: &str) -> Client {
    bare_client(shop, &format!("access={access}"))
}

/// Every kind of signed-in call, answered 401 with a dead session.
async fn all_refused(c: &Client, user_id: &str) {
    for (what, status) in [
        ("bag", c.get("/api/cart").await.status),
        ("addresses", c.get("/api/addresses").await.status),
        ("orders", c.get("/api/orders/me").await.status),
        (
            "profile edit",
            c.patch(&format!("/api/users/edit/profile/{user_id}"), json!({ "firstname": "Mallory" }))
                .await
                .status,
        ),
        (
            "password change",
            c.post(
                "/api/auth/change-password",
                json!({ "currentPassword": PASSWORD, "newPassword": "Stolen1!x", "confirmPassword": "Stolen1!x" }),
            )
            .await
            .status,
        ),
    ] {
        assert_eq!(status, 401, "{what}");
    }
}

/// Signs ada up and in; answers the client, her id and her access cookie.
async fn ada(shop: &TestShop) -> (Client, String, String) {
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "ada@example.com").await;
    let login = c.sign_in("ada@example.com", PASSWORD).await;
    let access = cookie_value(&login, "access").unwrap();
    (c, id, access)
}

/// The shopper's stored session items, read straight from the table.
pub(crate) async fn sessions_of(shop: &TestShop, user_id: &str) -> Vec<Session> {
    shop.app
        .table
        .read_all(
            domain::ports::Query::partition(format!("USER#{user_id}")).begins_with("SESSION#"),
        )
        .await
        .unwrap()
}

#[tokio::test]
async fn after_logout_a_copied_access_cookie_opens_nothing() {
    let shop = helpers::spawn_shop().await;
    let (c, id, access) = ada(&shop).await;
    assert_eq!(
        thief(&shop, &access).get("/api/cart").await.status,
        200,
        "live until logout"
    );
    assert_eq!(c.post("/api/auth/logout", json!({})).await.status, 200);
    all_refused(&thief(&shop, &access), &id).await;
}

#[tokio::test]
async fn after_a_reset_every_old_access_cookie_opens_nothing() {
    let shop = helpers::spawn_shop().await;
    let (_c, id, access) = ada(&shop).await;
    let visitor = shop.client();
    let forgot = visitor
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "ada@example.com" }),
        )
        .await;
    assert_eq!(forgot.status, 200);
    let mail = shop
        .outbox()
        .into_iter()
        .rev()
        .find(|m| m.contains("reset-password?token="))
        .unwrap();
    let at = mail.find("reset-password?token=").unwrap() + "reset-password?token=".len();
    let token: String = mail[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let reset = visitor
        .post(
            "/api/auth/reset-password",
            json!({ "token": token, "newPassword": "Renewed1&", "confirmPassword": "Renewed1&" }),
        )
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    all_refused(&thief(&shop, &access), &id).await;
}

#[tokio::test]
async fn a_session_ends_thirty_days_after_its_sign_in_however_often_it_is_refreshed() {
    let shop = helpers::spawn_shop().await;
    let (c, id, access) = ada(&shop).await;
    // Backdate the sessions' sign-in past the absolute lifetime (their
    // refresh-extended expiry stays in the future).
    let sessions = sessions_of(&shop, &id).await;
    assert!(!sessions.is_empty());
    for session in sessions {
        let old =
            Timestamp::from_unix(Timestamp::now().unix() - ABSOLUTE_SESSION_SECONDS - 60).unwrap();
        let backdated = Session {
            created_at: old,
            ..session
        };
        let _ = shop
            .app
            .table
            .write(&backdated, Condition::None)
            .await
            .unwrap();
    }
    assert_eq!(
        thief(&shop, &access).get("/api/cart").await.status,
        401,
        "the access cookie"
    );
    let refresh = c.post("/api/auth/refresh", json!({})).await;
    assert_eq!(refresh.status, 401, "and no refresh extends it");
}

/// The tokens of every reset link mailed so far, oldest first.
fn reset_tokens(shop: &TestShop) -> Vec<String> {
    shop.outbox()
        .iter()
        .filter_map(|mail| {
            let at = mail.find("reset-password?token=")? + "reset-password?token=".len();
            Some(
                mail[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_reset_voids_every_other_link_sent_before_it() {
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let (_c, _id, _access) = ada(&shop).await;
    let visitor = shop.client();
    for _ in 0..2 {
        let body = json!({ "email": "ada@example.com" });
        assert_eq!(
            visitor.post("/api/auth/forgot-password", body).await.status,
            200
        );
    }
    let tokens = reset_tokens(&shop);
    assert_eq!(tokens.len(), 2);
    // Links are stamped to the second: the reset happens a second later.
    clock.advance(std::time::Duration::from_millis(1100));
    let reset = |token: &str| json!({ "token": token, "newPassword": "Renewed1&", "confirmPassword": "Renewed1&" });
    let used = visitor
        .post("/api/auth/reset-password", reset(&tokens[1]))
        .await;
    assert_eq!(used.status, 200, "{:?}", used.body);
    let older = visitor
        .post("/api/auth/reset-password", reset(&tokens[0]))
        .await;
    assert_eq!(older.status, 400, "the other link died with the reset");
    assert_eq!(
        older.body["errors"]["token"],
        domain::accounts::forms::RESET_LINK_INVALID
    );
    let credentials = domain::accounts::Accounts::of(&*shop.app.table)
        .credentials("ada@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(
        credentials.email_verified,
        "the link was read at the address"
    );
}

#[tokio::test]
async fn forgot_password_answers_as_late_for_an_unknown_address_as_for_a_known_one() {
    let shop = helpers::spawn_shop().await;
    ada(&shop).await;
    let visitor = shop.client();
    let median = |email: &'static str| {
        let visitor = &visitor;
        async move {
            let mut times = Vec::new();
            for _ in 0..3 {
                let started = std::time::Instant::now();
                let answer = visitor
                    .post("/api/auth/forgot-password", json!({ "email": email }))
                    .await;
                assert_eq!(answer.status, 200);
                times.push(started.elapsed().as_millis() as i64);
            }
            times.sort();
            times[1]
        }
    };
    let known = median("ada@example.com").await;
    let unknown = median("nobody@example.com").await;
    assert!(known >= 500 && unknown >= 500, "{known} ms, {unknown} ms");
    assert!(
        (known - unknown).abs() < 100,
        "{known} ms against {unknown} ms"
    );
}

#[tokio::test]
async fn a_shopper_holds_at_most_ten_sessions_and_the_oldest_ends_first() {
    let shop = helpers::spawn_shop().await;
    let (_c, id, first_access) = ada(&shop).await;
    for _ in 0..domain::accounts::MAX_SESSIONS {
        let device = shop.client();
        assert_eq!(
            device.sign_in("ada@example.com", PASSWORD).await.status,
            200
        );
    }
    let sessions = sessions_of(&shop, &id).await;
    assert_eq!(sessions.len(), domain::accounts::MAX_SESSIONS);
    assert_eq!(
        thief(&shop, &first_access).get("/api/cart").await.status,
        401,
        "the oldest sessions ended"
    );
}

/// A session evicted by an eleventh sign-in leaves its slot to the newer
/// one: its cookies neither sign in nor log the newcomer out.
#[tokio::test]
async fn an_evicted_session_cannot_end_the_one_in_its_slot() {
    let shop = helpers::spawn_shop().await;
    let (evicted, _id, _access) = ada(&shop).await;
    let mut newest = None;
    for _ in 0..domain::accounts::MAX_SESSIONS {
        let device = shop.client();
        assert_eq!(
            device.sign_in("ada@example.com", PASSWORD).await.status,
            200
        );
        newest = Some(device);
    }
    let newest = newest.unwrap();
    assert_eq!(evicted.get("/api/cart").await.status, 401, "evicted");
    assert_eq!(
        evicted.post("/api/auth/refresh", json!({})).await.status,
        401
    );
    assert_eq!(
        evicted.post("/api/auth/logout", json!({})).await.status,
        200
    );
    assert_eq!(
        newest.get("/api/cart").await.status,
        200,
        "the newcomer in the evicted slot lives on"
    );
}
