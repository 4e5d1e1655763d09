//! A payment made once, and the order it becomes, in one transaction.
//!
//! Before anything is charged, the payment is *claimed*: one put of
//! `USER#<user> / PAYMENT#<key>` where none is, the key being the digest of
//! the client's idempotency key (or nonce) or of the PayPal order id. Of any
//! number of simultaneous or replayed submits exactly one claim succeeds; the
//! others read the claim and answer what became of it.
//!
//! Every move of a claim is one write conditioned on the state it leaves
//! *and* the claim's version, which every move counts up: a hand that read
//! the claim before another moved it (or before it was released and claimed
//! again under the same key) is refused, even if the state reads the same
//! again. Only the hand whose move succeeded holds the claim, and only the
//! holder charges, places or gives money back. Placing the order is one
//! transaction: the order, the bag's lines (each still holding the quantity
//! that was priced) and the bag's count deleted, the claim `placed`.
//!
//! An open claim (any state but `placed`) is also on GSI1, `PAYMENTS#OPEN /
//! <deadline>#<user>#<key>`, so the reconciler finds every claim past its
//! deadline with one Query; placing it takes it off the index.

use serde::{Deserialize, Serialize};

use crate::cart::{Bag, CartLine};
use crate::ports::{Condition, Key, Query, Table, TableError, Update, Write, GSI1_PK, GSI1_SK};
use crate::pricing::Money;
use crate::records::{encode, Committed, Outcome, Record, Transaction};
use crate::shopper::user_pk;
use crate::timestamp::Timestamp;

use super::ShippingAddress;
use crate::order::{EmailAttempt, Order};

const PREFIX: &str = "PAYMENT#";
const OPEN: &str = "PAYMENTS#OPEN";
const STATE: &str = "state";
const VERSION: &str = "version";
const ORDER_ID: &str = "orderId";

contract_value! {
    /// Who takes the money.
    #[serde(rename_all = "lowercase")]
    pub enum Provider {
        /// The card gateway (cards and the wallets it charges).
        Card,
        /// PayPal Orders.
        #[serde(rename = "paypal")]
        PayPal,
    }
}

/// Where a payment stands, and who holds it (the state machine with its
/// moves is in [`super::service`]). `created → charging → placed` is the way
/// of every paid order (a card claim starts at `charging`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimState {
    /// A PayPal order was opened for the bag and awaits the buyer's
    /// approval: nobody holds it; a capture may take it.
    Created,
    /// Held by the request charging or capturing it right now, until its
    /// deadline (then its function is presumed dead).
    Charging,
    /// Sent to the provider, answer lost or unreadable: maybe charged.
    /// Nobody holds it; the reconciler takes it at its deadline.
    Unknown,
    /// Held by the request giving the money back (charged, not placed),
    /// until its deadline.
    Reversing,
    /// Held by a reconciler asking the provider, until its lease (the
    /// deadline) ends: a run that died leaves it to the next run.
    Reconciling,
    /// Paid, and the order is placed. Final.
    Placed,
}

impl ClaimState {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimState::Created => "created",
            ClaimState::Charging => "charging",
            ClaimState::Unknown => "unknown",
            ClaimState::Reversing => "reversing",
            ClaimState::Reconciling => "reconciling",
            ClaimState::Placed => "placed",
        }
    }
}

/// One payment of one shopper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub key: String,
    /// Whose payment it is (the reconciler reaches claims through the index,
    /// not through a session).
    pub user_id: String,
    pub provider: Provider,
    /// PayPal's order id; the card gateway finds a charge by `order_id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_order: Option<String>,
    /// The order this payment becomes, minted with the claim and sent to the
    /// provider as the order reference, so a retry answers the same order
    /// and a lost answer can be looked up.
    pub order_id: String,
    pub state: ClaimState,
    /// Counted up by every move: a move is conditioned on the version it
    /// read, so a stale copy never moves a claim (0: a claim written before
    /// versions, read as having none).
    #[serde(default)]
    pub version: u64,
    /// What the shop quoted and charges.
    pub amount: Money,
    /// Where the order ships (a PayPal claim learns it at capture).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<ShippingAddress>,
    pub created_at: Timestamp,
    /// When the reconciler takes an open claim over.
    pub deadline: Timestamp,
}

