//! The house gives an order's money back, in part (the console's and
//! `shopctl orders refund --amount`) or all that is left (a cancel,
//! `shopctl orders refund`): each is one refund of the order, taken by one
//! conditional write on the order before money moves, so two hands, or one
//! pressing twice, give it back once; a lost answer leaves it `unknown`
//! until the reconciler reads the provider's ledger.

use std::time::Duration;

use crate::order::{Move, Order, OrderRefund, OrderStatus, Orders, RefundAsked, RefundState};
use crate::ports::{
    Capture, Charge, Condition, Key, PayPalRefund, PaymentError, ProviderStatus, Query, Table,
    TableError, Write,
};
use crate::pricing::Money;
use crate::records::{put, Record};
use crate::timestamp::Timestamp;

use super::{Checkout, Provider};

/// What giving back all that is left did.
#[derive(Debug, Clone, PartialEq)]
pub enum Refunded {
    /// The rest was given back now: the order as stored now.
    GivenBack(Box<Order>),
    /// The provider's answer was lost: the refund is `unknown` until the
    /// reconciler reads the provider's ledger.
    Unknown(Box<Order>),
    /// Nothing was left to give back (given before, in part or whole).
    NothingLeft,
}

impl Checkout<'_> {
    /// Gives back all that is left of the order's payment, once, as one
    /// refund of the order (see [`Checkout::refund_part`]): refused while
    /// another refund is open.
    pub async fn refund_rest(
        &self,
        order: &Order,
        reason: &str,
        by: RefundBy,
    ) -> Result<Refunded, RefundRefused> {
        if order.open_refund().is_some() {
            return Err(RefundRefused::InProgress);
        }
        let left = order.left_to_refund();
        if left.is_zero() {
            return Ok(Refunded::NothingLeft);
        }
        let asked = RefundAsked {
            amount: left,
            lines: Vec::new(),
            reason: reason.to_string(),
        };
        Ok(match self.refund_part(order, asked, by).await? {
            PartRefund::Given(order) => Refunded::GivenBack(order),
            PartRefund::Unknown(order) => Refunded::Unknown(order),
        })
    }
}

// ---- refunds in part ---------------------------------------------------------

/// How long a part refund's taker (its request, or a reconciler) has it
/// before a reconciler may take it: longer than any provider call.
const PART_REFUND_LEASE: Duration = Duration::from_secs(120);

pub const REFUND_IN_PROGRESS: &str =
    "A refund of this order is already in progress. Please wait for it to finish.";
pub const NOTHING_LEFT: &str = "Nothing is left to refund on this order.";
pub const NOT_SETTLED: &str = "This card payment has not settled with the bank yet: until it settles (usually within a day) it can only be refunded in full, by canceling the order.";
pub const NOT_PAID_YET: &str =
    "This order's payment is still pending at PayPal: nothing can be refunded yet.";
pub const REFUND_UNKNOWN: &str = "The payment provider did not answer in time: the refund's outcome is unknown. It is being checked with the provider and will show as given or failed; do not refund again.";

/// Why a part refund did not start.
#[derive(Debug, thiserror::Error)]
pub enum RefundRefused {
    #[error("{REFUND_IN_PROGRESS}")]
    InProgress,
    #[error("{NOTHING_LEFT}")]
    NothingLeft,
    #[error("{}", crate::order::ABOVE_LEFT)]
    AboveLeft,
    #[error("{NOT_SETTLED}")]
    NotSettled,
    #[error("{NOT_PAID_YET}")]
    NotPaidYet,
    /// The provider said no: nothing was given back.
    #[error("the payment provider refused the refund: {0}")]
    Provider(PaymentError),
    /// The provider could not be asked before anything was taken.
    #[error("the payment provider could not be asked: {0}")]
    Unreachable(PaymentError),
    #[error(transparent)]
    Table(#[from] TableError),
}

/// What a part refund did.
#[derive(Debug, Clone, PartialEq)]
pub enum PartRefund {
    /// The money was given back: the order as stored now.
    Given(Box<Order>),
    /// The provider's answer was lost: the refund is `unknown` until the
    /// reconciler reads the provider's ledger.
    Unknown(Box<Order>),
}

/// The marker of an open part refund, `REFUND#open / <order id>`: the
/// reconciler's one Query for the refunds it may have to settle.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenRefund {
    pub order_id: String,
    pub user_id: String,
    pub refund_id: String,
    pub since: Timestamp,
}

