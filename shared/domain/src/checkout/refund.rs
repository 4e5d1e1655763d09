//! An operator gives a placed order's money back (`shopctl orders refund`).
//! Like every hand on money, the operator first takes it: one conditional
//! write on the order makes this refund its holder (for a lease; for ever
//! once given back), so two operators, or one pressing twice, give it back
//! once. The provider is then asked whether the money is still held (a
//! refund made elsewhere is read, never repeated) before it is given back.

use std::time::Duration;

use crate::order::{Order, Orders};
use crate::ports::PaymentError;
use crate::records::Outcome;

use super::{Checkout, CheckoutError, Provider};

/// How long an operator's refund holds the order: a lookup and a reversal.
const REFUND_LEASE: Duration = Duration::from_secs(120);

/// What an operator's refund did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refunded {
    /// The money was given back now.
    GivenBack,
    /// The provider no longer held it (given back before, by anyone).
    AlreadyGivenBack,
    /// Another refund of this order holds it, or has given it back.
    Taken,
}

impl Checkout<'_> {
    /// Gives the order's whole payment back, once.
    pub async fn refund_order(&self, order: &Order) -> Result<Refunded, CheckoutError> {
        let orders = Orders::of(self.table, &order.user_id);
        let holder = ulid::Ulid::new().to_string();
        let now = self.clock.now().unix_ms();
        let until = now.saturating_add(REFUND_LEASE.as_millis() as i64);
        if let Outcome::Refused = orders.take_refund(&order.id, &holder, now, until).await? {
            return Ok(Refunded::Taken);
        }
        let refunded = match self.give_back(order).await {
            Ok(refunded) => refunded,
            Err(error) => {
                let _ = orders.refund_failed(&order.id, &holder).await?;
                return Err(error.into());
            }
        };
        let _ = orders
            .refund_given(&order.id, &holder, self.clock.now())
            .await?;
        Ok(refunded)
    }

    /// Gives the money back if the provider still holds it.
    async fn give_back(&self, order: &Order) -> Result<Refunded, PaymentError> {
        if self.still_held(order).await? {
            self.reverse(&order.payment).await?;
            Ok(Refunded::GivenBack)
        } else {
            Ok(Refunded::AlreadyGivenBack)
        }
    }

    /// Whether the provider still holds the order's money.
    async fn still_held(&self, order: &Order) -> Result<bool, PaymentError> {
        let payment = &order.payment;
        match payment.provider {
            Provider::Card => {
                let charges = self.gateway.find_charges(&order.id).await?;
                Ok(charges
                    .iter()
                    .any(|c| c.id == payment.reference && c.is_live()))
            }
            Provider::PayPal => {
                let Some(id) = payment.provider_order.as_deref() else {
                    return Ok(false);
                };
                let found = self.gateway.paypal_order(id).await?;
                let capture = found.captures.iter().find(|c| c.id == payment.reference);
                Ok(capture.is_some_and(|c| c.is_live()))
            }
        }
    }
}