fn claim_key(user_id: &str, key: &str) -> Key {
    Key::new(user_pk(user_id), format!("{PREFIX}{key}"))
}

fn open_sort_key(deadline: Timestamp, user_id: &str, key: &str) -> String {
    format!("{deadline}#{user_id}#{key}")
}

impl Record for Claim {
    fn key(&self) -> Key {
        claim_key(&self.user_id, &self.key)
    }
    fn index_key(&self) -> Option<Key> {
        (self.state != ClaimState::Placed)
            .then(|| Key::new(OPEN, open_sort_key(self.deadline, &self.user_id, &self.key)))
    }
}

/// What claiming did.
#[derive(Debug, Clone, PartialEq)]
pub enum Claimed {
    /// This request owns the payment: charge it.
    New,
    /// Another request owns it (a replay or a simultaneous submit).
    Existing(Box<Claim>),
}

/// What placing the order did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placed {
    Done,
    /// A line was removed or changed, or the bag emptied, while paying:
    /// nothing was written.
    BagChanged,
    /// The claim is no longer in the state this hand read.
    ClaimLost,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum PlaceRule {
    OrderIsNew,
    LineStillThere,
    Count,
    ClaimUnchanged,
}

/// The fields a move sets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Moved<'a> {
    state: ClaimState,
    version: u64,
    deadline: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    address: Option<&'a ShippingAddress>,
}

/// Every shopper's payment claims.
pub struct Claims<'a> {
    table: &'a dyn Table,
}

impl<'a> Claims<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// Claims the payment for this request (one conditional put).
    pub async fn open(&self, claim: &Claim) -> Result<Claimed, TableError> {
        for _ in 0..2 {
            if let Outcome::Done(()) = self.table.write(claim, Condition::NotExists).await? {
                return Ok(Claimed::New);
            }
            // Released between our put and this read: claim it again.
            if let Some(existing) = self.find(&claim.user_id, &claim.key).await? {
                return Ok(Claimed::Existing(Box::new(existing)));
            }
        }
        Err(TableError::Backend(
            "a payment claim keeps vanishing".into(),
        ))
    }

    pub async fn find(&self, user_id: &str, key: &str) -> Result<Option<Claim>, TableError> {
        self.table.read(&claim_key(user_id, key)).await
    }

    /// Moves a claim on from the state and version it was read in, with its
    /// new deadline (and address): refused if another hand moved it first.
    /// The claim as moved is the new holder's.
    pub async fn advance(
        &self,
        claim: &Claim,
        to: ClaimState,
        deadline: Timestamp,
        address: Option<&ShippingAddress>,
    ) -> Result<Outcome<Claim>, TableError> {
        self.table
            .change(&claim.key(), state_move(claim, to, deadline, address)?)
            .await
    }

    /// Gives the payment up (nothing was charged, or it was reversed), so
    /// the shopper may try again: only by its holder (the state and version
    /// it was read in).
    pub async fn release(&self, claim: &Claim) -> Result<Outcome, TableError> {
        self.table.erase(&claim.key(), held(claim)).await
    }

    /// Puts the order, empties the bag of exactly these lines and marks the
    /// claim placed, in one transaction, with the confirmation email about
    /// to be sent (`confirming`), if any.
    pub async fn place(
        &self,
        order: &Order,
        lines: &[CartLine],
        claim: &Claim,
        confirming: Option<&EmailAttempt>,
    ) -> Result<Placed, TableError> {
        let mut transaction = Transaction::new().with(PlaceRule::OrderIsNew, order.put_write()?);
        if let Some(attempt) = confirming {
            // A new ULID under the new order: refused only with the order.
            transaction.push(PlaceRule::OrderIsNew, attempt.put_write()?);
        }
        let clearing = Bag::of(self.table, &claim.user_id).clear_writes(lines);
        let count = clearing.len() - 1;
        for (i, write) in clearing.into_iter().enumerate() {
            let rule = if i < count {
                PlaceRule::LineStillThere
            } else {
                PlaceRule::Count
            };
            transaction.push(rule, write);
        }
        let placed = state_move(claim, ClaimState::Placed, claim.deadline, None)?;
        transaction.push(
            PlaceRule::ClaimUnchanged,
            Write::Update {
                key: claim.key(),
                update: placed,
            },
        );
        Ok(match self.table.commit(transaction).await? {
            Committed::Done => Placed::Done,
            Committed::Refused(PlaceRule::LineStillThere | PlaceRule::Count) => Placed::BagChanged,
            Committed::Refused(PlaceRule::OrderIsNew | PlaceRule::ClaimUnchanged) => {
                Placed::ClaimLost
            }
        })
    }

    /// Every open claim whose deadline has passed at `now`, soonest first:
    /// one Query of the index (every page).
    pub async fn due(&self, now: Timestamp) -> Result<Vec<Claim>, TableError> {
        let query = Query::on_gsi1(OPEN).between("0", format!("{now}~"));
        self.table.read_all(query).await
    }
}

