//! After an order is placed: its invoice in the blobs store and the
//! confirmation email. Neither can lose the order: a failed email leaves a
//! pending-confirmation marker (`shopctl orders resend` sends it) and an
//! alarm-able log line. The email is an [`EmailAttempt`] on the order's
//! timeline, written "sending" with the order and settled here.

use crate::house::House;
use crate::order::{EmailAttempt, Order, NOT_TAKEN};
use crate::ports::{Blobs, Mailer, Table};
use crate::timestamp::Timestamp;

use super::{confirmation_email, invoice_html, invoice_key, PendingConfirmation};

/// Where a confirmation goes out from.
pub struct Outbox<'a> {
    pub table: &'a dyn Table,
    pub mailer: &'a dyn Mailer,
    pub blobs: &'a dyn Blobs,
    pub site_url: &'a str,
}

/// Stores the order's invoice and mails its confirmation to `email`, both
/// in the words of the house the table holds; `attempt` (already written)
/// records how the mail went.
pub async fn confirm(
    outbox: &Outbox<'_>,
    order: &Order,
    email: &str,
    attempt: &EmailAttempt,
    now: Timestamp,
) {
    let house = House::for_mail(outbox.table).await;
    let invoice = invoice_html(order, &house).into_bytes();
    let stored = outbox
        .blobs
        .put(&invoice_key(order), invoice, "text/html; charset=utf-8")
        .await;
    if let Err(error) = stored {
        tracing::error!(alarm = "invoice_not_stored", order = %order.id, %error, "invoice not stored");
    }
    let mail = confirmation_email(order, email, outbox.site_url, &house);
    let sent = outbox.mailer.send(mail).await;
    let emailed = match &sent {
        Ok(()) => Ok(email.to_string()),
        Err(_) => Err(NOT_TAKEN.to_string()),
    };
    attempt.settle(outbox.table, &emailed, now).await;
    let Err(error) = sent else {
        return;
    };
    tracing::error!(
        alarm = "confirmation_not_sent",
        order = %order.id,
        %error,
        "order confirmation not sent; `shopctl orders resend` sends it"
    );
    let pending = PendingConfirmation {
        order_id: order.id.clone(),
        user_id: order.user_id.clone(),
        since: now,
    };
    if let Err(error) = pending.record(outbox.table).await {
        tracing::error!(order = %order.id, %error, "pending confirmation not recorded");
    }
}
