//! Every email the house sends an order's client is on the order's
//! timeline, over a real (embedded SQLite) table and a mailer that can
//! refuse: sent (to whom) or failed (why), a resend sends again the ones
//! that failed, and an email whose outcome was not recorded is unknown,
//! never "failed, send it again".

mod support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use domain::accounts::UserProfile;
use domain::atelier::audit::of_subject;
use domain::atelier::Actor;
use domain::checkout::{Budget, Checkout, Outbox, Payment, PendingConfirmation, ShippingAddress};
use domain::order::{
    audit_subject, history, timeline, Desk, EmailAttempt, EmailOutcome, Order, OrderAudit,
    OrderMail, OrderStatus, Orders, Sale, Shipment, TimelineEntry, NOT_TAKEN,
};
use domain::ports::{
    Capture, Charge, Condition, Email, Mailer, MailerError, Money, PayPalOrder, PaymentError,
    PaymentGateway, Refund, Table,
};
use domain::records::Record;
use domain::timestamp::Timestamp;
use support::{line, visa_charge, Outgoing};

const USER: &str = "01JD0000000000000000000USR";
const ORDER: &str = "01JD0000000000000000000RD1";
const CLIENT: &str = "lan@example.com";

/// A mailer that refuses while told to, and keeps what it sent.
#[derive(Default)]
struct Mailbox {
    refusing: AtomicBool,
    sent: Outgoing,
}

#[async_trait]
impl Mailer for Mailbox {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        if self.refusing.load(Ordering::SeqCst) {
            return Err(MailerError("554 relay refused".into()));
        }
        self.sent.send(email).await
    }
}

/// Emails never move money.
struct NoProvider;

#[async_trait]
impl PaymentGateway for NoProvider {
    async fn client_token(&self, _: Option<&str>) -> Result<String, PaymentError> {
        unreachable!()
    }
    async fn charge(&self, _: &str, _: Money, _: &str) -> Result<Charge, PaymentError> {
        unreachable!()
    }
    async fn find_charges(&self, _: &str) -> Result<Vec<Charge>, PaymentError> {
        unreachable!()
    }
    async fn void(&self, _: &str) -> Result<(), PaymentError> {
        unreachable!()
    }
    async fn refund(&self, _: &str, _: Money) -> Result<Refund, PaymentError> {
        unreachable!()
    }
    async fn paypal_create_order(
        &self,
        _: Money,
        _: &str,
        _: &str,
    ) -> Result<String, PaymentError> {
        unreachable!()
    }
    async fn paypal_refund(&self, _: &str) -> Result<Refund, PaymentError> {
        unreachable!()
    }
    async fn paypal_capture(&self, _: &str, _: &str) -> Result<Capture, PaymentError> {
        unreachable!()
    }
    async fn paypal_order(&self, _: &str) -> Result<PayPalOrder, PaymentError> {
        unreachable!()
    }
}

struct Shop {
    _dir: tempfile::TempDir,
    table: Arc<dyn Table>,
    mail: Mailbox,
}

/// An order awaiting confirmation, its client's account, a mailer that sends.
async fn shop() -> Shop {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    let charge = visa_charge("tx1".into(), Money::from_cents(2));
    let lines = vec![line("gown", 2)];
    let sale = Sale {
        quote: domain::checkout::Quote::of(&lines, 0).unwrap(),
        lines,
        address: ShippingAddress::default(),
        payment: Payment::card(charge),
    };
    let at = Timestamp::parse("2026-11-27T10:00:00Z").unwrap();
    let order = Order::placed(ORDER, USER, OrderStatus::AwaitingConfirmation, sale, at).unwrap();
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
    Shop {
        _dir: dir,
        table,
        mail: Mailbox::default(),
    }
}

