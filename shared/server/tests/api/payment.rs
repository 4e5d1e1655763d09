//! Payment over HTTP against the sandbox: card checkout (success, decline,
//! tampering, replay, simultaneous submits), PayPal create/approve/capture and
//! its replays, invoice and email. Lost answers, reconciliation and the
//! one price are in `money`.

use domain::checkout;
use serde_json::{json, Value};

use crate::helpers::{
    self, client_with_access_token, count_table_requests, post_concurrently, put_product, Client,
    TestShop,
};

/// 2 × 800.00 + 150.50 = 1750.50, under 2276.02: Express 56.90, total 1807.40
/// (below the sandbox's 2000.00–2999.99 amounts, which it declines on purpose).
pub(crate) const TOTAL: f64 = 1807.4;

pub(crate) async fn shop() -> TestShop {
    with_products(helpers::spawn_shop().await).await
}

pub(crate) async fn with_products(shop: TestShop) -> TestShop {
    for (id, price) in [("pay-a", 800.0), ("pay-b", 150.5)] {
        put_product(&shop, &helpers::test_product(id, "active", price, &[])).await;
    }
    shop
}

/// A signed-in shopper (`user` is their id) with the bag filled.
pub(crate) async fn with_bag(shop: &TestShop, user: &str) -> Client {
    let shopper = client_with_access_token(shop, user).await;
    fill_bag(&shopper).await;
    shopper
}

pub(crate) async fn fill_bag(shopper: &Client) {
    for (id, quantity) in [("pay-a", 2), ("pay-b", 1)] {
        let added = shopper
            .post(
                "/api/cart/add",
                json!({ "productId": id, "size": "M", "color": "Ivory", "quantity": quantity }),
            )
            .await;
        assert_eq!(added.status, 200, "{:?}", added.body);
    }
}

pub(crate) fn address() -> Value {
    json!({ "firstName": "Lan", "lastName": "Tran", "country": "Vietnam", "state": "Ho Chi Minh",
            "city": "District 1", "street": "68 Dong Khoi", "zipcode": "700000",
            "phoneCode": "+84", "phone": "0901234567" })
}

pub(crate) fn checkout_body(nonce: &str, key: &str) -> Value {
    json!({ "amount": TOTAL, "taxRate": 0, "shippingfee": 56.9, "paymentMethodNonce": nonce,
            "customerName": "Lan Tran", "addresses": address(), "idempotencyKey": key })
}

pub(crate) async fn sandbox(shop: &TestShop, path: &str, body: Value) -> Value {
    let response = reqwest::Client::new()
        .post(format!("{}/sandbox{path}", shop.url))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(
        response.status().is_success(),
        "sandbox {path}: {}",
        response.status()
    );
    response.json().await.unwrap_or(Value::Null)
}

