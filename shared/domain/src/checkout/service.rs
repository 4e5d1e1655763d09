//! The checkout process over the ports: claim → charge → place, with every
//! lost answer settled by the reconciler.
//!
//! The claim ([`super::store`]) is the payment's one record. Every move of
//! it is one write conditioned on the state *and* the version the mover
//! read; the mover then holds the claim, and only the holder charges,
//! places or gives money back. Nobody touches money before the move that
//! makes them its holder succeeded.
//!
//! | from | to | who moves it | when |
//! |---|---|---|---|
//! | (none) | `charging` | the card checkout | a put where no claim is |
//! | (none) | `created` | PayPal's create-order | a put where no claim is |
//! | (none) | `unknown` | a request whose claim is gone while it may hold money | a put of a claim keyed by its order id |
//! | `created` | `charging` | PayPal's capture | before the approval deadline |
//! | `charging` | `placed` | its request | charged: the order, the bag cleared and the claim in one transaction |
//! | `charging` | released (deleted) | its card checkout | refused: nothing charged |
//! | `charging` | `created` | its PayPal capture | refused: nothing captured |
//! | `charging`, `reconciling` | `reversing` | its holder (the request, the reconciler) | charged, but the order cannot be placed: before giving back |
//! | `charging`, `reversing` | `unknown` | its holder | the answer was lost, or the money could not be given back yet |
//! | `reversing` | released | its holder | the money was given back |
//! | `created`, `charging`, `unknown`, `reversing`, `reconciling` | `reconciling` | a reconciler | past the claim's deadline (for `reconciling`, the lease of a run that died) |
//! | `reconciling` | `placed` | that reconciler | live money found, no order yet, the bag prices the same, and not taken from `reversing` (money being given back is only given back) |
//! | `reconciling` | released | that reconciler | no live money (nothing taken, or already refunded), or money found and given back |
//! | `reconciling` | `created` | that reconciler | PayPal: nothing captured, approval still open |
//! | `reconciling` | `unknown` | that reconciler | the provider could not be asked, or giving back failed |
//!
//! `placed` is final. A request that loses its hold while it has (or may
//! have) the money, because a reconciler took the claim past its deadline,
//! leaves the money to the holder, which finds it by the order reference.
//! If the claim is gone meanwhile (the reconciler found no money yet and
//! released it) or was claimed anew for another order, the request files a
//! claim of its own for that money: `unknown`, keyed by its order id, which
//! the reconciler settles like any lost answer. Money is never left where no
//! claim leads to it. One reconciler runs at a time ([`super::lease`]), and its
//! claims are leased too, so even two runs never act on one claim. Released
//! claims are deleted: the shopper may pay again with the same key.

use std::time::Duration;

use crate::cart::{Bag, CartLine};
use crate::order::{EmailAttempt, Order, OrderStatus, Orders, Sale};
use crate::ports::{Clock, PayPalRefund, PaymentError, PaymentGateway, Table, TableError};
use crate::records::Outcome;
use crate::validation::FieldErrors;

use super::{
    confirm, payment_key, Budget, CaptureRequest, CardPayment, Claim, ClaimState, Claimed, Claims,
    Outbox, Payment, Placed, PricedBag, Provider, Quote, Seen, CURRENCY,
};

/// How often a replay looks at the first request's claim while it waits.
const REPLAY_POLL: Duration = Duration::from_millis(100);

/// The checkout's ports and settings for one request (or one reconciler run).
pub struct Checkout<'a> {
    pub table: &'a dyn Table,
    pub gateway: &'a dyn PaymentGateway,
    pub clock: &'a dyn Clock,
    pub outbox: Outbox<'a>,
    pub tax_basis_points: u32,
    pub budget: Budget,
}

/// Who pays: the signed-in shopper, and where their confirmation goes.
#[derive(Debug, Clone, Copy)]
pub struct Shopper<'a> {
    pub id: &'a str,
    pub email: &'a str,
}

/// How a payment ended for the shopper.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// Paid and placed (`new` when by this request, not a replay).
    Placed { order: Box<Order>, new: bool },
    /// The provider's answer was lost: the payment is being confirmed.
    Confirming { payment_id: String },
}

/// What became of a payment, as the shopper's page polls it.
#[derive(Debug, Clone, PartialEq)]
pub enum PaymentStatus {
    Placed(Box<Order>),
    Confirming,
    /// Not charged, or charged and given back.
    Failed,
}

