//! Orders over HTTP and the operators' CLI: my orders newest first with
//! totals, confirming delivery only of one's own confirmed order, and the
//! state machine refusing every other move.

use crate::helpers::{self, client_with_access_token, count_table_requests};
use domain::cart::{CartLine, LineSize};
use domain::catalog::ProductSnapshot;
use domain::checkout::{Payment, Provider, ShippingAddress};
use domain::order::{Order, OrderStatus, Orders, Sale, CONFIRMED_BY_CUSTOMER, CONFIRM_FAILED};
use domain::ports::Condition;
use domain::ports::PaymentMethodSummary;
use domain::pricing::Money;
use domain::records::Record;
use domain::timestamp::Timestamp;
use serde_json::json;
use shop_http::session::SESSION_EXPIRED;

fn line(name: &str, cents: u32, quantity: u32) -> CartLine {
    CartLine {
        id: format!("{name:0>32}"),
        product: ProductSnapshot {
            id: name.into(),
            slug: name.into(),
            name: format!("Gown {name}"),
            product_gallery: vec![format!("/blobs/{name}.jpg")],
        },
        category: "Set".into(),
        color: "Ivory".into(),
        size: LineSize::chosen("M").unwrap(),
        quantity,
        price: Money::from_cents(cents),
        created_at: domain::timestamp::Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
        updated_at: domain::timestamp::Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
    }
}

/// Writes an order as the payment function will: built from bag lines.
async fn place(
    shop: &helpers::TestShop,
    user: &str,
    id: &str,
    status: OrderStatus,
    lines: &[CartLine],
    at: &str,
) -> Order {
    let at = Timestamp::parse(at).unwrap();
    let quote = domain::checkout::Quote::of(lines, 0).unwrap();
    let sale = Sale {
        lines: lines.to_vec(),
        quote,
        address: ShippingAddress::default(),
        payment: Payment {
            provider: Provider::Card,
            reference: format!("tx-{id}"),
            provider_order: None,
            method: PaymentMethodSummary::Card {
                card_type: "VISA".into(),
                last4: "1111".into(),
            },
            amount: quote.total,
            status: "SUBMITTED_FOR_SETTLEMENT".into(),
        },
    };
    let order = Order::placed(id, user, status, sale, at).unwrap();
    shop.app
        .table
        .put(order.to_item().unwrap(), Condition::NotExists)
        .await
        .unwrap();
    order
}

/// An order of one line (one of product "a" at 100) kept for `user`.
async fn place_one(
    shop: &helpers::TestShop,
    user: &str,
    id: &str,
    status: OrderStatus,
    at: &str,
) -> Order {
    place(shop, user, id, status, &[line("a", 100, 1)], at).await
}

async fn stored_status(shop: &helpers::TestShop, user: &str, id: &str) -> OrderStatus {
    let order = Orders::of(&*shop.app.table, user).get(id).await.unwrap();
    order.unwrap().status
}

const OLD: &str = "01JD0000000000000000000001";
const NEW: &str = "01JD0000000000000000000002";
const PENDING: &str = "01JD0000000000000000000003";
const MINHS: &str = "01JD0000000000000000000004";

#[tokio::test]
async fn my_orders_newest_first_with_totals() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    assert_eq!(
        shop.client().get("/api/orders/me").await.body["message"],
        SESSION_EXPIRED
    );
    place(
        &shop,
        "lan",
        OLD,
        OrderStatus::Delivered,
        &[line("a", 100_000, 2)],
        "2025-01-01T00:00:00.000000Z",
    )
    .await;
    place(
        &shop,
        "lan",
        NEW,
        OrderStatus::Confirmed,
        &[line("b", 227_602, 1), line("c", 1_050, 3)],
        "2025-02-01T00:00:00.000000Z",
    )
    .await;
    place(
        &shop,
        "minh",
        MINHS,
        OrderStatus::Confirmed,
        &[line("d", 500, 1)],
        "2025-03-01T00:00:00.000000Z",
    )
    .await;

    let (answer, cost) = count_table_requests(&shop, lan.get("/api/orders/me")).await;
    assert_eq!(
        (answer.status, cost),
        (200, 2),
        "GET /api/orders/me is the session GetItem and one Query"
    );
    let orders = answer.body["data"]["data"].as_array().unwrap();
    assert_eq!(
        orders
            .iter()
            .map(|o| o["id"].as_str().unwrap())
            .collect::<Vec<_>>(),
        vec![NEW, OLD],
        "newest first, only mine"
    );
    let old = &orders[1];
    assert_eq!(
        (
            old["subtotal"].as_f64(),
            old["shippingfee"].as_f64(),
            old["total"].as_f64()
        ),
        (Some(2000.0), Some(56.9), Some(2056.9))
    );
    assert_eq!(old["status"], "delivered");
    assert_eq!(old["items"][0]["product"]["name"], "Gown a");
    assert_eq!(
        old["items"][0]["product"]["productGallery"],
        json!(["/blobs/a.jpg"])
    );
    assert_eq!(
        (
            old["items"][0]["quantity"].as_u64(),
            old["items"][0]["price"].as_f64()
        ),
        (Some(2), Some(1000.0))
    );
    for field in ["color", "size", "createdAt", "updatedAt"] {
        assert!(
            old[field].is_string() || old["items"][0][field].is_string(),
            "{field}"
        );
    }
    let new = &orders[0];
    assert_eq!(
        (
            new["subtotal"].as_f64(),
            new["shippingfee"].as_f64(),
            new["total"].as_f64()
        ),
        (Some(2307.52), Some(0.0), Some(2307.52))
    );
}

