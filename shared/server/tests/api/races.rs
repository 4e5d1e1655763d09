//! Money moves once when two hands reach for one payment at the same time:
//! a shopper's PayPal capture timed against the reconciler's lookup, two
//! reconciler runs on one lost card answer (with and without the run's
//! lease), and an operator's refund pressed twice. Each was a reproduction
//! of a payment placed *and* given back; now one hand acts, the other
//! leaves it, and the sandbox's ledger shows every live charge or capture
//! under exactly one placed order and no placed order's money given back.

use std::sync::Arc;
use std::time::Duration;

use app::{AheadClock, App};
use domain::checkout::Budget;
use serde_json::{json, Value};

use crate::helpers::{Client, TestShop};
use crate::money::no_money_without_an_order;
use crate::payment::{
    capture_body, checkout_body, ledger, orders, paypal_order, sandbox, shop, with_bag,
};

/// The reconcile function's app (its grant) as if `seconds` had passed.
fn ahead(app: &App, seconds: u64) -> App {
    let mut later = app.as_function("reconcile");
    later.set_clock(Arc::new(AheadClock(Duration::from_secs(seconds))));
    later
}

/// No placed order's money was given back: its card charge is neither
/// voided nor refunded, its PayPal capture not refunded.
async fn placed_orders_keep_their_money(shop: &TestShop, shoppers: &[&Client]) {
    let ledger = ledger(shop).await;
    for shopper in shoppers {
        for order in orders(shopper).await {
            let payment = &order["payment"];
            if payment["provider"] == "paypal" {
                let capture = ledger["captures"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["id"] == payment["reference"])
                    .unwrap_or_else(|| panic!("no capture for {order}"));
                assert_eq!(
                    capture["refunded"], false,
                    "placed and refunded: {order} {capture}"
                );
            } else {
                let charge = ledger["transactions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|t| t["orderId"] == order["id"])
                    .unwrap_or_else(|| panic!("no charge for {order}"));
                assert!(
                    charge["status"] != "VOIDED" && charge["refundedCents"] == 0,
                    "placed and given back: {order} {charge}"
                );
            }
        }
    }
}

#[tokio::test]
async fn a_paypal_capture_timed_against_the_reconcilers_lookup_is_never_placed_and_refunded() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let id = paypal_order(&lan).await;
    sandbox(&shop, "/paypal/approve", json!({ "token": id })).await;
    // The reconciler's lookup of this PayPal order takes 3.5 s.
    let slow = json!({ "pathPrefix": format!("/paypal/v2/checkout/orders/{id}"), "delayMs": 3500 });
    sandbox(&shop, "/__control/fail-next", slow).await;
    // Past the approval deadline (3 h) as the reconciler sees it.
    let later = ahead(&shop.app, 11_000);
    let reconciler =
        tokio::spawn(async move { shopctl::payments::reconcile(&later).await.unwrap() });
    tokio::time::sleep(Duration::from_secs(1)).await;
    let captured = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    let report = reconciler.await.unwrap();
    let context = format!("{report} / capture {} {:?}", captured.status, captured.body);
    // The reconciler took the claim first: the capture is left to it.
    assert_eq!(captured.status, 202, "{context}");
    assert!(report.contains("0 given back"), "{context}");
    assert!(report.contains("1 released"), "{context}");
    assert!(orders(&lan).await.is_empty(), "{context}");
    assert!(
        ledger(&shop).await["captures"]
            .as_array()
            .unwrap()
            .is_empty(),
        "nothing captured: {context}"
    );
    let status = lan
        .get(&format!(
            "/api/payment/status/{}",
            captured.body["paymentId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status.body["status"], "failed", "{context}");
    assert_eq!(
        lan.get("/api/cart").await.list().len(),
        2,
        "the bag is intact"
    );
    placed_orders_keep_their_money(&shop, &[&lan]).await;
    no_money_without_an_order(&shop, &[lan]).await;
}

/// A card checkout whose charge answer is dropped: 202, the money taken.
async fn lost_card_answer(shop: &TestShop, shopper: &Client, key: &str) {
    let drop = json!({ "pathPrefix": "/graphql", "after": true, "drop": true });
    sandbox(shop, "/__control/fail-next", drop).await;
    let answer = shopper
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", key),
        )
        .await;
    assert_eq!(answer.status, 202, "{:?}", answer.body);
}

/// The next provider lookup (the first reconciler's) takes 4 s.
async fn slow_lookup(shop: &TestShop) {
    let slow = json!({ "pathPrefix": "/graphql", "delayMs": 4000 });
    sandbox(shop, "/__control/fail-next", slow).await;
}

#[tokio::test]
async fn two_reconciler_runs_on_one_lost_card_answer_place_it_once() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    lost_card_answer(&shop, &lan, "two-runs").await;
    slow_lookup(&shop).await;
    let (a, b) = (ahead(&shop.app, 120), ahead(&shop.app, 120));
    let (a, b) = tokio::join!(shopctl::payments::reconcile(&a), async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        shopctl::payments::reconcile(&b).await
    });
    let reports = [a.unwrap(), b.unwrap()];
    let context = format!("{reports:?}");
    assert!(reports[0].contains("1 placed"), "{context}");
    assert!(
        reports[1].contains("another reconciler run is in progress"),
        "{context}"
    );
    let placed = orders(&lan).await;
    assert_eq!(placed.len(), 1, "{context}");
    assert_eq!(placed[0]["status"], "awaiting_confirmation");
    placed_orders_keep_their_money(&shop, &[&lan]).await;
    no_money_without_an_order(&shop, &[lan]).await;
}

