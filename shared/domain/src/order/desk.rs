//! The house's desk: every move the house makes on an order, whoever makes
//! it (the atelier console, `shopctl orders`). Each move is one conditional
//! write on the order, carrying the writes that record it (the console's
//! audit entry) in the same transaction; the client is emailed after the
//! write, never before. Money moves only through `checkout::refund`.

use crate::accounts::Accounts;
use crate::checkout::{
    confirmation_email, order_confirmed_email, Checkout, PartRefund, PendingConfirmation, RefundBy,
    RefundRefused, Refunded,
};
use crate::house::House;
use crate::ports::{Email, PaymentError, TableError, Write};

use super::{shipped_email, Move, MoveRefused, Order, OrderStatus, Orders, RefundAsked, Shipment};

/// Why a move was not made.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    /// The state machine forbids it from the order's status.
    #[error(transparent)]
    Refused(#[from] MoveRefused),
    /// Only a confirmed order ships.
    #[error("only a confirmed order can be shipped; this one is {0}")]
    NotShippable(OrderStatus),
    /// The order moved meanwhile (another hand, another tab).
    #[error("the order changed while it was being moved; look at it again")]
    Raced,
    #[error(transparent)]
    Refund(#[from] RefundRefused),
    /// The cancel's refund's answer was lost: the refund is `unknown` (in
    /// Payments needing attention) until the reconciler settles it; the
    /// cancel is refused as in progress meanwhile.
    #[error("the payment provider did not answer: the refund's outcome is unknown")]
    RefundUnknown(PaymentError),
    /// The provider refused the whole refund: nothing was given back.
    #[error("the payment provider refused the refund: {0}")]
    RefundRefused(PaymentError),
    #[error(transparent)]
    Table(#[from] TableError),
}

/// Whether the client was emailed: the address, or why not.
pub type Emailed = Result<String, String>;

/// The desk over the checkout's ports.
pub struct Desk<'a> {
    pub checkout: Checkout<'a>,
}

impl<'a> Desk<'a> {
    pub fn new(checkout: Checkout<'a>) -> Self {
        Self { checkout }
    }

    fn orders<'o>(&self, order: &'o Order) -> Orders<'o>
    where
        'a: 'o,
    {
        Orders::of(self.checkout.table, &order.user_id)
    }

    /// Moves the order one step (confirm, deliver) with its records; a
    /// confirmed order's client is emailed.
    pub async fn advance(
        &self,
        order: &Order,
        to: OrderStatus,
        records: Vec<Write>,
    ) -> Result<(Order, Option<Emailed>), DeskError> {
        let step = order.status.step_to(to)?;
        let now = self.checkout.clock.now();
        let Move::Done(moved) = self
            .orders(order)
            .advance_recorded(&order.id, step, now, records)
            .await?
        else {
            return Err(DeskError::Raced);
        };
        let emailed = match to {
            OrderStatus::Confirmed => Some(self.tell(&moved, Mail::Confirmed).await),
            _ => None,
        };
        Ok((*moved, emailed))
    }

    /// Records the shipment of a confirmed order and emails the client the
    /// tracking link.
    pub async fn ship(
        &self,
        order: &Order,
        shipment: &Shipment,
        records: Vec<Write>,
    ) -> Result<(Order, Emailed), DeskError> {
        if order.status != OrderStatus::Confirmed {
            return Err(DeskError::NotShippable(order.status));
        }
        let now = self.checkout.clock.now();
        let Move::Done(moved) = self
            .orders(order)
            .ship(&order.id, shipment, now, records)
            .await?
        else {
            return Err(DeskError::Raced);
        };
        let emailed = self.tell(&moved, Mail::Shipped(shipment)).await;
        Ok((*moved, emailed))
    }

    /// Gives back all that is left of the payment once (one refund of the
    /// order, see `checkout::refund`), then cancels the order (with its
    /// records). Nothing left (given back before): canceled without moving
    /// money.
    pub async fn cancel(
        &self,
        order: &Order,
        records: Vec<Write>,
    ) -> Result<(Order, Refunded), DeskError> {
        let step = order.status.step_to(OrderStatus::Canceled)?;
        let by = RefundBy {
            by: CANCELED_BY.into(),
            records: Vec::new(),
        };
        let refunded = match self.checkout.refund_rest(order, CANCELED, by).await {
            Ok(Refunded::Unknown(_)) => {
                let lost = PaymentError::Unavailable("the refund's answer was lost".into());
                return Err(DeskError::RefundUnknown(lost));
            }
            Ok(refunded) => refunded,
            Err(RefundRefused::Provider(error)) => return Err(DeskError::RefundRefused(error)),
            Err(refused) => return Err(refused.into()),
        };
        let now = self.checkout.clock.now();
        let orders = self.orders(order);
        match orders
            .advance_recorded(&order.id, step, now, records)
            .await?
        {
            Move::Done(moved) => Ok((*moved, refunded)),
            // Another cancel (a double click) canceled it meanwhile.
            Move::NotAllowed => match orders.get(&order.id).await? {
                Some(o) if o.status == OrderStatus::Canceled => Ok((o, refunded)),
                _ => Err(DeskError::Raced),
            },
        }
    }

    /// Gives part of the payment back once (see `checkout::refund`).
    pub async fn refund_part(
        &self,
        order: &Order,
        asked: RefundAsked,
        by: RefundBy,
    ) -> Result<PartRefund, DeskError> {
        Ok(self.checkout.refund_part(order, asked, by).await?)
    }

    /// Sends the order's confirmation email again (and clears its pending
    /// marker once sent).
    pub async fn resend(&self, order: &Order) -> Emailed {
        let emailed = self.tell(order, Mail::Placed).await;
        if emailed.is_ok() {
            if let Err(error) = PendingConfirmation::sent(self.checkout.table, &order.id).await {
                tracing::error!(order = %order.id, %error, "pending confirmation not cleared");
            }
        }
        emailed
    }

    /// Emails the order's client, in the words of the stored house.
    async fn tell(&self, order: &Order, mail: Mail<'_>) -> Emailed {
        let table = self.checkout.table;
        let profile = Accounts::of(table)
            .profile(&order.user_id)
            .await
            .map_err(|e| e.to_string())?;
        let to = profile.map(|p| p.email).ok_or_else(|| {
            format!(
                "the customer of order {} has no account any more",
                order.number()
            )
        })?;
        let house = House::for_mail(table).await;
        let site = self.checkout.outbox.site_url;
        let email: Email = match mail {
            Mail::Placed => confirmation_email(order, &to, site, &house),
            Mail::Confirmed => order_confirmed_email(order, &to, site, &house),
            Mail::Shipped(shipment) => shipped_email(order, shipment, &to, site, &house),
        };
        match self.checkout.outbox.mailer.send(email).await {
            Ok(()) => Ok(to),
            Err(error) => {
                tracing::error!(alarm = "order_email_not_sent", order = %order.id, %error, "the client was not emailed");
                Err(error.to_string())
            }
        }
    }
}

/// The reason and the hand a cancel's refund is kept with (the cancel's
/// audit entry says who canceled).
const CANCELED: &str = "The order was canceled.";
const CANCELED_BY: &str = "cancel";

enum Mail<'s> {
    Placed,
    Confirmed,
    Shipped(&'s Shipment),
}
