//! The reconciler: every open claim past its deadline is settled by asking
//! the provider what happened, by the order reference sent with the charge
//! (the card gateway's transaction search by order id, with each charge's
//! refunds; PayPal's order lookup, whose captures say `REFUNDED` once given
//! back). Before it asks, it takes the claim (`reconciling`, leased), so
//! neither a request nor another run acts on it meanwhile ([`super::service`]
//! has the state machine). Live money found is placed as the order if no
//! order exists for it yet and the shopper's bag still prices the same,
//! else given back; no live money (nothing taken, or already given back)
//! releases the claim (a PayPal order nobody captured goes back to awaiting
//! approval until its approval deadline). Orders placed on a PayPal capture
//! that was still `PENDING` are completed (or canceled) as PayPal settles
//! the capture. One run at a time: a run first takes the reconciler's lease
//! ([`super::lease`]). Runs on a schedule in AWS (the `reconcile` function)
//! and by hand as `shopctl payments reconcile`. It also settles the part
//! refunds whose provider answer was lost (`super::refund`), by the
//! provider's ledger.

use crate::accounts::Accounts;
use crate::order::{with_status, EmailAttempt, Order, OrderStatus, Orders};
use crate::ports::{PaymentError, ProviderStatus, TableError};
use crate::records::Outcome as Moved;

use super::lease::Lease;
use super::Checkout;
use super::{
    confirm, CheckoutError, Claim, ClaimState, Claims, Payment, PricedBag, Provider, Settled,
};

/// The reconciler's lease item.
const RUN_LEASE: &str = "reconcile";

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reconciled {
    /// Another run holds the reconciler's lease: this one did nothing.
    pub busy: bool,
    /// Claims found paid and placed as orders.
    pub placed: usize,
    /// Claims found paid and given back (the bag no longer prices the same).
    pub reversed: usize,
    /// Claims with no live money: released (or back to awaiting approval).
    pub released: usize,
    /// Due claims another hand moved first (a request, or another run):
    /// left to that hand.
    pub taken_by_others: usize,
    /// PayPal captures that completed or failed since their order was placed.
    pub captures_settled: usize,
    /// Left for the next run (the provider could not be asked, or the money
    /// could not be given back): each logged with `alarm = payment_unresolved`.
    pub unresolved: usize,
    /// Part refunds whose answer was lost, settled by the provider's ledger.
    pub refunds: super::RefundsSettled,
}

/// What became of one claim.
enum Outcome {
    Placed,
    Reversed,
    Released,
    TakenByOthers,
    Unresolved,
}

