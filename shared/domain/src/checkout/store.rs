//! A payment made once, and the order it becomes, in one transaction.
//!
//! Before anything is charged, the payment is *claimed*: one put of
//! `USER#<user> / PAYMENT#<key>` where none is, the key being the digest of
//! the nonce, the client's idempotency key or the PayPal order id. Of any
//! number of simultaneous or replayed submits exactly one claim succeeds; the
//! others read the claim and answer its order once it is placed. After the
//! charge, one transaction puts the order, deletes every bag line (each must
//! still be there) and the bag's count, and moves the claim to `placed` on
//! condition that it is still `charging`. If that transaction is refused or
//! fails, the caller voids the charge and releases the claim: no payment is
//! left without an order, no order without a payment.

use serde::{Deserialize, Serialize};

use crate::cart::{Bag, CartLine};
use crate::order::Order;
use crate::ports::{Condition, Key, Table, TableError, Update, Write};
use crate::pricing::Money;
use crate::records::{encode, Committed, Outcome, Record, Transaction};
use crate::shopper::{Owned, Shelf};
use crate::timestamp::Timestamp;

const STATE: &str = "state";

/// Where a payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimState {
    /// A PayPal order was created for the bag and awaits the buyer's approval.
    Created,
    /// Being charged or captured right now.
    Charging,
    /// Paid, and the order is placed.
    Placed,
}

impl ClaimState {
    fn as_str(self) -> &'static str {
        match self {
            ClaimState::Created => "created",
            ClaimState::Charging => "charging",
            ClaimState::Placed => "placed",
        }
    }
}

/// One payment of one shopper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub key: String,
    /// The order this payment becomes (minted with the claim, so a retry
    /// answers the same order).
    pub order_id: String,
    pub state: ClaimState,
    /// What the shop computed and charges.
    pub amount: Money,
    pub created_at: Timestamp,
}

impl Owned for Claim {
    const PREFIX: &'static str = "PAYMENT#";
    fn id(&self) -> &str {
        &self.key
    }
}

/// What claiming did.
#[derive(Debug, Clone, PartialEq)]
pub enum Claimed {
    /// This request owns the payment: charge it.
    New,
    /// Another request owns it (a replay or a simultaneous submit).
    Existing(Claim),
}

/// What placing the order did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placed {
    Done,
    /// A line was removed or the bag emptied while paying: nothing was written.
    BagChanged,
    /// The claim is no longer this request's to complete.
    ClaimLost,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum PlaceRule {
    OrderIsNew,
    LineStillThere,
    Count,
    ClaimCharging,
}

/// One shopper's payments.
pub struct Payments<'a> {
    claims: Shelf<'a, Claim>,
    bag: Bag<'a>,
}

impl<'a> Payments<'a> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self {
            claims: Shelf::of(table, user_id),
            bag: Bag::of(table, user_id),
        }
    }

    /// Claims the payment for this request (one conditional put).
    pub async fn claim(&self, claim: &Claim) -> Result<Claimed, TableError> {
        for _ in 0..2 {
            if let Outcome::Done(()) = self.claims.put(claim, Condition::NotExists).await? {
                return Ok(Claimed::New);
            }
            // Released between our put and this read: claim it again.
            if let Some(existing) = self.claims.get(&claim.key).await? {
                return Ok(Claimed::Existing(existing));
            }
        }
        Err(TableError::Backend(
            "a payment claim keeps vanishing".into(),
        ))
    }

    pub async fn find(&self, key: &str) -> Result<Option<Claim>, TableError> {
        self.claims.get(key).await
    }

    /// Moves a claim from one state to another; refused if it is elsewhere.
    pub async fn advance(
        &self,
        key: &str,
        from: ClaimState,
        to: ClaimState,
    ) -> Result<Outcome<Claim>, TableError> {
        self.claims.change(key, state_move(from, to)?).await
    }

    /// Gives the payment up (nothing was charged, or the charge was voided),
    /// so that the shopper may try again: only while it is `charging`.
    pub async fn release(&self, key: &str) -> Result<(), TableError> {
        let condition = Condition::Equals(STATE.into(), ClaimState::Charging.as_str().into());
        let _ = self.claims.delete(key, condition).await?;
        Ok(())
    }

    /// Puts the order, empties the bag of exactly these lines and marks the
    /// claim placed, in one transaction.
    pub async fn place(
        &self,
        order: &Order,
        lines: &[CartLine],
        key: &str,
    ) -> Result<Placed, TableError> {
        let mut transaction = Transaction::new().with(PlaceRule::OrderIsNew, order.put_write()?);
        let clearing = self.bag.clear_writes(lines);
        let count = clearing.len() - 1;
        for (i, write) in clearing.into_iter().enumerate() {
            let rule = if i < count {
                PlaceRule::LineStillThere
            } else {
                PlaceRule::Count
            };
            transaction.push(rule, write);
        }
        transaction.push(
            PlaceRule::ClaimCharging,
            Write::Update {
                key: self.claims.key(key),
                update: state_move(ClaimState::Charging, ClaimState::Placed)?,
            },
        );
        Ok(match self.bag_table().commit(transaction).await? {
            Committed::Done => Placed::Done,
            Committed::Refused(PlaceRule::LineStillThere | PlaceRule::Count) => Placed::BagChanged,
            Committed::Refused(PlaceRule::OrderIsNew | PlaceRule::ClaimCharging) => {
                Placed::ClaimLost
            }
        })
    }

    fn bag_table(&self) -> &'a dyn Table {
        self.claims.table()
    }
}

fn state_move(from: ClaimState, to: ClaimState) -> Result<Update, TableError> {
    Ok(Update {
        set: encode(&serde_json::json!({ STATE: to }))?,
        condition: Condition::Equals(STATE.into(), from.as_str().into()),
        ..Update::default()
    })
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

    pub async fn sent(table: &dyn Table, order_id: &str) -> Result<(), TableError> {
        let key = Key::new("MAIL#CONFIRMATION", order_id);
        let _ = table.erase(&key, Condition::None).await?;
        Ok(())
    }
}
