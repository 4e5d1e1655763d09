//! Checkout that never loses money, over HTTP against the sandbox: the
//! provider takes the money and its answer is lost (dropped, held past the
//! timeout, or the table fails right after), the shopper is told the payment
//! is being confirmed, and `shopctl payments reconcile` then leaves either
//! an order for that charge or the charge given back — over a hundred
//! trials, card and PayPal. Also: stuck claims swept, the one price (a
//! repriced or withdrawn product refused with the new quote), PayPal's
//! pending captures, and the PayPal order limit.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use app::{AheadClock, App};
use async_trait::async_trait;
use domain::checkout::{self, payment_key, Budget, Claim, ClaimState, Claims, Provider};
use domain::ports::{Clock, Condition, Item, Key, Page, Query, Table, TableError, Update, Write};
use domain::pricing::Money;
use serde_json::{json, Value};

use crate::helpers::{self, client_with_access_token, put_product, Client, TestShop};
use crate::payment::{
    address, capture_body, checkout_body, fill_bag, ledger, orders, paypal_order, sandbox, shop,
    with_bag, with_products, TOTAL,
};

/// A table whose next `n` transactions fail, as a lost connection would.
struct FlakyTable {
    inner: Arc<dyn Table>,
    failing_transactions: Arc<AtomicU32>,
}

#[async_trait]
impl Table for FlakyTable {
    async fn get(&self, key: &Key) -> Result<Option<Item>, TableError> {
        self.inner.get(key).await
    }
    async fn put(&self, item: Item, condition: Condition) -> Result<(), TableError> {
        self.inner.put(item, condition).await
    }
    async fn update(&self, key: &Key, update: Update) -> Result<Item, TableError> {
        self.inner.update(key, update).await
    }
    async fn delete(&self, key: &Key, condition: Condition) -> Result<(), TableError> {
        self.inner.delete(key, condition).await
    }
    async fn query(&self, query: Query) -> Result<Page, TableError> {
        self.inner.query(query).await
    }
    async fn batch_get(&self, keys: &[Key]) -> Result<Vec<Item>, TableError> {
        self.inner.batch_get(keys).await
    }
    async fn transact(&self, writes: Vec<Write>) -> Result<(), TableError> {
        let failing =
            self.failing_transactions
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
        if failing.is_ok() {
            return Err(TableError::Backend(
                "injected: the connection was lost".into(),
            ));
        }
        self.inner.transact(writes).await
    }
    fn request_count(&self) -> u64 {
        self.inner.request_count()
    }
    fn on_clock(&self, clock: Arc<dyn Clock>) -> Arc<dyn Table> {
        Arc::new(FlakyTable {
            inner: self.inner.on_clock(clock),
            failing_transactions: self.failing_transactions.clone(),
        })
    }
}

/// A shop whose provider calls give up after 400 ms and whose table can be
/// told to fail its next transactions.
async fn flaky_shop() -> (TestShop, Arc<FlakyTable>) {
    let flaky: Arc<std::sync::OnceLock<Arc<FlakyTable>>> = Arc::default();
    let slot = flaky.clone();
    let shop = helpers::spawn_shop_with(move |mut app| {
        let table = Arc::new(FlakyTable {
            inner: app.table.clone(),
            failing_transactions: Arc::default(),
        });
        let _ = slot.set(table.clone());
        app.table = table;
        let mut config = app.config.payments.clone();
        config.timeouts.total = Duration::from_millis(400);
        app.gateway = payments::open(&config).unwrap();
        app
    })
    .await;
    let flaky = flaky.get().unwrap().clone();
    (with_products(shop).await, flaky)
}

/// A reconciler run, as if `seconds` had passed, with the reconcile
/// function's grant.
async fn reconcile_after(app: &App, seconds: u64) -> String {
    let mut later = app.as_function("reconcile");
    later.set_clock(Arc::new(AheadClock(Duration::from_secs(seconds))));
    shopctl::payments::reconcile(&later).await.unwrap()
}

/// Past every deadline but a PayPal order's approval.
fn past_deadlines() -> u64 {
    Budget::shop().charging_deadline_seconds + 1
}

/// Empties the bag and fills it again: 2 × pay-a + pay-b.
async fn refill(shopper: &Client) {
    for line in shopper.get("/api/cart").await.list() {
        let id = line["id"].as_str().unwrap();
        shopper.delete(&format!("/api/cart/remove/{id}")).await;
    }
    fill_bag(shopper).await;
}

