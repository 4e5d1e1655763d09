//! Refunds of an order, arrow by arrow of their state machine (giving →
//! given | failed | unknown; unknown → given | failed by the reconciler),
//! over a real (embedded SQLite) table and a provider whose books are the
//! truth (`support::books`), by card and by PayPal, in part and whole (a
//! cancel): money is given back once, never above what was paid, and a
//! lost answer is settled by reading the provider's ledger.

mod support;

use std::sync::Arc;

use domain::atelier::Actor;
use domain::checkout::{
    needing_attention, Attention, Checkout, PartRefund, Payment, RefundBy, RefundRefused, Refunded,
    RefundsSettled, ShippingAddress,
};
use domain::order::{
    Desk, DeskError, Order, OrderAudit, OrderStatus, Orders, RefundAsked, RefundState,
    RefundedLine, Sale,
};
use domain::ports::{Condition, Money, PaymentGateway, ProviderStatus, Table};
use domain::records::Record;
use domain::timestamp::Timestamp;
use support::books::{Books, Next};
use support::{checkout, line, FakeClock, Outgoing};

const USER: &str = "01JD0000000000000000000USR";
const ORDER: &str = "01JD0000000000000000000RD1";

/// How the order was paid.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Paid {
    SettledCard,
    UnsettledCard,
    PayPal,
}

struct Shop {
    _dir: tempfile::TempDir,
    table: Arc<dyn Table>,
    books: Books,
    clock: FakeClock,
    mail: Outgoing,
}

/// 2 × 800.00 + 150.50 = 1750.50 + Express 56.90.
const TOTAL_CENTS: u32 = 180_740;

async fn shop(paid: Paid) -> Shop {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    let total = Money::from_cents(TOTAL_CENTS);
    let books = Books::default();
    let payment = match paid {
        Paid::PayPal => {
            let id = books
                .paypal_create_order(total, "USD", ORDER)
                .await
                .unwrap();
            Payment::paypal(books.paypal_capture(&id, ORDER).await.unwrap())
        }
        card => {
            let charge = books.charge("nonce", total, ORDER).await.unwrap();
            if card == Paid::SettledCard {
                books.ledger.lock().unwrap().charges[0].1.status = ProviderStatus::Settled;
            }
            Payment::card(charge)
        }
    };
    let lines = vec![line("gown", 2), line("veil", 1)];
    let lines: Vec<_> = lines
        .into_iter()
        .map(|mut l| {
            l.price = Money::from_cents(if l.product.id == "gown" {
                80_000
            } else {
                15_050
            });
            l
        })
        .collect();
    let quote = domain::checkout::Quote::of(&lines, 0).unwrap();
    assert_eq!(quote.total, total);
    let sale = Sale {
        lines,
        quote,
        address: ShippingAddress::default(),
        payment,
    };
    let at = Timestamp::parse("2026-11-27T10:00:00Z").unwrap();
    let order = Order::placed(ORDER, USER, OrderStatus::Confirmed, sale, at).unwrap();
    table
        .put(order.to_item().unwrap(), Condition::NotExists)
        .await
        .unwrap();
    Shop {
        _dir: dir,
        table,
        books,
        clock: FakeClock::at(at),
        mail: Outgoing::default(),
    }
}

impl Shop {
    fn checkout(&self) -> Checkout<'_> {
        checkout(&*self.table, &self.books, &self.clock, &self.mail)
    }

    async fn order(&self) -> Order {
        Orders::of(&*self.table, USER)
            .get(ORDER)
            .await
            .unwrap()
            .unwrap()
    }

    async fn refund(&self, cents: u32) -> Result<PartRefund, RefundRefused> {
        let order = self.order().await;
        self.checkout()
            .refund_part(&order, asked(cents, vec![]), by())
            .await
    }

    async fn cancel(&self) -> Result<(Order, Refunded), DeskError> {
        let order = self.order().await;
        Desk::new(self.checkout())
            .cancel(&order, CANCEL_REASON, &owner())
            .await
    }
}

fn asked(cents: u32, lines: Vec<RefundedLine>) -> RefundAsked {
    RefundAsked {
        amount: Money::from_cents(cents),
        lines,
        reason: "a stain on the veil".into(),
    }
}

const CANCEL_REASON: &str = "the client changed her mind";

/// The owner at the console.
fn owner() -> OrderAudit {
    let actor = Actor {
        staff_id: "S1".into(),
        email: "owner@house.example".into(),
    };
    OrderAudit::new(actor, Timestamp::now())
}

fn by() -> RefundBy {
    RefundBy {
        by: "owner@house.example".into(),
        records: Vec::new(),
    }
}