/// The update moving a claim from the state it was read in: the index
/// follows (a placed claim leaves it).
fn state_move(
    claim: &Claim,
    to: ClaimState,
    deadline: Timestamp,
    address: Option<&ShippingAddress>,
) -> Result<Update, TableError> {
    let mut set = encode(&Moved {
        state: to,
        version: claim.version + 1,
        deadline,
        address,
    })?;
    let mut remove = Vec::new();
    if to == ClaimState::Placed {
        remove = vec![GSI1_PK.to_string(), GSI1_SK.to_string()];
    } else {
        set.insert(GSI1_PK.into(), OPEN.into());
        let sort = open_sort_key(deadline, &claim.user_id, &claim.key);
        set.insert(GSI1_SK.into(), sort.into());
    }
    Ok(Update {
        set,
        remove,
        condition: held(claim),
        ..Update::default()
    })
}

/// The claim is still as this hand read it: the same claim (its order id:
/// a claim released and made again under the key mints another) in the
/// same state at the same version.
fn held(claim: &Claim) -> Condition {
    let version = match claim.version {
        0 => Condition::AbsentOrBelow(VERSION.into(), 1),
        v => Condition::Equals(VERSION.into(), v.into()),
    };
    Condition::All(vec![
        Condition::Equals(ORDER_ID.into(), claim.order_id.clone().into()),
        Condition::Equals(STATE.into(), claim.state.as_str().into()),
        version,
    ])
}

/// An order whose confirmation email could not be sent: kept until
/// `shopctl orders resend` sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingConfirmation {
    pub order_id: String,
    pub user_id: String,
    pub since: Timestamp,
}

impl Record for PendingConfirmation {
    fn key(&self) -> Key {
        Key::new("MAIL#CONFIRMATION", &self.order_id)
    }
}

impl PendingConfirmation {
    pub async fn record(&self, table: &dyn Table) -> Result<(), TableError> {
        let _ = table.write(self, Condition::None).await?;
        Ok(())
    }

    pub async fn all(table: &dyn Table) -> Result<Vec<PendingConfirmation>, TableError> {
        table
            .read_all(crate::ports::Query::partition("MAIL#CONFIRMATION"))
            .await
    }

    /// The order's marker, if its confirmation is still to be sent: one GetItem.
    pub async fn of(table: &dyn Table, order_id: &str) -> Result<Option<Self>, TableError> {
        table.read(&Key::new("MAIL#CONFIRMATION", order_id)).await
    }

    pub async fn sent(table: &dyn Table, order_id: &str) -> Result<(), TableError> {
        let key = Key::new("MAIL#CONFIRMATION", order_id);
        let _ = table.erase(&key, Condition::None).await?;
        Ok(())
    }
}