/// No money kept without an order, over every shopper: each live card
/// charge names a placed order, and each live PayPal capture belongs to one.
pub(crate) async fn no_money_without_an_order(shop: &TestShop, shoppers: &[Client]) {
    let mut placed = Vec::new();
    for shopper in shoppers {
        for order in orders(shopper).await {
            placed.push(order["id"].as_str().unwrap().to_string());
        }
    }
    let ledger = ledger(shop).await;
    for tx in ledger["transactions"].as_array().unwrap() {
        if ["SUBMITTED_FOR_SETTLEMENT", "SETTLED"].contains(&tx["status"].as_str().unwrap()) {
            let order = tx["orderId"].as_str().unwrap_or_default();
            assert!(
                placed.iter().any(|p| p == order),
                "a charge without an order: {tx}"
            );
        }
    }
    let live_captures = ledger["captures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["refunded"] == false)
        .count();
    let paypal_orders: usize = {
        let mut n = 0;
        for shopper in shoppers {
            n += orders(shopper)
                .await
                .iter()
                .filter(|o| o["payment"]["provider"] == "paypal")
                .count();
        }
        n
    };
    assert_eq!(
        live_captures, paypal_orders,
        "a capture without an order: {ledger}"
    );
}

/// How the provider's answer is lost in a trial.
#[derive(Debug, Clone, Copy)]
enum Loss {
    /// The card is charged, then the connection drops without an answer.
    CardDropped,
    /// The card is charged, then the answer is held past the timeout.
    CardHeld,
    /// The gateway answers 500 before charging: nothing happened, but the
    /// shop cannot know it.
    CardNotCharged,
    /// The card is charged, then the table fails the order's transaction.
    CardTableFails,
    /// The PayPal capture is made, then the connection drops.
    CaptureDropped,
    /// The PayPal capture is made, then the table fails.
    CaptureTableFails,
}

const LOSSES: [Loss; 6] = [
    Loss::CardDropped,
    Loss::CardHeld,
    Loss::CardNotCharged,
    Loss::CardTableFails,
    Loss::CaptureDropped,
    Loss::CaptureTableFails,
];

impl Loss {
    fn charges(self) -> bool {
        !matches!(self, Loss::CardNotCharged)
    }
}

/// Pays with the loss injected; answers the shop's answer and what to
/// replay (the same request again).
async fn pay_losing(
    shop: &TestShop,
    flaky: &FlakyTable,
    shopper: &Client,
    loss: Loss,
    key: &str,
) -> (helpers::Answer, String, Value) {
    let fault = |prefix: &str, fault: Value| {
        let mut body = json!({ "pathPrefix": prefix });
        body.as_object_mut()
            .unwrap()
            .extend(fault.as_object().unwrap().clone());
        body
    };
    let card = (
        "/api/payment/checkout",
        checkout_body("fake-valid-nonce", key),
    );
    let (path, body) = match loss {
        Loss::CardDropped | Loss::CardHeld | Loss::CardNotCharged | Loss::CardTableFails => card,
        Loss::CaptureDropped | Loss::CaptureTableFails => {
            let id = paypal_order(shopper).await;
            sandbox(shop, "/paypal/approve", json!({ "token": id })).await;
            ("/api/payment/paypal/capture-order", capture_body(&id))
        }
    };
    match loss {
        Loss::CardDropped => {
            let f = fault("/graphql", json!({ "after": true, "drop": true }));
            sandbox(shop, "/__control/fail-next", f).await;
        }
        Loss::CardHeld => {
            let f = fault("/graphql", json!({ "after": true, "delayMs": 700 }));
            sandbox(shop, "/__control/fail-next", f).await;
        }
        Loss::CardNotCharged => {
            let f = fault("/graphql", json!({ "status": 500 }));
            sandbox(shop, "/__control/fail-next", f).await;
        }
        Loss::CaptureDropped => {
            let f = fault(
                "/paypal/v2/checkout",
                json!({ "after": true, "drop": true }),
            );
            sandbox(shop, "/__control/fail-next", f).await;
        }
        Loss::CardTableFails | Loss::CaptureTableFails => {
            flaky.failing_transactions.store(1, Ordering::SeqCst);
        }
    }
    let answer = shopper.post(path, body.clone()).await;
    (answer, path.to_string(), body)
}

#[tokio::test]
async fn a_hundred_lost_answers_each_end_as_an_order_or_money_given_back() {
    let (shop, flaky) = flaky_shop().await;
    // PayPal orders are limited per shopper: five shoppers share the trials.
    let mut shoppers = Vec::new();
    for n in 0..5 {
        let shopper = client_with_access_token(&shop, &format!("buyer{n}")).await;
        fill_bag(&shopper).await;
        shoppers.push(shopper);
    }
    let (mut placed, mut given_back) = (0, 0);
    for trial in 0..102 {
        let shopper = &shoppers[trial / 21];
        let loss = LOSSES[trial % LOSSES.len()];
        let key = format!("trial-{trial}");
        let charges_before = ledger(&shop).await["transactions"]
            .as_array()
            .unwrap()
            .len();
        let (answer, path, body) = pay_losing(&shop, &flaky, shopper, loss, &key).await;
        let context = format!("trial {trial} {loss:?}: {:?}", answer.body);
        assert_eq!(answer.status, 202, "{context}");
        assert_eq!(answer.body["code"], "payment_confirming", "{context}");
        assert_eq!(answer.body["success"], false, "{context}");
        assert_eq!(answer.body["message"], checkout::CONFIRMING, "{context}");
        let payment_id = answer.body["paymentId"].as_str().unwrap().to_string();
        assert_eq!(
            shopper.get("/api/cart").await.list().len(),
            2,
            "{context}: the bag is untouched"
        );
        let status = shopper
            .get(&format!("/api/payment/status/{payment_id}"))
            .await;
        assert_eq!(status.body["status"], "confirming", "{context}");
        // Paying again with the same key charges nothing more.
        let again = shopper.post(&path, body).await;
        assert_eq!(again.status, 202, "{context}: {:?}", again.body);
        let charges_after = ledger(&shop).await["transactions"]
            .as_array()
            .unwrap()
            .len();
        let card_charges = usize::from(
            loss.charges() && !matches!(loss, Loss::CaptureDropped | Loss::CaptureTableFails),
        );
        assert_eq!(
            charges_after - charges_before,
            card_charges,
            "{context}: one charge at most"
        );
        // In every third round of six losses the shopper changes the bag
        // meanwhile, so every kind of loss meets both outcomes.
        let bag_changed = (trial / LOSSES.len()) % 3 == 1;
        if bag_changed {
            let line = shopper.get("/api/cart").await.list()[0]["id"]
                .as_str()
                .unwrap()
                .to_string();
            shopper.delete(&format!("/api/cart/remove/{line}")).await;
        }
        let report = reconcile_after(&shop.app, past_deadlines()).await;
        let status = shopper
            .get(&format!("/api/payment/status/{payment_id}"))
            .await;
        let expected = if loss.charges() && !bag_changed {
            "placed"
        } else {
            "failed"
        };
        assert_eq!(
            status.body["status"], expected,
            "{context}: {report} {:?}",
            status.body
        );
        if expected == "placed" {
            placed += 1;
            assert_eq!(status.body["order"]["total"], TOTAL, "{context}");
            assert!(
                shopper.get("/api/cart").await.list().is_empty(),
                "{context}"
            );
        } else if loss.charges() {
            given_back += 1;
        }
        no_money_without_an_order(&shop, &shoppers).await;
        refill(shopper).await;
    }
    assert!(
        placed >= 50 && given_back >= 20,
        "placed {placed}, given back {given_back}"
    );
    let ledger = ledger(&shop).await;
    let voided = ledger["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["status"] == "VOIDED")
        .count();
    let refunded = ledger["captures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["refunded"] == true)
        .count();
    assert_eq!(
        voided + refunded,
        given_back,
        "each charge not placed was given back: {ledger}"
    );
}

#[tokio::test]
async fn a_claim_stuck_past_its_deadline_is_swept() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    // A function charged the card under its claim, then died.
    let now = shop.app.clock.now();
    let claim = Claim {
        key: payment_key(Provider::Card, "died"),
        user_id: "lan".into(),
        provider: Provider::Card,
        provider_order: None,
        order_id: "01JD0000000000000000STUCK1".into(),
        state: ClaimState::Charging,
        version: 1,
        amount: Money::from_dollars(TOTAL).unwrap(),
        address: Some(checkout::ShippingAddress::check(&address()).unwrap()),
        created_at: now,
        deadline: Budget::shop().charging_deadline(now),
    };
    Claims::of(&*shop.app.table).open(&claim).await.unwrap();
    let charged = shop
        .app
        .gateway
        .charge("fake-valid-nonce", claim.amount, &claim.order_id)
        .await
        .unwrap();
    // And another died before charging.
    let empty = Claim {
        key: payment_key(Provider::Card, "died-early"),
        order_id: "01JD0000000000000000STUCK2".into(),
        ..claim.clone()
    };
    Claims::of(&*shop.app.table).open(&empty).await.unwrap();

    let early = reconcile_after(&shop.app, 5).await;
    assert!(
        early.contains("0 placed") && early.contains("0 released"),
        "{early}"
    );
    let swept = reconcile_after(&shop.app, past_deadlines()).await;
    assert!(
        swept.contains("1 placed") && swept.contains("1 released"),
        "{swept}"
    );
    let orders = orders(&lan).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["id"], claim.order_id.as_str());
    assert_eq!(orders[0]["payment"]["reference"], charged.id.as_str());
    assert!(Claims::of(&*shop.app.table)
        .find("lan", &empty.key)
        .await
        .unwrap()
        .is_none());
}

#[tokio::test]
async fn the_bag_and_checkout_use_todays_price_and_refuse_withdrawn_products() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let bag = lan.get("/api/cart").await;
    assert_eq!(bag.body["quote"]["total"], TOTAL);
    assert_eq!(bag.body["quote"]["shippingfee"], 56.9);
    assert_eq!(bag.body["count"], 3);

    // The house reprices a gown: the bag shows it, and the old total is refused.
    put_product(&shop, &helpers::test_product("pay-b", "active", 200.0, &[])).await;
    let bag = lan.get("/api/cart").await;
    let new_total = 1600.0 + 200.0 + 56.9;
    assert_eq!(bag.body["quote"]["total"], new_total);
    let repriced = bag
        .list()
        .into_iter()
        .find(|l| l["product"]["id"] == "pay-b")
        .unwrap();
    assert_eq!(
        (repriced["price"].clone(), repriced["available"].clone()),
        (json!(200.0), json!(true))
    );
    let stale = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", "k1"),
        )
        .await;
    assert_eq!(
        (stale.status, stale.body["code"].as_str()),
        (409, Some("quote_changed"))
    );
    assert_eq!(stale.body["quote"]["total"], new_total);
    let stale_paypal = lan
        .post(
            "/api/payment/paypal/create-order",
            json!({ "amount": TOTAL, "currency": "USD" }),
        )
        .await;
    assert_eq!(stale_paypal.status, 409, "{:?}", stale_paypal.body);
    assert!(
        ledger(&shop).await["transactions"]
            .as_array()
            .unwrap()
            .is_empty(),
        "nothing charged"
    );

    // The house withdraws it: out of the quote, and checkout is refused.
    put_product(
        &shop,
        &helpers::test_product("pay-b", "inactive", 200.0, &[]),
    )
    .await;
    let bag = lan.get("/api/cart").await;
    let withdrawn = bag
        .list()
        .into_iter()
        .find(|l| l["product"]["id"] == "pay-b")
        .unwrap();
    assert_eq!(withdrawn["available"], false);
    assert_eq!(bag.body["quote"]["total"], 1600.0 + 56.9);
    let mut body = checkout_body("fake-valid-nonce", "k2");
    body["amount"] = json!(1600.0 + 56.9);
    body["shippingfee"] = json!(56.9);
    let refused = lan.post("/api/payment/checkout", body.clone()).await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str()),
        (409, Some("product_unavailable"))
    );
    assert_eq!(refused.body["message"], checkout::ITEMS_UNAVAILABLE);

    // Removed from the bag, the rest is paid at today's price.
    let line = withdrawn["id"].as_str().unwrap();
    lan.delete(&format!("/api/cart/remove/{line}")).await;
    let paid = lan.post("/api/payment/checkout", body).await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    assert_eq!(paid.body["order"]["total"], 1600.0 + 56.9);
}

