//! The atelier's orders over HTTP against the payment sandbox: the queue,
//! an order's page and timeline, every move and every refusal (roles, a
//! shopper's session, a visitor, an unknown id, a move the state forbids),
//! refunds in part (once, sequential and sixteen at once, never above what
//! is left, a lost answer reconciled; by card and by PayPal), a cancel
//! whose refund's answer is lost, and the payments needing attention.

use std::sync::atomic::Ordering;

use domain::atelier::audit::of_subject;
use domain::atelier::Role;
use serde_json::{json, Value};

use crate::helpers::{
    self, console_client, count_table_requests, post_concurrently, Answer, Client, TestShop,
};
use crate::payment::{
    capture_body, checkout_body, fill_bag, ledger, paypal_order, sandbox, shop, with_products,
};

/// A shopper who paid by card: the client and the order as answered.
async fn paid_order(shop: &TestShop, email: &str, key: &str) -> (Client, Value) {
    let shopper = shop.client();
    helpers::sign_up_and_sign_in(&shopper, email).await;
    fill_bag(&shopper).await;
    let paid = shopper
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", key),
        )
        .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    (shopper, paid.body["order"].clone())
}

/// A shopper who paid with PayPal: the order as answered.
async fn paid_with_paypal(shop: &TestShop, email: &str) -> Value {
    let shopper = shop.client();
    helpers::sign_up_and_sign_in(&shopper, email).await;
    fill_bag(&shopper).await;
    let id = paypal_order(&shopper).await;
    sandbox(shop, "/paypal/approve", json!({ "token": id })).await;
    let captured = shopper
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(captured.status, 201, "{:?}", captured.body);
    captured.body["order"].clone()
}

fn path(order: &Value, action: &str) -> String {
    let id = order["id"].as_str().unwrap();
    match action {
        "" => format!("/api/atelier/orders/{id}"),
        action => format!("/api/atelier/orders/{id}/{action}"),
    }
}

/// The provider settles the order's charge, so it can be refunded in part.
async fn settle(shop: &TestShop, order: &Value) {
    let id = order["payment"]["reference"].as_str().unwrap();
    sandbox(shop, "/__control/settle", json!({ "transactionId": id })).await;
}

fn refunded_cents(ledger: &Value) -> i64 {
    ledger["transactions"][0]["refundedCents"].as_i64().unwrap()
}

const SHIPMENT: &str = "https://track.example/colis/6A1234";

fn shipment() -> Value {
    json!({ "carrier": "Colissimo", "trackingNumber": "6A1234", "trackingUrl": SHIPMENT })
}

