//! The checkout process, transition by transition: card and PayPal payments
//! over a real (embedded SQLite) table, a scripted provider that can refuse,
//! lose its answer after taking the money, or fail to give it back, and a
//! clock the tests move. Each test names the arrow of the claim's state
//! machine (`domain::checkout::service`) it walks.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use domain::cart::Bag;
use domain::checkout::{
    payment_key, Budget, CaptureRequest, CardPayment, Checkout, CheckoutError, Claim, ClaimState,
    Claims, PaymentStatus, Provider, Seen, Settled, Shopper,
};
use domain::order::{OrderStatus, Orders};
use domain::ports::{Clock, Money, PaymentError, PaymentGateway, ProviderStatus, Table};
use domain::records::Outcome;
use domain::timestamp::Timestamp;

mod support;
use support::books::{lost, Books, Call, Told, Weather};
use support::{address, checkout, line, put_product, FakeClock, Outgoing};

const USER: &str = "01JD0000000000000000000USR";

// ---- the scripted provider -------------------------------------------------

/// What the provider does with the next charge or capture.
#[derive(Debug, Clone, PartialEq, Default)]
enum Next {
    /// Takes the money and answers.
    #[default]
    Answer,
    /// Refuses: nothing taken.
    Refuse(PaymentError),
    /// Takes the money, then the answer is lost.
    LoseAnswer,
    /// Never receives the request, but the shop cannot tell (a timeout).
    TimeOutBefore,
    /// Takes the money while the shopper empties a line of the bag.
    AnswerWhileBagChanges,
    /// Takes the capture money but PayPal keeps it PENDING.
    Pending,
    /// Takes the money while a reconciler takes the claim (past its
    /// deadline, as if the request had stalled).
    AnswerWhileTakenOver,
}

/// The test's script: what the next charge or capture does, and how many
/// of the next reversals fail.
struct Scripted {
    /// What the next charges and captures do.
    told: Told<Next>,
    failing_reversals: Mutex<u32>,
    table: Arc<dyn Table>,
}

type FakeProvider = Books<Scripted>;

trait Scripts {
    fn script(&self, next: Next);
    fn fail_reversals(&self, times: u32);
}

impl Scripts for FakeProvider {
    fn script(&self, next: Next) {
        self.weather.told.push(next);
    }
    fn fail_reversals(&self, times: u32) {
        *self.weather.failing_reversals.lock().unwrap() = times;
    }
}

impl Scripted {
    /// What a reconciler's first move does to the claim of this order.
    async fn reconciler_takes(&self, order_reference: &str) {
        let far = Timestamp::parse("2100-01-01T00:00:00Z").unwrap();
        let due = Claims::of(&*self.table).due(far).await.unwrap();
        let claim = due
            .into_iter()
            .find(|c| c.order_id == order_reference)
            .unwrap();
        let taken = Claims::of(&*self.table)
            .advance(&claim, ClaimState::Reconciling, claim.deadline, None)
            .await
            .unwrap();
        assert!(matches!(taken, Outcome::Done(_)));
    }

    async fn bag_changes(&self) {
        let lines = Bag::of(&*self.table, USER).lines().await.unwrap();
        let _ = Bag::of(&*self.table, USER).remove(&lines[0].id).await;
    }
}

#[async_trait]
impl Weather for Scripted {
    async fn before(&self, call: Call<'_>) -> Result<(), PaymentError> {
        let reference = match call {
            Call::Charge(reference) | Call::Capture(reference) => reference,
            Call::GiveBack => {
                let mut failing = self.failing_reversals.lock().unwrap();
                let fails = *failing > 0;
                *failing = failing.saturating_sub(1);
                return if fails { Err(lost()) } else { Ok(()) };
            }
            Call::Lookup => return Ok(()),
        };
        let next = self.told.take_next();
        match next {
            Next::Refuse(error) => return Err(error),
            Next::TimeOutBefore => return Err(lost()),
            Next::AnswerWhileBagChanges => self.bag_changes().await,
            Next::AnswerWhileTakenOver => self.reconciler_takes(reference).await,
            _ => {}
        }
        Ok(())
    }

