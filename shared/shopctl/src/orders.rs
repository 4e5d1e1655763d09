//! `shopctl orders`: list orders by status and move them along the state
//! machine. Operators confirm (awaiting_confirmation → confirmed, which tells
//! the customer by email) or cancel; the customer confirms delivery on the
//! site. An order is named by its number (`#SQBB-KJT7`, as the customer reads
//! it) or its full id; how orders are found is in `domain::order`.

use app::App;
use domain::atelier::Actor;
use domain::checkout::{PartRefund, PendingConfirmation, RefundBy, RefundRefused, Refunded};
use domain::order::{
    self, Desk, DeskError, Order, OrderAudit, OrderNumber, OrderStatus, RefundForm, ShipmentForm,
};
use domain::ports::Write;
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
    #[error("order {number}: the {mail} email was not sent: {why}")]
    NotEmailed {
        number: OrderNumber,
        mail: &'static str,
        why: String,
    },
    #[error("{0}")]
    Invalid(String),
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
    let record = audit(app).advance(&order, to)?;
    moved(app, &order, to, record).await
}

/// The move with its audit entry.
async fn moved(app: &App, order: &Order, to: OrderStatus, record: Write) -> CliResult {
    let number = order.number();
    let moved = Desk::new(app.checkout())
        .advance(order, to, vec![record])
        .await;
    let (_, emailed) = moved.map_err(|error| match error {
        DeskError::Refused(refused) => OrdersError::Refused { number, refused }.into(),
        DeskError::Raced => OrdersError::Raced(number).into(),
        other => CliError::from(other),
    })?;
    let done = format!("order {number}: {} -> {to}", order.status);
    Ok(match emailed {
        None => done,
        Some(Ok(email)) => format!("{done}\nconfirmation sent to {email}"),
        Some(Err(error)) => format!("{done}\nthe customer was not emailed: {error}"),
    })
}

/// Records how a confirmed order left the house and emails its client the
/// tracking link (`https://` only).
pub async fn ship(app: &App, reference: &str, form: ShipmentForm) -> CliResult {
    let order = find(app, reference).await?;
    let number = order.number();
    let shipment = form.check(app.clock.now()).map_err(invalid)?;
    let record = audit(app).ship(&order, &shipment)?;
    let (_, emailed) = Desk::new(app.checkout())
        .ship(&order, &shipment, vec![record])
        .await?;
    let told = match emailed {
        Ok(email) => format!("tracking link sent to {email}"),
        Err(error) => format!("the customer was not emailed: {error}"),
    };
    Ok(format!(
        "order {number}: shipped by {} ({})\n{told}",
        shipment.carrier, shipment.tracking_number
    ))
}

/// Gives part of the payment back once, for a reason: refused while
/// another refund of the order is open or above what is left; a lost
/// answer leaves it unknown until `shopctl payments reconcile`.
pub async fn refund_part(app: &App, reference: &str, amount: &str, reason: &str) -> CliResult {
    let order = find(app, reference).await?;
    let number = order.number();
    let form = RefundForm {
        amount: amount.into(),
        lines: serde_json::Value::Null,
        reason: reason.into(),
    };
    let asked = form.check(&order).map_err(invalid)?;
    let by = RefundBy {
        by: "shopctl".into(),
        records: vec![audit(app).refund(&order, &asked)?],
    };
    let refunded = Desk::new(app.checkout())
        .refund_part(&order, asked, by)
        .await?;
    Ok(match refunded {
        PartRefund::Given(order) => format!(
            "order {number}: {amount} given back; {} refunded in all, {} left",
            order.refunded(),
            order.left_to_refund()
        ),
        PartRefund::Unknown(_) => format!(
            "order {number}: the provider did not answer: the refund of {amount} is unknown until `shopctl payments reconcile` reads the provider's ledger"
        ),
    })
}

/// The audit entries of the operator's moves, now: the same the console
/// writes, by `shopctl`.
fn audit(app: &App) -> OrderAudit {
    OrderAudit::new(Actor::shopctl(), app.clock.now())
}

/// A form's field messages, one line.
fn invalid(errors: domain::validation::FieldErrors) -> OrdersError {
    let messages: Vec<String> = errors.iter().map(|(f, m)| format!("{f}: {m}")).collect();
    OrdersError::Invalid(messages.join("; "))
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

/// Sends again the order's emails that failed (with none failed, its
/// confirmation; a confirmation's pending marker is cleared once sent).
pub async fn resend(app: &App, reference: &str) -> CliResult {
    let order = find(app, reference).await?;
    let number = order.number();
    let told = Desk::new(app.checkout())
        .resend(&order, &audit(app))
        .await?;
    let mut lines = Vec::new();
    for (mail, emailed) in told {
        match emailed {
            Ok(email) => lines.push(format!("order {number}: {} sent to {email}", mail.name())),
            Err(why) => {
                let mail = mail.name();
                return Err(OrdersError::NotEmailed { number, mail, why }.into());
            }
        }
    }
    Ok(lines.join("\n"))
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

/// Gives back all that is left of the payment once, as one refund of the
/// order (a card charge is voided while unsettled, refunded once settled; a
/// PayPal capture is refunded), and cancels the order if it can still be
/// canceled. A lost answer leaves the refund unknown until `shopctl
/// payments reconcile`.
pub async fn refund(app: &App, reference: &str) -> CliResult {
    let order = find(app, reference).await?;
    let number = order.number();
    let payment = &order.payment;
    let by = RefundBy {
        by: "shopctl".into(),
        records: Vec::new(),
    };
    let refunded = app
        .checkout()
        .refund_rest(&order, "Refunded whole by shopctl.", by)
        .await;
    let given = match refunded {
        Ok(Refunded::GivenBack(order)) => format!("{} given back", order.refunded()),
        Ok(Refunded::NothingLeft) => {
            return Ok(format!(
                "order {number}: its payment was given back before: nothing done"
            ))
        }
        Err(RefundRefused::InProgress) => {
            return Ok(format!(
                "order {number}: its payment is being given back by another refund: nothing done"
            ))
        }
        Ok(Refunded::Unknown(_)) => {
            return Ok(format!(
                "order {number}: the provider did not answer: the refund is unknown until `shopctl payments reconcile` reads the provider's ledger"
            ))
        }
        Err(refused) => return Err(DeskError::from(refused).into()),
    };
    let record = audit(app).cancel(&order, "refunded in full with shopctl")?;
    let canceled = match moved(app, &order, OrderStatus::Canceled, record).await {
        Ok(moved) => moved,
        Err(kept) => format!("order {number} kept its status: {kept}"),
    };
    Ok(format!(
        "order {number}: {given} of {} {:?} ({})\n{canceled}",
        payment.amount, payment.provider, payment.reference
    ))
}
