//! Money moves once, under every interleaving we can provoke: many shoppers
//! pay by card and by PayPal (some pressing twice, some changing the bag
//! while paying) against a provider that delays, refuses, and takes money
//! then loses its answer (giving back, too), while three reconcilers (one
//! without the run's lease, at clocks past the charging and the approval
//! deadlines) and an operator refunding placed orders all reach for the
//! same payments. Repeated with several seeds, on the embedded table and on
//! DynamoDB Local. After everything settles:
//! - every live charge or capture belongs to exactly one placed order;
//! - no placed order's money was given back, except by the operator's refund;
//! - no money was given back twice (each charge is voided, each capture
//!   refunded, at most once; a second reversal asked by a hand past its
//!   deadline is refused by the provider and counted);
//! - every bag is either emptied by its order or intact.

mod support;

#[path = "../../testkit/dynamodb-local.rs"]
mod dynamodb_local;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use domain::cart::Bag;
use domain::checkout::{
    payment_key, CaptureRequest, CardPayment, Checkout, Claims, Provider, Reconciled, RefundBy,
    RefundRefused, Refunded, Seen, Shopper,
};
use domain::order::{Order, Orders};
use domain::ports::{Clock, Money, PaymentError, ProviderStatus, Table};
use domain::timestamp::Timestamp;
use support::books::{lost, Books, Call, Weather};
use support::{address, checkout, line, put_product, Outgoing};

/// 2 × 800.00 + 150.50 = 1750.50 + Express 56.90.
const TOTAL_CENTS: u32 = 180_740;
const SHOPPERS: usize = 12;

// ---- a seeded die ------------------------------------------------------------

/// xorshift64*: the same seed, the same throws; calmed, it never fails
/// and never waits (the provider once the storm has passed).
struct Die {
    state: Mutex<u64>,
    calm: std::sync::atomic::AtomicBool,
}