impl Shop {
    fn desk(&self) -> Desk<'_> {
        Desk::new(Checkout {
            table: &*self.table,
            gateway: &NoProvider,
            clock: &store::SystemClock,
            outbox: Outbox {
                table: &*self.table,
                mailer: &self.mail,
                blobs: &self.mail.sent,
                site_url: "https://shop.example",
            },
            tax_basis_points: 0,
            budget: Budget::shop(),
        })
    }

    fn refuse(&self, refusing: bool) {
        self.mail.refusing.store(refusing, Ordering::SeqCst);
    }

    fn sent(&self) -> Vec<Email> {
        self.mail.sent.0.lock().unwrap().clone()
    }

    async fn order(&self) -> Order {
        Orders::of(&*self.table, USER)
            .get(ORDER)
            .await
            .unwrap()
            .unwrap()
    }

    async fn confirm(&self) -> Result<String, String> {
        let order = self.order().await;
        let record = by().advance(&order, OrderStatus::Confirmed).unwrap();
        let (_, emailed) = self
            .desk()
            .advance(&order, OrderStatus::Confirmed, vec![record])
            .await
            .unwrap();
        emailed.expect("a confirmed order's client is emailed")
    }

    async fn ship(&self) -> Result<String, String> {
        let order = self.order().await;
        let shipment = Shipment {
            carrier: "Colissimo".into(),
            tracking_number: "6A1234".into(),
            tracking_url: "https://track.example/6A1234".into(),
            shipped_at: Timestamp::now(),
        };
        let record = by().ship(&order, &shipment).unwrap();
        let (_, emailed) = self
            .desk()
            .ship(&order, &shipment, vec![record])
            .await
            .unwrap();
        emailed
    }

    async fn resend(&self) -> Vec<(OrderMail, Result<String, String>)> {
        self.desk()
            .resend(&self.order().await, &by())
            .await
            .unwrap()
    }

    /// The order's timeline as its page shows it.
    async fn timeline(&self) -> Vec<TimelineEntry> {
        let pending = PendingConfirmation::of(&*self.table, ORDER).await.unwrap();
        let history = history(&*self.table, ORDER).await.unwrap();
        timeline(&self.order().await, pending.map(|p| p.since), &history)
    }

    /// The timeline's emails: their outcome and text.
    async fn emails(&self) -> Vec<(EmailOutcome, String)> {
        self.timeline()
            .await
            .into_iter()
            .filter_map(|e| Some((e.outcome?, e.text)))
            .collect()
    }
}

fn by() -> OrderAudit {
    OrderAudit::new(Actor::shopctl(), Timestamp::now())
}

#[tokio::test]
async fn each_email_sent_is_on_the_timeline_with_whom_it_went_to() {
    let shop = shop().await;
    assert_eq!(shop.confirm().await, Ok(CLIENT.into()));
    assert_eq!(shop.ship().await, Ok(CLIENT.into()));
    assert_eq!(shop.sent().len(), 2);
    let emails = shop.emails().await;
    let outcomes: Vec<EmailOutcome> = emails.iter().map(|(o, _)| *o).collect();
    assert_eq!(outcomes, [EmailOutcome::Sent; 3], "{emails:?}");
    assert!(
        emails[0].1.contains("when the order was placed"),
        "{emails:?}"
    );
    assert_eq!(
        emails[1].1,
        format!("The \"order confirmed\" email was sent to {CLIENT}.")
    );
    assert_eq!(
        emails[2].1,
        format!("The shipping (tracking link) email was sent to {CLIENT}.")
    );
}

