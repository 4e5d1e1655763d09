//! The reconciler: every open claim past its deadline is settled by asking
//! the provider what happened, by the order reference sent with the charge
//! (the card gateway's transaction search by order id; PayPal's order
//! lookup). Money found is placed as the order if the shopper's bag still
//! prices the same, else given back; nothing found releases the claim (a
//! PayPal order nobody captured goes back to awaiting approval until its
//! approval deadline). Orders placed on a PayPal capture that was still
//! `PENDING` are completed (or canceled) as PayPal settles the capture.
//! Runs on a schedule in AWS (the `reconcile` function) and by hand as
//! `shopctl payments reconcile`.

use crate::accounts::Accounts;
use crate::order::{with_status, Order, OrderStatus, Orders};
use crate::ports::{PaymentError, TableError};

use super::Checkout;
use super::{
    confirm, CheckoutError, Claim, ClaimState, Payment, PricedBag, Provider, Settled,
    PENDING_CAPTURE,
};

/// Card transaction statuses that hold the shopper's money.
const LIVE_CHARGES: [&str; 6] = [
    "AUTHORIZED",
    "AUTHORIZING",
    "SETTLEMENT_PENDING",
    "SETTLING",
    "SETTLED",
    "SUBMITTED_FOR_SETTLEMENT",
];
/// PayPal capture statuses that hold (or will hold) the buyer's money.
const LIVE_CAPTURES: [&str; 2] = ["COMPLETED", PENDING_CAPTURE];

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reconciled {
    /// Claims found paid and placed as orders.
    pub placed: usize,
    /// Claims found paid and given back (the bag no longer prices the same).
    pub reversed: usize,
    /// Claims with nothing to find: released (or back to awaiting approval).
    pub released: usize,
    /// PayPal captures that completed or failed since their order was placed.
    pub captures_settled: usize,
    /// Left for the next run (the provider could not be asked, or the money
    /// could not be given back): each logged with `alarm = payment_unresolved`.
    pub unresolved: usize,
}

/// What became of one claim.
enum Outcome {
    Placed,
    Reversed,
    Released,
    Unresolved,
}