#[tokio::test]
async fn an_order_goes_from_placed_to_delivered_with_every_step_on_the_timeline() {
    let shop = shop().await;
    let (lan, order) = paid_order(&shop, "lan@example.com", "delivered").await;
    let (staff, member) = console_client(&shop, Role::Staff).await;

    let page = staff.get(&path(&order, "")).await;
    assert_eq!(page.status, 200, "{:?}", page.body);
    assert_eq!(page.body["status"], "awaiting_confirmation");
    assert_eq!(page.body["client"]["email"], "lan@example.com");
    assert_eq!(page.body["totals"]["total"], 1807.4);
    assert_eq!(page.body["actions"], json!(["confirm", "resend", "note"]));
    assert_eq!(page.body["timeline"][0]["kind"], "placed");
    assert_eq!(
        page.body["timeline"][1]["text"],
        "The order confirmation email was sent to lan@example.com.",
        "the checkout's own sending is recorded, with its address"
    );

    let confirmed = staff.post(&path(&order, "confirm"), json!({})).await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.body);
    assert_eq!(confirmed.body["status"], "confirmed");
    let told = shop.outbox().last().cloned().unwrap_or_default();
    assert!(told.contains("we have confirmed your order"), "{told}");

    let bad = staff
        .post(&path(&order, "ship"), json!({ "carrier": "Colissimo", "trackingNumber": "1", "trackingUrl": "http://track.example/1" }))
        .await;
    assert_eq!(bad.status, 422, "{:?}", bad.body);
    assert_eq!(
        bad.body["errors"]["trackingUrl"],
        domain::order::TRACKING_URL_INVALID
    );
    let shipped = staff.post(&path(&order, "ship"), shipment()).await;
    assert_eq!(shipped.status, 200, "{:?}", shipped.body);
    assert_eq!(shipped.body["status"], "confirmed");
    assert_eq!(shipped.body["shipment"]["trackingUrl"], SHIPMENT);
    let told = shop.outbox().last().cloned().unwrap_or_default();
    assert!(told.contains(SHIPMENT) && told.contains("6A1234"), "{told}");
    let mine = lan.get("/api/orders/me").await;
    assert_eq!(
        mine.body["data"]["data"][0]["shipment"]["trackingUrl"],
        SHIPMENT
    );

    let noted = staff
        .post(
            &path(&order, "notes"),
            json!({ "text": "Gift wrap asked by phone." }),
        )
        .await;
    assert_eq!(noted.status, 200, "{:?}", noted.body);
    let delivered = staff.post(&path(&order, "deliver"), json!({})).await;
    assert_eq!(delivered.status, 200, "{:?}", delivered.body);
    assert_eq!(delivered.body["status"], "delivered");

    let timeline = delivered.body["timeline"].as_array().unwrap();
    let kinds: Vec<&str> = timeline
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["placed", "email", "action", "email", "shipment", "email", "note", "action"],
        "{timeline:?}"
    );
    for staffs in timeline[2..].iter().filter(|e| e["kind"] != "email") {
        assert_eq!(staffs["by"], member.email.as_str(), "{staffs}");
        assert!(staffs["at"].is_string());
    }
    for email in timeline.iter().filter(|e| e["kind"] == "email") {
        assert_eq!(email["outcome"], "sent", "{email}");
    }
    assert!(timeline[5]["text"]
        .as_str()
        .unwrap()
        .ends_with("email was sent to lan@example.com."));
    assert_eq!(timeline[6]["text"], "Gift wrap asked by phone.");
    let audit = of_subject(
        &*shop.app.table,
        &format!("order:{}", order["id"].as_str().unwrap()),
    )
    .await
    .unwrap();
    let actions: Vec<&str> = audit.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(
        actions,
        ["order.confirm", "order.ship", "order.note", "order.deliver"]
    );
    assert_eq!(audit[0].actor.email, member.email);
    assert_eq!(audit[0].before["status"], "awaiting_confirmation");
    assert_eq!(audit[0].after["status"], "confirmed");
}

#[tokio::test]
async fn every_order_route_refuses_visitors_shoppers_unknown_ids_and_forbidden_moves() {
    let shop = shop().await;
    let (shopper, order) = paid_order(&shop, "mai@example.com", "refusals").await;
    let routes = [
        ("GET", path(&order, "")),
        ("GET", "/api/atelier/orders".to_string()),
        ("GET", "/api/atelier/payments/attention".to_string()),
        ("POST", path(&order, "confirm")),
        ("POST", path(&order, "ship")),
        ("POST", path(&order, "deliver")),
        ("POST", path(&order, "cancel")),
        ("POST", path(&order, "refunds")),
        ("POST", path(&order, "resend-confirmation")),
        ("POST", path(&order, "notes")),
    ];
    for client in [shop.client(), shopper] {
        for (method, route) in &routes {
            let answer = match *method {
                "GET" => client.get(route).await,
                _ => client.post(route, json!({})).await,
            };
            assert_eq!(answer.status, 401, "{method} {route}: {:?}", answer.body);
        }
    }
    let (staff, _) = console_client(&shop, Role::Staff).await;
    for id in ["01JD0000000000000000000000", "not-an-id"] {
        let unknown = staff
            .post(&format!("/api/atelier/orders/{id}/confirm"), json!({}))
            .await;
        assert_eq!(unknown.status, 404, "{id}: {:?}", unknown.body);
    }
    let early = staff.post(&path(&order, "deliver"), json!({})).await;
    assert_eq!(early.status, 409, "{:?}", early.body);
    let unshipped = staff.post(&path(&order, "ship"), shipment()).await;
    assert_eq!(unshipped.status, 409, "{:?}", unshipped.body);
    for owners in ["cancel", "refunds"] {
        let body = json!({ "reason": "asked", "amount": "10.00" });
        let refused = staff.post(&path(&order, owners), body).await;
        assert_eq!(refused.status, 403, "{owners}: {:?}", refused.body);
    }
    let empty = staff
        .post(&path(&order, "notes"), json!({ "text": " " }))
        .await;
    assert_eq!(empty.status, 422, "{:?}", empty.body);
    assert_eq!(ledger(&shop).await["transactions"][0]["refundedCents"], 0);
}

