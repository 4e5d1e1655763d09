//! `shopctl orders`' moves are on the record: each writes the audit entry
//! the console writes, by "shopctl", and every email the house sends the
//! order's client is on the order's timeline (the one the console shows):
//! sent (to whom) or failed (why), with a mailer that refuses on demand; a
//! resend sends again the ones that failed, and an email whose outcome was
//! not recorded is unknown, never "failed, send it again".

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use app::App;
use domain::accounts::UserProfile;
use domain::atelier::AuditLog;
use domain::cart::{CartLine, LineSize};
use domain::catalog::ProductSnapshot;
use domain::checkout::{Payment, PendingConfirmation, Quote, ShippingAddress};
use domain::house::TimeZoneName;
use domain::order::{
    history, timeline, EmailAttempt, EmailOutcome, Order, OrderMail, OrderStatus, Orders, Sale,
    TimelineEntry, NOT_TAKEN,
};
use domain::ports::{Charge, Condition, Money, PaymentMethodSummary, ProviderStatus};
use domain::records::Record;

#[path = "support/shop.rs"]
mod shop_kit;
use shop_kit::{shop, Shop};

#[path = "../../testkit/mail-switch.rs"]
mod mail_switch;

const USER: &str = "01JD0000000000000000000USR";
const ORDER: &str = "01JD0000000000000000000RD1";
const CLIENT: &str = "lan@example.com";

/// A shop holding one order, paid and awaiting confirmation, and its
/// client's account; its mail fails while the switch is on.
async fn placed() -> (Shop, Arc<AtomicBool>) {
    let mut shop = shop().await;
    let refusing = Arc::new(AtomicBool::new(false));
    mail_switch::switch_mail(&mut shop.app, refusing.clone());
    let app = &shop.app;
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
        email: CLIENT.into(),
        firstname: "Lan".into(),
        lastname: "Tran".into(),
        title: None,
        birthday: None,
        created_at: at,
        updated_at: at,
    };
    let _ = table.write(&profile, Condition::None).await.unwrap();
    (shop, refusing)
}

/// `shopctl orders <args>` on the order, as an operator types it.
async fn orders(app: &App, args: &[&str]) -> Result<String, String> {
    let mut all = vec!["orders"];
    all.extend(args);
    shopctl::cli::run_args(app, &all)
        .await
        .map_err(|e| e.to_string())
}

const SHIP: [&str; 8] = [
    "ship",
    ORDER,
    "--carrier",
    "DHL",
    "--tracking-number",
    "1Z",
    "--tracking-url",
    "https://track.example/1Z",
];

/// The order's timeline, as its page in the console shows it.
async fn timeline_of(app: &App) -> Vec<TimelineEntry> {
    let table = &*app.table;
    let pending = PendingConfirmation::of(table, ORDER).await.unwrap();
    let history = history(table, ORDER).await.unwrap();
    let order = Orders::of(table, USER).get(ORDER).await.unwrap().unwrap();
    timeline(&order, pending.map(|p| p.since), &history)
}

/// The timeline's emails: how each ended, and its words.
async fn emails(app: &App) -> Vec<(EmailOutcome, String)> {
    timeline_of(app)
        .await
        .into_iter()
        .filter_map(|e| Some((e.outcome?, e.text)))
        .collect()
}

#[tokio::test]
async fn a_shopctl_ship_is_on_the_orders_timeline_by_shopctl_and_in_the_audit_log() {
    let (shop, _) = placed().await;
    let app = &shop.app;
    orders(app, &["confirm", ORDER]).await.unwrap();
    let shipped = orders(app, &SHIP).await.unwrap();
    assert!(
        shipped.contains(&format!("tracking link sent to {CLIENT}")),
        "{shipped}"
    );
    orders(app, &["resend", ORDER]).await.unwrap();

    let by_shopctl: Vec<String> = timeline_of(app)
        .await
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
        .between(TimeZoneName::default().days(today, today))
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

#[tokio::test]
async fn each_email_sent_is_on_the_timeline_with_whom_it_went_to() {
    let (shop, _) = placed().await;
    let app = &shop.app;
    orders(app, &["confirm", ORDER]).await.unwrap();
    orders(app, &SHIP).await.unwrap();
    let emails = emails(app).await;
    let texts: Vec<&str> = emails.iter().map(|(_, text)| text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "The order confirmation email was sent to the client when the order was placed.",
            &format!("The \"order confirmed\" email was sent to {CLIENT}."),
            &format!("The shipping (tracking link) email was sent to {CLIENT}."),
        ]
    );
    assert!(emails.iter().all(|(o, _)| *o == EmailOutcome::Sent));
}