/// Pays the bag with PayPal, the capture held PENDING by PayPal: the
/// placed order's answer.
async fn pay_pending(shop: &TestShop, shopper: &Client) -> Value {
    fill_bag(shopper).await;
    let id = paypal_order(shopper).await;
    sandbox(shop, "/paypal/approve", json!({ "token": id })).await;
    sandbox(shop, "/__control/paypal-pending", json!({ "times": 1 })).await;
    let captured = shopper
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(captured.status, 201, "{:?}", captured.body);
    captured.body["order"].clone()
}

/// PayPal settles the pending capture of `order`.
async fn paypal_settles(shop: &TestShop, order: &Value, status: &str) {
    let capture = order["payment"]["reference"].clone();
    let settled = json!({ "captureId": capture, "status": status });
    sandbox(shop, "/__control/paypal-capture-status", settled).await;
}

#[tokio::test]
async fn a_pending_paypal_capture_is_an_order_awaiting_it() {
    let shop = shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let pending = pay_pending(&shop, &lan).await;
    assert_eq!(pending["status"], "pending");
    assert_eq!(pending["payment"]["status"], "PENDING");
    let nothing_yet = reconcile_after(&shop.app, 0).await;
    assert!(nothing_yet.contains("0 captures settled"), "{nothing_yet}");
    paypal_settles(&shop, &pending, "COMPLETED").await;
    let settled = reconcile_after(&shop.app, 0).await;
    assert!(settled.contains("1 captures settled"), "{settled}");
    let order = &orders(&lan).await[0];
    assert_eq!(order["status"], "awaiting_confirmation");
    assert_eq!(order["payment"]["status"], "COMPLETED");

    // Declined by PayPal after all: the order is canceled.
    let pending = pay_pending(&shop, &lan).await;
    paypal_settles(&shop, &pending, "DECLINED").await;
    reconcile_after(&shop.app, 0).await;
    let declined = orders(&lan)
        .await
        .into_iter()
        .find(|o| o["id"] == pending["id"])
        .unwrap();
    assert_eq!(declined["status"], "canceled");
    assert_eq!(declined["payment"]["status"], "DECLINED");
}