impl Checkout<'_> {
    /// Settles every claim past its deadline and every pending capture.
    pub async fn reconcile(&self) -> Result<Reconciled, TableError> {
        let mut report = Reconciled::default();
        for claim in self.claims_due().await? {
            let order = claim.order_id.clone();
            let outcome = self.reconcile_claim(claim).await.unwrap_or_else(|error| {
                tracing::error!(alarm = "payment_unresolved", %order, %error, "payment not reconciled; retried on the next run");
                Outcome::Unresolved
            });
            match outcome {
                Outcome::Placed => report.placed += 1,
                Outcome::Reversed => report.reversed += 1,
                Outcome::Released => report.released += 1,
                Outcome::Unresolved => report.unresolved += 1,
            }
        }
        for order in with_status(self.table, OrderStatus::Pending).await? {
            match self.settle_capture(&order).await {
                Ok(true) => report.captures_settled += 1,
                Ok(false) => {}
                Err(error) => {
                    tracing::error!(alarm = "payment_unresolved", order = %order.id, %error, "pending capture not checked");
                    report.unresolved += 1;
                }
            }
        }
        Ok(report)
    }

    async fn claims_due(&self) -> Result<Vec<Claim>, TableError> {
        super::Claims::of(self.table).due(self.clock.now()).await
    }

    async fn reconcile_claim(&self, claim: Claim) -> Result<Outcome, CheckoutError> {
        if claim.state == ClaimState::Placed {
            return Ok(Outcome::Placed);
        }
        match self.money_taken(&claim).await? {
            Some(payment) => self.settle_found(claim, payment).await,
            None => self.nothing_taken(claim).await,
        }
    }

    /// The live charge or capture made for this claim, if any. A card
    /// order reference charged more than once (it cannot be, by the claim;
    /// but a provider may) keeps the newest; the others are voided.
    async fn money_taken(&self, claim: &Claim) -> Result<Option<Payment>, PaymentError> {
        match claim.provider {
            Provider::Card => {
                let charges = self.gateway.find_charges(&claim.order_id).await?;
                let mut live = charges
                    .into_iter()
                    .filter(|c| LIVE_CHARGES.contains(&c.status.as_str()));
                let kept = live.next();
                for duplicate in live {
                    self.gateway.void(&duplicate.id).await?;
                }
                Ok(kept.map(Payment::card))
            }
            Provider::PayPal => {
                let Some(id) = claim.provider_order.as_deref() else {
                    return Ok(None);
                };
                let order = match self.gateway.paypal_order(id).await {
                    Err(PaymentError::NotFound(_)) => return Ok(None),
                    found => found?,
                };
                let capture = order
                    .captures
                    .into_iter()
                    .find(|c| LIVE_CAPTURES.contains(&c.status.as_str()));
                Ok(capture.map(Payment::paypal))
            }
        }
    }

    /// Money was taken: the order, if the bag still prices the same and
    /// the claim knows where it ships; else the money goes back.
    async fn settle_found(&self, claim: Claim, payment: Payment) -> Result<Outcome, CheckoutError> {
        let bag = self.price(&claim.user_id).await?;
        let quote = bag
            .quote
            .filter(|q| bag.all_available() && q.total == payment.amount);
        let settled = match quote {
            Some(quote) if claim.address.is_some() => {
                let email = self.email_of(&claim.user_id).await?;
                let sale = (PricedBag::available(&bag), quote, payment);
                self.settle(claim, sale, &email).await
            }
            _ => self.undo(claim, &payment).await,
        };
        match settled {
            Ok(Settled::Placed { .. }) => Ok(Outcome::Placed),
            Ok(Settled::Confirming { .. }) => Ok(Outcome::Unresolved),
            Err(CheckoutError::NotPlaced) => Ok(Outcome::Reversed),
            Err(error) => Err(error),
        }
    }

    /// Nothing was taken: the claim is released, or a PayPal order still
    /// within its approval window goes back to awaiting the buyer.
    async fn nothing_taken(&self, claim: Claim) -> Result<Outcome, CheckoutError> {
        let approval = self.budget.approval_deadline(claim.created_at);
        let may_still_capture = claim.provider == Provider::PayPal
            && claim.state != ClaimState::Created
            && self.clock.now() < approval;
        if may_still_capture {
            let _ = super::Claims::of(self.table)
                .advance(&claim, ClaimState::Created, approval, None)
                .await?;
        } else {
            let _ = super::Claims::of(self.table).release(&claim).await?;
        }
        Ok(Outcome::Released)
    }

    async fn email_of(&self, user_id: &str) -> Result<String, TableError> {
        let profile = Accounts::of(self.table).profile(user_id).await?;
        Ok(profile.map(|p| p.email).unwrap_or_default())
    }

    /// An order waiting for its PayPal capture: completed once PayPal says
    /// so (and its confirmation sent), canceled if PayPal declined it.
    /// Whether it moved.
    async fn settle_capture(&self, order: &Order) -> Result<bool, CheckoutError> {
        let payment = &order.payment;
        let Some(paypal_id) = payment.provider_order.as_deref() else {
            return Ok(false);
        };
        let found = self.gateway.paypal_order(paypal_id).await?;
        let Some(capture) = found
            .captures
            .into_iter()
            .find(|c| c.id == payment.reference)
        else {
            return Ok(false);
        };
        let to = match capture.status.as_str() {
            PENDING_CAPTURE => return Ok(false),
            "COMPLETED" => OrderStatus::AwaitingConfirmation,
            _ => OrderStatus::Canceled,
        };
        let step = OrderStatus::Pending
            .step_to(to)
            .map_err(|_| CheckoutError::NotPlaced)?;
        let paid = Payment {
            status: capture.status,
            ..payment.clone()
        };
        let now = self.clock.now();
        let orders = Orders::of(self.table, &order.user_id);
        let crate::order::Move::Done(moved) = orders.settle(&order.id, step, &paid, now).await?
        else {
            return Ok(false);
        };
        if to == OrderStatus::AwaitingConfirmation {
            let email = self.email_of(&order.user_id).await?;
            confirm(&self.outbox, &moved, &email, now).await;
        }
        Ok(true)
    }
}
