//! Orders: their states and moves, how one is built from the bag, and
//! where it lives.
//!
//! An order moves along a state machine ([`OrderStatus::step_to`]): pending →
//! awaiting_confirmation → confirmed → delivered, or canceled before delivery.
//! Each move is one conditional write whose condition is the status the move
//! starts from, so two racing moves cannot both happen. How orders are stored
//! and found is in [`store`].

mod audited;
mod desk;
mod emails;
mod number;
mod queue;
mod refunds;
mod shipment;
mod store;
mod timeline;

pub use audited::{audit_subject, OrderAudit};
pub use desk::{Desk, DeskError, NOT_TAKEN};
pub use emails::{history, AttemptState, EmailAttempt, Emailed, OrderHistory, OrderMail};
pub use number::OrderNumber;
pub use queue::{profiles, queue, Queue, QueueFilter, Queued};
pub use refunds::{
    OrderRefund, RefundAsked, RefundForm, RefundState, RefundedLine, ABOVE_LEFT, AMOUNT_INVALID,
    AMOUNT_OR_LINES, LINE_INVALID, REASON_REQUIRED,
};
pub use shipment::{
    is_https_link, shipped_email, Shipment, ShipmentForm, CARRIER_REQUIRED,
    TRACKING_NUMBER_REQUIRED, TRACKING_URL_INVALID,
};
pub use store::{find, numbered, with_status, Move, Orders};
pub use timeline::{timeline, EmailOutcome, StaffAction, TimelineEntry};

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::cart::{CartLine, LineSize, MAX_QUANTITY};
use crate::catalog::ProductSnapshot;
use crate::checkout::{Payment, Quote, ShippingAddress};
use crate::pricing::{Money, Totals, MAX_MONEY};
use crate::timestamp::Timestamp;

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

    /// The move to `to`, if the state machine allows it.
    pub fn step_to(self, to: OrderStatus) -> Result<Step, MoveRefused> {
        if self.can_move_to(to) {
            Ok(Step { from: self, to })
        } else {
            Err(MoveRefused { from: self, to })
        }
    }
}

/// A move the state machine allows: only [`OrderStatus::step_to`] and the
/// named moves make one, so no write can take an order along another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    from: OrderStatus,
    to: OrderStatus,
}

impl Step {
    /// The customer confirms receipt of a confirmed order.
    pub const CONFIRM_DELIVERY: Step = Step {
        from: OrderStatus::Confirmed,
        to: OrderStatus::Delivered,
    };

    /// The status the order must be in for the move to apply.
    pub fn from(self) -> OrderStatus {
        self.from
    }

    pub fn to(self) -> OrderStatus {
        self.to
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
    pub size: LineSize,
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
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub subtotal: Money,
    pub shippingfee: Money,
    /// Tax charged (zero unless a rate is configured).
    #[serde(default, skip_serializing_if = "Money::is_zero")]
    pub tax: Money,
    pub items: Vec<OrderItem>,
    /// Where it goes.
    pub shipping_address: ShippingAddress,
    /// How it was paid.
    pub payment: Payment,
    /// How it left the house, once shipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipment: Option<Shipment>,
    /// Its part refunds, oldest first (written only by `checkout::refund`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refunds: Vec<OrderRefund>,
    /// Bumped by every write of `refunds`: a refund's write is conditioned
    /// on the version it read, so two refunds never both take the order.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub refund_version: i64,
    /// When its whole payment was given back (a cancel, `shopctl orders refund`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refunded_at: Option<Timestamp>,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// An order as the customer sees it: with its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: String,
    /// The number the shopper reads (`#SQBB-KJT7`), as every email, invoice
    /// and page shows it.
    #[schema(value_type = String, example = "#SQBB-KJT7")]
    pub number: OrderNumber,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub subtotal: Money,
    pub shippingfee: Money,
    pub total: Money,
    pub items: Vec<OrderItem>,
    #[serde(skip_serializing_if = "Money::is_zero")]
    pub tax: Money,
    pub shipping_address: ShippingAddress,
    pub payment: Payment,
    /// How it travels, once the house shipped it: My Orders shows the link.
    pub shipment: Option<Shipment>,
}

/// What a paid order is made of, none of it optional: the lines at the
/// prices they were quoted at, that quote, where it ships and how it was paid.
#[derive(Debug, Clone, PartialEq)]
pub struct Sale {
    pub lines: Vec<CartLine>,
    pub quote: Quote,
    pub address: ShippingAddress,
    pub payment: Payment,
}

impl Order {
    /// The order a sale becomes: its totals are the quote's, never summed
    /// again here.
    pub fn placed(
        id: &str,
        user_id: &str,
        status: OrderStatus,
        sale: Sale,
        now: Timestamp,
    ) -> Result<Order, OrderError> {
        if sale.lines.is_empty() {
            return Err(OrderError::Empty);
        }
        if sale
            .lines
            .iter()
            .any(|l| !(1..=MAX_QUANTITY).contains(&l.quantity))
        {
            return Err(OrderError::Quantity);
        }
        let items = sale
            .lines
            .into_iter()
            .map(|l| OrderItem {
                product: l.product,
                category: l.category,
                color: l.color,
                size: l.size,
                quantity: l.quantity,
                price: l.price,
            })
            .collect();
        Ok(Order {
            id: id.to_string(),
            user_id: user_id.to_string(),
            status,
            created_at: now,
            updated_at: now,
            subtotal: sale.quote.subtotal,
            shippingfee: sale.quote.shippingfee,
            tax: sale.quote.tax,
            items,
            shipping_address: sale.address,
            payment: sale.payment,
            shipment: None,
            refunds: Vec::new(),
            refund_version: 0,
            refunded_at: None,
        })
    }