/// Every card transaction and PayPal capture the sandbox holds.
pub(crate) async fn ledger(shop: &TestShop) -> Value {
    reqwest::get(format!("{}/sandbox/__control/transactions", shop.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// How many card transactions the sandbox provider holds.
pub(crate) async fn transactions(shop: &TestShop) -> usize {
    ledger(shop).await["transactions"].as_array().unwrap().len()
}

pub(crate) async fn orders(shopper: &Client) -> Vec<Value> {
    let answer = shopper.get("/api/orders/me").await;
    answer.body["data"]["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn client_tokens_are_for_signed_in_shoppers() {
    let shop = shop().await;
    let visitor = shop.client().get("/api/payment/client-token").await;
    assert_eq!(visitor.status, 401);
    let lan = client_with_access_token(&shop, "lan").await;
    let token = lan.get("/api/payment/client-token").await;
    assert_eq!(token.status, 200, "{:?}", token.body);
    let decoded = base64_json(token.body["clientToken"].as_str().unwrap());
    assert!(decoded["authorizationFingerprint"]
        .as_str()
        .is_some_and(|f| !f.is_empty()));
    assert!(decoded["configUrl"].as_str().unwrap().contains("/sandbox/"));
    assert_eq!(
        token.body["taxRate"],
        json!(0.0),
        "no tax unless configured"
    );
}

#[tokio::test]
async fn a_configured_tax_is_announced_with_the_client_token_and_charged() {
    let shop = with_products(
        helpers::spawn_shop_with(|mut app| {
            let mut config = (*app.config).clone();
            config.tax_basis_points = 825;
            app.config = std::sync::Arc::new(config);
            app
        })
        .await,
    )
    .await;
    let lan = with_bag(&shop, "lan").await;
    let token = lan.get("/api/payment/client-token").await;
    assert_eq!(token.body["taxRate"], json!(8.25));
    // Without the tax the amount is refused; with it (1750.50 × 8.25% = 144.42) it is charged.
    let untaxed = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-visa-nonce", "tax-1"),
        )
        .await;
    assert_eq!(untaxed.status, 409, "{:?}", untaxed.body);
    assert_eq!(
        untaxed.body["quote"]["total"],
        json!(1951.82),
        "the taxed quote"
    );
    let mut taxed = checkout_body("fake-valid-visa-nonce", "tax-2");
    taxed["amount"] = json!(1951.82);
    taxed["taxRate"] = json!(8.25);
    let paid = lan.post("/api/payment/checkout", taxed).await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    assert_eq!(paid.body["order"]["total"], json!(1951.82));
}

fn base64_json(text: &str) -> Value {
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn a_card_checkout_charges_the_shops_amount_and_places_the_order() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let (paid, requests) = count_table_requests(
        &shop,
        lan.post(
            "/api/payment/checkout",
            checkout_body("fake-valid-visa-nonce", "k1"),
        ),
    )
    .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    assert_eq!(
        requests, 8,
        "table requests: session, replay check, bag, its products, claim, transaction \
         (with the confirmation's attempt), the house the confirmation names (read at \
         send time, so an import shows at once), and how the confirmation went"
    );
    let order = &paid.body["order"];
    assert_eq!(paid.body["success"], true);
    assert_eq!(order["status"], "awaiting_confirmation");
    assert_eq!(
        (
            order["subtotal"].as_f64(),
            order["shippingfee"].as_f64(),
            order["total"].as_f64()
        ),
        (Some(1750.5), Some(56.9), Some(TOTAL))
    );
    let quantities: Vec<u64> = order["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["quantity"].as_u64().unwrap())
        .collect();
    assert_eq!(quantities, [2, 1]);
    assert_eq!(order["shippingAddress"]["zipCode"], "700000");
    assert_eq!(order["payment"]["method"]["last4"], "1111");

    assert!(
        lan.get("/api/cart").await.list().is_empty(),
        "the bag is emptied"
    );
    let id = order["id"].as_str().unwrap();
    assert_eq!(orders(&lan).await[0]["id"], id);
    let ledger = ledger(&shop).await;
    let charges = ledger["transactions"].as_array().unwrap();
    assert_eq!(charges.len(), 1);
    assert_eq!(
        (
            charges[0]["amountCents"].as_u64(),
            charges[0]["orderId"].as_str()
        ),
        (Some(180_740), Some(id))
    );

    // Stored under the full id (numbers are not keys), named by the number the shopper reads.
    let number = order["number"].as_str().unwrap();
    let invoice = shop.blobs_dir.join(format!("invoices/lan/{id}.html"));
    let invoice = std::fs::read_to_string(invoice).expect("the invoice is stored");
    assert!(
        invoice.contains(&format!("Invoice for order {number}"))
            && invoice.contains("$1,807.40")
            && invoice.contains("Maison Lan Anh")
    );
    let mail = shop
        .outbox()
        .into_iter()
        .find(|m| m.contains(&format!("Order {number}, total")))
        .expect("a confirmation email");
    assert!(mail.contains("lan@example.com") && mail.contains("$1,807.40"));
}

#[tokio::test]
async fn a_declined_card_charges_nothing_and_keeps_the_bag() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let declined = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-processor-declined-visa-nonce", "k"),
        )
        .await;
    assert_eq!(declined.status, 422, "{:?}", declined.body);
    assert_eq!(declined.body["success"], false);
    assert!(declined.body["message"]
        .as_str()
        .unwrap()
        .starts_with("Your payment was declined: "));
    assert_eq!(lan.get("/api/cart").await.list().len(), 2);
    assert!(orders(&lan).await.is_empty());
    // The same checkout with a good card then goes through.
    let paid = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", "k2"),
        )
        .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    crate::money::no_money_without_an_order(&shop, std::slice::from_ref(&lan)).await;
}

#[tokio::test]
async fn tampered_amounts_empty_bags_and_bad_bodies_are_refused() {
    let shop = shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let empty = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-nonce", "e"),
        )
        .await;
    assert_eq!(
        (empty.status, empty.body["message"].as_str()),
        (400, Some(checkout::EMPTY_BAG))
    );
    fill_bag(&lan).await;
    let mut cheap = checkout_body("fake-valid-nonce", "t1");
    cheap["amount"] = json!(1.0);
    let cheap = lan.post("/api/payment/checkout", cheap).await;
    assert_eq!(
        (
            cheap.status,
            cheap.body["code"].as_str(),
            cheap.body["message"].as_str()
        ),
        (409, Some("quote_changed"), Some(checkout::QUOTE_CHANGED))
    );
    assert_eq!(
        cheap.body["quote"]["total"], TOTAL,
        "the shop's quote comes back"
    );
    assert_eq!(cheap.body["success"], false);
    let mut free_shipping = checkout_body("fake-valid-nonce", "t2");
    free_shipping["shippingfee"] = json!(0);
    let free_shipping = lan.post("/api/payment/checkout", free_shipping).await;
    assert_eq!(free_shipping.body["code"], "quote_changed");
    let mut other_tax = checkout_body("fake-valid-nonce", "t2b");
    other_tax["taxRate"] = json!(5);
    let other_tax = lan.post("/api/payment/checkout", other_tax).await;
    assert_eq!(other_tax.body["code"], "quote_changed");
    let mut no_amount = checkout_body("fake-valid-nonce", "t2c");
    no_amount["amount"] = Value::Null;
    no_amount["taxRate"] = json!("lots");
    let no_amount = lan.post("/api/payment/checkout", no_amount).await;
    assert_eq!(no_amount.status, 400);
    assert_eq!(
        no_amount.body["errors"]["amount"],
        checkout::AMOUNT_REQUIRED
    );
    assert_eq!(
        no_amount.body["errors"]["taxRate"],
        checkout::TAX_RATE_INVALID
    );
    let mut no_nonce = checkout_body("", "t3");
    no_nonce["addresses"] = Value::Null;
    let no_nonce = lan.post("/api/payment/checkout", no_nonce).await;
    assert_eq!(
        no_nonce.body["errors"]["paymentMethodNonce"],
        checkout::NONCE_REQUIRED
    );
    assert_eq!(
        no_nonce.body["errors"]["addresses"],
        checkout::ADDRESS_REQUIRED
    );
    let broken = lan
        .raw(
            reqwest::Method::POST,
            "/api/payment/checkout",
            "application/json",
            b"{\"amount\":".to_vec(),
        )
        .await;
    assert_eq!(broken.status, 400);
    assert_eq!(transactions(&shop).await, 0, "nothing was charged");
    assert_eq!(lan.get("/api/cart").await.list().len(), 2);
}