#[tokio::test]
async fn paypal_orders_are_limited_per_shopper_and_unused_ones_expire() {
    let shop = shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let minh = client_with_access_token(&shop, "minh").await;
    fill_bag(&lan).await;
    fill_bag(&minh).await;
    let create = json!({ "amount": TOTAL, "currency": "USD" });
    for n in 0..30 {
        let created = lan
            .post("/api/payment/paypal/create-order", create.clone())
            .await;
        assert_eq!(created.status, 200, "order {n}: {:?}", created.body);
    }
    let limited = lan
        .post("/api/payment/paypal/create-order", create.clone())
        .await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.body["success"], false);
    let other = minh
        .post("/api/payment/paypal/create-order", create.clone())
        .await;
    assert_eq!(other.status, 200, "one shopper's limit is not another's");
    let euros = lan
        .post(
            "/api/payment/paypal/create-order",
            json!({ "amount": TOTAL, "currency": "EUR" }),
        )
        .await;
    assert_eq!(euros.status, 400);
    // Never approved: forgotten once the approval window has passed.
    let approval = Budget::shop().paypal_approval_hours * 3600 + 1;
    let expired = reconcile_after(&shop.app, approval).await;
    assert!(expired.contains("31 released"), "{expired}");
}

#[tokio::test]
async fn a_payment_status_is_the_shoppers_own() {
    let shop = shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let minh = client_with_access_token(&shop, "minh").await;
    fill_bag(&lan).await;
    let paid = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", "mine"),
        )
        .await;
    assert_eq!(paid.status, 201);
    let id = payment_key(Provider::Card, "mine");
    let own = lan.get(&format!("/api/payment/status/{id}")).await;
    assert_eq!(own.body["status"], "placed");
    assert_eq!(own.body["order"]["id"], paid.body["order"]["id"]);
    let foreign = minh.get(&format!("/api/payment/status/{id}")).await;
    assert_eq!(
        foreign.body["status"], "failed",
        "another's payment is not found"
    );
    assert!(foreign.body.get("order").is_none());
    assert_eq!(lan.get("/api/payment/status/nonsense").await.status, 404);
    let visitor = shop
        .client()
        .get(&format!("/api/payment/status/{id}"))
        .await;
    assert_eq!(visitor.status, 401);
}
