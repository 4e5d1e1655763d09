//! Orders: their states and moves, how one is built from the bag, and
//! where it lives.
//!
//! An order is `USER#<user> / ORDER#<ulid>`, items embedded, so "my orders"
//! is one descending Query (ULIDs sort by creation time). It is also indexed
//! on GSI1 by status, `ORDERS#<status> / <ulid>`, for the operators: a list by
//! status is one Query, and an order is found by id with an exact sort-key
//! match in each status partition it could be in. Every status change
//! rewrites `gsi1pk` in the same conditional update.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::cart::{CartLine, ProductSnapshot, MAX_QUANTITY};
use crate::ports::{to_item, Condition, Item, Key, TableError, Update, GSI1_PK, GSI1_SK, PK, SK};
use crate::pricing::{Money, Totals};
use crate::shopper::user_pk;

pub const ORDER_PREFIX: &str = "ORDER#";
pub const CONFIRM_FAILED: &str =
    "This order cannot be confirmed. It may have already been completed.";
pub const CONFIRMED_BY_CUSTOMER: &str =
    "Thank you! You have successfully confirmed receipt of your order.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    Pending,
    AwaitingConfirmation,
    Confirmed,
    Delivered,
    Canceled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [
        OrderStatus::Pending,
        OrderStatus::AwaitingConfirmation,
        OrderStatus::Confirmed,
        OrderStatus::Delivered,
        OrderStatus::Canceled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::AwaitingConfirmation => "awaiting_confirmation",
            OrderStatus::Confirmed => "confirmed",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Canceled => "canceled",
        }
    }

    pub fn parse(text: &str) -> Option<OrderStatus> {
        Self::ALL
            .into_iter()
            .find(|s| s.as_str() == text.trim().to_ascii_lowercase())
    }

    /// The state machine: pending → awaiting_confirmation → confirmed →
    /// delivered, and canceled from any state before delivery. Nothing
    /// leaves delivered or canceled; nothing skips a step or goes back.
    pub fn can_move_to(self, to: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, to),
            (Pending, AwaitingConfirmation)
                | (AwaitingConfirmation, Confirmed)
                | (Confirmed, Delivered)
                | (Pending | AwaitingConfirmation | Confirmed, Canceled)
        )
    }

    /// The states from which an order may move to `to`.
    pub fn sources_of(to: OrderStatus) -> Vec<OrderStatus> {
        Self::ALL
            .into_iter()
            .filter(|from| from.can_move_to(to))
            .collect()
    }

    pub fn move_to(self, to: OrderStatus) -> Result<OrderStatus, MoveRefused> {
        if self.can_move_to(to) {
            Ok(to)
        } else {
            Err(MoveRefused { from: self, to })
        }
    }

    /// The GSI1 partition of the orders in this state.
    pub fn partition(self) -> String {
        format!("ORDERS#{}", self.as_str())
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an order that is {from} cannot become {to}")]
pub struct MoveRefused {
    pub from: OrderStatus,
    pub to: OrderStatus,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("an order needs at least one item")]
    Empty,
    #[error("a line's quantity must be between 1 and {MAX_QUANTITY}")]
    Quantity,
    #[error("the order's amount is too large")]
    TooLarge,
}

/// One item of an order: what was bought, at what unit price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub product: ProductSnapshot,
    pub category: String,
    pub color: String,
    pub size: String,
    pub quantity: u32,
    /// Unit price.
    pub price: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: String,
    pub user_id: String,
    pub status: OrderStatus,
    pub created_at: String,
    pub updated_at: String,
    pub subtotal: Money,
    pub shippingfee: Money,
    pub items: Vec<OrderItem>,
}

/// An order as the customer sees it: with its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: String,
    pub status: OrderStatus,
    pub created_at: String,
    pub updated_at: String,
    pub subtotal: Money,
    pub shippingfee: Money,
    pub total: Money,
    pub items: Vec<OrderItem>,
}