#[tokio::test]
async fn a_part_refund_happens_once_and_never_above_what_is_left() {
    let shop = shop().await;
    let (_, order) = paid_order(&shop, "hoa@example.com", "part").await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    let asked = json!({ "amount": "100.00", "reason": "a stain" });
    let unsettled = owner.post(&path(&order, "refunds"), asked.clone()).await;
    assert_eq!(unsettled.status, 409, "{:?}", unsettled.body);
    assert_eq!(unsettled.body["message"], domain::checkout::NOT_SETTLED);
    settle(&shop, &order).await;

    let (given, requests) =
        count_table_requests(&shop, owner.post(&path(&order, "refunds"), asked.clone())).await;
    assert_eq!(given.status, 200, "{:?}", given.body);
    assert_eq!(given.body["totals"]["refunded"], 100.0);
    // The session; the order found (awaiting confirmation: two Queries);
    // the refund taken (a transaction, the order read back), its outcome
    // read, written and read back (GetItem, transaction, GetItem); the
    // page: client, marker, audit entries.
    assert_eq!(requests, 11, "a part refund's table requests");
    let veil = json!({ "lines": [{ "line": 1, "quantity": 1 }], "reason": "returned" });
    let by_line = owner.post(&path(&order, "refunds"), veil).await;
    assert_eq!(by_line.status, 200, "{:?}", by_line.body);
    assert_eq!(by_line.body["lines"][1]["refundedQuantity"], 1);
    assert_eq!(by_line.body["totals"]["refunded"], 250.5);

    let above = json!({ "amount": "1556.91", "reason": "too much" });
    let refused = owner.post(&path(&order, "refunds"), above).await;
    assert_eq!(refused.status, 422, "{:?}", refused.body);
    assert_eq!(refused.body["errors"]["amount"], domain::order::ABOVE_LEFT);

    let ten = json!({ "amount": "10.00", "reason": "pressed sixteen times" });
    let answers = post_concurrently(&owner, 16, &path(&order, "refunds"), ten).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    let given = statuses.iter().filter(|s| **s == 200).count();
    assert!(given >= 1, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "{statuses:?}"
    );
    let page = owner.get(&path(&order, "")).await;
    let refunded = page.body["totals"]["refunded"].as_f64().unwrap();
    assert_eq!(refunded, 250.5 + 10.0 * given as f64, "{statuses:?}");
    assert_eq!(
        refunded_cents(&ledger(&shop).await),
        (refunded * 100.0).round() as i64,
        "the provider gave back what the order says, once each"
    );
}