impl Checkout<'_> {
    /// One run: takes the reconciler's lease (or reports another run busy),
    /// settles every claim past its deadline and every pending capture,
    /// then gives the lease back.
    pub async fn reconcile(&self) -> Result<Reconciled, TableError> {
        let lease = Lease::take(
            self.table,
            RUN_LEASE,
            self.clock.now(),
            self.budget.reconcile_lease(),
        )
        .await?;
        let Some(lease) = lease else {
            tracing::info!("another reconciler run holds the lease");
            return Ok(Reconciled {
                busy: true,
                ..Reconciled::default()
            });
        };
        let report = self.reconcile_due().await;
        lease.give_back(self.table).await?;
        report
    }

    /// A run's work without the run's lease: what two runs would do if the
    /// lease did not keep them apart (each claim is still taken before it
    /// is touched).
    pub async fn reconcile_due(&self) -> Result<Reconciled, TableError> {
        let mut report = Reconciled::default();
        for claim in Claims::of(self.table).due(self.clock.now()).await? {
            let order = claim.order_id.clone();
            let outcome = self.reconcile_claim(claim).await.unwrap_or_else(|error| {
                tracing::error!(alarm = "payment_unresolved", %order, %error, "payment not reconciled; retried on the next run");
                Outcome::Unresolved
            });
            match outcome {
                Outcome::Placed => report.placed += 1,
                Outcome::Reversed => report.reversed += 1,
                Outcome::Released => report.released += 1,
                Outcome::TakenByOthers => report.taken_by_others += 1,
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
        report.refunds = self.settle_refunds().await?;
        Ok(report)
    }

    /// Takes the claim, then settles it with what the provider says.
    async fn reconcile_claim(&self, due: Claim) -> Result<Outcome, CheckoutError> {
        let lease_end = self.budget.reconciling_deadline(self.clock.now());
        let taken = Claims::of(self.table)
            .advance(&due, ClaimState::Reconciling, lease_end, None)
            .await?;
        let Moved::Done(claim) = taken else {
            return Ok(Outcome::TakenByOthers);
        };
        if self.order_exists(&claim).await? {
            // Placed already (a claim cannot say otherwise, but money is
            // never given back for an order that exists).
            let _ = Claims::of(self.table)
                .advance(&claim, ClaimState::Placed, claim.deadline, None)
                .await?;
            return Ok(Outcome::Placed);
        }
        let found = match self.money_taken(&claim).await {
            Ok(found) => found,
            Err(error) => {
                let _ = self.lost(claim, &error).await;
                return Ok(Outcome::Unresolved);
            }
        };
        match found {
            // Its holder was giving it back: it is only ever given back.
            Some(payment) if due.state == ClaimState::Reversing => {
                self.counted(self.undo(claim, &payment).await)
            }
            Some(payment) => self.settle_found(claim, payment).await,
            None => self.nothing_taken(claim).await,
        }
    }

    async fn order_exists(&self, claim: &Claim) -> Result<bool, TableError> {
        let orders = Orders::of(self.table, &claim.user_id);
        Ok(orders.get(&claim.order_id).await?.is_some())
    }

    /// The live charge or capture made for this claim, if any: one not
    /// voided, and not refunded in full. A card order reference charged
    /// more than once (it cannot be, by the claim; but a provider may)
    /// keeps the newest; the others are voided.
    async fn money_taken(&self, claim: &Claim) -> Result<Option<Payment>, PaymentError> {
        match claim.provider {
            Provider::Card => {
                let charges = self.gateway.find_charges(&claim.order_id).await?;
                let mut live = charges.into_iter().filter(|c| c.is_live());
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
                let capture = order.captures.into_iter().find(|c| c.is_live());
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
        self.counted(settled)
    }

    /// A settled claim as the run counts it.
    fn counted(&self, settled: Result<Settled, CheckoutError>) -> Result<Outcome, CheckoutError> {
        match settled {
            Ok(Settled::Placed { new: true, .. }) => Ok(Outcome::Placed),
            // Its lease ran out while it asked: the next holder placed it.
            Ok(Settled::Placed { new: false, .. }) => Ok(Outcome::TakenByOthers),
            Ok(Settled::Confirming { .. }) => Ok(Outcome::Unresolved),
            Err(CheckoutError::NotPlaced) => Ok(Outcome::Reversed),
            Err(error) => Err(error),
        }
    }

    /// Nothing was taken: the claim is released, or a PayPal order still
    /// within its approval window goes back to awaiting the buyer.
    async fn nothing_taken(&self, claim: Claim) -> Result<Outcome, CheckoutError> {
        let approval = self.budget.approval_deadline(claim.created_at);
        let may_still_capture = claim.provider == Provider::PayPal && self.clock.now() < approval;
        let claims = Claims::of(self.table);
        let moved = if may_still_capture {
            claims
                .advance(&claim, ClaimState::Created, approval, None)
                .await?
                .map(|_| ())
        } else {
            claims.release(&claim).await?
        };
        Ok(match moved {
            Moved::Done(()) => Outcome::Released,
            // Its lease ran out meanwhile: the next holder settles it.
            Moved::Refused => Outcome::TakenByOthers,
        })
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
        let to = match capture.status {
            ProviderStatus::Pending => return Ok(false),
            ProviderStatus::Completed => OrderStatus::AwaitingConfirmation,
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
            let attempt = EmailAttempt::at_placing(&order.id, now);
            if let Err(error) = attempt.record(self.table).await {
                // The mail matters more than its record: it goes, unrecorded.
                tracing::error!(alarm = "order_email_not_recorded", order = %order.id, %error, "the confirmation's attempt was not written");
            }
            confirm(&self.outbox, &moved, &email, &attempt, now).await;
        }
        Ok(true)
    }
}