#[tokio::test]
async fn a_failed_email_is_on_the_timeline_with_why_and_a_resend_sends_that_one() {
    let (shop, refusing) = placed().await;
    let app = &shop.app;
    refusing.store(true, Ordering::SeqCst);
    let confirmed = orders(app, &["confirm", ORDER]).await.unwrap();
    assert!(
        confirmed.ends_with(&format!("not emailed: {NOT_TAKEN}")),
        "{confirmed}"
    );
    let shipped = orders(app, &SHIP).await.unwrap();
    assert!(
        shipped.ends_with(&format!("not emailed: {NOT_TAKEN}")),
        "{shipped}"
    );
    let failed: Vec<String> = emails(app)
        .await
        .into_iter()
        .filter(|(o, _)| *o == EmailOutcome::Failed)
        .map(|(_, text)| text)
        .collect();
    assert_eq!(
        failed,
        [
            format!("The \"order confirmed\" email was not sent: {NOT_TAKEN}. Resend sends it again."),
            format!("The shipping (tracking link) email was not sent: {NOT_TAKEN}. Resend sends it again."),
        ]
    );

    refusing.store(false, Ordering::SeqCst);
    let resent = orders(app, &["resend", ORDER]).await.unwrap();
    let number = Orders::of(&*app.table, USER)
        .get(ORDER)
        .await
        .unwrap()
        .unwrap()
        .number();
    assert_eq!(
        resent,
        format!(
            "order {number}: \"order confirmed\" sent to {CLIENT}\n\
             order {number}: shipping (tracking link) sent to {CLIENT}"
        ),
        "the two that failed, not the confirmation that went"
    );
    let emails = emails(app).await;
    let last: Vec<EmailOutcome> = emails.iter().rev().take(2).map(|(o, _)| *o).collect();
    assert_eq!(last, [EmailOutcome::Sent; 2], "{emails:?}");
    assert!(history(&*app.table, ORDER)
        .await
        .unwrap()
        .failed()
        .is_empty());
}

#[tokio::test]
async fn the_checkouts_failed_confirmation_is_sent_again_and_stays_on_the_record() {
    let (shop, refusing) = placed().await;
    let app = &shop.app;
    let table = &*app.table;
    let since = app.clock.now();
    let pending = PendingConfirmation {
        order_id: ORDER.into(),
        user_id: USER.into(),
        since,
    };
    pending.record(table).await.unwrap();
    assert_eq!(emails(app).await[0].0, EmailOutcome::Failed);

    refusing.store(true, Ordering::SeqCst);
    let refused = orders(app, &["resend", ORDER]).await.unwrap_err();
    assert!(refused.ends_with(NOT_TAKEN), "{refused}");
    assert!(PendingConfirmation::of(table, ORDER)
        .await
        .unwrap()
        .is_some());
    refusing.store(false, Ordering::SeqCst);
    let resent = orders(app, &["resend", ORDER]).await.unwrap();
    assert!(
        resent.ends_with(&format!("order confirmation sent to {CLIENT}")),
        "{resent}"
    );
    assert!(PendingConfirmation::of(table, ORDER)
        .await
        .unwrap()
        .is_none());

    let timeline = timeline_of(app).await;
    let first = &timeline[1];
    assert_eq!(
        (first.at, first.outcome),
        (since, Some(EmailOutcome::Failed)),
        "the first sending's failure stays on the record: {timeline:?}"
    );
    let outcomes: Vec<EmailOutcome> = timeline.iter().filter_map(|e| e.outcome).collect();
    use EmailOutcome::{Failed, Sent};
    assert_eq!(outcomes, [Failed, Failed, Sent], "{timeline:?}");
}

#[tokio::test]
async fn an_email_whose_outcome_was_not_recorded_is_unknown_and_not_sent_again_by_itself() {
    let (shop, _) = placed().await;
    let app = &shop.app;
    // The move and its "sending" attempt were written; its outcome's write was lost.
    let attempt = EmailAttempt::begin(ORDER, OrderMail::Confirmed, app.clock.now());
    app.table
        .transact(vec![attempt.put_write().unwrap()])
        .await
        .unwrap();
    let emails = emails(app).await;
    assert_eq!(emails[1].0, EmailOutcome::Unknown, "{emails:?}");
    assert!(
        emails[1].1.contains("may or may not have gone"),
        "{emails:?}"
    );
    assert!(history(&*app.table, ORDER)
        .await
        .unwrap()
        .failed()
        .is_empty());
    let resent = orders(app, &["resend", ORDER]).await.unwrap();
    assert!(
        resent.ends_with(&format!(": order confirmation sent to {CLIENT}"))
            && resent.lines().count() == 1,
        "the confirmation the client asked for, not the unknown one: {resent}"
    );
}
