//! Where orders live and how a move is one conditional write.
//!
//! An order is `USER#<user> / ORDER#<ulid>`, items embedded, so "my orders"
//! is one descending Query (ULIDs sort by creation time). It is also indexed
//! on GSI1 by status, `ORDERS#<status> / <ulid>`, for the operators: a list by
//! status is one Query, and an order is found by id with an exact sort-key
//! match in each status partition it could be in; by its number (not a
//! key), by reading every status partition. A move sets the status and
//! rewrites `gsi1pk` in one update, on condition that the order is still in
//! the status the move starts from.

use serde::Serialize;

use crate::ports::{Condition, Key, Query, SortKey, Table, TableError, Update, Write, GSI1_PK};
use crate::records::{encode, put, Outcome, Record};
use crate::shopper::user_pk;
use crate::timestamp::Timestamp;

use super::{Order, OrderNumber, OrderRefund, OrderStatus, Shipment, Step};
use crate::checkout::Payment;

const PREFIX: &str = "ORDER#";
const STATUS: &str = "status";
/// The whole refund's hold of before (`refundHolder`, `refundHeldUntil`):
/// every refund is now one of the order's refunds, so the first write of
/// an order's refunds clears what is left of it.
const OLD_REFUND_HOLD: [&str; 2] = ["refundHolder", "refundHeldUntil"];

fn order_key(user_id: &str, id: &str) -> Key {
    Key::new(user_pk(user_id), format!("{PREFIX}{id}"))
}

/// The GSI1 partition of the orders in a status.
fn status_partition(status: OrderStatus) -> String {
    format!("ORDERS#{}", status.as_str())
}

impl Record for Order {
    fn key(&self) -> Key {
        order_key(&self.user_id, &self.id)
    }
    fn index_key(&self) -> Option<Key> {
        Some(Key::new(status_partition(self.status), &self.id))
    }
}

impl Order {
    /// The put of a new order, for the transaction that places it (with the
    /// bag's `clear_writes`): refused if the id is taken.
    pub fn put_write(&self) -> Result<Write, TableError> {
        put(self, Condition::NotExists)
    }
}

/// What a move did.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Move {
    /// The order as stored now.
    Done(Box<Order>),
    /// There is no such order, or it is not in the status the move starts from.
    NotAllowed,
}

/// The fields a move sets (and, when the provider settled, the payment).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatusChange<'a> {
    status: OrderStatus,
    updated_at: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment: Option<&'a Payment>,
}

/// One shopper's orders in the table.
pub struct Orders<'a> {
    table: &'a dyn Table,
    user_id: &'a str,
}

