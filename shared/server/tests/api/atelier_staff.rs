//! The atelier console's staff API: who reaches it (no visitor, no
//! shopper, on any console route; staff not on owners' routes), console
//! sessions (idle end, cap, sign-out, removal), invitations (single use,
//! expiry), the passkey ceremonies' refusals, the roster's rules and the
//! audit log. The ceremonies themselves are the browser journeys' (a
//! virtual authenticator in Chromium).

use std::time::Duration;

use domain::atelier::{
    Invitations, Role, StoredPasskey, INVITATION_INVALID, LAST_OWNER, OWNER_ONLY, SIGN_IN_REQUIRED,
};
use reqwest::header::ORIGIN;
use serde_json::{json, Value};

use crate::helpers::*;

/// Every console route of the contract (B's and C's included once merged),
/// its `{id}` filled in, with its method.
fn console_routes(owner_only: bool) -> Vec<(reqwest::Method, String)> {
    let routes: Vec<_> = contract::operations()
        .into_iter()
        .filter(|op| op.function == "atelier" && op.console && (op.owner || !owner_only))
        .map(|op| {
            let method = reqwest::Method::from_bytes(op.method.as_str().as_bytes()).unwrap();
            let path = op
                .path
                .split('/')
                .map(|s| {
                    if s.starts_with('{') {
                        "01J00000000000000000000000"
                    } else {
                        s
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            (method, path)
        })
        .collect();
    assert!(!routes.is_empty(), "the contract lists console routes");
    routes
}

async fn call(client: &Client, method: &reqwest::Method, path: &str) -> Answer {
    match *method {
        reqwest::Method::GET => client.get(path).await,
        reqwest::Method::DELETE => client.delete(path).await,
        reqwest::Method::PATCH => client.patch(path, json!({})).await,
        _ => client.post(path, json!({})).await,
    }
}

#[tokio::test]
async fn atelier_every_console_route_refuses_a_visitor_and_a_shoppers_session() {
    let shop = spawn_shop().await;
    let visitor = shop.client();
    let shopper = shop.client();
    sign_up_and_sign_in(&shopper, "shopper@example.com").await;
    for (method, path) in console_routes(false) {
        for (who, client) in [("visitor", &visitor), ("shopper", &shopper)] {
            let answer = call(client, &method, &path).await;
            assert_eq!(
                answer.status, 401,
                "{who}: {method} {path}: {:?}",
                answer.body
            );
            assert_eq!(answer.body["message"], SIGN_IN_REQUIRED, "{method} {path}");
        }
    }
}

#[tokio::test]
async fn atelier_every_owners_route_refuses_staff() {
    let shop = spawn_shop().await;
    let (staff, _) = console_client(&shop, Role::Staff).await;
    for (method, path) in console_routes(true) {
        let answer = call(&staff, &method, &path).await;
        assert_eq!(answer.status, 403, "{method} {path}: {:?}", answer.body);
        assert_eq!(answer.body["message"], OWNER_ONLY, "{method} {path}");
    }
}

#[tokio::test]
async fn atelier_me_answers_the_console_clients_staff_member() {
    let shop = spawn_shop().await;
    for role in [Role::Owner, Role::Staff] {
        let (console, member) = console_client(&shop, role).await;
        let me = console.get("/api/atelier/me").await;
        assert_eq!(me.status, 200, "{:?}", me.body);
        assert_eq!(me.body["id"], member.id.as_str());
        assert_eq!(me.body["email"], member.email.as_str());
        assert_eq!(me.body["role"], role.as_str());
    }
}

#[tokio::test]
async fn atelier_state_changing_calls_from_another_origin_are_refused() {
    let shop = spawn_shop().await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let invite = json!({ "email": "new@example.com", "name": "New", "role": "staff" });
    for (path, body) in [
        ("/api/atelier/sign-out", json!({})),
        ("/api/atelier/staff/invitations", invite),
        ("/api/atelier/sign-in/begin", json!({})),
    ] {
        let response = owner
            .http
            .post(format!("{}{path}", owner.base))
            .header(ORIGIN, "https://elsewhere.example")
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 403, "{path}");
    }
    assert_eq!(
        owner.get("/api/atelier/me").await.status,
        200,
        "still signed in"
    );
}

#[tokio::test]
async fn atelier_a_session_ends_idle_after_thirty_minutes() {
    let (shop, clock) = spawn_shop_with_clock().await;
    let (console, _) = console_client(&shop, Role::Staff).await;
    clock.advance(Duration::from_secs(29 * 60));
    assert_eq!(console.get("/api/atelier/me").await.status, 200);
    // That request extended it: another 29 minutes are fine.
    clock.advance(Duration::from_secs(29 * 60));
    assert_eq!(console.get("/api/atelier/me").await.status, 200);
    clock.advance(Duration::from_secs(30 * 60));
    assert_eq!(console.get("/api/atelier/me").await.status, 401);
}

#[tokio::test]
async fn atelier_a_busy_session_ends_twelve_hours_after_sign_in() {
    let (shop, clock) = spawn_shop_with_clock().await;
    let (console, _) = console_client(&shop, Role::Staff).await;
    for _ in 0..(12 * 60 / 20 - 1) {
        clock.advance(Duration::from_secs(20 * 60));
        assert_eq!(console.get("/api/atelier/me").await.status, 200);
    }
    clock.advance(Duration::from_secs(20 * 60));
    assert_eq!(
        console.get("/api/atelier/me").await.status,
        401,
        "at 12 hours"
    );
}

#[tokio::test]
async fn atelier_sign_out_ends_the_session_and_clears_the_cookie() {
    let shop = spawn_shop().await;
    let (console, member) = console_client(&shop, Role::Staff).await;
    let out = console.post("/api/atelier/sign-out", json!({})).await;
    assert_eq!(out.status, 204);
    let subject = format!("staff:{}", member.id);
    let logged = domain::atelier::audit::of_subject(&*shop.app.table, &subject)
        .await
        .unwrap();
    let logged: Vec<(&str, &str)> = logged
        .iter()
        .map(|e| (e.action.as_str(), e.actor.email.as_str()))
        .collect();
    assert_eq!(
        logged,
        [("staff.sign_out", member.email.as_str())],
        "the sign-out is on the audit log"
    );
    let cleared = set_cookie(&out, "atelier").expect("the cookie is cleared");
    assert!(
        cleared.contains("Max-Age=0") && cleared.contains("Path=/api/atelier"),
        "{cleared}"
    );
    assert_eq!(console.get("/api/atelier/me").await.status, 401);
}

#[tokio::test]
async fn atelier_the_console_cookie_is_strict_http_only_and_for_the_console_only() {
    let shop = spawn_shop().await;
    // The cookie's flags, as the ceremonies' finishes set them.
    let config = &shop.app.config;
    let cookie = atelier::console::session_cookie(config, "01J00000000000000000000000", "t");
    let cookie = cookie.to_str().unwrap();
    assert!(
        cookie.starts_with(
            "atelier=01J00000000000000000000000.t; Path=/api/atelier; HttpOnly; SameSite=Strict"
        ),
        "{cookie}"
    );
}

#[tokio::test]
async fn atelier_a_removed_members_session_dies_and_the_last_owner_stays() {
    let shop = spawn_shop().await;
    let (owner, me) = console_client(&shop, Role::Owner).await;
    let (staff, member) = console_client(&shop, Role::Staff).await;
    assert_eq!(staff.get("/api/atelier/me").await.status, 200);
    let removed = owner
        .delete(&format!("/api/atelier/staff/{}", member.id))
        .await;
    assert_eq!(removed.status, 204, "{:?}", removed.body);
    assert_eq!(staff.get("/api/atelier/me").await.status, 401);
    let again = owner
        .delete(&format!("/api/atelier/staff/{}", member.id))
        .await;
    assert_eq!(again.status, 404);

    let last = owner.delete(&format!("/api/atelier/staff/{}", me.id)).await;
    assert_eq!(last.status, 409);
    assert_eq!(last.body["message"], LAST_OWNER);
    let (_, second) = console_client(&shop, Role::Owner).await;
    let other = owner
        .delete(&format!("/api/atelier/staff/{}", second.id))
        .await;
    assert_eq!(other.status, 204, "another owner may go");
    assert_eq!(owner.get("/api/atelier/me").await.status, 200);
}

/// Invites through the console; answers the link's token from the outbox.
async fn invite(shop: &TestShop, owner: &Client, email: &str, role: &str) -> String {
    let sent = owner
        .post(
            "/api/atelier/staff/invitations",
            json!({ "email": email, "name": "Invited One", "role": role }),
        )
        .await;
    assert_eq!(sent.status, 201, "{:?}", sent.body);
    assert_eq!(sent.body["email"], email);
    let mail = shop
        .outbox()
        .into_iter()
        .rev()
        .find(|m| m.contains(email))
        .expect("the invitation is in the outbox");
    let start =
        mail.find("/atelier/enrol/?token=").expect("the link") + "/atelier/enrol/?token=".len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

#[tokio::test]
async fn atelier_an_invitation_emails_a_link_to_the_console_and_is_listed() {
    let shop = spawn_shop().await;
    let (owner, me) = console_client(&shop, Role::Owner).await;
    let token = invite(&shop, &owner, "new@example.com", "staff").await;
    let mail = shop
        .outbox()
        .into_iter()
        .rev()
        .find(|m| m.contains("new@example.com"))
        .unwrap();
    let origin = shop.app.config.console_origin();
    assert!(origin.starts_with("http://localhost:"), "{origin}");
    assert!(
        mail.contains(&format!("{origin}/atelier/enrol/?token={token}")),
        "{mail}"
    );
    let roster = owner.get("/api/atelier/staff").await;
    assert_eq!(roster.status, 200, "{:?}", roster.body);
    let invitations = roster.body["invitations"].as_array().unwrap();
    assert_eq!(invitations.len(), 1);
    assert_eq!(invitations[0]["email"], "new@example.com");
    assert_eq!(invitations[0]["invitedBy"], me.email.as_str());
    let staff = roster.body["staff"].as_array().unwrap();
    assert!(staff
        .iter()
        .any(|m| m["id"] == me.id.as_str() && m["passkeys"] == 0));

    let begun = shop
        .client()
        .post("/api/atelier/enrolment/begin", json!({ "token": token }))
        .await;
    assert_eq!(begun.status, 200, "{:?}", begun.body);
    assert_eq!(begun.body["email"], "new@example.com");
    assert_eq!(begun.body["role"], "staff");
    let public_key = &begun.body["options"]["publicKey"];
    assert_eq!(public_key["rp"]["id"], "localhost");
    assert_eq!(
        public_key["authenticatorSelection"]["residentKey"],
        "required"
    );

    let bad = owner
        .post(
            "/api/atelier/staff/invitations",
            json!({ "email": "nope", "name": " ", "role": "staff" }),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body["errors"]["email"].is_string() && bad.body["errors"]["name"].is_string());
}

#[tokio::test]
async fn atelier_an_unknown_or_expired_invitation_link_is_gone() {
    let (shop, clock) = spawn_shop_with_clock().await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let visitor = shop.client();
    let unknown = visitor
        .post(
            "/api/atelier/enrolment/begin",
            json!({ "token": "made-up" }),
        )
        .await;
    assert_eq!(unknown.status, 410);
    assert_eq!(unknown.body["message"], INVITATION_INVALID);
    let token = invite(&shop, &owner, "late@example.com", "staff").await;
    clock.advance(Duration::from_secs(72 * 3600));
    let late = visitor
        .post("/api/atelier/enrolment/begin", json!({ "token": token }))
        .await;
    assert_eq!(late.status, 410);
}

/// A passkey as the domain stores it (the library's JSON is the browser
/// journeys' business).
fn passkey_of(staff_id: &str, n: usize, shop: &TestShop) -> StoredPasskey {
    StoredPasskey {
        staff_id: staff_id.into(),
        credential_id: format!("cred-{n}"),
        passkey: json!({ "n": n }),
        created_at: shop.app.clock.now(),
    }
}

#[tokio::test]
async fn atelier_an_invitation_enrols_once_however_many_finishes_race() {
    let shop = spawn_shop().await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let token = invite(&shop, &owner, "race@example.com", "staff").await;
    let now = shop.app.clock.now();
    let invitation = Invitations::of(&*shop.app.table)
        .find(&token, now)
        .await
        .unwrap()
        .unwrap();
    let finishes = (0..16).map(|n| {
        let (app, invitation) = (shop.app.clone(), invitation.clone());
        let passkey = passkey_of(&invitation.staff_id, n, &shop);
        async move {
            Invitations::of(&*app.table)
                .enrol(&invitation, &passkey, app.clock.now())
                .await
        }
    });
    let outcomes = concurrently(finishes).await;
    let done = outcomes
        .iter()
        .filter(|o| matches!(o, Ok(domain::atelier::Enrolment::Done(_))))
        .count();
    assert_eq!(done, 1, "{outcomes:?}");
    let roster = owner.get("/api/atelier/staff").await;
    let enrolled: Vec<&Value> = roster.body["staff"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["email"] == "race@example.com")
        .collect();
    assert_eq!(enrolled.len(), 1);
    assert_eq!(enrolled[0]["passkeys"], 1);
    assert!(roster.body["invitations"].as_array().unwrap().is_empty());
    // Used: the link is gone.
    let used = shop
        .client()
        .post("/api/atelier/enrolment/begin", json!({ "token": token }))
        .await;
    assert_eq!(used.status, 410);
}

#[tokio::test]
async fn atelier_a_reinvited_members_enrolment_replaces_their_passkeys_and_sessions() {
    let shop = spawn_shop().await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let (staff, member) = console_client(&shop, Role::Staff).await;
    let table = &*shop.app.table;
    let now = shop.app.clock.now();
    let old = passkey_of(&member.id, 1, &shop);
    let _ = table
        .write(&old, domain::ports::Condition::None)
        .await
        .unwrap();
    let token = invite(&shop, &owner, &member.email, "owner").await;
    let invitation = Invitations::of(table)
        .find(&token, now)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(invitation.staff_id, member.id, "the same member");
    let new = passkey_of(&member.id, 2, &shop);
    let enrolled = Invitations::of(table)
        .enrol(&invitation, &new, now)
        .await
        .unwrap();
    let domain::atelier::Enrolment::Done(now_member) = enrolled else {
        panic!("{enrolled:?}")
    };
    assert_eq!(now_member.role, Role::Owner);
    let passkeys = domain::atelier::Passkeys::of(table)
        .of_member(&member.id)
        .await
        .unwrap();
    assert_eq!(passkeys, vec![new]);
    assert_eq!(
        staff.get("/api/atelier/me").await.status,
        401,
        "the old session ended"
    );
}

#[tokio::test]
async fn atelier_the_last_owner_cannot_be_reinvited_as_staff() {
    let shop = spawn_shop().await;
    let (owner, me) = console_client(&shop, Role::Owner).await;
    let token = invite(&shop, &owner, &me.email, "staff").await;
    let table = &*shop.app.table;
    let now = shop.app.clock.now();
    let invitation = Invitations::of(table)
        .find(&token, now)
        .await
        .unwrap()
        .unwrap();
    let outcome = Invitations::of(table)
        .enrol(&invitation, &passkey_of(&me.id, 1, &shop), now)
        .await;
    assert_eq!(outcome.unwrap(), domain::atelier::Enrolment::LastOwner);
}

/// A registration credential that reads as WebAuthn's JSON but verifies
/// nothing.
fn forged_registration() -> Value {
    json!({
        "id": "AAAA", "rawId": "AAAA", "type": "public-key", "extensions": {},
        "response": { "attestationObject": "AAAA", "clientDataJSON": "AAAA" }
    })
}

#[tokio::test]
async fn atelier_a_ceremony_is_taken_once_expires_and_refuses_garbage_cleanly() {
    let (shop, clock) = spawn_shop_with_clock().await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let token = invite(&shop, &owner, "ceremony@example.com", "staff").await;
    let visitor = shop.client();
    let begin = || visitor.post("/api/atelier/enrolment/begin", json!({ "token": token }));
    let ceremony = begin().await.body["ceremony"].as_str().unwrap().to_string();

    let garbage = visitor
        .post(
            "/api/atelier/enrolment/finish",
            json!({ "ceremony": ceremony, "credential": "garbage" }),
        )
        .await;
    assert_eq!(garbage.status, 400, "{:?}", garbage.body);
    let finish = json!({ "ceremony": ceremony, "credential": forged_registration() });
    let first = visitor
        .post("/api/atelier/enrolment/finish", finish.clone())
        .await;
    assert_eq!(first.status, 400, "{:?}", first.body);
    assert_eq!(
        first.body["message"],
        atelier::staff::relying_party::PASSKEY_REFUSED
    );
    let second = visitor.post("/api/atelier/enrolment/finish", finish).await;
    assert_eq!(second.status, 400);
    assert_eq!(
        second.body["message"],
        atelier::staff::relying_party::CEREMONY_OVER
    );

    let late = begin().await.body["ceremony"].as_str().unwrap().to_string();
    clock.advance(Duration::from_secs(5 * 60));
    let expired = visitor
        .post(
            "/api/atelier/enrolment/finish",
            json!({ "ceremony": late, "credential": forged_registration() }),
        )
        .await;
    assert_eq!(
        expired.body["message"],
        atelier::staff::relying_party::CEREMONY_OVER
    );

    let sign_in = visitor.post("/api/atelier/sign-in/begin", json!({})).await;
    assert_eq!(sign_in.status, 200, "{:?}", sign_in.body);
    assert!(sign_in.body["options"]["publicKey"]["challenge"].is_string());
    let id = sign_in.body["ceremony"].as_str().unwrap();
    let wrong_kind = visitor
        .post(
            "/api/atelier/enrolment/finish",
            json!({ "ceremony": id, "credential": forged_registration() }),
        )
        .await;
    assert_eq!(
        wrong_kind.body["message"],
        atelier::staff::relying_party::CEREMONY_OVER
    );
    let unreadable = visitor
        .post(
            "/api/atelier/sign-in/finish",
            json!({ "ceremony": id, "credential": { "id": 1 } }),
        )
        .await;
    assert_eq!(unreadable.status, 400);
    let made_up = visitor
        .post(
            "/api/atelier/sign-in/finish",
            json!({ "ceremony": "nonsense", "credential": {} }),
        )
        .await;
    assert_eq!(made_up.status, 400);
}

#[tokio::test]
async fn atelier_every_staff_change_is_on_the_audit_log_with_before_and_after() {
    let shop = spawn_shop().await;
    let (owner, me) = console_client(&shop, Role::Owner).await;
    let (_, member) = console_client(&shop, Role::Staff).await;
    invite(&shop, &owner, "audited@example.com", "staff").await;
    assert_eq!(
        owner
            .delete(&format!("/api/atelier/staff/{}", member.id))
            .await
            .status,
        204
    );

    let log = owner.get("/api/atelier/audit").await;
    assert_eq!(log.status, 200, "{:?}", log.body);
    let entries = log.body["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    let (removal, invitation) = (&entries[0], &entries[1]);
    assert_eq!(removal["action"], "staff.remove", "newest first");
    assert_eq!(removal["subject"], format!("staff:{}", member.id));
    assert_eq!(
        removal["actor"],
        json!({ "staffId": me.id, "email": me.email })
    );
    assert_eq!(removal["before"]["email"], member.email.as_str());
    assert_eq!(removal["after"], Value::Null);
    assert_eq!(invitation["action"], "staff.invite");
    assert_eq!(invitation["before"], Value::Null);
    assert_eq!(
        invitation["after"],
        json!({ "email": "audited@example.com", "name": "Invited One", "role": "staff" })
    );

    let response = owner
        .http
        .get(format!("{}/api/atelier/audit.csv", owner.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "at,staff,action,subject,before,after");
    assert!(
        lines[1].contains("staff.remove") && lines[2].contains("staff.invite"),
        "{text}"
    );

    let today = shop.app.clock.now().date();
    let yesterday = today.previous_day().unwrap();
    let none = owner
        .get(&format!(
            "/api/atelier/audit?from={yesterday}&to={yesterday}"
        ))
        .await;
    assert_eq!(none.body["entries"], json!([]));
    let backwards = owner
        .get(&format!("/api/atelier/audit?from={today}&to={yesterday}"))
        .await;
    assert_eq!(backwards.status, 400);
}

#[tokio::test]
async fn atelier_shopctl_invites_the_first_owner() {
    let shop = spawn_shop().await;
    let said = shopctl::cli::run_args(
        &shop.app,
        &["staff", "invite", "first@example.com", "--role", "owner"],
    )
    .await
    .unwrap();
    assert!(said.contains("first@example.com"), "{said}");
    let mail = shop
        .outbox()
        .into_iter()
        .rev()
        .find(|m| m.contains("first@example.com"))
        .unwrap();
    assert!(mail.contains("/atelier/enrol/?token="), "{mail}");
    let listed = shopctl::cli::run_args(&shop.app, &["staff", "list"])
        .await
        .unwrap();
    assert!(
        listed.contains("first@example.com\tfirst\towner\tshopctl"),
        "{listed}"
    );
    let refused = shopctl::cli::run_args(
        &shop.app,
        &["staff", "invite", "x@example.com", "--role", "boss"],
    )
    .await;
    assert!(refused.is_err());
}