    async fn after(&self, call: Call<'_>) -> Result<(), PaymentError> {
        let taking = matches!(call, Call::Charge(_) | Call::Capture(_));
        match self.told.current() {
            Next::LoseAnswer if taking => Err(lost()),
            _ => Ok(()),
        }
    }

    fn pending(&self) -> bool {
        self.told.current() == Next::Pending
    }
}

// ---- the clock, the mail and the blobs -------------------------------------

// ---- the shop --------------------------------------------------------------

struct Shop {
    _dir: tempfile::TempDir,
    table: Arc<dyn Table>,
    provider: FakeProvider,
    clock: FakeClock,
    mail: Outgoing,
}

/// 2 × 800.00 + 150.50 = 1750.50 + Express 56.90.
const TOTAL_CENTS: u32 = 180_740;

async fn shop() -> Shop {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    for (id, cents) in [("gown", 80_000), ("veil", 15_050)] {
        put_product(&*table, id, cents, "active").await;
    }
    for (id, quantity) in [("gown", 2), ("veil", 1)] {
        Bag::of(&*table, USER)
            .add(&line(id, quantity))
            .await
            .unwrap();
    }
    Shop {
        _dir: dir,
        provider: Books::with(Scripted {
            told: Told::default(),
            failing_reversals: Mutex::default(),
            table: table.clone(),
        }),
        table,
        clock: FakeClock::at(Timestamp::parse("2026-11-27T10:00:00Z").unwrap()),
        mail: Outgoing::default(),
    }
}

impl Shop {
    fn checkout(&self) -> Checkout<'_> {
        checkout(&*self.table, &self.provider, &self.clock, &self.mail)
    }

    async fn pay(&self, key: &str) -> Result<Settled, CheckoutError> {
        self.pay_seen(key, TOTAL_CENTS).await
    }

    async fn pay_seen(&self, key: &str, cents: u32) -> Result<Settled, CheckoutError> {
        let payment = CardPayment {
            nonce: "nonce".into(),
            address: address(),
            seen: seen(cents),
            payment_key: payment_key(Provider::Card, key),
        };
        self.checkout().pay_by_card(shopper(), payment).await
    }

    async fn open_paypal(&self) -> String {
        self.checkout()
            .open_paypal(shopper(), seen(TOTAL_CENTS))
            .await
            .unwrap()
    }

    async fn capture(&self, paypal_id: &str) -> Result<Settled, CheckoutError> {
        let request = CaptureRequest {
            paypal_order_id: paypal_id.into(),
            address: address(),
        };
        self.checkout().capture_paypal(shopper(), request).await
    }

    async fn claim(&self, provider: Provider, key: &str) -> Option<Claim> {
        Claims::of(&*self.table)
            .find(USER, &payment_key(provider, key))
            .await
            .unwrap()
    }

    async fn bag_lines(&self) -> usize {
        Bag::of(&*self.table, USER).lines().await.unwrap().len()
    }

    async fn orders(&self) -> Vec<domain::order::Order> {
        Orders::of(&*self.table, USER).newest_first().await.unwrap()
    }

    /// The reconciler, once the claims' deadlines have passed.
    async fn reconcile_later(&self) -> domain::checkout::Reconciled {
        self.clock
            .pass(Budget::shop().charging_deadline_seconds + 1);
        self.checkout().reconcile().await.unwrap()
    }

    fn mails(&self) -> usize {
        self.mail.0.lock().unwrap().len()
    }
}

fn shopper() -> Shopper<'static> {
    Shopper {
        id: USER,
        email: "lan@example.com",
    }
}

fn seen(cents: u32) -> Seen {
    Seen {
        amount: Money::from_cents(cents),
        shippingfee: None,
        tax_basis_points: None,
    }
}

/// A card claim being charged since `now` by a request of its own.
fn charging(key: &str, now: Timestamp) -> Claim {
    Claim {
        key: payment_key(Provider::Card, key),
        user_id: USER.into(),
        provider: Provider::Card,
        provider_order: None,
        order_id: "01JD00000000000000000ORDER".into(),
        state: ClaimState::Charging,
        version: 1,
        amount: Money::from_cents(TOTAL_CENTS),
        address: Some(address()),
        created_at: now,
        deadline: Budget::shop().charging_deadline(now),
    }
}