impl Order {
    /// An order for the bag's lines, priced from the lines' catalogue unit
    /// prices, with the Express fee below the free-shipping threshold. The
    /// payment flow builds its order (and the amount it charges) with this.
    pub fn from_lines(
        id: &str,
        user_id: &str,
        status: OrderStatus,
        lines: &[CartLine],
        now: &str,
    ) -> Result<Order, OrderError> {
        if lines.is_empty() {
            return Err(OrderError::Empty);
        }
        let mut subtotal = Money::ZERO;
        for line in lines {
            if !(1..=MAX_QUANTITY).contains(&line.quantity) {
                return Err(OrderError::Quantity);
            }
            let cost = line.cost().ok_or(OrderError::TooLarge)?;
            subtotal = subtotal.checked_add(cost).ok_or(OrderError::TooLarge)?;
        }
        let totals = Totals::of(subtotal).ok_or(OrderError::TooLarge)?;
        let items = lines
            .iter()
            .map(|l| OrderItem {
                product: l.product.clone(),
                category: l.category.clone(),
                color: l.color.clone(),
                size: l.size.clone(),
                quantity: l.quantity,
                price: l.price,
            })
            .collect();
        Ok(Order {
            id: id.to_string(),
            user_id: user_id.to_string(),
            status,
            created_at: now.to_string(),
            updated_at: now.to_string(),
            subtotal: totals.subtotal,
            shippingfee: totals.shippingfee,
            items,
        })
    }

    pub fn totals(&self) -> Totals {
        Totals {
            subtotal: self.subtotal,
            shippingfee: self.shippingfee,
            total: self
                .subtotal
                .checked_add(self.shippingfee)
                .unwrap_or(crate::pricing::MAX_MONEY),
        }
    }

    pub fn view(self) -> OrderView {
        let total = self.totals().total;
        OrderView {
            id: self.id,
            status: self.status,
            created_at: self.created_at,
            updated_at: self.updated_at,
            subtotal: self.subtotal,
            shippingfee: self.shippingfee,
            total,
            items: self.items,
        }
    }
}

pub fn order_key(user_id: &str, order_id: &str) -> Key {
    Key::new(user_pk(user_id), format!("{ORDER_PREFIX}{order_id}"))
}

/// The stored item: keys, and the GSI1 entry of its status.
pub fn order_item(order: &Order) -> Result<Item, TableError> {
    let key = order_key(&order.user_id, &order.id);
    let mut item = to_item(order)?;
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    item.insert(GSI1_PK.into(), order.status.partition().into());
    item.insert(GSI1_SK.into(), order.id.clone().into());
    Ok(item)
}