/// Why a checkout did not take the money (or gave it back).
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("the request is not valid")]
    Invalid(FieldErrors),
    #[error("the bag is empty")]
    EmptyBag,
    #[error("a product in the bag is no longer sold")]
    ItemsUnavailable,
    /// The page showed another price: the current quote.
    #[error("the quote changed")]
    QuoteChanged(Quote),
    #[error("the bag changed after the PayPal order was opened")]
    BagChangedSinceOpened,
    #[error("no such PayPal order")]
    PayPalOrderNotFound,
    /// The provider refused: nothing was charged.
    #[error(transparent)]
    Refused(#[from] PaymentError),
    /// Charged, then given back (the bag changed while paying), or the
    /// claim was released meanwhile: nothing is owed.
    #[error("the order was not placed")]
    NotPlaced,
    #[error(transparent)]
    Table(#[from] TableError),
}

impl<'a> Checkout<'a> {
    fn claims(&self) -> Claims<'a> {
        Claims::of(self.table)
    }

    /// The shopper's bag priced now, the one pricing both the bag's page
    /// (`GET /api/cart`) and every payment read: one Query and one BatchGet.
    pub async fn price(&self, user_id: &str) -> Result<PricedBag, TableError> {
        let lines = Bag::of(self.table, user_id).lines().await?;
        PricedBag::of(self.table, lines, self.tax_basis_points).await
    }

    /// Pays the bag by card: the quote the shopper saw, charged once.
    pub async fn pay_by_card(
        &self,
        shopper: Shopper<'_>,
        payment: CardPayment,
    ) -> Result<Settled, CheckoutError> {
        if let Some(claim) = self.claims().find(shopper.id, &payment.payment_key).await? {
            return self.replay(claim).await;
        }
        let bag = self.price(shopper.id).await?;
        let quote = match self.quote_seen(&bag, &payment.seen) {
            Ok(quote) => quote,
            // A simultaneous submit of this payment may have placed it (and
            // emptied the bag) since the first look: that is the answer.
            Err(refused) => {
                let sibling = self.claims().find(shopper.id, &payment.payment_key).await?;
                return match sibling {
                    Some(claim) => self.replay(claim).await,
                    None => Err(refused),
                };
            }
        };
        let now = self.clock.now();
        let claim = Claim {
            key: payment.payment_key,
            user_id: shopper.id.to_string(),
            provider: Provider::Card,
            provider_order: None,
            order_id: ulid::Ulid::new().to_string(),
            state: ClaimState::Charging,
            version: 1,
            amount: quote.total,
            address: Some(payment.address),
            created_at: now,
            deadline: self.budget.charging_deadline(now),
        };
        if let Claimed::Existing(first) = self.claims().open(&claim).await? {
            return self.replay(*first).await;
        }
        let charged = self
            .gateway
            .charge(&payment.nonce, quote.total, &claim.order_id)
            .await;
        match charged {
            Ok(charge) => {
                let sale = (bag.available(), quote, Payment::card(charge));
                self.settle(claim, sale, shopper.email).await
            }
            Err(error) if error.outcome_unknown() => Ok(self.lost(claim, &error).await),
            Err(error) => {
                if let Outcome::Refused = self.claims().release(&claim).await? {
                    tracing::warn!(order = %claim.order_id, "a refused charge's claim was taken meanwhile");
                }
                Err(CheckoutError::Refused(error))
            }
        }
    }

    /// Opens a PayPal order for the quote the shopper saw: its id.
    pub async fn open_paypal(
        &self,
        shopper: Shopper<'_>,
        seen: Seen,
    ) -> Result<String, CheckoutError> {
        let bag = self.price(shopper.id).await?;
        let quote = self.quote_seen(&bag, &seen)?;
        let now = self.clock.now();
        let order_id = ulid::Ulid::new().to_string();
        let paypal_id = self
            .gateway
            .paypal_create_order(quote.total, CURRENCY, &order_id)
            .await?;
        let claim = Claim {
            key: payment_key(Provider::PayPal, &paypal_id),
            user_id: shopper.id.to_string(),
            provider: Provider::PayPal,
            provider_order: Some(paypal_id.clone()),
            order_id,
            state: ClaimState::Created,
            version: 1,
            amount: quote.total,
            address: None,
            created_at: now,
            deadline: self.budget.approval_deadline(now),
        };
        self.claims().open(&claim).await?;
        Ok(paypal_id)
    }

    /// Captures an approved PayPal order of this shopper once.
    pub async fn capture_paypal(
        &self,
        shopper: Shopper<'_>,
        request: CaptureRequest,
    ) -> Result<Settled, CheckoutError> {
        let key = payment_key(Provider::PayPal, &request.paypal_order_id);
        // Another shopper's PayPal order is not under this shopper's key.
        let claim = self.claims().find(shopper.id, &key).await?;
        let claim = claim.ok_or(CheckoutError::PayPalOrderNotFound)?;
        if claim.state != ClaimState::Created {
            return self.replay(claim).await;
        }
        // Past it, the reconciler may let the order go: it is no longer
        // the shopper's to capture.
        if self.clock.now() >= self.budget.approval_deadline(claim.created_at) {
            return Err(CheckoutError::NotPlaced);
        }
        let bag = self.price(shopper.id).await?;
        let quote = Self::quote_of(&bag)?;
        if quote.total != claim.amount {
            return Err(CheckoutError::BagChangedSinceOpened);
        }
        let deadline = self.budget.charging_deadline(self.clock.now());
        let charging = self
            .claims()
            .advance(
                &claim,
                ClaimState::Charging,
                deadline,
                Some(&request.address),
            )
            .await?;
        let Outcome::Done(claim) = charging else {
            return self.replay_current(&claim).await;
        };
        let captured = self
            .gateway
            .paypal_capture(&request.paypal_order_id, &claim.order_id)
            .await;
        match captured {
            Ok(capture) => {
                let sale = (bag.available(), quote, Payment::paypal(capture));
                self.settle(claim, sale, shopper.email).await
            }
            // Captured before, by a request whose answer was lost.
            Err(error) if error.outcome_unknown() || error == PaymentError::AlreadyCaptured => {
                Ok(self.lost(claim, &error).await)
            }
            Err(error) => {
                // Not captured: the buyer may approve and try again.
                let deadline = self.budget.approval_deadline(claim.created_at);
                if let Outcome::Refused = self
                    .claims()
                    .advance(&claim, ClaimState::Created, deadline, None)
                    .await?
                {
                    tracing::warn!(order = %claim.order_id, "a refused capture's claim was taken meanwhile");
                }
                Err(CheckoutError::Refused(error))
            }
        }
    }

    /// What became of a payment of this shopper (its claim's key).
    pub async fn status(
        &self,
        user_id: &str,
        payment_id: &str,
    ) -> Result<PaymentStatus, TableError> {
        Ok(match self.claims().find(user_id, payment_id).await? {
            Some(claim) if claim.state == ClaimState::Placed => {
                PaymentStatus::Placed(Box::new(self.order_of(&claim).await?))
            }
            Some(Claim {
                state:
                    ClaimState::Charging
                    | ClaimState::Unknown
                    | ClaimState::Reversing
                    | ClaimState::Reconciling,
                ..
            }) => PaymentStatus::Confirming,
            _ => PaymentStatus::Failed,
        })
    }

    /// The bag's quote, or why it cannot be bought.
    fn quote_of(bag: &PricedBag) -> Result<Quote, CheckoutError> {
        if !bag.all_available() {
            return Err(CheckoutError::ItemsUnavailable);
        }
        bag.quote.ok_or(CheckoutError::EmptyBag)
    }

    /// The bag's quote if it is what the shopper saw; else the new one.
    fn quote_seen(&self, bag: &PricedBag, seen: &Seen) -> Result<Quote, CheckoutError> {
        let quote = Self::quote_of(bag)?;
        let same_tax = seen
            .tax_basis_points
            .is_none_or(|rate| rate == self.tax_basis_points);
        if quote.was_seen(seen) && same_tax {
            Ok(quote)
        } else {
            Err(CheckoutError::QuoteChanged(quote))
        }
    }

    /// The money is taken, by this holder of the claim: places the order
    /// (one transaction with the bag's clearing, on condition that the
    /// claim is still held), then sends its confirmation; if it cannot be
    /// placed, the money goes back. Both the request and the reconciler end
    /// here.
    pub(super) async fn settle(
        &self,
        claim: Claim,
        (lines, quote, payment): (Vec<CartLine>, Quote, Payment),
        email: &str,
    ) -> Result<Settled, CheckoutError> {
        let now = self.clock.now();
        let status = if payment.is_pending() {
            OrderStatus::Pending
        } else {
            OrderStatus::AwaitingConfirmation
        };
        let Some(address) = claim.address.clone() else {
            return self.undo(claim, &payment).await;
        };
        let sale = Sale {
            lines: lines.clone(),
            quote,
            address,
            payment: payment.clone(),
        };
        let Ok(order) = Order::placed(&claim.order_id, &claim.user_id, status, sale, now) else {
            return self.undo(claim, &payment).await;
        };
        let confirming = (status == OrderStatus::AwaitingConfirmation)
            .then(|| EmailAttempt::at_placing(&order.id, now));
        match self
            .claims()
            .place(&order, &lines, &claim, confirming.as_ref())
            .await
        {
            Ok(Placed::Done) => {
                if let Some(attempt) = &confirming {
                    confirm(&self.outbox, &order, email, attempt, now).await;
                }
                Ok(Settled::Placed {
                    order: Box::new(order),
                    new: true,
                })
            }
            Ok(Placed::BagChanged) => self.undo(claim, &payment).await,
            Ok(Placed::ClaimLost) => self.hold_lost(claim).await,
            // The transaction's outcome is unknown: so is the payment's.
            Err(error) => Ok(self.lost(claim, &error).await),
        }
    }

    /// Charged but not placed: the holder gives the money back and frees
    /// the claim. It first moves its claim to `reversing` (refused if it no
    /// longer holds it: then the money is left to the holder), so nobody
    /// places an order on money being given back, and a claim taken from
    /// `reversing` is only ever given back. If the money cannot be given
    /// back now, the reconciler will.
    pub(super) async fn undo(
        &self,
        claim: Claim,
        payment: &Payment,
    ) -> Result<Settled, CheckoutError> {
        let deadline = self.budget.reversing_deadline(self.clock.now());
        let moved = self
            .claims()
            .advance(&claim, ClaimState::Reversing, deadline, None)
            .await?;
        let Outcome::Done(claim) = moved else {
            return self.hold_lost(claim).await;
        };
        match self.reverse(payment).await {
            Ok(()) => {
                if let Outcome::Refused = self.claims().release(&claim).await? {
                    // Its deadline passed while giving back: the reconciler
                    // holds it now and finds the money given back.
                    tracing::warn!(order = %claim.order_id, "a reversed payment's claim was taken meanwhile");
                }
                Err(CheckoutError::NotPlaced)
            }
            Err(error) => {
                tracing::error!(
                    alarm = "payment_without_order",
                    order = %claim.order_id,
                    %error,
                    "the order was not placed and the payment could not be reversed yet"
                );
                Ok(self.lost(claim, &error).await)
            }
        }
    }

    /// Gives a payment back whole: a card charge voided while unsettled,
    /// refunded once settled; a PayPal capture refunded all of it, the
    /// capture's id as the request id (it is refunded whole once).
    pub async fn reverse(&self, payment: &Payment) -> Result<(), PaymentError> {
        match payment.provider {
            Provider::Card => self.gateway.void(&payment.reference).await,
            Provider::PayPal => self
                .gateway
                .paypal_refund(PayPalRefund {
                    capture_id: &payment.reference,
                    amount: payment.amount,
                    request_id: &payment.reference,
                })
                .await
                .map(|_| ()),
        }
    }

    /// The outcome is unknown: the holder lets the claim go as `unknown`
    /// (the bag is untouched and the key stays taken, so nothing is charged
    /// twice) until the reconciler has asked the provider.
    pub(super) async fn lost(
        &self,
        claim: Claim,
        error: &(dyn std::fmt::Display + Sync),
    ) -> Settled {
        tracing::error!(
            alarm = "payment_unknown",
            order = %claim.order_id,
            %error,
            "payment outcome unknown; the reconciler will ask the provider"
        );
        let deadline = self.budget.unknown_deadline(self.clock.now());
        let marked = self
            .claims()
            .advance(&claim, ClaimState::Unknown, deadline, None)
            .await;
        let settled = match marked {
            Ok(Outcome::Done(_)) => Ok(Settled::Confirming {
                payment_id: claim.key.clone(),
            }),
            Ok(Outcome::Refused) => self.hold_gone(&claim).await,
            Err(error) => Err(error),
        };
        settled.unwrap_or_else(|error| {
            tracing::error!(order = %claim.order_id, %error, "claim not marked unknown; it is swept at its deadline");
            Settled::Confirming {
                payment_id: claim.key,
            }
        })
    }

    /// This hand may hold money (charged, or maybe charged) but no longer
    /// the claim: a reconciler took it past its deadline. If the claim was
    /// placed on this payment, that is the answer; if another hand holds
    /// this same payment, that holder finds the money by its order
    /// reference and settles it.
    async fn hold_lost(&self, claim: Claim) -> Result<Settled, CheckoutError> {
        let current = self.claims().find(&claim.user_id, &claim.key).await?;
        match current {
            Some(current)
                if current.order_id == claim.order_id && current.state == ClaimState::Placed =>
            {
                self.replay(current).await
            }
            _ => Ok(self.hold_gone(&claim).await?),
        }
    }

    /// Where this hand's money goes now that it lost the claim: to its
    /// holder if the payment's claim is still there, else (the claim was
    /// released by a reconciler that found no money yet, or claimed anew
    /// for another order) to a claim of its own, `unknown` under its order
    /// id, which the reconciler settles like any lost answer: nobody would
    /// ever find that money otherwise.
    async fn hold_gone(&self, claim: &Claim) -> Result<Settled, TableError> {
        let current = self.claims().find(&claim.user_id, &claim.key).await?;
        if let Some(current) = current.filter(|c| c.order_id == claim.order_id) {
            tracing::warn!(order = %claim.order_id, "claim taken meanwhile; its holder settles it");
            return Ok(Settled::Confirming {
                payment_id: current.key,
            });
        }
        let now = self.clock.now();
        let orphan = Claim {
            key: payment_key(claim.provider, &format!("order:{}", claim.order_id)),
            state: ClaimState::Unknown,
            version: 1,
            deadline: self.budget.unknown_deadline(now),
            ..claim.clone()
        };
        tracing::error!(
            alarm = "payment_unknown",
            order = %claim.order_id,
            "the payment's claim is gone while its money may be held: filed for the reconciler"
        );
        let payment_id = match self.claims().open(&orphan).await? {
            Claimed::New => orphan.key,
            Claimed::Existing(filed) => filed.key,
        };
        Ok(Settled::Confirming { payment_id })
    }

    /// The claim as it is now, answered as a replay.
    async fn replay_current(&self, claim: &Claim) -> Result<Settled, CheckoutError> {
        match self.claims().find(&claim.user_id, &claim.key).await? {
            Some(current) => self.replay(current).await,
            None => Err(CheckoutError::NotPlaced),
        }
    }

    /// A replayed or simultaneous payment: once the first is placed, its
    /// order; while it is being charged, a short wait for it, then
    /// "being confirmed".
    async fn replay(&self, mut claim: Claim) -> Result<Settled, CheckoutError> {
        let until = self.clock.now().instant() + self.budget.replay_wait();
        loop {
            match claim.state {
                ClaimState::Placed => {
                    let order = Box::new(self.order_of(&claim).await?);
                    return Ok(Settled::Placed { order, new: false });
                }
                ClaimState::Charging if self.clock.now().instant() < until => {
                    self.clock.sleep(REPLAY_POLL).await;
                    let current = self.claims().find(&claim.user_id, &claim.key).await?;
                    claim = current.ok_or(CheckoutError::NotPlaced)?;
                }
                ClaimState::Charging
                | ClaimState::Unknown
                | ClaimState::Reversing
                | ClaimState::Reconciling => {
                    return Ok(Settled::Confirming {
                        payment_id: claim.key,
                    })
                }
                // A PayPal order not captured (refused, or never tried).
                ClaimState::Created => return Err(CheckoutError::NotPlaced),
            }
        }
    }

    async fn order_of(&self, claim: &Claim) -> Result<Order, TableError> {
        let order = Orders::of(self.table, &claim.user_id)
            .get(&claim.order_id)
            .await?;
        order.ok_or_else(|| {
            TableError::Backend(format!("placed payment without order {}", claim.order_id))
        })
    }
}