impl<'a> Orders<'a> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self { table, user_id }
    }

    /// Every order, newest first: one descending Query.
    pub async fn newest_first(&self) -> Result<Vec<Order>, TableError> {
        let query = Query::partition(user_pk(self.user_id))
            .begins_with(PREFIX)
            .descending();
        self.table.read_all(query).await
    }

    pub async fn get(&self, id: &str) -> Result<Option<Order>, TableError> {
        self.table.read(&order_key(self.user_id, id)).await
    }

    /// Takes the order one step along the state machine, at `now`: one
    /// UpdateItem that applies only while the order is in the step's
    /// starting status, so a refused or racing move changes nothing.
    pub async fn advance(&self, id: &str, step: Step, now: Timestamp) -> Result<Move, TableError> {
        self.moved(id, step, None, now).await
    }

    /// [`Orders::advance`] written with `records` (the audit entry of the
    /// move) in one transaction: all of it, or nothing.
    pub async fn advance_recorded(
        &self,
        id: &str,
        step: Step,
        now: Timestamp,
        records: Vec<Write>,
    ) -> Result<Move, TableError> {
        let update = status_change(step, None, now)?;
        self.apply(id, update, records).await
    }

    /// Records how a confirmed order left the house (a new shipment
    /// replaces a mistyped one), with `records`, in one conditional write
    /// on the order still being confirmed.
    pub async fn ship(
        &self,
        id: &str,
        shipment: &Shipment,
        now: Timestamp,
        records: Vec<Write>,
    ) -> Result<Move, TableError> {
        let set = encode(&Shipped {
            shipment,
            updated_at: now,
        })?;
        let update = Update {
            set,
            condition: Condition::Equals(STATUS.into(), OrderStatus::Confirmed.as_str().into()),
            ..Update::default()
        };
        self.apply(id, update, records).await
    }

    /// Rewrites the order's refunds as `refunds`, on condition that nobody
    /// wrote them since `order` was read (its `refund_version`), with
    /// `records` in the same transaction. Once none is open and nothing is
    /// left to give back, the order is refunded (`refunded_at`).
    pub async fn write_refunds(
        &self,
        order: &Order,
        refunds: &[OrderRefund],
        now: Timestamp,
        records: Vec<Write>,
    ) -> Result<Move, TableError> {
        let version = order.refund_version;
        let after = Order {
            refunds: refunds.to_vec(),
            ..order.clone()
        };
        let settled = after.open_refund().is_none() && after.left_to_refund().is_zero();
        let mut set = encode(&RefundsChange {
            refunds,
            refund_version: version + 1,
            refunded_at: settled.then_some(now),
            updated_at: now,
        })?;
        set.retain(|_, v| !v.is_null());
        let update = Update {
            set,
            remove: OLD_REFUND_HOLD.map(String::from).to_vec(),
            condition: Condition::All(vec![
                Condition::Exists,
                Condition::AbsentOrBelow("refundVersion".into(), version + 1),
            ]),
            ..Update::default()
        };
        self.apply(&order.id, update, records).await
    }

    /// One conditional update of the order, with `records` in the same
    /// transaction when there are any: the order as stored afterwards, or
    /// `NotAllowed` when its condition did not hold.
    async fn apply(
        &self,
        id: &str,
        update: Update,
        records: Vec<Write>,
    ) -> Result<Move, TableError> {
        let key = order_key(self.user_id, id);
        if records.is_empty() {
            return Ok(match self.table.change(&key, update).await? {
                Outcome::Done(order) => Move::Done(Box::new(order)),
                Outcome::Refused => Move::NotAllowed,
            });
        }
        let mut writes = vec![Write::Update {
            key: key.clone(),
            update,
        }];
        writes.extend(records);
        match self.table.transact(writes).await {
            Ok(()) => {}
            Err(TableError::TransactionCanceled { conditions })
                if conditions.first() == Some(&true) =>
            {
                return Ok(Move::NotAllowed)
            }
            Err(error) => return Err(error),
        }
        let order = self.table.read(&key).await?;
        Ok(order.map_or(Move::NotAllowed, |o| Move::Done(Box::new(o))))
    }

    /// A move made because the provider settled the payment (a PayPal
    /// capture completed or failed): the payment's new status is recorded
    /// with it, in the same update.
    pub async fn settle(
        &self,
        id: &str,
        step: Step,
        payment: &Payment,
        now: Timestamp,
    ) -> Result<Move, TableError> {
        self.moved(id, step, Some(payment), now).await
    }

    async fn moved(
        &self,
        id: &str,
        step: Step,
        payment: Option<&Payment>,
        now: Timestamp,
    ) -> Result<Move, TableError> {
        let update = status_change(step, payment, now)?;
        self.apply(id, update, Vec::new()).await
    }
}