#[tokio::test]
async fn a_replayed_payment_answers_the_same_order() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let body = checkout_body("fake-valid-nonce", "once");
    let first = lan.post("/api/payment/checkout", body.clone()).await;
    assert_eq!(first.status, 201, "{:?}", first.body);
    let again = lan.post("/api/payment/checkout", body).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body["order"]["id"], first.body["order"]["id"]);
    assert_eq!(orders(&lan).await.len(), 1);
    assert_eq!(transactions(&shop).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_submits_make_one_charge_and_one_order() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let answers = post_concurrently(
        &lan,
        10,
        "/api/payment/checkout",
        checkout_body("fake-valid-nonce", "double-click"),
    )
    .await;
    let ids: Vec<&Value> = answers.iter().map(|a| &a.body["order"]["id"]).collect();
    assert!(
        answers.iter().all(|a| a.status == 200 || a.status == 201),
        "{answers:?}"
    );
    assert!(
        ids.iter().all(|id| *id == ids[0] && id.is_string()),
        "{ids:?}"
    );
    assert_eq!(answers.iter().filter(|a| a.status == 201).count(), 1);
    assert_eq!(orders(&lan).await.len(), 1);
    assert_eq!(transactions(&shop).await, 1);
}

pub(crate) async fn paypal_order(shopper: &Client) -> String {
    let created = shopper
        .post(
            "/api/payment/paypal/create-order",
            json!({ "amount": TOTAL, "currency": "USD" }),
        )
        .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    created.body["order"]["id"].as_str().unwrap().to_string()
}

pub(crate) fn capture_body(id: &str) -> Value {
    json!({ "orderId": id, "shippingAddress": address(), "taxRate": 0, "shippingfee": 0 })
}

