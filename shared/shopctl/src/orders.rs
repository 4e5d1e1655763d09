//! `shopctl orders`: list orders by status and move them along the state
//! machine. Operators confirm (awaiting_confirmation → confirmed, which tells
//! the customer by email) or cancel; the customer confirms delivery on the
//! site. An order is named by its number (`#SQBB-KJT7`, as the customer reads
//! it) or its full id; how orders are found is in `domain::order`.

use app::App;
use domain::accounts::Accounts;
use domain::checkout::{confirmation_email, order_confirmed_email, PendingConfirmation, Refunded};
use domain::house::House;
use domain::order::{self, Move, Order, OrderNumber, OrderStatus, Orders};
use domain::shopper::is_ulid;

use crate::cli::{CliError, CliResult};

#[derive(Debug, thiserror::Error)]
pub enum OrdersError {
    #[error("no order {0}")]
    NotFound(String),
    #[error("{number} is the number of {} orders ({}): name one by its full id", ids.len(), ids.join(", "))]
    SharedNumber {
        number: OrderNumber,
        ids: Vec<String>,
    },
    #[error("order {number}: {refused}")]
    Refused {
        number: OrderNumber,
        refused: domain::order::MoveRefused,
    },
    #[error("order {0} changed while it was being moved; run the command again")]
    Raced(OrderNumber),
    #[error("the customer of order {0} has no account any more")]
    NoCustomer(OrderNumber),
}

/// Orders of one status (or of every status), oldest first, one line each.
pub async fn list(app: &App, status: Option<OrderStatus>) -> CliResult {
    let statuses = status
        .map(|s| vec![s])
        .unwrap_or_else(|| OrderStatus::ALL.to_vec());
    let mut lines = vec![
        "number\tid\tstatus\tcustomer\tcreatedAt\titems\tsubtotal\tshipping\ttotal".to_string(),
    ];
    for status in statuses {
        for order in order::with_status(&*app.table, status).await? {
            let totals = order.totals();
            let pieces: u32 = order.items.iter().map(|i| i.quantity).sum();
            lines.push(format!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                order.number(),
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
/// A confirmed order's customer is told by email.
pub async fn move_order(app: &App, reference: &str, to: OrderStatus) -> CliResult {
    let order = find(app, reference).await?;
    moved(app, &order, to).await
}

async fn moved(app: &App, order: &Order, to: OrderStatus) -> CliResult {
    let number = order.number();
    let step = order
        .status
        .step_to(to)
        .map_err(|refused| OrdersError::Refused { number, refused })?;
    let Move::Done(_) = Orders::of(&*app.table, &order.user_id)
        .advance(&order.id, step, app.clock.now())
        .await?
    else {
        return Err(OrdersError::Raced(number).into());
    };
    let done = format!("order {number}: {} -> {to}", order.status);
    if to != OrderStatus::Confirmed {
        return Ok(done);
    }
    let told = match tell_confirmed(app, order).await {
        Ok(email) => format!("confirmation sent to {email}"),
        Err(error) => format!("the customer was not emailed: {error}"),
    };
    Ok(format!("{done}\n{told}"))
}

/// Emails the customer that the house confirmed their order; their address.
async fn tell_confirmed(app: &App, order: &Order) -> Result<String, CliError> {
    let email = customer_email(app, order).await?;
    let house = House::for_mail(app.table.as_ref()).await;
    let mail = order_confirmed_email(order, &email, &app.config.site_url, &house);
    app.mailer.send(mail).await?;
    Ok(email)
}

async fn customer_email(app: &App, order: &Order) -> Result<String, CliError> {
    let customer = Accounts::of(&*app.table)
        .profile(&order.user_id)
        .await?
        .ok_or(OrdersError::NoCustomer(order.number()))?;
    Ok(customer.email)
}

/// The order an operator names: by its full id (one exact lookup), or by its
/// number (every order read: numbers are not keys), refusing to guess when
/// two orders share the number.
async fn find(app: &App, reference: &str) -> Result<Order, CliError> {
    let not_found = || OrdersError::NotFound(reference.to_string());
    if is_ulid(reference) {
        return Ok(order::find(&*app.table, reference)
            .await?
            .ok_or_else(not_found)?);
    }
    let number = OrderNumber::parse(reference).ok_or_else(not_found)?;
    let mut found = order::numbered(&*app.table, number).await?;
    match found.len() {
        0 => Err(not_found().into()),
        1 => Ok(found.remove(0)),
        _ => Err(OrdersError::SharedNumber {
            number,
            ids: found.into_iter().map(|o| o.id).collect(),
        }
        .into()),
    }
}

/// One order whole: status, customer, lines, totals, address and payment.
pub async fn show(app: &App, reference: &str) -> CliResult {
    let order = find(app, reference).await?;
    let totals = order.totals();
    let mut lines = vec![
        format!("order     {} ({})", order.number(), order.id),
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
pub async fn resend(app: &App, reference: &str) -> CliResult {
    let order = find(app, reference).await?;
    let email = customer_email(app, &order).await?;
    let house = House::for_mail(app.table.as_ref()).await;
    let mail = confirmation_email(&order, &email, &app.config.site_url, &house);
    app.mailer.send(mail).await?;
    PendingConfirmation::sent(&*app.table, &order.id).await?;
    Ok(format!(
        "order {}: confirmation sent to {email}",
        order.number()
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
pub async fn refund(app: &App, reference: &str) -> CliResult {
    let order = find(app, reference).await?;
    let number = order.number();
    let payment = &order.payment;
    let given = match app.checkout().refund_order(&order).await? {
        Refunded::GivenBack => "given back",
        Refunded::AlreadyGivenBack => "was already given back",
        Refunded::Taken => {
            return Ok(format!(
            "order {number}: its payment is being given back, or was, by another refund: nothing done"
        ))
        }
    };
    let canceled = match moved(app, &order, OrderStatus::Canceled).await {
        Ok(moved) => moved,
        Err(kept) => format!("order {number} kept its status: {kept}"),
    };
    Ok(format!(
        "order {number}: {} {:?} {given} ({})\n{canceled}",
        payment.amount, payment.provider, payment.reference
    ))
}