/// The update of a move: its status (and index partition), on condition
/// that the order is still in the status the move starts from.
fn status_change(
    step: Step,
    payment: Option<&Payment>,
    now: Timestamp,
) -> Result<Update, TableError> {
    let mut set = encode(&StatusChange {
        status: step.to(),
        updated_at: now,
        payment,
    })?;
    set.insert(GSI1_PK.into(), status_partition(step.to()).into());
    Ok(Update {
        set,
        condition: Condition::Equals(STATUS.into(), step.from().as_str().into()),
        ..Update::default()
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shipped<'a> {
    shipment: &'a Shipment,
    updated_at: Timestamp,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundsChange<'a> {
    refunds: &'a [OrderRefund],
    refund_version: i64,
    refunded_at: Option<Timestamp>,
    updated_at: Timestamp,
}

/// Every order in a status, for the operators: one Query of its GSI1
/// partition (every page).
pub async fn with_status(table: &dyn Table, status: OrderStatus) -> Result<Vec<Order>, TableError> {
    table
        .read_all(Query::on_gsi1(status_partition(status)))
        .await
}

/// The order with this id, whoever placed it and wherever its status puts it:
/// an exact sort-key Query of each status partition until found.
pub async fn find(table: &dyn Table, id: &str) -> Result<Option<Order>, TableError> {
    for status in OrderStatus::ALL {
        let query = Query {
            sk: SortKey::Equals(id.to_string()),
            ..Query::on_gsi1(status_partition(status))
        };
        if let Some(order) = table.read_all(query).await?.into_iter().next() {
            return Ok(Some(order));
        }
    }
    Ok(None)
}

/// Every order with this number, whoever placed it: each status partition
/// read whole, for the operators (a number is not a key, so this is a scan of
/// the orders, and it may find more than one).
pub async fn numbered(table: &dyn Table, number: OrderNumber) -> Result<Vec<Order>, TableError> {
    let mut found = Vec::new();
    for status in OrderStatus::ALL {
        let orders = with_status(table, status).await?;
        found.extend(orders.into_iter().filter(|o| o.number() == number));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ProductSnapshot;
    use crate::order::OrderItem;
    use crate::pricing::Money;
    use crate::records::decode;

    #[test]
    fn stored_orders_are_indexed_by_status() {
        let at = Timestamp::parse("2025-01-01T00:00:00Z").unwrap();
        let order = Order {
            id: "01JD0000000000000000000000".into(),
            user_id: "u1".into(),
            status: OrderStatus::AwaitingConfirmation,
            created_at: at,
            updated_at: at,
            subtotal: Money::from_cents(100),
            shippingfee: Money::from_cents(5_690),
            tax: Money::ZERO,
            shipping_address: crate::checkout::ShippingAddress::default(),
            payment: crate::checkout::Payment::test_card(Money::from_cents(5_790)),
            shipment: None,
            refunds: Vec::new(),
            refund_version: 0,
            refunded_at: None,
            items: vec![OrderItem {
                product: ProductSnapshot {
                    id: "p".into(),
                    slug: "s".into(),
                    name: "Dress".into(),
                    product_gallery: vec![],
                },
                category: "Set".into(),
                color: "Red".into(),
                size: crate::cart::LineSize::chosen("M").unwrap(),
                quantity: 1,
                price: Money::from_cents(100),
            }],
        };
        let item = order.to_item().unwrap();
        assert_eq!(item["pk"], "USER#u1");
        assert_eq!(item["sk"], "ORDER#01JD0000000000000000000000");
        assert_eq!(item["gsi1pk"], "ORDERS#awaiting_confirmation");
        assert_eq!(item["gsi1sk"], "01JD0000000000000000000000");
        assert_eq!(item["status"], "awaiting_confirmation");
        assert_eq!(item["createdAt"], "2025-01-01T00:00:00.000000Z");
        assert_eq!(
            (item["subtotal"].as_f64(), item["shippingfee"].as_f64()),
            (Some(1.0), Some(56.9))
        );
        assert_eq!(decode::<Order>(item).unwrap(), order);
        match order.put_write().unwrap() {
            Write::Put { condition, .. } => assert_eq!(condition, Condition::NotExists),
            other => panic!("{other:?}"),
        }
    }
}