const OPEN_REFUNDS: &str = "REFUND#open";

impl Record for OpenRefund {
    fn key(&self) -> Key {
        Key::new(OPEN_REFUNDS, &self.order_id)
    }
}

impl OpenRefund {
    /// Every open part refund: one Query.
    pub async fn all(table: &dyn Table) -> Result<Vec<OpenRefund>, TableError> {
        table.read_all(Query::partition(OPEN_REFUNDS)).await
    }

    fn delete(order_id: &str) -> Write {
        Write::Delete {
            key: Key::new(OPEN_REFUNDS, order_id),
            condition: Condition::None,
        }
    }
}

/// What the provider's ledger says of a refund.
enum Ledger {
    Given,
    NotGiven,
    Unclear,
}

/// Who asks for a part refund, and what records its outcome (the audit
/// entry, written in the same transaction as the outcome).
pub struct RefundBy {
    pub by: String,
    pub records: Vec<Write>,
}

impl Checkout<'_> {
    /// Gives back part of the order's payment, once: the refund is taken
    /// on the order (one write conditioned on the refunds read, refused
    /// while another is open or above what is left) before the provider is
    /// asked; a lost answer leaves it `unknown` for the reconciler.
    pub async fn refund_part(
        &self,
        order: &Order,
        asked: RefundAsked,
        by: RefundBy,
    ) -> Result<PartRefund, RefundRefused> {
        let whole = self.refusal(order, &asked).await?;
        let now = self.clock.now();
        let record = OrderRefund {
            id: ulid::Ulid::new().to_string(),
            amount: asked.amount,
            lines: asked.lines,
            reason: asked.reason,
            by: by.by,
            at: now,
            state: RefundState::Giving,
            held_until: now.unix_ms().saturating_add(lease_ms()),
            provider_refund: None,
            settled_at: None,
        };
        let marker = OpenRefund {
            order_id: order.id.clone(),
            user_id: order.user_id.clone(),
            refund_id: record.id.clone(),
            since: now,
        };
        let mut refunds = order.refunds.clone();
        refunds.push(record.clone());
        let orders = Orders::of(self.table, &order.user_id);
        let marked = vec![put(&marker, Condition::None)?];
        let Move::Done(_) = orders.write_refunds(order, &refunds, now, marked).await? else {
            return Err(RefundRefused::InProgress);
        };
        let given = self.give(order, &record, whole).await;
        let outcome = match &given {
            Ok(refund) => Outcome::Given(refund.clone()),
            Err(error) if error.outcome_unknown() => Outcome::Unknown,
            Err(_) => Outcome::Failed,
        };
        let settled = self
            .settle_refund(&order.user_id, &order.id, &record.id, outcome, by.records)
            .await?;
        match given {
            Ok(_) => Ok(PartRefund::Given(Box::new(settled))),
            Err(error) if error.outcome_unknown() => {
                tracing::error!(alarm = "refund_unknown", order = %order.id, %error, "refund outcome unknown; the reconciler reads the provider's ledger");
                Ok(PartRefund::Unknown(Box::new(settled)))
            }
            Err(error) => Err(RefundRefused::Provider(error)),
        }
    }

    /// Why this refund cannot start, else whether it gives back the whole
    /// payment of an unsettled card charge (a void).
    async fn refusal(&self, order: &Order, asked: &RefundAsked) -> Result<bool, RefundRefused> {
        if order.status == OrderStatus::Pending {
            return Err(RefundRefused::NotPaidYet);
        }
        if order.open_refund().is_some() {
            return Err(RefundRefused::InProgress);
        }
        let left = order.left_to_refund();
        if left.is_zero() {
            return Err(RefundRefused::NothingLeft);
        }
        if asked.amount > left || asked.amount.is_zero() {
            return Err(RefundRefused::AboveLeft);
        }
        let whole = asked.amount == order.payment.amount;
        match order.payment.provider {
            Provider::PayPal => Ok(false),
            Provider::Card => {
                let charge = self
                    .charge_of(order)
                    .await
                    .map_err(RefundRefused::Unreachable)?;
                let settled = charge.is_some_and(|c| c.status == ProviderStatus::Settled);
                match (settled, whole) {
                    (true, _) => Ok(false),
                    (false, true) => Ok(true),
                    (false, false) => Err(RefundRefused::NotSettled),
                }
            }
        }
    }

    async fn charge_of(&self, order: &Order) -> Result<Option<Charge>, PaymentError> {
        let charges = self.gateway.find_charges(&order.id).await?;
        Ok(charges
            .into_iter()
            .find(|c| c.id == order.payment.reference))
    }

    /// Asks the provider to give the refund's amount back: a settled card
    /// charge is refunded that amount; an unsettled one voided (whole
    /// only); a PayPal capture refunded that amount, under the refund's id
    /// as its request id (a retry answers the first refund).
    async fn give(
        &self,
        order: &Order,
        refund: &OrderRefund,
        whole_unsettled: bool,
    ) -> Result<Option<String>, PaymentError> {
        let amount = refund.amount;
        let payment = &order.payment;
        match payment.provider {
            Provider::Card if whole_unsettled => {
                self.gateway.void(&payment.reference).await.map(|_| None)
            }
            Provider::Card => self
                .gateway
                .refund(&payment.reference, amount)
                .await
                .map(|r| Some(r.id)),
            Provider::PayPal => self
                .gateway
                .paypal_refund(PayPalRefund {
                    capture_id: &payment.reference,
                    amount,
                    request_id: &refund.id,
                })
                .await
                .map(|r| Some(r.id)),
        }
    }

    /// Writes what became of a part refund, whoever learnt it (its request,
    /// a reconciler): a refund given is given whatever was written before
    /// (the provider's yes is a fact); `unknown` and `failed` only settle
    /// one still open. Retried when another hand wrote the refunds meanwhile.
    async fn settle_refund(
        &self,
        user_id: &str,
        order_id: &str,
        refund_id: &str,
        outcome: Outcome,
        records: Vec<Write>,
    ) -> Result<Order, RefundRefused> {
        let orders = Orders::of(self.table, user_id);
        for _ in 0..SETTLE_TRIES {
            let order = orders.get(order_id).await?;
            let order = order.ok_or_else(|| TableError::Backend(format!("no order {order_id}")))?;
            let Some(settled) = settled_refunds(&order, refund_id, &outcome, self.clock.now())
            else {
                return Ok(order);
            };
            let open = settled.iter().any(|r| r.state.is_open());
            let now = self.clock.now();
            let mut writes = records.clone();
            if !open {
                writes.push(OpenRefund::delete(order_id));
            }
            if let Move::Done(stored) = orders.write_refunds(&order, &settled, now, writes).await? {
                return Ok(*stored);
            }
        }
        Err(TableError::Backend(format!("order {order_id}'s refunds kept changing")).into())
    }

    /// Settles every open part refund nobody holds, by the provider's
    /// ledger: given, not given (failed), or left unknown for the next
    /// run. Two reconcilers never act on one refund: each takes it first
    /// (a lease on the refund, one conditional write).
    pub async fn settle_refunds(&self) -> Result<RefundsSettled, TableError> {
        let mut report = RefundsSettled::default();
        for open in OpenRefund::all(self.table).await? {
            match self.settle_open(&open).await {
                Ok(Some(true)) => report.settled += 1,
                Ok(Some(false)) => report.unresolved += 1,
                Ok(None) => report.held_by_others += 1,
                Err(error) => {
                    tracing::error!(alarm = "refund_unresolved", order = %open.order_id, %error, "refund not settled; retried on the next run");
                    report.unresolved += 1;
                }
            }
        }
        Ok(report)
    }

    /// Whether the refund was settled (`None`: another hand holds it).
    async fn settle_open(&self, open: &OpenRefund) -> Result<Option<bool>, RefundRefused> {
        let orders = Orders::of(self.table, &open.user_id);
        let Some(order) = orders.get(&open.order_id).await? else {
            return Ok(Some(true));
        };
        let now = self.clock.now();
        let Some(refund) = order.open_refund().cloned() else {
            let _ = self.table.erase(&open.key(), Condition::None).await?;
            return Ok(Some(true));
        };
        if refund.held_until > now.unix_ms() {
            return Ok(None);
        }
        let leased: Vec<OrderRefund> = order
            .refunds
            .iter()
            .map(|r| match r.id == refund.id {
                true => OrderRefund {
                    state: RefundState::Unknown,
                    held_until: now.unix_ms().saturating_add(lease_ms()),
                    ..r.clone()
                },
                false => r.clone(),
            })
            .collect();
        let Move::Done(taken) = orders
            .write_refunds(&order, &leased, now, Vec::new())
            .await?
        else {
            return Ok(None);
        };
        let ledger = self
            .ledger(&taken, &refund)
            .await
            .map_err(RefundRefused::Unreachable)?;
        let outcome = match ledger {
            Ledger::Given => Outcome::Given(None),
            Ledger::NotGiven => Outcome::Failed,
            Ledger::Unclear => Outcome::Unknown,
        };
        let unclear = matches!(outcome, Outcome::Unknown);
        self.settle_refund(&order.user_id, &order.id, &refund.id, outcome, Vec::new())
            .await?;
        Ok(Some(!unclear))
    }

    /// What the provider's ledger says of `refund`: the card charge's or
    /// the PayPal capture's refunded total against what the order's
    /// refunds already gave.
    async fn ledger(&self, order: &Order, refund: &OrderRefund) -> Result<Ledger, PaymentError> {
        let given_before = order.refunded();
        let read = |refunded: Money, on_its_way: Money| {
            let expected = given_before.checked_add(refund.amount);
            let at_most = refunded.checked_add(on_its_way);
            if Some(refunded) >= expected {
                Ledger::Given
            } else if at_most.is_some_and(|m| m <= given_before) {
                Ledger::NotGiven
            } else {
                Ledger::Unclear
            }
        };
        match order.payment.provider {
            Provider::Card => Ok(match self.charge_of(order).await? {
                None => Ledger::Unclear,
                Some(charge) if charge.status == ProviderStatus::Voided => Ledger::Given,
                Some(charge) => read(charge.refunded, Money::ZERO),
            }),
            Provider::PayPal => Ok(match self.capture_of(order).await? {
                None => Ledger::Unclear,
                Some(capture) => read(capture.refunded, capture.refunding),
            }),
        }
    }

    async fn capture_of(&self, order: &Order) -> Result<Option<Capture>, PaymentError> {
        let Some(id) = order.payment.provider_order.as_deref() else {
            return Ok(None);
        };
        let found = self.gateway.paypal_order(id).await?;
        Ok(found
            .captures
            .into_iter()
            .find(|c| c.id == order.payment.reference))
    }
}