fn placed(settled: Result<Settled, CheckoutError>) -> (domain::order::Order, bool) {
    match settled {
        Ok(Settled::Placed { order, new }) => (*order, new),
        other => panic!("expected a placed order, got {other:?}"),
    }
}

fn confirming(settled: Result<Settled, CheckoutError>) -> String {
    match settled {
        Ok(Settled::Confirming { payment_id }) => payment_id,
        other => panic!("expected 'being confirmed', got {other:?}"),
    }
}

// ---- card ------------------------------------------------------------------

#[tokio::test]
async fn charging_to_placed_the_order_is_the_quote_and_the_bag_empties() {
    let shop = shop().await;
    let (order, new) = placed(shop.pay("k1").await);
    assert!(new);
    assert_eq!(order.status, OrderStatus::AwaitingConfirmation);
    assert_eq!(order.clone().view().total, Money::from_cents(TOTAL_CENTS));
    let gown = order.items.iter().find(|i| i.product.id == "gown").unwrap();
    assert_eq!(gown.price, Money::from_cents(80_000), "today's price");
    assert_eq!(order.payment.amount, Money::from_cents(TOTAL_CENTS));
    assert_eq!(shop.bag_lines().await, 0);
    let claim = shop.claim(Provider::Card, "k1").await.unwrap();
    assert_eq!(claim.state, ClaimState::Placed);
    assert_eq!(shop.mails(), 1, "the confirmation");
    // A replay answers the same order, charging nothing more.
    let (again, new) = placed(shop.pay("k1").await);
    assert_eq!((again.id, new), (order.id.clone(), false));
    assert_eq!(shop.provider.charge_status(&order.id).len(), 1);
    let far = Timestamp::parse("2100-01-01T00:00:00Z").unwrap();
    let open = Claims::of(&*shop.table).due(far).await.unwrap();
    assert!(open.is_empty(), "a placed claim leaves the index");
}

#[tokio::test]
async fn charging_to_released_when_the_provider_refuses() {
    let shop = shop().await;
    let declined = PaymentError::Declined {
        code: "2000".into(),
        reason: "Do Not Honor".into(),
    };
    shop.provider.script(Next::Refuse(declined.clone()));
    let refused = shop.pay("k1").await;
    assert!(matches!(refused, Err(CheckoutError::Refused(e)) if e == declined));
    assert_eq!(shop.claim(Provider::Card, "k1").await, None, "released");
    assert_eq!(shop.bag_lines().await, 2);
    // Released: the same key may pay again.
    placed(shop.pay("k1").await);
}

#[tokio::test]
async fn charging_to_unknown_when_the_answer_is_lost_then_placed_by_the_reconciler() {
    let shop = shop().await;
    shop.provider.script(Next::LoseAnswer);
    let payment_id = confirming(shop.pay("k1").await);
    let claim = shop.claim(Provider::Card, "k1").await.unwrap();
    assert_eq!(claim.state, ClaimState::Unknown);
    assert_eq!(shop.bag_lines().await, 2, "the bag is untouched");
    // The same key charges nothing more and is still being confirmed.
    confirming(shop.pay("k1").await);
    assert_eq!(shop.provider.charge_status(&claim.order_id).len(), 1);
    let status = shop.checkout().status(USER, &payment_id).await.unwrap();
    assert_eq!(status, PaymentStatus::Confirming);
    // Before the provider has surely finished, the reconciler leaves it.
    assert_eq!(shop.checkout().reconcile().await.unwrap().placed, 0);
    let report = shop.reconcile_later().await;
    assert_eq!((report.placed, report.unresolved), (1, 0));
    let orders = shop.orders().await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0].id, claim.order_id, "the charge's own order");
    assert_eq!(shop.bag_lines().await, 0);
    assert_eq!(shop.mails(), 1);
    let status = shop.checkout().status(USER, &payment_id).await.unwrap();
    assert!(matches!(status, PaymentStatus::Placed(o) if o.id == claim.order_id));
}

