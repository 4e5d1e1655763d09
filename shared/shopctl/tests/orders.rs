//! `shopctl orders`' moves are on the record: each writes the audit entry
//! the console writes, by "shopctl", so the order's timeline and the audit
//! log tell them as they tell a staff member's.

use app::App;
use domain::accounts::UserProfile;
use domain::atelier::AuditLog;
use domain::cart::{CartLine, LineSize};
use domain::catalog::ProductSnapshot;
use domain::checkout::{Payment, PendingConfirmation, Quote, ShippingAddress};
use domain::order::{history, timeline, Order, OrderStatus, Sale};
use domain::ports::{Charge, Condition, Money, PaymentMethodSummary, ProviderStatus};
use domain::records::Record;

#[path = "support/shop.rs"]
mod shop_kit;
use shop_kit::shop;

const USER: &str = "01JD0000000000000000000USR";
const ORDER: &str = "01JD0000000000000000000RD1";

/// An order paid and awaiting confirmation, and its client's account.
async fn placed(app: &App) -> Order {
    let at = app.clock.now();
    let line = CartLine {
        id: "gown".into(),
        product: ProductSnapshot {
            id: "gown".into(),
            slug: "gown".into(),
            name: "Gown".into(),
            product_gallery: vec![],
        },
        category: "Set".into(),
        color: "Ivory".into(),
        size: LineSize::chosen("M").unwrap(),
        quantity: 1,
        price: Money::from_cents(80_000),
        created_at: at,
        updated_at: at,
    };
    let charge = Charge {
        id: "tx1".into(),
        status: ProviderStatus::Settled,
        amount: Money::from_cents(80_000),
        method: PaymentMethodSummary::Card {
            card_type: "VISA".into(),
            last4: "1111".into(),
        },
        refunded: Money::ZERO,
    };
    let sale = Sale {
        quote: Quote::of(std::slice::from_ref(&line), 0).unwrap(),
        lines: vec![line],
        address: ShippingAddress::default(),
        payment: Payment::card(charge),
    };
    let order = Order::placed(ORDER, USER, OrderStatus::AwaitingConfirmation, sale, at).unwrap();
    let table = &*app.table;
    table
        .put(order.to_item().unwrap(), Condition::NotExists)
        .await
        .unwrap();
    let profile = UserProfile {
        id: USER.into(),
        email: "lan@example.com".into(),
        firstname: "Lan".into(),
        lastname: "Tran".into(),
        title: None,
        birthday: None,
        created_at: at,
        updated_at: at,
    };
    let _ = table.write(&profile, Condition::None).await.unwrap();
    order
}

#[tokio::test]
async fn a_shopctl_ship_is_on_the_orders_timeline_by_shopctl_and_in_the_audit_log() {
    let shop = shop().await;
    let app = &shop.app;
    let order = placed(app).await;
    let number = order.number().to_string();
    let run = |args: &'static [&'static str]| async move {
        let mut all = vec!["orders"];
        all.extend(args);
        all.push(ORDER);
        shopctl::cli::run_args(app, &all).await.unwrap()
    };
    run(&["confirm"]).await;
    let shipped = shopctl::cli::run_args(
        app,
        &[
            "orders",
            "ship",
            &number,
            "--carrier",
            "DHL",
            "--tracking-number",
            "1Z",
            "--tracking-url",
            "https://track.example/1Z",
        ],
    )
    .await
    .unwrap();
    assert!(
        shipped.contains("tracking link sent to lan@example.com"),
        "{shipped}"
    );
    run(&["resend"]).await;

    let history = history(&*app.table, ORDER).await.unwrap();
    let pending = PendingConfirmation::of(&*app.table, ORDER).await.unwrap();
    let moved = app.table.read(&order.key()).await.unwrap().unwrap();
    let by_shopctl: Vec<String> = timeline(&moved, pending.map(|p| p.since), &history)
        .into_iter()
        .filter(|e| e.by.as_deref() == Some("shopctl"))
        .map(|e| e.text)
        .collect();
    assert_eq!(
        by_shopctl,
        [
            "Confirmed the order.",
            "Shipped by DHL, tracking number 1Z.",
            "Asked for the order confirmation email to be sent again."
        ]
    );

    let today = app.clock.now().date();
    let logged: Vec<(String, String, String)> = AuditLog::of(&*app.table)
        .between(today, today)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, e.actor.email, e.subject))
        .collect();
    let on = format!("order:{ORDER}");
    let entry = |action: &str| (action.to_string(), "shopctl".to_string(), on.clone());
    assert_eq!(
        logged,
        [
            entry("order.resend"),
            entry("order.ship"),
            entry("order.confirm")
        ],
        "newest first, and no email among them"
    );
}