impl Die {
    fn new(seed: u64) -> Self {
        Die {
            state: Mutex::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
            calm: Default::default(),
        }
    }
    fn calm(&self) {
        self.calm.store(true, std::sync::atomic::Ordering::SeqCst);
    }
    fn is_calm(&self) -> bool {
        self.calm.load(std::sync::atomic::Ordering::SeqCst)
    }
    fn below(&self, n: u64) -> u64 {
        let mut x = self.state.lock().unwrap();
        *x ^= *x >> 12;
        *x ^= *x << 25;
        *x ^= *x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
    fn percent(&self, p: u64) -> bool {
        !self.is_calm() && self.below(100) < p
    }
    async fn pause(&self, max_ms: u64) {
        if self.is_calm() {
            return;
        }
        let ms = self.below(max_ms + 1);
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
}

// ---- a provider that delays, refuses and loses answers ------------------------

/// The storm over the provider's books: a delay before each call and
/// sometimes no answer (nothing done); a delay after each call that moves
/// money and sometimes its answer lost. A second reversal of the same
/// money is refused by the books, and counted.
struct Storm {
    die: Arc<Die>,
}

type Chaos = Books<Storm>;

#[async_trait]
impl Weather for Storm {
    async fn before(&self, _: Call<'_>) -> Result<(), PaymentError> {
        self.die.pause(15).await;
        match self.die.percent(8) {
            true => Err(lost()),
            false => Ok(()),
        }
    }

    async fn after(&self, call: Call<'_>) -> Result<(), PaymentError> {
        if call == Call::Lookup {
            return Ok(());
        }
        self.die.pause(15).await;
        match self.die.percent(15) {
            true => Err(lost()),
            false => Ok(()),
        }
    }
}

// ---- clocks ahead of the shop's -------------------------------------------------

/// The real time, `ahead` later: a reconciler past the claims' deadlines.
struct Ahead(Duration);

#[async_trait]
impl Clock for Ahead {
    fn now(&self) -> Timestamp {
        Timestamp::at(Timestamp::now().instant() + self.0)
    }
    async fn sleep(&self, duration: Duration) {
        tokio::time::sleep(duration).await
    }
}

// ---- the shop under test ------------------------------------------------------------

struct Shop {
    table: Arc<dyn Table>,
    provider: Chaos,
    die: Arc<Die>,
    mail: Outgoing,
}

impl Shop {
    fn checkout<'a>(&'a self, clock: &'a Ahead) -> Checkout<'a> {
        checkout(&*self.table, &self.provider, clock, &self.mail)
    }
}

fn user(n: usize) -> String {
    format!("01JD000000000000000000U{n:03}")
}

/// What the whole race did, for the note.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    trials: usize,
    placed: usize,
    given_back: usize,
    operator_refunds: usize,
    claims_taken_by_others: usize,
    runs_busy: usize,
    refunds_already_held: usize,
    second_reversals_refused: usize,
}

/// One shopper pays: by card (even) or PayPal (odd), sometimes twice at
/// once, sometimes taking a line out of the bag meanwhile. Answers whether
/// the bag was changed.
async fn shopper_pays(shop: &Shop, n: usize) -> bool {
    let id = user(n);
    let now = Ahead(Duration::ZERO);
    let checkout = shop.checkout(&now);
    let me = Shopper {
        id: &id,
        email: "lan@example.com",
    };
    let twice = shop.die.percent(30);
    let changes_bag = shop.die.percent(20);
    let change = async {
        if changes_bag {
            shop.die.pause(30).await;
            let lines = Bag::of(&*shop.table, &id).lines().await.unwrap();
            if let Some(veil) = lines.iter().find(|l| l.product.id == "veil") {
                let _ = Bag::of(&*shop.table, &id).remove(&veil.id).await.unwrap();
            }
        }
    };
    let seen = Seen {
        amount: Money::from_cents(TOTAL_CENTS),
        shippingfee: None,
        tax_basis_points: None,
    };
    if n.is_multiple_of(2) {
        let pay = || {
            let payment = CardPayment {
                nonce: "nonce".into(),
                address: address(),
                seen,
                payment_key: payment_key(Provider::Card, &format!("key-{n}")),
            };
            checkout.pay_by_card(me, payment)
        };
        let second = async {
            if twice {
                shop.die.pause(20).await;
                let _ = pay().await;
            }
        };
        let _ = tokio::join!(pay(), second, change);
    } else {
        let Ok(paypal) = checkout.open_paypal(me, seen).await else {
            return false;
        };
        let capture = || {
            let request = CaptureRequest {
                paypal_order_id: paypal.clone(),
                address: address(),
            };
            checkout.capture_paypal(me, request)
        };
        let second = async {
            if twice {
                shop.die.pause(20).await;
                let _ = capture().await;
            }
        };
        let _ = tokio::join!(capture(), second, change);
    }
    changes_bag
}

/// A reconciler: six runs at clocks past the charging deadline, past the
/// unknown deadline, or past the approval deadline (the shopper's capture
/// still racing it). `leased` runs take the run's lease (two of the three
/// do, and keep each other out); the other does not, so only the claims'
/// own conditions keep it apart from them.
async fn reconciler(shop: &Shop, leased: bool, tally: &Mutex<Tally>) {
    for _ in 0..6 {
        shop.die.pause(25).await;
        let ahead = [70, 120, 11_000][shop.die.below(3) as usize];
        let clock = Ahead(Duration::from_secs(ahead));
        let checkout = shop.checkout(&clock);
        let report = if leased {
            checkout.reconcile().await
        } else {
            checkout.reconcile_due().await
        };
        let report: Reconciled = report.unwrap();
        let mut tally = tally.lock().unwrap();
        tally.claims_taken_by_others += report.taken_by_others;
        tally.runs_busy += usize::from(report.busy);
    }
}

async fn every_order(table: &dyn Table) -> Vec<Order> {
    let mut all = Vec::new();
    for n in 0..SHOPPERS {
        all.extend(Orders::of(table, &user(n)).newest_first().await.unwrap());
    }
    all
}

/// What the operator's refunds did: the orders it asked to give back (its
/// reversal may have gone through even when the provider's answer was
/// lost), and those it was told were given back.
#[derive(Debug, Default)]
struct Refunds {
    asked: Vec<String>,
    given: Vec<String>,
}

/// The operator refunds placed orders, sometimes pressing twice at once,
/// and once more after an error (as an operator would).
async fn operator(shop: &Shop, tally: &Mutex<Tally>) -> Refunds {
    let mut refunds = Refunds::default();
    let now = Ahead(Duration::ZERO);
    for _ in 0..6 {
        shop.die.pause(40).await;
        let orders = every_order(&*shop.table).await;
        if orders.is_empty() {
            continue;
        }
        let order = &orders[shop.die.below(orders.len() as u64) as usize];
        let checkout = shop.checkout(&now);
        let twice = shop.die.percent(50);
        let refund = || async {
            let by = RefundBy {
                by: "operator".into(),
                records: Vec::new(),
            };
            checkout.refund_rest(order, "the operator's", by).await
        };
        let (a, b) = tokio::join!(refund(), async {
            if twice {
                Some(refund().await)
            } else {
                None
            }
        });
        let mut answers: Vec<_> = [Some(a), b].into_iter().flatten().collect();
        if answers.iter().any(Result::is_err) {
            let order = Orders::of(&*shop.table, &order.user_id)
                .get(&order.id)
                .await;
            let order = order.unwrap().expect("the order");
            let by = RefundBy {
                by: "operator".into(),
                records: Vec::new(),
            };
            answers.push(checkout.refund_rest(&order, "again", by).await);
        }
        refunds.asked.push(order.id.clone());
        for answer in answers {
            match answer {
                Ok(Refunded::GivenBack(_) | Refunded::NothingLeft) => {
                    refunds.given.push(order.id.clone())
                }
                Err(RefundRefused::InProgress) => tally.lock().unwrap().refunds_already_held += 1,
                Ok(Refunded::Unknown(_)) | Err(_) => {}
            }
        }
    }
    refunds
}

/// Every claim left open is reconciled, far past every deadline, with a
/// provider that no longer loses answers.
async fn settle_everything(shop: &Shop) {
    let clock = Ahead(Duration::from_secs(6 * 3600));
    for _ in 0..20 {
        if Claims::of(&*shop.table)
            .due(clock.now())
            .await
            .unwrap()
            .is_empty()
        {
            return;
        }
        let _ = shop.checkout(&clock).reconcile_due().await.unwrap();
    }
    panic!("claims still open after twenty runs");
}

async fn race(table: Arc<dyn Table>, seed: u64) -> Tally {
    for (id, cents) in [("gown", 80_000), ("veil", 15_050)] {
        put_product(&*table, id, cents, "active").await;
    }
    for n in 0..SHOPPERS {
        for (id, quantity) in [("gown", 2), ("veil", 1)] {
            Bag::of(&*table, &user(n))
                .add(&line(id, quantity))
                .await
                .unwrap();
        }
    }
    let die = Arc::new(Die::new(seed));
    let shop = Shop {
        table,
        provider: Books::with(Storm { die: die.clone() }),
        die,
        mail: Outgoing::default(),
    };
    let shop = Arc::new(shop);
    let tally = Arc::new(Mutex::new(Tally {
        trials: SHOPPERS,
        ..Tally::default()
    }));
    let shoppers: Vec<_> = (0..SHOPPERS)
        .map(|n| {
            let shop = shop.clone();
            tokio::spawn(async move { shopper_pays(&shop, n).await })
        })
        .collect();
    let reconcilers: Vec<_> = [false, true, true]
        .into_iter()
        .map(|leased| {
            let (shop, tally) = (shop.clone(), tally.clone());
            tokio::spawn(async move { reconciler(&shop, leased, &tally).await })
        })
        .collect();
    let operator = {
        let (shop, tally) = (shop.clone(), tally.clone());
        tokio::spawn(async move { operator(&shop, &tally).await })
    };
    let mut changed = Vec::new();
    for shopper in shoppers {
        changed.push(shopper.await.expect("a shopper's task"));
    }
    for run in reconcilers {
        run.await.expect("a reconciler's task");
    }
    let refunds = operator.await.expect("the operator's task");
    // The provider answers everything from now on, as it eventually does.
    shop.die.calm();
    settle_everything(&shop).await;
    let mut tally = *tally.lock().unwrap();
    check(&shop, &changed, &refunds, &mut tally, seed).await;
    tally
}

/// The four rules of the race, checked over the provider's books and the table.
async fn check(shop: &Shop, changed: &[bool], refunds: &Refunds, tally: &mut Tally, seed: u64) {
    let orders = every_order(&*shop.table).await;
    let mut lines_left = Vec::new();
    for n in 0..SHOPPERS {
        lines_left.push(Bag::of(&*shop.table, &user(n)).lines().await.unwrap().len());
    }
    let books = shop.provider.ledger.lock().unwrap();
    let context = |what: &str| format!("seed {seed}: {what}");
    tally.second_reversals_refused += books.second_reversals_refused as usize;
    let owner = |reference: &str, provider_order: Option<&str>| -> Vec<&Order> {
        orders
            .iter()
            .filter(|o| {
                o.payment.reference == reference
                    && (provider_order.is_none()
                        || o.payment.provider_order.as_deref() == provider_order)
            })
            .collect()
    };
    for (reference, charge) in &books.charges {
        let owners = owner(&charge.id, None);
        if charge.status == ProviderStatus::Voided {
            tally.given_back += usize::from(owners.is_empty());
            for order in owners {
                assert!(
                    refunds.asked.contains(&order.id),
                    "{}",
                    context(&format!("placed order {} given back", order.id))
                );
            }
        } else {
            assert_eq!(
                owners.len(),
                1,
                "{}",
                context(&format!("live charge {charge:?} has no order"))
            );
            assert_eq!(
                &owners[0].id,
                reference,
                "{}",
                context("a charge under another order")
            );
            assert!(
                !refunds.given.contains(reference),
                "{}",
                context("an operator's refund left the money")
            );
        }
    }
    for (paypal, (_, captured)) in &books.paypal {
        let Some((_, capture)) = captured else {
            continue;
        };
        let owners = owner(&capture.id, Some(paypal));
        if capture.status == ProviderStatus::Refunded {
            tally.given_back += usize::from(owners.is_empty());
            for order in owners {
                assert!(
                    refunds.asked.contains(&order.id),
                    "{}",
                    context(&format!("placed order {} refunded", order.id))
                );
            }
        } else {
            assert_eq!(
                owners.len(),
                1,
                "{}",
                context(&format!("live capture {capture:?} has no order"))
            );
            assert!(
                !refunds.given.contains(&owners[0].id),
                "{}",
                context("an operator's refund left the capture")
            );
        }
    }
    for (n, changed) in changed.iter().enumerate() {
        let id = user(n);
        let placed = orders.iter().filter(|o| o.user_id == id).count();
        let lines = lines_left[n];
        assert!(
            placed <= 1,
            "{}",
            context(&format!("{id} placed {placed} orders"))
        );
        let intact = if *changed {
            (1..=2).contains(&lines)
        } else {
            lines == 2
        };
        assert!(
            if placed == 1 { lines == 0 } else { intact },
            "{}",
            context(&format!(
                "{id}: {placed} order(s), {lines} line(s) left, changed: {changed}"
            ))
        );
    }
    tally.placed = orders.len();
    let mut unique = refunds.given.clone();
    unique.sort();
    unique.dedup();
    tally.operator_refunds = unique.len();
}

fn add(total: &mut Tally, one: Tally) {
    total.trials += one.trials;
    total.placed += one.placed;
    total.given_back += one.given_back;
    total.operator_refunds += one.operator_refunds;
    total.claims_taken_by_others += one.claims_taken_by_others;
    total.runs_busy += one.runs_busy;
    total.refunds_already_held += one.refunds_already_held;
    total.second_reversals_refused += one.second_reversals_refused;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn money_moves_once_on_the_embedded_table() {
    let mut total = Tally::default();
    for seed in 1..=10 {
        let dir = tempfile::tempdir().unwrap();
        let table: Arc<dyn Table> =
            Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
        add(&mut total, race(table, seed).await);
    }
    eprintln!("money races, embedded table, 10 seeds: {total:?}");
    assert!(total.placed > 0 && total.given_back > 0, "{total:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn money_moves_once_on_dynamodb_local() {
    let server = dynamodb_local::DynamoDbLocal::start();
    let endpoint = server.endpoint();
    let mut total = Tally::default();
    for seed in 101..=103 {
        let name = format!("races-{seed}");
        let aws = aws_env::Aws::local();
        let table = store::DynamoTable::connect(aws.sdk_config().await, &name, Some(&endpoint));
        store::create_table(table.client(), &name)
            .await
            .expect("table is created");
        add(&mut total, race(Arc::new(table), seed).await);
    }
    eprintln!("money races, DynamoDB Local, 3 seeds: {total:?}");
    assert!(total.placed > 0, "{total:?}");
}