/// How many times a refund's outcome is written again when another hand
/// wrote the order's refunds meanwhile.
const SETTLE_TRIES: usize = 5;

fn lease_ms() -> i64 {
    PART_REFUND_LEASE.as_millis() as i64
}

/// What the reconciler did with the open part refunds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundsSettled {
    /// Found given or not given in the provider's ledger, and written so.
    pub settled: usize,
    /// Still unclear (or the provider could not be asked): the next run.
    pub unresolved: usize,
    /// Held by their request or another reconciler.
    pub held_by_others: usize,
}

/// What became of a refund at the provider.
#[derive(Debug, Clone)]
enum Outcome {
    /// Given, with the provider's refund id when it answered one.
    Given(Option<String>),
    Unknown,
    Failed,
}

/// The order's refunds with `refund_id` settled as `outcome`; `None` when
/// nothing is to be written (already so, or a later word would undo a
/// settled one).
fn settled_refunds(
    order: &Order,
    refund_id: &str,
    outcome: &Outcome,
    now: Timestamp,
) -> Option<Vec<OrderRefund>> {
    let current = order.refunds.iter().find(|r| r.id == refund_id)?;
    let state = match outcome {
        Outcome::Given(_) if current.state != RefundState::Given => RefundState::Given,
        Outcome::Unknown if current.state == RefundState::Giving => RefundState::Unknown,
        Outcome::Failed if current.state.is_open() => RefundState::Failed,
        _ => return None,
    };
    let provider_refund = match outcome {
        Outcome::Given(id) => id.clone().or_else(|| current.provider_refund.clone()),
        _ => current.provider_refund.clone(),
    };
    Some(
        order
            .refunds
            .iter()
            .map(|r| match r.id == refund_id {
                true => OrderRefund {
                    state,
                    // An unknown refund is free for the reconciler at once.
                    held_until: now.unix_ms(),
                    provider_refund: provider_refund.clone(),
                    settled_at: (!state.is_open()).then_some(now),
                    ..r.clone()
                },
                false => r.clone(),
            })
            .collect(),
    )
}
