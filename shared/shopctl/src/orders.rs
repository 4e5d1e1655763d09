//! `shopctl orders`: list orders by status and move them along the state
//! machine. Operators confirm (awaiting_confirmation → confirmed) or cancel;
//! the customer confirms delivery on the site.
//!
//! Orders are indexed on GSI1 by status (`ORDERS#<status>`, sort key the
//! order's ULID): a list by status is one Query, and an order is found by id
//! with an exact sort-key match in each status partition.

use app::App;
use domain::order::{move_update, Order, OrderStatus};
use domain::ports::{from_item, Query, SortKey, TableError};
use domain::shopper::timestamp;

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
        for order in by_status(app, status).await? {
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

/// Every order of a status: one Query per page of the status partition.
pub async fn by_status(app: &App, status: OrderStatus) -> Result<Vec<Order>, TableError> {
    let mut orders = Vec::new();
    let mut next = None;
    loop {
        let page = app
            .table
            .query(Query::on_gsi1(status.partition()).start_after(next))
            .await?;
        for item in page.items {
            orders.push(from_item(item)?);
        }
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => return Ok(orders),
        }
    }
}

/// The order with this id, wherever its status puts it.
pub async fn find(app: &App, id: &str) -> Result<Option<Order>, TableError> {
    for status in OrderStatus::ALL {
        let query = Query {
            sk: SortKey::Equals(id.to_string()),
            ..Query::on_gsi1(status.partition())
        };
        if let Some(item) = app.table.query(query).await?.items.into_iter().next() {
            return Ok(Some(from_item(item)?));
        }
    }
    Ok(None)
}

/// Moves an order if the state machine allows it, conditionally on the
/// status it was read in, so a concurrent move is never overwritten.
pub async fn move_order(app: &App, id: &str, to: OrderStatus) -> CliResult {
    let order = find(app, id)
        .await?
        .ok_or_else(|| OrdersError::NotFound(id.to_string()))?;
    let now = timestamp(time::OffsetDateTime::now_utc());
    let update = move_update(order.status, to, &now).map_err(|refused| OrdersError::Refused {
        id: id.to_string(),
        refused,
    })?;
    let key = domain::order::order_key(&order.user_id, &order.id);
    match app.table.update(&key, update).await {
        Ok(_) => Ok(format!("order {id}: {} -> {to}", order.status)),
        Err(TableError::ConditionFailed) => Err(OrdersError::Raced(id.to_string()).into()),
        Err(e) => Err(e.into()),
    }
}
