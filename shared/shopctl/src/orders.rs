//! `shopctl orders`: list orders by status and move them along the state
//! machine. Operators confirm (awaiting_confirmation → confirmed) or cancel;
//! the customer confirms delivery on the site. How orders are found by status
//! or by id is in `domain::order`.

use app::App;
use domain::order::{self, Move, OrderStatus, Orders};
use domain::timestamp::Timestamp;

pub type CliResult = Result<String, Box<dyn std::error::Error + Send + Sync>>;

pub const USAGE: &str = "shopctl orders list [--status S] | orders confirm ID | orders cancel ID | orders move ID STATUS";

#[derive(Debug, thiserror::Error)]
pub enum OrdersError {
    #[error("unknown status {0:?}: one of pending, awaiting_confirmation, confirmed, delivered, canceled")]
    UnknownStatus(String),
    #[error("no order {0}")]
    NotFound(String),
    #[error("order {id}: {refused}")]
    Refused {
        id: String,
        refused: domain::order::MoveRefused,
    },
    #[error("order {0} changed while it was being moved; run the command again")]
    Raced(String),
    #[error("{0}")]
    Usage(&'static str),
}

/// Runs `shopctl orders <args>`.
pub async fn run(app: &App, args: &[&str]) -> CliResult {
    match args {
        ["list"] => list(app, None).await,
        ["list", "--status", status] => list(app, Some(parse(status)?)).await,
        ["confirm", id] => move_order(app, id, OrderStatus::Confirmed).await,
        ["cancel", id] => move_order(app, id, OrderStatus::Canceled).await,
        ["move", id, status] => move_order(app, id, parse(status)?).await,
        _ => Err(OrdersError::Usage(USAGE).into()),
    }
}

fn parse(status: &str) -> Result<OrderStatus, OrdersError> {
    OrderStatus::parse(status).ok_or_else(|| OrdersError::UnknownStatus(status.to_string()))
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
        .advance(&order.id, step, Timestamp::now())
        .await?
    {
        Move::Done(_) => Ok(format!("order {id}: {} -> {to}", order.status)),
        Move::NotAllowed => Err(OrdersError::Raced(id.to_string()).into()),
    }
}
