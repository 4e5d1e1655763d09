//! Sessions that really end: every function refuses the access cookie of a
//! session that was logged out, revoked by a reset, or is past its absolute
//! lifetime, at once rather than when the token expires.

use crate::helpers::{
    self, bare_client, cookie_value, sign_up_and_sign_in, Client, TestShop, PASSWORD,
};
use domain::accounts::records::{Session, ABSOLUTE_SESSION_SECONDS};
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
    let sessions: Vec<Session> = shop
        .app
        .table
        .read_all(domain::ports::Query::partition(format!("USER#{id}")).begins_with("SESSION#"))
        .await
        .unwrap();
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