#[tokio::test]
async fn giving_to_given_part_by_part_and_never_above_what_is_left() {
    let shop = shop(Paid::SettledCard).await;
    let veil = vec![RefundedLine {
        line: 1,
        quantity: 1,
    }];
    let order = shop.order().await;
    let given = shop
        .checkout()
        .refund_part(&order, asked(15_050, veil), by())
        .await
        .unwrap();
    let PartRefund::Given(order) = given else {
        panic!("{given:?}")
    };
    assert_eq!(order.refunds[0].state, RefundState::Given);
    assert_eq!(order.refunds[0].by, "owner@house.example");
    assert_eq!(order.refunded_quantity(1), 1);
    assert_eq!(order.refunded(), Money::from_cents(15_050));
    assert_eq!(order.left_to_refund(), Money::from_cents(165_690));
    assert_eq!(shop.books.refunded(), Money::from_cents(15_050));
    assert!(matches!(
        shop.refund(165_691).await,
        Err(RefundRefused::AboveLeft)
    ));
    let PartRefund::Given(order) = shop.refund(165_690).await.unwrap() else {
        panic!()
    };
    assert_eq!(order.refunded(), Money::from_cents(TOTAL_CENTS));
    assert!(order.refunded_at.is_some(), "refunded whole: held for ever");
    assert!(matches!(
        shop.refund(1).await,
        Err(RefundRefused::NothingLeft)
    ));
    assert_eq!(shop.books.refunded(), Money::from_cents(TOTAL_CENTS));
    assert!(domain::checkout::OpenRefund::all(&*shop.table)
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn sixteen_refunds_at_once_give_back_once() {
    for paid in [Paid::SettledCard, Paid::PayPal] {
        let shop = shop(paid).await;
        let order = shop.order().await;
        let checkout = shop.checkout();
        let tries = (0..16).map(|_| checkout.refund_part(&order, asked(10_000, vec![]), by()));
        let answers = futures_join_all(tries).await;
        let given = answers
            .iter()
            .filter(|a| matches!(a, Ok(PartRefund::Given(_))))
            .count();
        let refused = answers
            .iter()
            .filter(|a| matches!(a, Err(RefundRefused::InProgress)))
            .count();
        assert_eq!((given, refused), (1, 15), "{paid:?}: {answers:?}");
        assert_eq!(shop.books.gives(), 1);
        assert_eq!(shop.books.refunded(), Money::from_cents(10_000));
        assert_eq!(shop.order().await.refunds.len(), 1);
    }
}

/// Runs the futures at once, in this task (the domain has no `futures`
/// dependency): each yields at the provider and at the table.
async fn futures_join_all<F: std::future::Future>(
    futures: impl Iterator<Item = F>,
) -> Vec<F::Output> {
    let mut pending: Vec<_> = futures.map(|f| Some(Box::pin(f))).collect();
    let mut outputs: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        for (slot, output) in pending.iter_mut().zip(outputs.iter_mut()) {
            if let Some(future) = slot {
                if let std::task::Poll::Ready(out) = future.as_mut().poll(cx) {
                    *output = Some(out);
                    *slot = None;
                }
            }
        }
        match pending.iter().all(Option::is_none) {
            true => std::task::Poll::Ready(()),
            false => std::task::Poll::Pending,
        }
    })
    .await;
    outputs.into_iter().map(Option::unwrap).collect()
}

#[tokio::test]
async fn a_lost_answer_is_unknown_until_the_ledger_says_given() {
    let shop = shop(Paid::SettledCard).await;
    shop.books.weather.next(Next::GiveAndLoseAnswer);
    let unknown = shop.refund(20_000).await.unwrap();
    let PartRefund::Unknown(order) = unknown else {
        panic!("{unknown:?}")
    };
    assert_eq!(order.refunds[0].state, RefundState::Unknown);
    assert_eq!(order.refunded(), Money::ZERO, "never shown as given");
    assert!(matches!(
        shop.refund(1_000).await,
        Err(RefundRefused::InProgress)
    ));
    let run = shop.checkout().settle_refunds().await.unwrap();
    assert_eq!(
        run,
        RefundsSettled {
            settled: 1,
            ..RefundsSettled::default()
        }
    );
    let order = shop.order().await;
    assert_eq!(order.refunds[0].state, RefundState::Given);
    assert_eq!(order.refunded(), Money::from_cents(20_000));
    assert_eq!(shop.books.gives(), 1, "never given twice");
    assert!(matches!(shop.refund(1_000).await, Ok(PartRefund::Given(_))));
}