#[tokio::test]
async fn a_refund_whose_answer_is_lost_is_unknown_until_reconciled() {
    let shop = shop().await;
    let (owner, order) = answer_to_be_lost(&shop, "thu@example.com").await;
    let asked = json!({ "amount": "200.00", "reason": "alteration" });
    let unknown = owner.post(&path(&order, "refunds"), asked.clone()).await;
    unknown_though_given(&shop, &unknown, 20_000).await;

    let page = owner.get(&path(&order, "")).await;
    assert_eq!(page.body["totals"]["refunded"], 0.0, "never shown as done");
    assert!(!page.body["actions"]
        .as_array()
        .unwrap()
        .contains(&json!("refund")));
    let again = owner.post(&path(&order, "refunds"), asked).await;
    assert_eq!(again.status, 409, "{:?}", again.body);
    needs_attention_until_reconciled(&shop, &owner, &order).await;
    let page = owner.get(&path(&order, "")).await;
    assert_eq!(page.body["totals"]["refunded"], 200.0);
    assert_eq!(refunded_cents(&ledger(&shop).await), 20_000, "once");
}

/// An owner and a shopper's order paid by card, settled; the provider
/// will answer its lookup, give the next refund and lose that answer.
async fn answer_to_be_lost(shop: &TestShop, email: &str) -> (Client, Value) {
    let (_, order) = paid_order(shop, email, "lost").await;
    let (owner, _) = console_client(shop, Role::Owner).await;
    settle(shop, &order).await;
    let lost = json!({ "pathPrefix": "/graphql", "after": true, "status": 500, "skip": 1 });
    sandbox(shop, "/__control/fail-next", lost).await;
    (owner, order)
}

/// The owner cancels the order: canceled, its whole payment given back.
async fn canceled_and_refunded_whole(owner: &Client, order: &Value) -> Answer {
    let cancel = json!({ "reason": "out of silk" });
    let canceled = owner.post(&path(order, "cancel"), cancel).await;
    assert_eq!(canceled.status, 200, "{:?}", canceled.body);
    assert_eq!(canceled.body["status"], "canceled");
    assert_eq!(canceled.body["totals"]["refunded"], 1807.4);
    canceled
}

/// The answer says the refund's outcome is unknown, though the provider
/// gave `cents` back.
async fn unknown_though_given(shop: &TestShop, answer: &Answer, cents: i64) {
    assert_eq!(answer.status, 502, "{:?}", answer.body);
    assert_eq!(answer.body["message"], domain::checkout::REFUND_UNKNOWN);
    assert_eq!(refunded_cents(&ledger(shop).await), cents, "it did happen");
}

/// The order's refund is the one payment needing attention, until the
/// reconciler settles it from the provider's ledger.
async fn needs_attention_until_reconciled(shop: &TestShop, owner: &Client, order: &Value) {
    let attention = owner.get("/api/atelier/payments/attention").await;
    assert_eq!(attention.status, 200, "{:?}", attention.body);
    let payments = attention.body["payments"].as_array().unwrap();
    assert_eq!(payments.len(), 1, "{payments:?}");
    assert_eq!(payments[0]["state"], "refund-unknown");
    assert_eq!(payments[0]["orderId"], order["id"]);
    let reconciler = shop.app.as_function("reconcile");
    let run = shopctl::payments::reconcile(&reconciler).await.unwrap();
    assert!(run.contains("refunds: 1 settled"), "{run}");
    let attention = owner.get("/api/atelier/payments/attention").await;
    assert_eq!(attention.body["payments"], json!([]));
}