#[tokio::test]
async fn paypal_is_captured_once_after_approval() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let mut tampered = lan
        .post(
            "/api/payment/paypal/create-order",
            json!({ "amount": 10, "currency": "USD" }),
        )
        .await;
    assert_eq!(
        (tampered.status, tampered.body["code"].as_str()),
        (409, Some("quote_changed"))
    );
    tampered = lan
        .post(
            "/api/payment/paypal/create-order",
            json!({ "amount": TOTAL, "currency": "EUR" }),
        )
        .await;
    assert_eq!(tampered.status, 400);
    let id = paypal_order(&lan).await;

    let early = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(
        (early.status, early.body["success"].clone()),
        (422, json!(false))
    );
    assert_eq!(early.body["message"], checkout::PAYPAL_NOT_APPROVED);
    assert_eq!(
        lan.get("/api/cart").await.list().len(),
        2,
        "canceled or unapproved: the bag stays"
    );

    sandbox(&shop, "/paypal/approve", json!({ "token": id })).await;
    let captured = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(captured.status, 201, "{:?}", captured.body);
    assert_eq!(captured.body["success"], true);
    assert_eq!(captured.body["order"]["total"].as_f64(), Some(TOTAL));
    assert_eq!(captured.body["order"]["payment"]["provider"], "paypal");
    let again = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body["order"]["id"], captured.body["order"]["id"]);
    assert_eq!(orders(&lan).await.len(), 1);
    assert_eq!(ledger(&shop).await["captures"].as_array().unwrap().len(), 1);
    assert!(lan.get("/api/cart").await.list().is_empty());
}

#[tokio::test]
async fn unknown_and_foreign_paypal_orders_never_capture() {
    let shop = shop().await;
    let lan = with_bag(&shop, "lan").await;
    let id = paypal_order(&lan).await;
    sandbox(&shop, "/paypal/approve", json!({ "token": id })).await;
    let minh = with_bag(&shop, "minh").await;
    let foreign = minh
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(
        (foreign.status, foreign.body["success"].clone()),
        (404, json!(false))
    );
    let unknown = lan
        .post(
            "/api/payment/paypal/capture-order",
            capture_body("5O190127TN364715T"),
        )
        .await;
    assert_eq!(unknown.status, 404);
    assert!(ledger(&shop).await["captures"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(orders(&minh).await.is_empty());
    let own = lan
        .post("/api/payment/paypal/capture-order", capture_body(&id))
        .await;
    assert_eq!(own.status, 201, "{:?}", own.body);
}

/// The operator's side: `shopctl orders show`, `resend` and `refund`.
#[tokio::test]
async fn operators_show_resend_and_refund_a_paid_order() {
    let shop = shop().await;
    let lan = shop.client();
    helpers::sign_up_and_sign_in(&lan, "lan@example.com").await;
    fill_bag(&lan).await;
    let paid = lan
        .post(
            "/api/payment/checkout",
            checkout_body("fake-valid-mastercard-nonce", "ops"),
        )
        .await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    let id = paid.body["order"]["id"].as_str().unwrap();
    let reference = paid.body["order"]["payment"]["reference"].as_str().unwrap();

    let shown = shopctl::orders::show(&shop.app, id).await.unwrap();
    assert!(
        shown.contains(reference) && shown.contains("1807.40"),
        "{shown}"
    );
    let mails = shop.outbox().len();
    let resent = shopctl::orders::resend(&shop.app, id).await.unwrap();
    assert!(resent.contains("lan@example.com"), "{resent}");
    assert_eq!(shop.outbox().len(), mails + 1);

    // The operator confirms it by the number the customer reads, and the customer is told.
    let number = paid.body["order"]["number"].as_str().unwrap();
    assert_eq!(number, format!("#{}-{}", &id[18..22], &id[22..]));
    let confirmed = shopctl::cli::run_args(&shop.app, &["orders", "confirm", number])
        .await
        .unwrap();
    assert!(
        confirmed.ends_with("confirmation sent to lan@example.com"),
        "{confirmed}"
    );
    let told = shop.outbox().last().cloned().unwrap_or_default();
    assert!(
        told.contains(&format!("we have confirmed your order {number}.")),
        "{told}"
    );

    let refunded = shopctl::orders::refund(&shop.app, number).await.unwrap();
    assert!(refunded.contains("-> canceled"), "{refunded}");
    let ledger = ledger(&shop).await;
    assert_eq!(ledger["transactions"][0]["status"], "VOIDED");
    assert_eq!(orders(&lan).await[0]["status"], "canceled");
    let again = shopctl::orders::refund(&shop.app, id).await.unwrap();
    assert!(
        again.contains("nothing done"),
        "a refund happens once: {again}"
    );
    assert_eq!(
        transactions(&shop).await,
        1,
        "nothing more asked of the provider"
    );
}
