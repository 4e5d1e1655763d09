//! Refunds in part, arrow by arrow of their state machine (giving →
//! given | failed | unknown; unknown → given | failed by the reconciler),
//! over a real (embedded SQLite) table and a scripted card provider whose
//! ledger is the truth: money is given back once, never above what was
//! paid, and a lost answer is settled by reading the ledger.

mod support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use domain::checkout::{
    Budget, Checkout, Outbox, PartRefund, Payment, RefundBy, RefundRefused, RefundsSettled,
    ShippingAddress,
};
use domain::order::{Order, OrderStatus, Orders, RefundAsked, RefundState, RefundedLine, Sale};
use domain::ports::{
    Capture, Charge, Clock, Condition, Money, PayPalOrder, PaymentError, PaymentGateway,
    ProviderStatus, Refund, Table,
};
use domain::records::Record;
use domain::timestamp::Timestamp;
use support::{line, visa_charge, Outgoing};

const USER: &str = "01JD0000000000000000000USR";
const ORDER: &str = "01JD0000000000000000000RD1";

/// What the provider does with the next refund.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Next {
    Answer,
    /// Gives the money back, then the answer is lost.
    GiveAndLoseAnswer,
    /// Never receives it, but the shop cannot tell.
    LoseBefore,
}

struct Provider {
    charge: Mutex<Charge>,
    next: Mutex<Next>,
    refunds: Mutex<u32>,
}

#[async_trait]
impl PaymentGateway for Provider {
    async fn client_token(&self, _: Option<&str>) -> Result<String, PaymentError> {
        Ok("token".into())
    }
    async fn charge(&self, _: &str, _: Money, _: &str) -> Result<Charge, PaymentError> {
        unreachable!("refunds never charge")
    }
    async fn find_charges(&self, reference: &str) -> Result<Vec<Charge>, PaymentError> {
        assert_eq!(reference, ORDER);
        Ok(vec![self.charge.lock().unwrap().clone()])
    }
    async fn void(&self, _: &str) -> Result<(), PaymentError> {
        // As the gateway's reversal: voided while unsettled, else
        // refunded of what is left.
        let mut charge = self.charge.lock().unwrap();
        if charge.status == ProviderStatus::Settled {
            charge.refunded = charge.amount;
            *self.refunds.lock().unwrap() += 1;
        } else {
            charge.status = ProviderStatus::Voided;
        }
        Ok(())
    }
    async fn refund(&self, _: &str, amount: Money) -> Result<Refund, PaymentError> {
        tokio::time::sleep(Duration::from_millis(5)).await;
        let next = std::mem::replace(&mut *self.next.lock().unwrap(), Next::Answer);
        if next == Next::LoseBefore {
            return Err(PaymentError::Unavailable("timed out".into()));
        }
        let mut charge = self.charge.lock().unwrap();
        if charge.status != ProviderStatus::Settled {
            return Err(PaymentError::Invalid("not settled".into()));
        }
        let refunded = charge.refunded.checked_add(amount).unwrap();
        if refunded > charge.amount {
            return Err(PaymentError::Invalid("above the charge".into()));
        }
        charge.refunded = refunded;
        *self.refunds.lock().unwrap() += 1;
        match next {
            Next::GiveAndLoseAnswer => Err(PaymentError::Unavailable("lost".into())),
            _ => Ok(Refund {
                id: "R1".into(),
                status: "SETTLED".into(),
                amount,
            }),
        }
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

struct FakeClock(Mutex<Timestamp>);

#[async_trait]
impl Clock for FakeClock {
    fn now(&self) -> Timestamp {
        *self.0.lock().unwrap()
    }
    async fn sleep(&self, duration: Duration) {
        let mut now = self.0.lock().unwrap();
        *now = Timestamp::at(now.instant() + duration);
    }
}

struct Shop {
    _dir: tempfile::TempDir,
    table: Arc<dyn Table>,
    provider: Provider,
    clock: FakeClock,
    mail: Outgoing,
}

/// 2 × 800.00 + 150.50 = 1750.50 + Express 56.90.
const TOTAL_CENTS: u32 = 180_740;

async fn shop(settled: bool) -> Shop {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    let total = Money::from_cents(TOTAL_CENTS);
    let mut charge = visa_charge("tx1".into(), total);
    if settled {
        charge.status = ProviderStatus::Settled;
    }
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
        payment: Payment::card(charge.clone()),
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
        provider: Provider {
            charge: Mutex::new(charge),
            next: Mutex::new(Next::Answer),
            refunds: Mutex::new(0),
        },
        clock: FakeClock(Mutex::new(at)),
        mail: Outgoing::default(),
    }
}

impl Shop {
    fn checkout(&self) -> Checkout<'_> {
        Checkout {
            table: &*self.table,
            gateway: &self.provider,
            clock: &self.clock,
            outbox: Outbox {
                table: &*self.table,
                mailer: &self.mail,
                blobs: &self.mail,
                site_url: "https://shop.example",
            },
            tax_basis_points: 0,
            budget: Budget::shop(),
        }
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