#[tokio::test]
async fn the_owner_cancels_and_refunds_in_full_once() {
    let shop = shop().await;
    let (lan, order) = paid_order(&shop, "an@example.com", "cancel").await;
    let (owner, member) = console_client(&shop, Role::Owner).await;
    let no_reason = owner.post(&path(&order, "cancel"), json!({})).await;
    assert_eq!(no_reason.status, 422, "{:?}", no_reason.body);
    let canceled = canceled_and_refunded_whole(&owner, &order).await;
    assert_eq!(ledger(&shop).await["transactions"][0]["status"], "VOIDED");
    let timeline = canceled.body["timeline"].as_array().unwrap();
    let by_owner: Vec<_> = timeline
        .iter()
        .filter(|e| e["by"] == member.email.as_str())
        .collect();
    let kinds: Vec<&Value> = by_owner.iter().map(|e| &e["kind"]).collect();
    assert_eq!(
        kinds,
        [&json!("action"), &json!("refund")],
        "the cancel and its refund, both by the owner: {timeline:?}"
    );
    for entry in by_owner {
        let text = entry["text"].as_str().unwrap();
        assert!(text.contains("out of silk"), "{timeline:?}");
    }
    assert_eq!(timeline.last().unwrap()["kind"], "refund", "{timeline:?}");
    let twice = owner
        .post(&path(&order, "cancel"), json!({ "reason": "again" }))
        .await;
    assert_eq!(twice.status, 409, "{:?}", twice.body);
    let nothing = owner
        .post(
            &path(&order, "refunds"),
            json!({ "amount": "1.00", "reason": "x" }),
        )
        .await;
    assert!(
        [409, 422].contains(&nothing.status),
        "nothing is left: {:?}",
        nothing.body
    );
    let mine = lan.get("/api/orders/me").await;
    assert_eq!(mine.body["data"]["data"][0]["status"], "canceled");
}

#[tokio::test]
async fn a_paypal_order_is_refunded_in_part_then_canceled_for_the_rest() {
    let shop = shop().await;
    let order = paid_with_paypal(&shop, "mai@example.com").await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    for (amount, refunded) in [("100.00", 100.0), ("50.00", 150.0)] {
        let asked = json!({ "amount": amount, "reason": "a stain" });
        let given = owner.post(&path(&order, "refunds"), asked).await;
        assert_eq!(given.status, 200, "{:?}", given.body);
        assert_eq!(given.body["totals"]["refunded"], refunded);
    }
    let capture = ledger(&shop).await["captures"][0].clone();
    assert_eq!(capture["status"], "PARTIALLY_REFUNDED", "{capture}");
    assert_eq!(capture["refundedValue"], "150.00");
    assert_eq!(capture["refunds"], 2);
    let page = owner.get(&path(&order, "")).await;
    let told = &page.body["ledger"];
    assert_eq!(told["status"], "PARTIALLY_REFUNDED", "{told}");
    assert_eq!(
        told["refunded"], 150.0,
        "the page tells PayPal's ledger: {told}"
    );

    canceled_and_refunded_whole(&owner, &order).await;
    let capture = ledger(&shop).await["captures"][0].clone();
    assert_eq!(capture["status"], "REFUNDED", "{capture}");
    assert_eq!(capture["refundedValue"], "1807.40");
    assert_eq!(capture["refunds"], 3, "the rest given back once");
}

#[tokio::test]
async fn a_cancel_whose_refund_answer_is_lost_needs_attention_until_reconciled() {
    let shop = shop().await;
    let (owner, order) = answer_to_be_lost(&shop, "vy@example.com").await;
    let cancel = json!({ "reason": "out of silk" });
    let unknown = owner.post(&path(&order, "cancel"), cancel.clone()).await;
    unknown_though_given(&shop, &unknown, 180_740).await;

    let again = owner.post(&path(&order, "cancel"), cancel).await;
    assert_eq!(again.status, 409, "{:?}", again.body);
    assert_eq!(again.body["message"], domain::checkout::REFUND_IN_PROGRESS);
    needs_attention_until_reconciled(&shop, &owner, &order).await;
    canceled_and_refunded_whole(&owner, &order).await;
    assert_eq!(refunded_cents(&ledger(&shop).await), 180_740, "once");
}