#[tokio::test]
async fn only_my_confirmed_order_can_be_confirmed_delivered() {
    let shop = helpers::spawn_shop().await;
    let (lan, minh) = (
        client_with_access_token(&shop, "lan").await,
        client_with_access_token(&shop, "minh").await,
    );
    place_one(
        &shop,
        "lan",
        NEW,
        OrderStatus::Confirmed,
        "2025-02-01T00:00:00.000000Z",
    )
    .await;
    place_one(
        &shop,
        "lan",
        PENDING,
        OrderStatus::Pending,
        "2025-02-02T00:00:00.000000Z",
    )
    .await;

    // Someone else's order: not found, unchanged.
    let theirs = minh
        .post(&format!("/api/orders/customer-confirm-fe/{NEW}"), json!({}))
        .await;
    assert_eq!(
        (
            theirs.status,
            theirs.body["success"].as_bool(),
            theirs.body["message"].as_str()
        ),
        (404, Some(false), Some(CONFIRM_FAILED))
    );
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Confirmed
    );

    let (done, cost) = count_table_requests(
        &shop,
        lan.post(&format!("/api/orders/customer-confirm-fe/{NEW}"), json!({})),
    )
    .await;
    assert_eq!(
        (
            done.status,
            done.body["success"].as_bool(),
            done.body["message"].as_str()
        ),
        (200, Some(true), Some(CONFIRMED_BY_CUSTOMER))
    );
    assert_eq!(
        cost, 2,
        "the session GetItem and one conditional UpdateItem"
    );
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Delivered
    );

    for id in [NEW, PENDING] {
        let refused = lan
            .post(&format!("/api/orders/customer-confirm-fe/{id}"), json!({}))
            .await;
        assert_eq!(
            (
                refused.status,
                refused.body["success"].as_bool(),
                refused.body["message"].as_str()
            ),
            (409, Some(false), Some(CONFIRM_FAILED))
        );
    }
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Delivered
    );
    assert_eq!(
        stored_status(&shop, "lan", PENDING).await,
        OrderStatus::Pending
    );
    let odd = lan
        .post("/api/orders/customer-confirm-fe/not-an-order", json!({}))
        .await;
    assert_eq!(
        (odd.status, odd.body["success"].as_bool()),
        (404, Some(false))
    );
    assert_eq!(
        shop.client()
            .post(
                &format!("/api/orders/customer-confirm-fe/{PENDING}"),
                json!({})
            )
            .await
            .status,
        401
    );
}

/// Confirming receipt changes an order: never by a GET (a link or an image on
/// another site), never from another origin.
#[tokio::test]
async fn confirming_receipt_takes_a_post_from_the_shop_itself() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    place_one(
        &shop,
        "lan",
        NEW,
        OrderStatus::Confirmed,
        "2025-02-03T00:00:00.000000Z",
    )
    .await;
    let path = format!("/api/orders/customer-confirm-fe/{NEW}");
    let (status, _, _) = helpers::get_url(&lan, &format!("{}{path}", shop.url)).await;
    assert_eq!(status, 405, "a GET changes nothing");
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Confirmed
    );
    let elsewhere = lan
        .http
        .post(format!("{}{path}", shop.url))
        .header("origin", "https://evil.example")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status().as_u16(), 403, "another site's form");
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Confirmed
    );
    assert_eq!(lan.post(&path, json!({})).await.status, 200);
    assert_eq!(
        stored_status(&shop, "lan", NEW).await,
        OrderStatus::Delivered
    );
}