#[tokio::test]
async fn a_lost_request_is_unknown_until_the_ledger_says_not_given() {
    for paid in [Paid::SettledCard, Paid::PayPal] {
        let shop = shop(paid).await;
        shop.books.weather.next(Next::LoseBefore);
        assert!(matches!(
            shop.refund(20_000).await,
            Ok(PartRefund::Unknown(_))
        ));
        shop.checkout().settle_refunds().await.unwrap();
        let order = shop.order().await;
        assert_eq!(order.refunds[0].state, RefundState::Failed, "{paid:?}");
        assert_eq!(order.left_to_refund(), Money::from_cents(TOTAL_CENTS));
        assert_eq!(shop.books.refunded(), Money::ZERO);
    }
}

#[tokio::test]
async fn two_reconcilers_on_one_refund_one_takes_it() {
    let shop = shop(Paid::SettledCard).await;
    shop.books.weather.next(Next::GiveAndLoseAnswer);
    shop.refund(20_000).await.unwrap();
    let checkout = shop.checkout();
    let (a, b) = tokio::join!(checkout.settle_refunds(), checkout.settle_refunds());
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.settled + b.settled, 1, "{a:?} {b:?}");
    assert_eq!(a.held_by_others + b.held_by_others, 1, "{a:?} {b:?}");
    assert_eq!(shop.order().await.refunds[0].state, RefundState::Given);
}