#[tokio::test]
async fn a_failed_email_is_on_the_timeline_with_why_and_a_resend_sends_that_one() {
    let shop = shop().await;
    shop.refuse(true);
    assert_eq!(shop.confirm().await, Err(NOT_TAKEN.into()));
    assert_eq!(shop.ship().await, Err(NOT_TAKEN.into()));
    let emails = shop.emails().await;
    let failed: Vec<&String> = emails
        .iter()
        .filter(|(o, _)| *o == EmailOutcome::Failed)
        .map(|(_, text)| text)
        .collect();
    assert_eq!(
        failed,
        [
            &format!("The \"order confirmed\" email was not sent: {NOT_TAKEN}. Resend sends it again."),
            &format!("The shipping (tracking link) email was not sent: {NOT_TAKEN}. Resend sends it again."),
        ],
        "{emails:?}"
    );

    shop.refuse(false);
    let resent = shop.resend().await;
    assert_eq!(
        resent,
        [
            (OrderMail::Confirmed, Ok(CLIENT.into())),
            (OrderMail::Shipped, Ok(CLIENT.into()))
        ],
        "the two that failed, not the placed confirmation that went"
    );
    let subjects: Vec<String> = shop.sent().into_iter().map(|e| e.subject).collect();
    assert_eq!(subjects.len(), 2, "{subjects:?}");
    let emails = shop.emails().await;
    let last: Vec<EmailOutcome> = emails.iter().rev().take(2).map(|(o, _)| *o).collect();
    assert_eq!(last, [EmailOutcome::Sent; 2], "{emails:?}");
    assert!(history(&*shop.table, ORDER)
        .await
        .unwrap()
        .failed()
        .is_empty());

    let actions: Vec<(String, String)> = of_subject(&*shop.table, &audit_subject(ORDER))
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, e.actor.email))
        .collect();
    let shopctl = || "shopctl".to_string();
    assert_eq!(
        actions,
        [
            ("order.confirm".into(), shopctl()),
            ("order.ship".into(), shopctl()),
            ("order.resend".into(), shopctl()),
        ],
        "the audit entries, not the emails"
    );
}

#[tokio::test]
async fn the_checkouts_failed_confirmation_is_sent_again_and_stays_on_the_record() {
    let shop = shop().await;
    let since = Timestamp::parse("2026-11-27T10:00:01Z").unwrap();
    let pending = PendingConfirmation {
        order_id: ORDER.into(),
        user_id: USER.into(),
        since,
    };
    pending.record(&*shop.table).await.unwrap();
    let emails = shop.emails().await;
    assert_eq!(emails.len(), 1);
    assert_eq!(emails[0].0, EmailOutcome::Failed);

    shop.refuse(true);
    assert_eq!(
        shop.resend().await,
        [(OrderMail::Placed, Err(NOT_TAKEN.into()))]
    );
    assert!(PendingConfirmation::of(&*shop.table, ORDER)
        .await
        .unwrap()
        .is_some());
    shop.refuse(false);
    assert_eq!(
        shop.resend().await,
        [(OrderMail::Placed, Ok(CLIENT.into()))]
    );
    assert!(PendingConfirmation::of(&*shop.table, ORDER)
        .await
        .unwrap()
        .is_none());
    let timeline = shop.timeline().await;
    let first = &timeline[1];
    assert_eq!(
        (first.at, first.outcome),
        (since, Some(EmailOutcome::Failed)),
        "{timeline:?}"
    );
    let outcomes: Vec<EmailOutcome> = timeline.iter().filter_map(|e| e.outcome).collect();
    assert_eq!(
        outcomes,
        [
            EmailOutcome::Failed,
            EmailOutcome::Failed,
            EmailOutcome::Sent
        ],
        "{timeline:?}"
    );
    assert_eq!(
        shop.resend().await.len(),
        1,
        "nothing failed: the confirmation, asked again"
    );
}

#[tokio::test]
async fn an_email_whose_outcome_was_not_recorded_is_unknown_and_not_sent_again_by_itself() {
    let shop = shop().await;
    // The move and its "sending" attempt were written; the answer's write was lost.
    let attempt = EmailAttempt::begin(ORDER, OrderMail::Confirmed, Timestamp::now());
    shop.table
        .transact(vec![attempt.put_write().unwrap()])
        .await
        .unwrap();
    let emails = shop.emails().await;
    assert_eq!(emails[1].0, EmailOutcome::Unknown, "{emails:?}");
    assert!(
        emails[1].1.contains("may or may not have gone"),
        "{emails:?}"
    );
    assert!(history(&*shop.table, ORDER)
        .await
        .unwrap()
        .failed()
        .is_empty());
    assert_eq!(
        shop.resend().await,
        [(OrderMail::Placed, Ok(CLIENT.into()))],
        "the confirmation the client asked for, not the unknown one"
    );
}
