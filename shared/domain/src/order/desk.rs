//! The house's desk: every move the house makes on an order, whoever makes
//! it (the atelier console, `shopctl orders`). Each move is one conditional
//! write on the order, carrying the writes that record it (its audit entry,
//! [`OrderAudit`], and the email it sends, [`EmailAttempt`]) in the same
//! transaction; the client is emailed after the write, never before, and
//! the email's outcome recorded after it went. Money moves only through
//! `checkout::refund`.

use crate::accounts::Accounts;
use crate::checkout::{
    confirmation_email, order_confirmed_email, Checkout, PartRefund, PendingConfirmation, RefundBy,
    RefundRefused, Refunded,
};
use crate::house::House;
use crate::ports::{Email, PaymentError, TableError, Write};
use crate::timestamp::Timestamp;

use super::emails::{history, EmailAttempt, Emailed, OrderMail};
use super::{
    shipped_email, Move, MoveRefused, Order, OrderAudit, OrderStatus, Orders, RefundAsked, Shipment,
};

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
    /// confirmed order's client is emailed, the email on the record.
    pub async fn advance(
        &self,
        order: &Order,
        to: OrderStatus,
        mut records: Vec<Write>,
    ) -> Result<(Order, Option<Emailed>), DeskError> {
        let step = order.status.step_to(to)?;
        let now = self.checkout.clock.now();
        let attempt = (to == OrderStatus::Confirmed)
            .then(|| EmailAttempt::begin(&order.id, OrderMail::Confirmed, now));
        if let Some(attempt) = &attempt {
            records.push(attempt.put_write()?);
        }
        let moved = made(
            self.orders(order)
                .advance_recorded(&order.id, step, now, records)
                .await?,
        )?;
        let emailed = match &attempt {
            Some(attempt) => Some(self.tell(&moved, attempt).await),
            None => None,
        };
        Ok((moved, emailed))
    }

    /// Records the shipment of a confirmed order and emails the client the
    /// tracking link, the email on the record.
    pub async fn ship(
        &self,
        order: &Order,
        shipment: &Shipment,
        mut records: Vec<Write>,
    ) -> Result<(Order, Emailed), DeskError> {
        if order.status != OrderStatus::Confirmed {
            return Err(DeskError::NotShippable(order.status));
        }
        let now = self.checkout.clock.now();
        let attempt = EmailAttempt::begin(&order.id, OrderMail::Shipped, now);
        records.push(attempt.put_write()?);
        let moved = made(
            self.orders(order)
                .ship(&order.id, shipment, now, records)
                .await?,
        )?;
        let emailed = self.tell(&moved, &attempt).await;
        Ok((moved, emailed))
    }

    /// Gives back all that is left of the payment once (one refund of the
    /// order, see `checkout::refund`, kept with `by`'s hand and the cancel's
    /// reason), then cancels the order with `by`'s audit entry. Nothing
    /// left (given back before): canceled without moving money.
    pub async fn cancel(
        &self,
        order: &Order,
        reason: &str,
        by: &OrderAudit,
    ) -> Result<(Order, Refunded), DeskError> {
        let step = order.status.step_to(OrderStatus::Canceled)?;
        let records = vec![by.cancel(order, reason)?];
        let refund_by = RefundBy {
            by: by.actor.email.clone(),
            records: Vec::new(),
        };
        let why = format!("{CANCELED} {reason}");
        let refunded = match self.checkout.refund_rest(order, &why, refund_by).await {
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

    /// Sends again each of the order's emails that failed (the placed
    /// confirmation while its pending marker stands, an email whose last
    /// attempt failed) or, with none failed, the placed confirmation (the
    /// client asked for it again). The attempts are written with `by`'s
    /// entry before any mail goes; an email whose outcome is unknown is not
    /// sent again by itself. The placed confirmation's marker is cleared
    /// once it is sent.
    pub async fn resend(
        &self,
        order: &Order,
        by: &OrderAudit,
    ) -> Result<Vec<(OrderMail, Emailed)>, DeskError> {
        let table = self.checkout.table;
        let pending = PendingConfirmation::of(table, &order.id).await?;
        let failed = history(table, &order.id).await?.failed();
        let now = self.checkout.clock.now();
        let attempts = to_resend(&order.id, pending.as_ref().map(|p| p.since), failed, now);
        let mails: Vec<OrderMail> = attempts.iter().map(|a| a.mail).collect();
        let mut writes = vec![by.resend(order, &mails)?];
        for attempt in &attempts {
            writes.push(attempt.put_write()?);
        }
        table.transact(writes).await?;
        let mut told = Vec::new();
        for attempt in &attempts {
            let emailed = self.tell(order, attempt).await;
            if emailed.is_ok() && attempt.first_failed_at.is_some() {
                if let Err(error) = PendingConfirmation::sent(table, &order.id).await {
                    tracing::error!(order = %order.id, %error, "pending confirmation not cleared");
                }
            }
            told.push((attempt.mail, emailed));
        }
        Ok(told)
    }

    /// Sends the attempt's email to the order's client, in the words of
    /// the stored house, and records its outcome.
    async fn tell(&self, order: &Order, attempt: &EmailAttempt) -> Emailed {
        let emailed = self.send(order, attempt.mail).await;
        let now = self.checkout.clock.now();
        attempt.settle(self.checkout.table, &emailed, now).await;
        emailed
    }

    /// The address the email went to, or why it did not go, in the
    /// house's words (the mailer's own words are logged).
    async fn send(&self, order: &Order, mail: OrderMail) -> Emailed {
        let table = self.checkout.table;
        let to = match Accounts::of(table).profile(&order.user_id).await {
            Ok(Some(profile)) => profile.email,
            Ok(None) => {
                let number = order.number();
                return Err(format!(
                    "the customer of order {number} has no account any more"
                ));
            }
            Err(error) => {
                tracing::error!(order = %order.id, %error, "the client's address could not be read");
                return Err(NOT_READ.into());
            }
        };
        let house = House::for_mail(table).await;
        let site = self.checkout.outbox.site_url;
        let email: Email = match (mail, &order.shipment) {
            (OrderMail::Placed, _) => confirmation_email(order, &to, site, &house),
            (OrderMail::Confirmed, _) => order_confirmed_email(order, &to, site, &house),
            (OrderMail::Shipped, Some(shipment)) => {
                shipped_email(order, shipment, &to, site, &house)
            }
            (OrderMail::Shipped, None) => return Err(NOT_SHIPPED.into()),
        };
        match self.checkout.outbox.mailer.send(email).await {
            Ok(()) => Ok(to),
            Err(error) => {
                tracing::error!(alarm = "order_email_not_sent", order = %order.id, ?mail, %error, "the client was not emailed");
                Err(NOT_TAKEN.into())
            }
        }
    }
}

/// Why an email did not go, as the order's timeline tells the house.
pub const NOT_READ: &str = "the client's address could not be read";
pub const NOT_SHIPPED: &str = "the order has no shipment to tell of";
pub const NOT_TAKEN: &str = "the mail service did not take it";

/// The attempts a resend makes: each email that failed, the checkout's
/// confirmation first while its marker (`first_failed_at`) stands; with
/// none failed, the confirmation.
fn to_resend(
    order_id: &str,
    first_failed_at: Option<Timestamp>,
    mut failed: Vec<OrderMail>,
    now: Timestamp,
) -> Vec<EmailAttempt> {
    if first_failed_at.is_some() && !failed.contains(&OrderMail::Placed) {
        failed.insert(0, OrderMail::Placed);
    }
    if failed.is_empty() {
        failed.push(OrderMail::Placed);
    }
    failed
        .into_iter()
        .map(|mail| EmailAttempt {
            first_failed_at: first_failed_at.filter(|_| mail == OrderMail::Placed),
            ..EmailAttempt::begin(order_id, mail, now)
        })
        .collect()
}

/// The move as stored, or `Raced` when the order was not in the status it
/// was read in.
fn made(moved: Move) -> Result<Order, DeskError> {
    match moved {
        Move::Done(order) => Ok(*order),
        Move::NotAllowed => Err(DeskError::Raced),
    }
}

/// What a cancel's refund is kept with, before the cancel's reason.
const CANCELED: &str = "The order was canceled:";