#[tokio::test]
async fn operators_list_by_status_and_move_orders_along_the_state_machine() {
    let shop = helpers::spawn_shop().await;
    let at = "2025-02-01T00:00:00.000000Z";
    place_one(&shop, "lan", OLD, OrderStatus::AwaitingConfirmation, at).await;
    place_one(&shop, "lan", PENDING, OrderStatus::Pending, at).await;
    place_one(&shop, "minh", MINHS, OrderStatus::Delivered, at).await;

    let awaiting = shopctl::cli::run_args(
        &shop.app,
        &["orders", "list", "--status", "awaiting_confirmation"],
    )
    .await
    .unwrap();
    assert!(
        awaiting.contains(OLD) && !awaiting.contains(PENDING),
        "{awaiting}"
    );
    let all = shopctl::cli::run_args(&shop.app, &["orders", "list"])
        .await
        .unwrap();
    assert!(
        [OLD, PENDING, MINHS].iter().all(|id| all.contains(id)),
        "{all}"
    );

    let moved = shopctl::cli::run_args(&shop.app, &["orders", "confirm", OLD])
        .await
        .unwrap();
    assert_eq!(
        moved,
        "order #0000-0001: awaiting_confirmation -> confirmed\n\
         the customer was not emailed: the customer of order #0000-0001 has no account any more"
    );
    assert_eq!(
        stored_status(&shop, "lan", OLD).await,
        OrderStatus::Confirmed
    );
    let confirmed = shopctl::cli::run_args(&shop.app, &["orders", "list", "--status", "confirmed"])
        .await
        .unwrap();
    assert!(confirmed.contains(OLD));
    assert!(
        !shopctl::cli::run_args(
            &shop.app,
            &["orders", "list", "--status", "awaiting_confirmation"]
        )
        .await
        .unwrap()
        .contains(OLD),
        "the index follows the status"
    );

    // Refused moves change nothing.
    let skip = shopctl::cli::run_args(&shop.app, &["orders", "confirm", PENDING])
        .await
        .unwrap_err()
        .to_string();
    assert!(skip.contains("pending cannot become confirmed"), "{skip}");
    let late = shopctl::cli::run_args(&shop.app, &["orders", "cancel", MINHS])
        .await
        .unwrap_err()
        .to_string();
    assert!(late.contains("delivered cannot become canceled"), "{late}");
    assert_eq!(
        stored_status(&shop, "lan", PENDING).await,
        OrderStatus::Pending
    );
    assert_eq!(
        stored_status(&shop, "minh", MINHS).await,
        OrderStatus::Delivered
    );
    assert!(
        shopctl::cli::run_args(&shop.app, &["orders", "move", PENDING, "shipped"])
            .await
            .unwrap_err()
            .to_string()
            .contains("invalid value 'shipped' for '<STATUS>'")
    );
    assert!(shopctl::cli::run_args(
        &shop.app,
        &["orders", "cancel", "01JD00000000000000000000ZZ"]
    )
    .await
    .unwrap_err()
    .to_string()
    .contains("no order"));

    assert!(
        shopctl::cli::run_args(&shop.app, &["orders", "cancel", PENDING])
            .await
            .is_ok()
    );
    assert_eq!(
        stored_status(&shop, "lan", PENDING).await,
        OrderStatus::Canceled
    );
}

/// The number every page, email and invoice shows is what an operator types:
/// in any form, or the full id; a number two orders share is refused with
/// both ids rather than guessed.
#[tokio::test]
async fn operators_name_an_order_by_its_number_and_never_guess_between_two() {
    let shop = helpers::spawn_shop().await;
    let at = "2025-02-01T00:00:00.000000Z";
    // Same random tail, different time part: one number, two orders.
    const TWIN: &str = "01JE0000000000000000000001";
    place_one(&shop, "lan", OLD, OrderStatus::AwaitingConfirmation, at).await;
    place_one(&shop, "lan", NEW, OrderStatus::AwaitingConfirmation, at).await;

    let listed = shopctl::cli::run_args(&shop.app, &["orders", "list"])
        .await
        .unwrap();
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with(&format!("#0000-0002\t{NEW}\t"))),
        "{listed}"
    );
    for typed in ["#0000-0001", "00000001", "0000-000l", OLD] {
        let shown = shopctl::cli::run_args(&shop.app, &["orders", "show", typed])
            .await
            .unwrap();
        assert!(
            shown.starts_with(&format!("order     #0000-0001 ({OLD})")),
            "{typed}: {shown}"
        );
    }

    place_one(&shop, "minh", TWIN, OrderStatus::AwaitingConfirmation, at).await;
    let refused = shopctl::cli::run_args(&shop.app, &["orders", "confirm", "#0000-0001"])
        .await
        .unwrap_err()
        .to_string();
    assert_eq!(
        refused,
        format!("#0000-0001 is the number of 2 orders ({OLD}, {TWIN}): name one by its full id")
    );
    for (user, id) in [("lan", OLD), ("minh", TWIN)] {
        assert_eq!(
            stored_status(&shop, user, id).await,
            OrderStatus::AwaitingConfirmation,
            "nothing moved"
        );
    }
    let by_id = shopctl::cli::run_args(&shop.app, &["orders", "cancel", TWIN])
        .await
        .unwrap();
    assert_eq!(by_id, "order #0000-0001: awaiting_confirmation -> canceled");
    assert_eq!(
        stored_status(&shop, "minh", TWIN).await,
        OrderStatus::Canceled
    );
    let unknown = shopctl::cli::run_args(&shop.app, &["orders", "show", "#ZZZZ-ZZZZ"])
        .await
        .unwrap_err()
        .to_string();
    assert_eq!(unknown, "no order #ZZZZ-ZZZZ");
}