    /// The number the shopper reads: the same on every page, email and invoice.
    pub fn number(&self) -> OrderNumber {
        OrderNumber::of(&self.id)
    }

    /// What the order cost, as it was charged (its tax kept, not worked
    /// out again at today's rate).
    pub fn totals(&self) -> Totals {
        Totals {
            subtotal: self.subtotal,
            shippingfee: self.shippingfee,
            tax: self.tax,
            total: self
                .subtotal
                .checked_add(self.shippingfee)
                .and_then(|sum| sum.checked_add(self.tax))
                .unwrap_or(MAX_MONEY),
        }
    }

    pub fn view(self) -> OrderView {
        let total = self.totals().total;
        OrderView {
            number: self.number(),
            id: self.id,
            status: self.status,
            created_at: self.created_at,
            updated_at: self.updated_at,
            subtotal: self.subtotal,
            shippingfee: self.shippingfee,
            total,
            tax: self.tax,
            items: self.items,
            shipping_address: self.shipping_address,
            payment: self.payment,
            shipment: self.shipment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    fn line(price_cents: u32, quantity: u32) -> CartLine {
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
            size: LineSize::chosen("M").unwrap(),
            quantity,
            price: Money::from_cents(price_cents),
            created_at: Timestamp::from_unix(0).unwrap(),
            updated_at: Timestamp::from_unix(0).unwrap(),
        }
    }

    fn at() -> Timestamp {
        Timestamp::from_unix(1_700_000_000).unwrap()
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
            Delivered.step_to(Canceled),
            Err(MoveRefused {
                from: Delivered,
                to: Canceled
            })
        );
        assert_eq!(
            Pending.step_to(Confirmed).unwrap_err().to_string(),
            "an order that is pending cannot become confirmed"
        );
        let step = AwaitingConfirmation.step_to(Confirmed).unwrap();
        assert_eq!((step.from(), step.to()), (AwaitingConfirmation, Confirmed));
    }

    #[test]
    fn the_named_moves_are_moves_of_the_state_machine() {
        let step = Step::CONFIRM_DELIVERY;
        assert_eq!(step.from().step_to(step.to()), Ok(step));
    }

    #[test]
    fn statuses_read_and_write_as_the_site_spells_them() {
        assert_eq!(
            serde_json::to_string(&AwaitingConfirmation).unwrap(),
            "\"awaiting_confirmation\""
        );
        assert_eq!(OrderStatus::parse("CONFIRMED"), Some(Confirmed));
        assert_eq!(OrderStatus::parse("shipped"), None);
    }

    fn sale(lines: Vec<CartLine>) -> Sale {
        let quote = Quote::of(&lines, 0).unwrap_or(Quote {
            subtotal: Money::ZERO,
            shippingfee: Money::ZERO,
            tax: Money::ZERO,
            total: Money::ZERO,
        });
        Sale {
            lines,
            quote,
            address: ShippingAddress::default(),
            payment: crate::checkout::Payment::test_card(quote.total),
        }
    }

    #[test]
    fn an_orders_totals_are_its_quotes() {
        let order = Order::placed(
            "O1",
            "u1",
            Pending,
            sale(vec![line(100_000, 2), line(2_601, 1)]),
            at(),
        )
        .unwrap();
        assert_eq!(order.subtotal, Money::from_cents(202_601));
        assert_eq!(order.shippingfee, Money::from_cents(5_690));
        assert_eq!(order.clone().view().total, Money::from_cents(208_291));
        let free = Order::placed("O2", "u1", Pending, sale(vec![line(227_602, 1)]), at()).unwrap();
        assert_eq!(
            (free.shippingfee, free.view().total),
            (Money::ZERO, Money::from_cents(227_602))
        );
    }

    #[test]
    fn orders_refuse_empty_bags_and_bad_quantities() {
        let placed = |lines| Order::placed("O", "u", Pending, sale(lines), at());
        assert_eq!(placed(vec![]), Err(OrderError::Empty));
        assert_eq!(placed(vec![line(100, 0)]), Err(OrderError::Quantity));
        assert_eq!(placed(vec![line(100, 100)]), Err(OrderError::Quantity));
    }
}
