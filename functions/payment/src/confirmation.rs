//! After an order is placed: its invoice in the blobs store and the
//! confirmation email. Neither can lose the order: a failed email leaves a
//! pending-confirmation marker (`shopctl orders resend` sends it) and an
//! alarm-able log line.

use app::App;
use domain::checkout::{confirmation_email, invoice_html, invoice_key, PendingConfirmation};
use domain::order::Order;
use domain::timestamp::Timestamp;
use shop_http::CurrentUser;

pub async fn send(app: &App, user: &CurrentUser, order: &Order) {
    let invoice = invoice_html(order).into_bytes();
    if let Err(error) = app
        .blobs
        .put(&invoice_key(order), invoice, "text/html; charset=utf-8")
        .await
    {
        tracing::error!(alarm = "invoice_not_stored", order = %order.id, %error, "invoice not stored");
    }
    let email = confirmation_email(order, &user.email, &app.config.site_url);
    if let Err(error) = app.mailer.send(email).await {
        tracing::error!(
            alarm = "confirmation_not_sent",
            order = %order.id,
            %error,
            "order confirmation not sent; `shopctl orders resend` sends it"
        );
        let pending = PendingConfirmation {
            order_id: order.id.clone(),
            user_id: user.id.clone(),
            since: Timestamp::now(),
        };
        if let Err(error) = pending.record(&*app.table).await {
            tracing::error!(order = %order.id, %error, "pending confirmation not recorded");
        }
    }
}
