//! The house's queue of orders: how many are in each status, and the
//! orders of one status (or all) newest first, found by number, client
//! email or name, between two dates of placing. Read as one Query per
//! status partition of GSI1 (every order of the status: the counts need
//! them all) and one BatchGetItem of the clients' profiles.

use std::collections::HashMap;

use time::Date;

use crate::accounts::UserProfile;
use crate::house::TimeZoneName;
use crate::ports::{Table, TableError};
use crate::text::fold;

use super::{with_status, Order, OrderStatus};

/// What the house asks of the queue.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueueFilter {
    pub status: Option<OrderStatus>,
    /// A number (`#SQBB-KJT7`, `sqbbkjt7`, a part), an email or a name.
    pub query: Option<String>,
    /// Placed on or after this day.
    pub from: Option<Date>,
    /// Placed on or before this day.
    pub to: Option<Date>,
    /// Whose days `from` and `to` are: the house's.
    pub time_zone: TimeZoneName,
}

/// An order with its client, as the queue lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub order: Order,
    /// The client's profile (`None` once the account is gone).
    pub client: Option<UserProfile>,
}

/// The queue: counts per status, and the orders the filter selects.
#[derive(Debug, Clone, PartialEq)]
pub struct Queue {
    pub counts: HashMap<OrderStatus, usize>,
    pub orders: Vec<Queued>,
}

/// Reads the queue.
pub async fn queue(table: &dyn Table, filter: &QueueFilter) -> Result<Queue, TableError> {
    let mut counts = HashMap::new();
    let mut orders = Vec::new();
    for status in OrderStatus::ALL {
        let of_status = with_status(table, status).await?;
        counts.insert(status, of_status.len());
        if filter.status.is_none_or(|s| s == status) {
            orders.extend(of_status.into_iter().filter(|o| placed_within(o, filter)));
        }
    }
    // ULIDs sort by creation time: newest first.
    orders.sort_by(|a, b| b.id.cmp(&a.id));
    let clients = profiles(table, &orders).await?;
    let found = orders
        .into_iter()
        .map(|order| Queued {
            client: clients.get(&order.user_id).cloned(),
            order,
        })
        .filter(|q| matches(q, filter.query.as_deref()))
        .collect();
    Ok(Queue {
        counts,
        orders: found,
    })
}

fn placed_within(order: &Order, filter: &QueueFilter) -> bool {
    let day = filter.time_zone.day_of(order.created_at);
    filter.from.is_none_or(|from| day >= from) && filter.to.is_none_or(|to| day <= to)
}

/// Whether the order's number, its client's email or name holds the query
/// (case and accents aside; a number with or without `#` and `-`).
fn matches(queued: &Queued, query: Option<&str>) -> bool {
    let Some(query) = query.map(str::trim).filter(|q| !q.is_empty()) else {
        return true;
    };
    let wanted = fold(query);
    let bare =
        |text: &str| -> String { fold(text).chars().filter(|c| c.is_alphanumeric()).collect() };
    let number = bare(&queued.order.number().to_string());
    let wanted_number = bare(query);
    if !wanted_number.is_empty() && number.contains(&wanted_number) {
        return true;
    }
    let Some(client) = &queued.client else {
        return false;
    };
    let name = fold(&format!("{} {}", client.firstname, client.lastname));
    fold(&client.email).contains(&wanted) || name.contains(&wanted)
}

/// The profiles of the orders' clients: one BatchGetItem (per hundred).
pub async fn profiles(
    table: &dyn Table,
    orders: &[Order],
) -> Result<HashMap<String, UserProfile>, TableError> {
    let mut ids: Vec<&str> = orders.iter().map(|o| o.user_id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    crate::accounts::Accounts::of(table).profiles(&ids).await
}