    fn refunded_at_provider(&self) -> Money {
        self.provider.charge.lock().unwrap().refunded
    }

    fn lose_next(&self, next: Next) {
        *self.provider.next.lock().unwrap() = next;
    }
}

fn asked(cents: u32, lines: Vec<RefundedLine>) -> RefundAsked {
    RefundAsked {
        amount: Money::from_cents(cents),
        lines,
        reason: "a stain on the veil".into(),
    }
}

fn by() -> RefundBy {
    RefundBy {
        by: "owner@house.example".into(),
        records: Vec::new(),
    }
}

#[tokio::test]
async fn giving_to_given_part_by_part_and_never_above_what_is_left() {
    let shop = shop(true).await;
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
    assert_eq!(shop.refunded_at_provider(), Money::from_cents(15_050));
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
    assert_eq!(shop.refunded_at_provider(), Money::from_cents(TOTAL_CENTS));
    assert!(domain::checkout::OpenRefund::all(&*shop.table)
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn sixteen_refunds_at_once_give_back_once() {
    let shop = shop(true).await;
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
    assert_eq!((given, refused), (1, 15), "{answers:?}");
    assert_eq!(*shop.provider.refunds.lock().unwrap(), 1);
    assert_eq!(shop.refunded_at_provider(), Money::from_cents(10_000));
    assert_eq!(shop.order().await.refunds.len(), 1);
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
    let shop = shop(true).await;
    shop.lose_next(Next::GiveAndLoseAnswer);
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
    assert_eq!(
        *shop.provider.refunds.lock().unwrap(),
        1,
        "never given twice"
    );
    assert!(matches!(shop.refund(1_000).await, Ok(PartRefund::Given(_))));
}

#[tokio::test]
async fn a_lost_request_is_unknown_until_the_ledger_says_not_given() {
    let shop = shop(true).await;
    shop.lose_next(Next::LoseBefore);
    assert!(matches!(
        shop.refund(20_000).await,
        Ok(PartRefund::Unknown(_))
    ));
    shop.checkout().settle_refunds().await.unwrap();
    let order = shop.order().await;
    assert_eq!(order.refunds[0].state, RefundState::Failed);
    assert_eq!(order.left_to_refund(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(shop.refunded_at_provider(), Money::ZERO);
}

#[tokio::test]
async fn two_reconcilers_on_one_refund_one_takes_it() {
    let shop = shop(true).await;
    shop.lose_next(Next::GiveAndLoseAnswer);
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
    let shop = shop(false).await;
    assert!(matches!(
        shop.refund(10_000).await,
        Err(RefundRefused::NotSettled)
    ));
    assert!(shop.order().await.refunds.is_empty(), "nothing taken");
    let PartRefund::Given(order) = shop.refund(TOTAL_CENTS).await.unwrap() else {
        panic!()
    };
    assert_eq!(order.refunded(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(
        shop.provider.charge.lock().unwrap().status,
        ProviderStatus::Voided
    );
}

#[tokio::test]
async fn a_part_refund_holds_the_whole_refund_back_while_open() {
    let shop = shop(true).await;
    shop.lose_next(Next::GiveAndLoseAnswer);
    shop.refund(20_000).await.unwrap();
    let order = shop.order().await;
    let whole = shop.checkout().refund_order(&order).await.unwrap();
    assert_eq!(whole, domain::checkout::Refunded::Taken);
    shop.checkout().settle_refunds().await.unwrap();
    let whole = shop.checkout().refund_order(&order).await.unwrap();
    assert_eq!(whole, domain::checkout::Refunded::GivenBack);
    assert_eq!(shop.refunded_at_provider(), Money::from_cents(TOTAL_CENTS));
    assert_eq!(
        shop.order().await.refunded(),
        Money::from_cents(TOTAL_CENTS)
    );
}