#[tokio::test]
async fn an_unsettled_charge_is_voided_whole_and_never_refunded_in_part() {
    let shop = shop(Paid::UnsettledCard).await;
    assert!(matches!(
        shop.refund(10_000).await,
        Err(RefundRefused::NotSettled)
    ));
    assert!(shop.order().await.refunds.is_empty(), "nothing taken");
    let PartRefund::Given(order) = shop.refund(TOTAL_CENTS).await.unwrap() else {
        panic!()
    };
    assert_eq!(order.refunded(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(shop.books.charge_status(ORDER)[0], ProviderStatus::Voided);
}

// ---- PayPal ------------------------------------------------------------------

#[tokio::test]
async fn a_paypal_capture_is_refunded_part_by_part_until_nothing_is_left() {
    let shop = shop(Paid::PayPal).await;
    let PartRefund::Given(order) = shop.refund(15_050).await.unwrap() else {
        panic!("a part refund of a PayPal capture is given")
    };
    assert_eq!(order.refunds[0].state, RefundState::Given);
    assert_eq!(order.refunded(), Money::from_cents(15_050));
    assert_eq!(shop.books.refunded(), Money::from_cents(15_050));
    let PartRefund::Given(order) = shop.refund(165_690).await.unwrap() else {
        panic!("the second part refund is given")
    };
    assert_eq!(order.refunded(), Money::from_cents(TOTAL_CENTS));
    assert!(matches!(
        shop.refund(1).await,
        Err(RefundRefused::NothingLeft)
    ));
    assert_eq!(shop.books.refunded(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(shop.books.gives(), 2);
    let capture = {
        let ledger = shop.books.ledger.lock().unwrap();
        let captured = ledger.paypal.values().find_map(|(_, c)| c.clone());
        captured.unwrap().1
    };
    assert_eq!(capture.status, ProviderStatus::Refunded);
    assert!(!capture.is_live());
}

#[tokio::test]
async fn a_lost_paypal_answer_is_unknown_until_the_capture_says_given() {
    let shop = shop(Paid::PayPal).await;
    shop.refund(5_000).await.unwrap();
    shop.books.weather.next(Next::GiveAndLoseAnswer);
    let unknown = shop.refund(20_000).await.unwrap();
    assert!(matches!(unknown, PartRefund::Unknown(_)), "{unknown:?}");
    assert_eq!(shop.order().await.refunded(), Money::from_cents(5_000));
    let run = shop.checkout().settle_refunds().await.unwrap();
    assert_eq!(run.settled, 1, "{run:?}");
    let order = shop.order().await;
    assert_eq!(order.refunds[1].state, RefundState::Given);
    assert_eq!(order.refunded(), Money::from_cents(25_000));
    assert_eq!(shop.books.gives(), 2, "never given twice");
}

// ---- a cancel gives back all that is left, as one refund -------------------------

#[tokio::test]
async fn a_cancel_whose_answer_is_lost_needs_attention_until_reconciled() {
    for paid in [Paid::SettledCard, Paid::PayPal] {
        let shop = shop(paid).await;
        shop.refund(15_050).await.unwrap();
        shop.books.weather.next(Next::GiveAndLoseAnswer);
        assert!(
            matches!(shop.cancel().await, Err(DeskError::RefundUnknown(_))),
            "{paid:?}"
        );
        let order = shop.order().await;
        assert_eq!(order.status, OrderStatus::Confirmed);
        let cancel = order.open_refund().unwrap();
        assert_eq!(cancel.state, RefundState::Unknown);
        assert_eq!(
            cancel.amount,
            Money::from_cents(165_690),
            "all that was left"
        );
        let attention = needing_attention(&*shop.table, shop.clock.now_for_tests())
            .await
            .unwrap();
        assert!(
            attention.iter().any(
                |p| p.state == Attention::RefundUnknown && p.order_id.as_deref() == Some(ORDER)
            ),
            "{attention:?}"
        );
        assert!(
            matches!(
                shop.cancel().await,
                Err(DeskError::Refund(RefundRefused::InProgress))
            ),
            "refused while the refund is open"
        );
        let run = shop.checkout().settle_refunds().await.unwrap();
        assert_eq!(run.settled, 1);
        let (canceled, refunded) = shop.cancel().await.unwrap();
        assert_eq!(refunded, Refunded::NothingLeft);
        assert_eq!(canceled.status, OrderStatus::Canceled);
        assert_eq!(canceled.refunded(), Money::from_cents(TOTAL_CENTS));
        assert_eq!(
            shop.books.gives(),
            2,
            "the part refund and the cancel's, once"
        );
        assert_eq!(shop.books.refunded(), Money::from_cents(TOTAL_CENTS));
    }
}

#[tokio::test]
async fn an_unsettled_charge_is_voided_whole_by_a_cancel() {
    let shop = shop(Paid::UnsettledCard).await;
    let (canceled, refunded) = shop.cancel().await.unwrap();
    assert!(matches!(refunded, Refunded::GivenBack(_)));
    assert_eq!(canceled.status, OrderStatus::Canceled);
    let refund = &canceled.refunds[0];
    assert_eq!(
        (refund.reason.as_str(), refund.by.as_str()),
        (
            "The order was canceled: the client changed her mind",
            "owner@house.example"
        ),
        "the cancel's reason and hand"
    );
    assert_eq!(shop.books.charge_status(ORDER)[0], ProviderStatus::Voided);
}

#[tokio::test]
async fn an_open_part_refund_holds_a_cancel_back() {
    let shop = shop(Paid::SettledCard).await;
    shop.books.weather.next(Next::GiveAndLoseAnswer);
    shop.refund(20_000).await.unwrap();
    assert!(matches!(
        shop.cancel().await,
        Err(DeskError::Refund(RefundRefused::InProgress))
    ));
    shop.checkout().settle_refunds().await.unwrap();
    let (_, refunded) = shop.cancel().await.unwrap();
    assert!(matches!(refunded, Refunded::GivenBack(_)));
    assert_eq!(shop.books.refunded(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(
        shop.order().await.refunded(),
        Money::from_cents(TOTAL_CENTS)
    );
}

#[tokio::test]
async fn sixteen_cancels_at_once_refund_once() {
    for paid in [Paid::SettledCard, Paid::UnsettledCard, Paid::PayPal] {
        let shop = shop(paid).await;
        let order = shop.order().await;
        let desk = Desk::new(shop.checkout());
        let owner = owner();
        let cancels = (0..16).map(|_| desk.cancel(&order, CANCEL_REASON, &owner));
        let answers = futures_join_all(cancels).await;
        let given = answers
            .iter()
            .filter(|a| matches!(a, Ok((_, Refunded::GivenBack(_)))))
            .count();
        assert_eq!(given, 1, "{paid:?}: {answers:?}");
        assert!(answers
            .iter()
            .all(|a| matches!(a, Ok(_) | Err(DeskError::Refund(RefundRefused::InProgress)))));
        assert_eq!(shop.books.gives(), 1, "{paid:?}");
        assert_eq!(shop.order().await.status, OrderStatus::Canceled);
    }
}

#[tokio::test]
async fn a_cancel_racing_a_reconciler_past_its_lease_gives_once() {
    for paid in [Paid::SettledCard, Paid::PayPal] {
        let shop = shop(paid).await;
        let late = FakeClock::at(shop.clock.now_for_tests());
        late.pass(3_600);
        let reconciler = checkout(&*shop.table, &shop.books, &late, &shop.mail);
        let (canceled, settled) = tokio::join!(shop.cancel(), async {
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            reconciler.settle_refunds().await
        });
        settled.unwrap();
        let (canceled, _) = canceled.unwrap();
        assert_eq!(canceled.status, OrderStatus::Canceled, "{paid:?}");
        reconciler.settle_refunds().await.unwrap();
        let order = shop.order().await;
        assert_eq!(order.refunds[0].state, RefundState::Given, "{paid:?}");
        assert_eq!(order.refunded(), Money::from_cents(TOTAL_CENTS));
        assert_eq!(shop.books.gives(), 1, "{paid:?}");
    }
}
