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
const REFUND_HOLDER: &str = "refundHolder";
const REFUND_HELD_UNTIL: &str = "refundHeldUntil";

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
    /// `records` in the same transaction. `hold` also sets the whole
    /// payment's refund hold (see [`Orders::take_refund`]): a part refund
    /// holds it while open, so a whole refund waits for it, and for ever
    /// once nothing is left.
    pub async fn write_refunds(
        &self,
        order: &Order,
        refunds: &[OrderRefund],
        hold: RefundsHold<'_>,
        now: Timestamp,
        records: Vec<Write>,
    ) -> Result<Move, TableError> {
        let version = order.refund_version;
        let mut set = encode(&RefundsChange {
            refunds,
            refund_version: version + 1,
            refund_held_until: hold.until_ms,
            refund_holder: hold.holder,
            refunded_at: hold.refunded_at,
            updated_at: now,
        })?;
        set.retain(|_, v| !v.is_null());
        let mut conditions = vec![
            Condition::Exists,
            Condition::AbsentOrBelow("refundVersion".into(), version + 1),
        ];
        if hold.taking {
            conditions.push(Condition::AbsentOrBelow(
                REFUND_HELD_UNTIL.into(),
                now.unix_ms(),
            ));
        }
        let update = Update {
            set,
            condition: Condition::All(conditions),
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
    refund_held_until: Option<i64>,
    refund_holder: Option<&'a str>,
    refunded_at: Option<Timestamp>,
    updated_at: Timestamp,
}

/// What a write of the refunds does to the whole payment's refund hold.
#[derive(Debug, Clone, Copy, Default)]
pub struct RefundsHold<'a> {
    /// Taking it: refused while another holder's hold runs.
    pub taking: bool,
    pub holder: Option<&'a str>,
    pub until_ms: Option<i64>,
    /// Set once nothing is left to give back.
    pub refunded_at: Option<Timestamp>,
}

/// The fields of an order's refund: who gives its money back, until when
/// (epoch milliseconds; never ending once given back), and when it was.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RefundHold<'a> {
    refund_holder: &'a str,
    refund_held_until: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    refunded_at: Option<Timestamp>,
}

impl Orders<'_> {
    /// Takes the giving back of this order's money for `holder` until
    /// `until_ms`: refused while another holder has it, and for ever once
    /// the money was given back.
    pub async fn take_refund(
        &self,
        id: &str,
        holder: &str,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<Outcome, TableError> {
        let free = Condition::All(vec![
            Condition::Exists,
            Condition::AbsentOrBelow(REFUND_HELD_UNTIL.into(), now_ms),
        ]);
        self.hold_refund(id, holder, until_ms, None, free).await
    }

    /// Lets go of a refund that failed, so the operator may try again at
    /// once (the next try asks the provider what is still held first).
    pub async fn refund_failed(&self, id: &str, holder: &str) -> Result<Outcome, TableError> {
        self.hold_refund(id, holder, 0, None, held_by(holder)).await
    }

    /// Records the order's money given back by `holder`, who held it.
    pub async fn refund_given(
        &self,
        id: &str,
        holder: &str,
        now: Timestamp,
    ) -> Result<Outcome, TableError> {
        self.hold_refund(id, holder, i64::MAX, Some(now), held_by(holder))
            .await
    }

    async fn hold_refund(
        &self,
        id: &str,
        holder: &str,
        until_ms: i64,
        refunded_at: Option<Timestamp>,
        condition: Condition,
    ) -> Result<Outcome, TableError> {
        let hold = RefundHold {
            refund_holder: holder,
            refund_held_until: until_ms,
            refunded_at,
        };
        let update = Update {
            set: encode(&hold)?,
            condition,
            ..Update::default()
        };
        let key = order_key(self.user_id, id);
        Ok(self.table.change::<Order>(&key, update).await?.map(|_| ()))
    }
}

fn held_by(holder: &str) -> Condition {
    Condition::Equals(REFUND_HOLDER.into(), holder.into())
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