#[tokio::test]
async fn unknown_to_released_reversed_when_the_bag_no_longer_prices_the_same() {
    let shop = shop().await;
    shop.provider.script(Next::LoseAnswer);
    let payment_id = confirming(shop.pay("k1").await);
    let order_id = shop.claim(Provider::Card, "k1").await.unwrap().order_id;
    put_product(&*shop.table, "veil", 20_000, "active").await;
    let report = shop.reconcile_later().await;
    assert_eq!(report.reversed, 1);
    assert_eq!(
        shop.provider.charge_status(&order_id),
        [ProviderStatus::Voided]
    );
    assert_eq!(shop.claim(Provider::Card, "k1").await, None);
    assert!(shop.orders().await.is_empty());
    assert_eq!(shop.bag_lines().await, 2);
    let status = shop.checkout().status(USER, &payment_id).await.unwrap();
    assert_eq!(status, PaymentStatus::Failed);
}

#[tokio::test]
async fn unknown_to_released_when_nothing_was_charged() {
    let shop = shop().await;
    shop.provider.script(Next::TimeOutBefore);
    confirming(shop.pay("k1").await);
    let report = shop.reconcile_later().await;
    assert_eq!(report.released, 1);
    assert_eq!(shop.claim(Provider::Card, "k1").await, None);
    assert_eq!(shop.bag_lines().await, 2);
    placed(shop.pay("k1").await);
}

#[tokio::test]
async fn charged_but_not_placed_is_reversed_and_released() {
    let shop = shop().await;
    shop.provider.script(Next::AnswerWhileBagChanges);
    let refused = shop.pay("k1").await;
    assert!(
        matches!(refused, Err(CheckoutError::NotPlaced)),
        "{refused:?}"
    );
    assert_eq!(shop.claim(Provider::Card, "k1").await, None);
    let ledger = shop.provider.ledger.lock().unwrap();
    assert_eq!(ledger.charges[0].1.status, ProviderStatus::Voided);
}

#[tokio::test]
async fn a_reversal_that_fails_leaves_the_payment_unknown_for_the_reconciler() {
    let shop = shop().await;
    shop.provider.script(Next::AnswerWhileBagChanges);
    shop.provider.fail_reversals(1);
    confirming(shop.pay("k1").await);
    let claim = shop.claim(Provider::Card, "k1").await.unwrap();
    assert_eq!(claim.state, ClaimState::Unknown);
    let report = shop.reconcile_later().await;
    assert_eq!(report.reversed, 1, "{report:?}");
    assert_eq!(
        shop.provider.charge_status(&claim.order_id),
        [ProviderStatus::Voided]
    );
}

#[tokio::test]
async fn a_request_whose_claim_a_reconciler_took_leaves_the_money_to_it() {
    let shop = shop().await;
    shop.provider.script(Next::AnswerWhileTakenOver);
    let payment_id = confirming(shop.pay("k1").await);
    let claim = shop.claim(Provider::Card, "k1").await.unwrap();
    assert_eq!(claim.state, ClaimState::Reconciling);
    assert_eq!(
        shop.provider.charge_status(&claim.order_id),
        [ProviderStatus::SubmittedForSettlement],
        "the request does not give back money the claim's holder will settle"
    );
    assert_eq!(shop.bag_lines().await, 2);
    // That run died: once its lease ends, the next run settles the claim.
    shop.clock.pass(10);
    let early = shop.checkout().reconcile().await.unwrap();
    assert_eq!(early.placed, 0, "not during the lease: {early:?}");
    shop.clock.pass(Budget::shop().reconcile_lease_seconds);
    let report = shop.checkout().reconcile().await.unwrap();
    assert_eq!((report.placed, report.reversed), (1, 0), "{report:?}");
    let status = shop.checkout().status(USER, &payment_id).await.unwrap();
    assert!(matches!(status, PaymentStatus::Placed(o) if o.id == claim.order_id));
    assert_eq!(shop.bag_lines().await, 0);
}

#[tokio::test]
async fn a_replay_waits_for_the_first_request_then_answers_being_confirmed() {
    let shop = shop().await;
    let now = shop.clock.now();
    let first = charging("k1", now);
    Claims::of(&*shop.table).open(&first).await.unwrap();
    confirming(shop.pay("k1").await);
    let waited = shop.clock.now().instant() - now.instant();
    assert_eq!(
        waited,
        Budget::shop().replay_wait(),
        "about the budget's wait"
    );
    assert!(shop.provider.ledger.lock().unwrap().charges.is_empty());
}

