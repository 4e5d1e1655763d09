//! `shopctl orders`: list orders by status and move them along the state
//! machine. Operators confirm (awaiting_confirmation → confirmed) or cancel;
//! the customer confirms delivery on the site. How orders are found by status
//! or by id is in `domain::order`.

use app::App;
use domain::accounts::Accounts;
use domain::checkout::{confirmation_email, PendingConfirmation, Refunded};
use domain::order::{self, Move, Order, OrderStatus, Orders};

pub type CliError = Box<dyn std::error::Error + Send + Sync>;
pub type CliResult = Result<String, CliError>;

#[derive(Debug, thiserror::Error)]
pub enum OrdersError {
    #[error("no order {0}")]
    NotFound(String),
    #[error("order {id}: {refused}")]
    Refused {
        id: String,
        refused: domain::order::MoveRefused,
    },
    #[error("order {0} changed while it was being moved; run the command again")]
    Raced(String),
    #[error("the customer of order {0} has no account any more")]
    NoCustomer(String),
}

/// Orders of one status (or of every status), oldest first, one line each.
pub async fn list(app: &App, status: Option<OrderStatus>) -> CliResult {
    let statuses = status
        .map(|s| vec![s])
        .unwrap_or_else(|| OrderStatus::ALL.to_vec());
    let mut lines =
        vec!["id\tstatus\tcustomer\tcreatedAt\titems\tsubtotal\tshipping\ttotal".to_string()];
    for status in statuses {
        for order in order::with_status(&*app.table, status).await? {
            let totals = order.totals();
            let pieces: u32 = order.items.iter().map(|i| i.quantity).sum();
            lines.push(format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                order.id,
                order.status,
                order.user_id,
                order.created_at,
                pieces,
                totals.subtotal,
                totals.shippingfee,
                totals.total
            ));
        }
    }
    Ok(lines.join("\n"))
}

/// Moves an order if the state machine allows it: one conditional write
/// on the status it was read in, so a concurrent move is never overwritten.
pub async fn move_order(app: &App, id: &str, to: OrderStatus) -> CliResult {
    let order = order::find(&*app.table, id)
        .await?
        .ok_or_else(|| OrdersError::NotFound(id.to_string()))?;
    let step = order
        .status
        .step_to(to)
        .map_err(|refused| OrdersError::Refused {
            id: id.to_string(),
            refused,
        })?;
    match Orders::of(&*app.table, &order.user_id)
        .advance(&order.id, step, app.clock.now())
        .await?
    {
        Move::Done(_) => Ok(format!("order {id}: {} -> {to}", order.status)),
        Move::NotAllowed => Err(OrdersError::Raced(id.to_string()).into()),
    }
}

async fn find(app: &App, id: &str) -> Result<Order, Box<dyn std::error::Error + Send + Sync>> {
    Ok(order::find(&*app.table, id)
        .await?
        .ok_or_else(|| OrdersError::NotFound(id.to_string()))?)
}

/// One order whole: status, customer, lines, totals, address and payment.
pub async fn show(app: &App, id: &str) -> CliResult {
    let order = find(app, id).await?;
    let totals = order.totals();
    let mut lines = vec![
        format!("order     {}", order.id),
        format!("status    {}", order.status),
        format!("customer  {}", order.user_id),
        format!("placed    {}", order.created_at),
    ];
    for item in &order.items {
        lines.push(format!(
            "  {} × {} ({}, {}, {}) at {}",
            item.quantity, item.product.name, item.category, item.color, item.size, item.price
        ));
    }
    lines.push(format!(
        "subtotal {}  shipping {}  tax {}  total {}",
        totals.subtotal, totals.shippingfee, order.tax, totals.total
    ));
    let address = &order.shipping_address;
    {
        lines.push(format!(
            "ship to   {} {}, {}, {} {}, {} {}, {}{}",
            address.first_name,
            address.last_name,
            address.street,
            address.zip_code,
            address.city,
            address.state,
            address.country,
            address.phone_code,
            address.phone
        ));
    }
    let payment = &order.payment;
    lines.push(format!(
        "payment   {:?} {} ({}), {} {}",
        payment.provider,
        payment.reference,
        payment.describe(),
        payment.amount,
        payment.status
    ));
    Ok(lines.join("\n"))
}

/// Sends the order's confirmation email again (and clears its pending marker).
pub async fn resend(app: &App, id: &str) -> CliResult {
    let order = find(app, id).await?;
    let customer = Accounts::of(&*app.table)
        .profile(&order.user_id)
        .await?
        .ok_or_else(|| OrdersError::NoCustomer(id.to_string()))?;
    let email = confirmation_email(&order, &customer.email, &app.config.site_url);
    app.mailer.send(email).await?;
    PendingConfirmation::sent(&*app.table, &order.id).await?;
    Ok(format!(
        "order {id}: confirmation sent to {}",
        customer.email
    ))
}

/// Sends every confirmation whose first sending failed.
pub async fn resend_pending(app: &App) -> CliResult {
    let pending = PendingConfirmation::all(&*app.table).await?;
    let mut sent = Vec::new();
    for marker in &pending {
        sent.push(resend(app, &marker.order_id).await?);
    }
    sent.push(format!("{} pending confirmation(s) sent", pending.len()));
    Ok(sent.join("\n"))
}

/// Gives the whole payment back once (a card charge is voided while
/// unsettled, refunded once settled; a PayPal capture is refunded; money the
/// provider no longer holds is not given again) and cancels the order if it
/// can still be canceled.
pub async fn refund(app: &App, id: &str) -> CliResult {
    let order = find(app, id).await?;
    let payment = &order.payment;
    let given = match app.checkout().refund_order(&order).await? {
        Refunded::GivenBack => "given back",
        Refunded::AlreadyGivenBack => "was already given back",
        Refunded::Taken => {
            return Ok(format!(
            "order {id}: its payment is being given back, or was, by another refund: nothing done"
        ))
        }
    };
    let canceled = match move_order(app, id, OrderStatus::Canceled).await {
        Ok(moved) => moved,
        Err(kept) => format!("order {id} kept its status: {kept}"),
    };
    Ok(format!(
        "order {id}: {} {:?} {given} ({})\n{canceled}",
        payment.amount, payment.provider, payment.reference
    ))
}