/// The conditional update moving an order from `from` to `to` at `now`:
/// it applies only while the order is still `from`, so two moves racing
/// cannot both happen, and a refused move changes nothing.
pub fn move_update(from: OrderStatus, to: OrderStatus, now: &str) -> Result<Update, MoveRefused> {
    from.move_to(to)?;
    let mut set = Item::new();
    set.insert("status".into(), to.as_str().into());
    set.insert("updatedAt".into(), now.into());
    set.insert(GSI1_PK.into(), to.partition().into());
    Ok(Update {
        set,
        condition: Condition::Equals("status".into(), from.as_str().into()),
        ..Update::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    fn line(price_cents: i64, quantity: u32) -> CartLine {
        CartLine {
            id: format!("l{price_cents}"),
            product: ProductSnapshot {
                id: "p".into(),
                slug: "s".into(),
                name: "Dress".into(),
                product_gallery: vec!["/a.jpg".into()],
            },
            category: "Set".into(),
            color: "Red".into(),
            size: "M".into(),
            quantity,
            price: Money::from_cents(price_cents),
            created_at: crate::timestamp::Timestamp::from_unix(0).unwrap(),
            updated_at: crate::timestamp::Timestamp::from_unix(0).unwrap(),
        }
    }

    #[test]
    fn the_state_machine_allows_exactly_the_forward_moves_and_cancels() {
        let allowed = [
            (Pending, AwaitingConfirmation),
            (AwaitingConfirmation, Confirmed),
            (Confirmed, Delivered),
            (Pending, Canceled),
            (AwaitingConfirmation, Canceled),
            (Confirmed, Canceled),
        ];
        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                assert_eq!(
                    from.can_move_to(to),
                    allowed.contains(&(from, to)),
                    "{from} -> {to}"
                );
            }
        }
        assert_eq!(
            Delivered.move_to(Canceled),
            Err(MoveRefused {
                from: Delivered,
                to: Canceled
            })
        );
        assert_eq!(
            Pending.move_to(Confirmed).unwrap_err().to_string(),
            "an order that is pending cannot become confirmed"
        );
        assert_eq!(
            OrderStatus::sources_of(Canceled),
            vec![Pending, AwaitingConfirmation, Confirmed]
        );
        assert_eq!(OrderStatus::sources_of(Delivered), vec![Confirmed]);
    }

    #[test]
    fn statuses_read_and_write_as_the_site_spells_them() {
        assert_eq!(
            serde_json::to_string(&AwaitingConfirmation).unwrap(),
            "\"awaiting_confirmation\""
        );
        assert_eq!(OrderStatus::parse("CONFIRMED"), Some(Confirmed));
        assert_eq!(OrderStatus::parse("shipped"), None);
        assert_eq!(Canceled.partition(), "ORDERS#canceled");
    }

    #[test]
    fn orders_under_the_threshold_pay_express_shipping() {
        let order = Order::from_lines(
            "O1",
            "u1",
            Pending,
            &[line(100_000, 2), line(2_601, 1)],
            "t",
        )
        .unwrap();
        assert_eq!(order.subtotal, Money::from_cents(202_601));
        assert_eq!(order.shippingfee, Money::from_cents(5_690));
        assert_eq!(order.clone().view().total, Money::from_cents(208_291));
        let free = Order::from_lines("O2", "u1", Pending, &[line(227_602, 1)], "t").unwrap();
        assert_eq!(
            (free.shippingfee, free.view().total),
            (Money::ZERO, Money::from_cents(227_602))
        );
    }

    #[test]
    fn orders_refuse_empty_bags_and_bad_quantities() {
        assert_eq!(
            Order::from_lines("O", "u", Pending, &[], "t"),
            Err(OrderError::Empty)
        );
        assert_eq!(
            Order::from_lines("O", "u", Pending, &[line(100, 0)], "t"),
            Err(OrderError::Quantity)
        );
        assert_eq!(
            Order::from_lines("O", "u", Pending, &[line(100, 100)], "t"),
            Err(OrderError::Quantity)
        );
        assert_eq!(
            Order::from_lines("O", "u", Pending, &[line(900_000_000, 99)], "t"),
            Err(OrderError::TooLarge)
        );
    }

    #[test]
    fn stored_orders_are_indexed_by_status_and_moves_are_conditional() {
        let order = Order::from_lines(
            "01JD0000000000000000000000",
            "u1",
            Confirmed,
            &[line(100, 1)],
            "t",
        )
        .unwrap();
        let item = order_item(&order).unwrap();
        assert_eq!(item["pk"], "USER#u1");
        assert_eq!(item["sk"], "ORDER#01JD0000000000000000000000");
        assert_eq!(item["gsi1pk"], "ORDERS#confirmed");
        assert_eq!(item["gsi1sk"], "01JD0000000000000000000000");
        let back: Order = crate::ports::from_item(item).unwrap();
        assert_eq!(back, order);
        let update = move_update(Confirmed, Delivered, "t2").unwrap();
        assert_eq!(
            update.condition,
            Condition::Equals("status".into(), "confirmed".into())
        );
        assert_eq!(update.set["gsi1pk"], "ORDERS#delivered");
        assert!(move_update(Delivered, Confirmed, "t2").is_err());
    }
}