#[tokio::test]
async fn a_run_that_outlives_its_lease_leaves_the_claim_to_the_next() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    lost_card_answer(&shop, &lan, "past-the-lease").await;
    slow_lookup(&shop).await;
    // The first run takes the claim and waits 4 s on the provider; the
    // second, past the first's lease (as if the first had stalled), takes
    // it over. Without the runs' lease between them, only the claim's own
    // conditions keep them apart.
    let lease = Budget::shop().reconcile_lease_seconds;
    let (a, b) = (ahead(&shop.app, 120), ahead(&shop.app, 120 + lease + 60));
    let (ca, cb) = (a.checkout(), b.checkout());
    let (first, second) = tokio::join!(ca.reconcile_due(), async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        cb.reconcile_due().await
    });
    let (first, second) = (first.unwrap(), second.unwrap());
    let context = format!("{first:?} {second:?}");
    assert_eq!((second.placed, second.reversed), (1, 0), "{context}");
    assert_eq!(
        (first.placed, first.reversed, first.taken_by_others),
        (0, 0, 1),
        "{context}"
    );
    assert_eq!(orders(&lan).await.len(), 1, "{context}");
    placed_orders_keep_their_money(&shop, &[&lan]).await;
    no_money_without_an_order(&shop, &[lan]).await;
}

#[tokio::test]
async fn an_operators_refund_pressed_twice_gives_the_money_back_once() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let paid = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", "refund-twice"),
        )
        .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    let id = paid.body["order"]["id"].as_str().unwrap().to_string();
    // The first refund asks the provider for the charge, takes the refund,
    // then its void takes 4 s: the second press comes while it holds it.
    let slow_void = json!({ "pathPrefix": "/graphql", "delayMs": 4000, "skip": 1 });
    sandbox(&shop, "/__control/fail-next", slow_void).await;
    let (a, b) = tokio::join!(shopctl::orders::refund(&shop.app, &id), async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        shopctl::orders::refund(&shop.app, &id).await
    });
    let said = [a.unwrap(), b.unwrap()];
    assert!(said[0].contains("given back"), "{said:?}");
    assert!(
        said[1].contains("by another refund: nothing done"),
        "{said:?}"
    );
    let again = shopctl::orders::refund(&shop.app, &id).await.unwrap();
    assert!(again.contains("nothing done"), "{again}");
    let ledger: Value = ledger(&shop).await;
    let charge = &ledger["transactions"][0];
    assert_eq!(charge["status"], "VOIDED", "{ledger}");
    assert_eq!(orders(&lan).await[0]["status"], "canceled");
}