#[tokio::test]
async fn a_charging_claim_past_its_deadline_is_swept() {
    // The function charged, then died before it could place or mark anything.
    let shop = shop().await;
    let claim = charging("died", shop.clock.now());
    Claims::of(&*shop.table).open(&claim).await.unwrap();
    shop.provider
        .charge("nonce", claim.amount, &claim.order_id)
        .await
        .unwrap();
    let unswept = Claim {
        key: payment_key(Provider::Card, "died-before"),
        order_id: "01JD00000000000000000OTHER".into(),
        ..claim.clone()
    };
    Claims::of(&*shop.table).open(&unswept).await.unwrap();
    shop.clock.pass(10);
    let early = shop.checkout().reconcile().await.unwrap();
    assert_eq!(early, Default::default(), "not before its deadline");
    let report = shop.reconcile_later().await;
    assert_eq!((report.placed, report.released), (1, 1), "{report:?}");
    assert_eq!(shop.orders().await[0].id, claim.order_id);
}

#[tokio::test]
async fn a_new_price_or_a_withdrawn_product_is_refused_with_the_new_quote() {
    let shop = shop().await;
    put_product(&*shop.table, "veil", 20_000, "active").await;
    let refused = shop.pay("k1").await;
    let Err(CheckoutError::QuoteChanged(quote)) = refused else {
        panic!("{refused:?}")
    };
    assert_eq!(quote.total, Money::from_cents(160_000 + 20_000 + 5_690));
    assert!(shop.provider.ledger.lock().unwrap().charges.is_empty());
    assert_eq!(shop.claim(Provider::Card, "k1").await, None);
    let cents = u32::try_from(quote.total.cents()).expect("an amount");
    placed(shop.pay_seen("k1", cents).await);

    let shop = self::shop().await;
    put_product(&*shop.table, "veil", 15_050, "inactive").await;
    assert!(matches!(
        shop.pay("k1").await,
        Err(CheckoutError::ItemsUnavailable)
    ));
    let mut taxed = seen(TOTAL_CENTS);
    taxed.tax_basis_points = Some(800);
    let payment = CardPayment {
        nonce: "n".into(),
        address: address(),
        seen: taxed,
        payment_key: payment_key(Provider::Card, "k2"),
    };
    put_product(&*shop.table, "veil", 15_050, "active").await;
    let refused = shop.checkout().pay_by_card(shopper(), payment).await;
    assert!(matches!(refused, Err(CheckoutError::QuoteChanged(_))));
}

// ---- PayPal ----------------------------------------------------------------

#[tokio::test]
async fn created_to_charging_to_placed_and_a_refused_capture_back_to_created() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    assert_eq!(
        shop.claim(Provider::PayPal, &id).await.unwrap().state,
        ClaimState::Created
    );
    shop.provider
        .script(Next::Refuse(PaymentError::OrderNotApproved));
    let refused = shop.capture(&id).await;
    assert!(matches!(
        refused,
        Err(CheckoutError::Refused(PaymentError::OrderNotApproved))
    ));
    let claim = shop.claim(Provider::PayPal, &id).await.unwrap();
    assert_eq!(
        claim.state,
        ClaimState::Created,
        "the buyer may approve and retry"
    );
    let (order, _) = placed(shop.capture(&id).await);
    assert_eq!(order.id, claim.order_id);
    assert_eq!(order.payment.provider_order.as_deref(), Some(id.as_str()));
    assert_eq!(order.shipping_address, address());
    let (again, new) = placed(shop.capture(&id).await);
    assert_eq!((again.id, new), (order.id, false));
}

#[tokio::test]
async fn a_lost_capture_is_found_by_its_paypal_order_and_placed() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    shop.provider.script(Next::LoseAnswer);
    confirming(shop.capture(&id).await);
    assert_eq!(
        shop.claim(Provider::PayPal, &id).await.unwrap().state,
        ClaimState::Unknown
    );
    // Captured already: a retry is still being confirmed, never a second capture.
    confirming(shop.capture(&id).await);
    let report = shop.reconcile_later().await;
    assert_eq!(report.placed, 1, "{report:?}");
    assert_eq!(shop.orders().await.len(), 1);
    assert_eq!(
        shop.provider.capture_status(&id),
        [ProviderStatus::Completed]
    );
}