#[tokio::test]
async fn sixteen_cancels_at_once_refund_once() {
    let shop = shop().await;
    let (_, order) = paid_order(&shop, "yen@example.com", "sixteen").await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    settle(&shop, &order).await;
    let cancel = json!({ "reason": "pressed sixteen times" });
    let answers = post_concurrently(&owner, 16, &path(&order, "cancel"), cancel).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert!(statuses.contains(&200), "{statuses:?}");
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "{statuses:?}"
    );
    let page = owner.get(&path(&order, "")).await;
    assert_eq!(page.body["status"], "canceled");
    assert_eq!(page.body["totals"]["refunded"], 1807.4);
    let ledger = ledger(&shop).await;
    assert_eq!(
        refunded_cents(&ledger),
        180_740,
        "given back once: {ledger}"
    );
}

#[tokio::test]
async fn the_queue_counts_searches_and_reads_few_items() {
    let shop = shop().await;
    let (_, first) = paid_order(&shop, "linh@example.com", "q1").await;
    let (_, second) = paid_order(&shop, "quynh@example.com", "q2").await;
    let (staff, _) = console_client(&shop, Role::Staff).await;
    staff.post(&path(&first, "confirm"), json!({})).await;

    let (all, requests) = count_table_requests(&shop, staff.get("/api/atelier/orders")).await;
    assert_eq!(all.status, 200, "{:?}", all.body);
    assert_eq!(all.body["counts"]["awaitingConfirmation"], 1);
    assert_eq!(all.body["counts"]["confirmed"], 1);
    let ids: Vec<&Value> = all.body["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["id"])
        .collect();
    assert_eq!(ids, [&second["id"], &first["id"]], "newest first");
    // The console session's read (a BatchGetItem), five status Queries,
    // one BatchGetItem of the clients' profiles.
    assert_eq!(requests, 7, "the queue's table requests");

    let number = first["number"].as_str().unwrap();
    for q in [
        number.to_string(),
        number.trim_start_matches('#').to_lowercase(),
        "LINH@".into(),
    ] {
        let found = staff
            .get(&format!("/api/atelier/orders?q={}", urlencode(&q)))
            .await;
        let orders = found.body["orders"].as_array().unwrap();
        assert_eq!(orders.len(), 1, "{q}: {orders:?}");
        assert_eq!(orders[0]["id"], first["id"]);
    }
    let confirmed = staff.get("/api/atelier/orders?status=confirmed").await;
    assert_eq!(confirmed.body["orders"].as_array().unwrap().len(), 1);
    let none = staff.get("/api/atelier/orders?to=2000-01-01").await;
    assert_eq!(none.body["orders"], json!([]));
    let bad = staff.get("/api/atelier/orders?from=yesterday").await;
    assert_eq!(bad.status, 422, "{:?}", bad.body);

    let (page, requests) = count_table_requests(&shop, staff.get(&path(&first, ""))).await;
    assert_eq!(page.status, 200);
    // The session; the order found in its third status partition
    // (confirmed); its client, its confirmation marker, its audit entries.
    assert_eq!(requests, 7, "an order's page's table requests");

    let resent = staff
        .post(&path(&first, "resend-confirmation"), json!({}))
        .await;
    assert_eq!(resent.status, 200, "{:?}", resent.body);
    let last = resent.body["timeline"]
        .as_array()
        .unwrap()
        .last()
        .cloned()
        .unwrap();
    assert_eq!(last["kind"], "email");
}

/// The shipped email fails: the timeline says so and why, Resend sends
/// that one again, and the timeline then says it went.
#[tokio::test]
async fn a_failed_shipped_email_is_on_the_timeline_and_a_resend_sends_it() {
    let (shop, refusing) = helpers::spawn_shop_with_mail_switch().await;
    let shop = with_products(shop).await;
    let (_, order) = paid_order(&shop, "kim@example.com", "mail").await;
    let (staff, member) = console_client(&shop, Role::Staff).await;
    let confirmed = staff.post(&path(&order, "confirm"), json!({})).await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.body);

    refusing.store(true, Ordering::SeqCst);
    let shipped = staff.post(&path(&order, "ship"), shipment()).await;
    assert_eq!(
        shipped.status, 200,
        "shipped all the same: {:?}",
        shipped.body
    );
    let last = shipped.body["timeline"].as_array().unwrap().last().cloned();
    let last = last.unwrap();
    assert_eq!(
        (&last["kind"], &last["outcome"]),
        (&json!("email"), &json!("failed"))
    );
    assert_eq!(
        last["text"],
        format!(
            "The shipping (tracking link) email was not sent: {}. Resend sends it again.",
            domain::order::NOT_TAKEN
        )
    );
    let mails = shop.outbox().len();
    let still = staff
        .post(&path(&order, "resend-confirmation"), json!({}))
        .await;
    assert_eq!(still.status, 502, "{:?}", still.body);

    refusing.store(false, Ordering::SeqCst);
    let (resent, requests) = count_table_requests(
        &shop,
        staff.post(&path(&order, "resend-confirmation"), json!({})),
    )
    .await;
    assert_eq!(resent.status, 200, "{:?}", resent.body);
    // The session; the order found (confirmed: three Queries); its
    // pending marker and history read; the resend's entry and attempt
    // written (one transaction); the client's profile and the house's
    // words read, the outcome written; the page: client, marker, history.
    assert_eq!(requests, 13, "a resend's table requests");
    let told = shop.outbox();
    assert_eq!(told.len(), mails + 1, "the shipped email alone");
    assert!(told.last().unwrap().contains(SHIPMENT));
    let timeline = resent.body["timeline"].as_array().unwrap();
    let emails: Vec<(&str, &str)> = timeline
        .iter()
        .filter(|e| e["kind"] == "email")
        .map(|e| (e["outcome"].as_str().unwrap(), e["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        emails.len(),
        5,
        "placed, confirmed, shipped failed twice, sent: {emails:?}"
    );
    assert_eq!(
        emails[4],
        (
            "sent",
            "The shipping (tracking link) email was sent to kim@example.com."
        )
    );
    let asked: Vec<&Value> = timeline
        .iter()
        .filter(|e| e["by"] == member.email.as_str())
        .map(|e| &e["text"])
        .collect();
    assert_eq!(
        asked.last().unwrap().as_str().unwrap(),
        "Asked for the shipping (tracking link) email to be sent again."
    );
}

#[tokio::test]
async fn the_checkouts_confirmation_that_failed_is_on_the_timeline_and_a_resend_sends_it() {
    let (shop, refusing) = helpers::spawn_shop_with_mail_switch().await;
    let shop = with_products(shop).await;
    refusing.store(true, Ordering::SeqCst);
    let (_, order) = paid_order(&shop, "mai@example.com", "unmailed").await;
    let (staff, _) = console_client(&shop, Role::Staff).await;
    let page = staff.get(&path(&order, "")).await;
    let first = &page.body["timeline"][1];
    assert_eq!(
        (&first["outcome"], &first["text"]),
        (
            &json!("failed"),
            &json!(format!(
                "The order confirmation email was not sent: {}. Resend sends it again.",
                domain::order::NOT_TAKEN
            ))
        ),
        "{:?}",
        page.body["timeline"]
    );

    refusing.store(false, Ordering::SeqCst);
    let resent = staff
        .post(&path(&order, "resend-confirmation"), json!({}))
        .await;
    assert_eq!(resent.status, 200, "{:?}", resent.body);
    let emails: Vec<(&str, &str)> = resent.body["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "email")
        .map(|e| (e["outcome"].as_str().unwrap(), e["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        emails.iter().map(|(o, _)| *o).collect::<Vec<_>>(),
        ["failed", "sent"],
        "the first sending stays on the record, once: {emails:?}"
    );
    assert_eq!(
        emails[1].1,
        "The order confirmation email was sent to mai@example.com."
    );
    let again = staff
        .post(&path(&order, "resend-confirmation"), json!({}))
        .await;
    let emails = again.body["timeline"].as_array().unwrap().iter();
    assert_eq!(
        emails.filter(|e| e["kind"] == "email").count(),
        3,
        "nothing failed any more: a resend sends the confirmation once"
    );
}

fn urlencode(text: &str) -> String {
    text.replace('#', "%23").replace('@', "%40")
}

#[tokio::test]
async fn shopctl_ships_and_refunds_in_part_through_the_same_desk() {
    let shop = shop().await;
    let (lan, order) = paid_order(&shop, "vy@example.com", "shopctl").await;
    let number = order["number"].as_str().unwrap();
    let run = |args: Vec<&str>| {
        let mut all = vec!["orders"];
        all.extend(args);
        let app = shop.app.clone();
        let all: Vec<String> = all.into_iter().map(String::from).collect();
        async move {
            let args: Vec<&str> = all.iter().map(String::as_str).collect();
            shopctl::cli::run_args(&app, &args)
                .await
                .map_err(|e| e.to_string())
        }
    };
    let ship = vec![
        "ship",
        number,
        "--carrier",
        "DHL",
        "--tracking-number",
        "1",
        "--tracking-url",
        SHIPMENT,
    ];
    let early = run(ship.clone()).await;
    assert!(early.unwrap_err().contains("confirmed"));
    run(vec!["confirm", number]).await.unwrap();
    let shipped = run(ship).await.unwrap();
    assert!(
        shipped.contains("tracking link sent to vy@example.com"),
        "{shipped}"
    );
    let mine = lan.get("/api/orders/me").await;
    assert_eq!(mine.body["data"]["data"][0]["shipment"]["carrier"], "DHL");

    settle(&shop, &order).await;
    let given = run(vec![
        "refund", number, "--amount", "12.50", "--reason", "hem",
    ])
    .await
    .unwrap();
    assert!(given.contains("12.50 given back"), "{given}");
    let above = run(vec![
        "refund", number, "--amount", "1800.00", "--reason", "x",
    ])
    .await;
    assert!(above.unwrap_err().contains(domain::order::ABOVE_LEFT));
    assert_eq!(refunded_cents(&ledger(&shop).await), 1_250);
}

/// The house's days, in two zones (UTC+14 and UTC−11) so that, whatever
/// the hour, one of them is on another day than UTC.
#[tokio::test]
async fn the_queue_and_the_audit_log_read_dates_as_the_house_s_days() {
    let shop = shop().await;
    let (_, order) = paid_order(&shop, "an@example.com", "days").await;
    let (owner, _) = console_client(&shop, Role::Owner).await;
    owner.post(&path(&order, "confirm"), json!({})).await;
    let stored = domain::house::House::stored(shop.app.table.as_ref())
        .await
        .unwrap()
        .unwrap();
    for name in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
        let zone = domain::house::TimeZoneName::parse(name).unwrap();
        let house = domain::house::House {
            time_zone: zone.clone(),
            ..stored.clone()
        };
        crate::house::store_house(&shop, Some(house)).await;
        let today = zone.day_of(domain::timestamp::Timestamp::now());
        let yesterday = today.previous_day().unwrap();
        let on = |day: &dyn std::fmt::Display| format!("?from={day}&to={day}");

        let found = owner
            .get(&format!("/api/atelier/orders{}", on(&today)))
            .await;
        assert_eq!(
            found.body["orders"][0]["id"], order["id"],
            "{name}: {:?}",
            found.body
        );
        let before = owner
            .get(&format!("/api/atelier/orders{}", on(&yesterday)))
            .await;
        assert_eq!(before.body["orders"], json!([]), "{name}");

        let logged = owner
            .get(&format!("/api/atelier/audit{}", on(&today)))
            .await;
        let actions: Vec<&Value> = logged.body["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| &e["action"])
            .collect();
        assert!(
            actions.contains(&&json!("order.confirm")),
            "{name}: {actions:?}"
        );
        let before = owner
            .get(&format!("/api/atelier/audit{}", on(&yesterday)))
            .await;
        assert_eq!(before.body["entries"], json!([]), "{name}");
    }
}
