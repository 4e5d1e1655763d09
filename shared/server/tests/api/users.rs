//! The profile editor over HTTP: own id only, the spec's messages.

use crate::helpers::{self, sign_up_and_sign_in};
use serde_json::json;

fn edit() -> serde_json::Value {
    json!({ "firstname": "Linh", "lastname": "Nguyễn", "title": "Mrs", "birthday": "1988-02-29" })
}

#[tokio::test]
async fn a_shopper_edits_their_own_profile() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "ada@example.com").await;
    let answer = c
        .patch(&format!("/api/users/edit/profile/{id}"), edit())
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    assert_eq!(answer.body["message"], "Update profile successfully!");
    let me = c.get("/api/auth/me").await;
    assert_eq!(me.body["name"], "Linh Nguyễn");
    assert_eq!(me.body["title"], "Mrs");
    assert_eq!(me.body["birthday"], "1988-02-29");
    assert_eq!(
        me.body["email"], "ada@example.com",
        "the email is not editable here"
    );
}

#[tokio::test]
async fn a_shopper_registered_as_ms_keeps_her_title() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "hoa@example.com").await;
    assert_eq!(c.get("/api/auth/me").await.body["title"], "Ms");
    let mut body = edit();
    body["title"] = json!("Ms");
    let saved = c
        .patch(&format!("/api/users/edit/profile/{id}"), body)
        .await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(c.get("/api/auth/me").await.body["title"], "Ms");
}

#[tokio::test]
async fn profile_rules_have_their_messages() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let id = sign_up_and_sign_in(&c, "ada@example.com").await;
    let path = format!("/api/users/edit/profile/{id}");
    let empty = c.patch(&path, json!({})).await;
    assert_eq!(empty.status, 400);
    assert_eq!(empty.body["errors"]["firstname"], "First Name is required");
    assert_eq!(empty.body["errors"]["lastname"], "Last Name is required");
    let mut body = edit();
    body["title"] = json!("Dr");
    assert_eq!(
        c.patch(&path, body).await.body["errors"]["title"],
        "Please choose a title: Mrs or Mr."
    );
    for (birthday, message) in [
        (
            "1987-02-29",
            "Please enter a valid date of birth (YYYY-MM-DD).",
        ),
        (
            "1990-04-31",
            "Please enter a valid date of birth (YYYY-MM-DD).",
        ),
        (
            "1899-06-01",
            "Date of birth must be between 1900 and today.",
        ),
        (
            "2999-06-01",
            "Date of birth must be between 1900 and today.",
        ),
    ] {
        let mut body = edit();
        body["birthday"] = json!(birthday);
        assert_eq!(
            c.patch(&path, body).await.body["errors"]["birthday"],
            message,
            "{birthday}"
        );
    }
    let mut body = edit();
    body["firstname"] = json!(42);
    assert_eq!(c.patch(&path, body).await.status, 400, "wrong type");
    assert_eq!(
        c.get("/api/auth/me").await.body["firstname"],
        "Ada",
        "nothing stored"
    );
}

#[tokio::test]
async fn someone_elses_profile_is_forbidden_and_visitors_are_refused() {
    let shop = helpers::spawn_shop().await;
    let ada = shop.client();
    let ada_id = sign_up_and_sign_in(&ada, "ada@example.com").await;
    let eve = shop.client();
    sign_up_and_sign_in(&eve, "eve@example.com").await;
    let answer = eve
        .patch(&format!("/api/users/edit/profile/{ada_id}"), edit())
        .await;
    assert_eq!(answer.status, 403);
    assert_eq!(ada.get("/api/auth/me").await.body["firstname"], "Ada");
    let visitor = shop
        .client()
        .patch(&format!("/api/users/edit/profile/{ada_id}"), edit())
        .await;
    assert_eq!(visitor.status, 401);
}