#[tokio::test]
async fn a_lost_capture_with_a_changed_bag_is_refunded() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    shop.provider.script(Next::LoseAnswer);
    confirming(shop.capture(&id).await);
    let lines = Bag::of(&*shop.table, USER).lines().await.unwrap();
    let _ = Bag::of(&*shop.table, USER)
        .remove(&lines[1].id)
        .await
        .unwrap();
    let report = shop.reconcile_later().await;
    assert_eq!(report.reversed, 1, "{report:?}");
    assert_eq!(
        shop.provider.capture_status(&id),
        [ProviderStatus::Refunded]
    );
    assert!(shop.orders().await.is_empty());
}

#[tokio::test]
async fn a_capture_that_never_happened_goes_back_to_awaiting_approval_then_expires() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    shop.provider.script(Next::TimeOutBefore);
    confirming(shop.capture(&id).await);
    let report = shop.reconcile_later().await;
    assert_eq!(report.released, 1);
    let claim = shop.claim(Provider::PayPal, &id).await.unwrap();
    assert_eq!(claim.state, ClaimState::Created);
    shop.clock.pass(Budget::shop().paypal_approval_hours * 3600);
    let report = shop.checkout().reconcile().await.unwrap();
    assert_eq!(report.released, 1);
    assert_eq!(shop.claim(Provider::PayPal, &id).await, None, "expired");
}

#[tokio::test]
async fn a_capture_after_the_approval_deadline_is_refused() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    shop.clock.pass(Budget::shop().paypal_approval_hours * 3600);
    let late = shop.capture(&id).await;
    assert!(matches!(late, Err(CheckoutError::NotPlaced)), "{late:?}");
    assert!(
        shop.provider.capture_status(&id).is_empty(),
        "nothing captured"
    );
}

#[tokio::test]
async fn a_pending_capture_is_an_order_awaiting_it_until_paypal_settles() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    shop.provider.script(Next::Pending);
    let (order, _) = placed(shop.capture(&id).await);
    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(order.payment.status, ProviderStatus::Pending);
    assert_eq!(shop.mails(), 0, "confirmed once PayPal completes it");
    assert_eq!(
        shop.checkout().reconcile().await.unwrap().captures_settled,
        0
    );
    {
        let mut ledger = shop.provider.ledger.lock().unwrap();
        let captured = ledger.paypal.get_mut(&id).unwrap().1.as_mut();
        captured.unwrap().1.status = "COMPLETED".into();
    }
    let report = shop.checkout().reconcile().await.unwrap();
    assert_eq!(report.captures_settled, 1);
    let order = &shop.orders().await[0];
    assert_eq!(order.status, OrderStatus::AwaitingConfirmation);
    assert_eq!(order.payment.status, ProviderStatus::Completed);
    assert_eq!(shop.mails(), 1);

    let shop = self::shop().await;
    let id = shop.open_paypal().await;
    shop.provider.script(Next::Pending);
    placed(shop.capture(&id).await);
    {
        let mut ledger = shop.provider.ledger.lock().unwrap();
        let captured = ledger.paypal.get_mut(&id).unwrap().1.as_mut();
        captured.unwrap().1.status = "DECLINED".into();
    }
    shop.checkout().reconcile().await.unwrap();
    let order = &shop.orders().await[0];
    assert_eq!(order.status, OrderStatus::Canceled);
    assert_eq!(order.payment.status, ProviderStatus::Declined);
}

#[tokio::test]
async fn another_shoppers_paypal_order_is_not_found() {
    let shop = shop().await;
    let id = shop.open_paypal().await;
    let stranger = Shopper {
        id: "01JD0000000000000000000OTH",
        email: "x@example.com",
    };
    let request = CaptureRequest {
        paypal_order_id: id,
        address: address(),
    };
    let refused = shop.checkout().capture_paypal(stranger, request).await;
    assert!(matches!(refused, Err(CheckoutError::PayPalOrderNotFound)));
}
