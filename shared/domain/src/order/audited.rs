//! The audit entries of the house's moves on an order, one shape whoever
//! makes them: the console (the staff member signed in) and `shopctl
//! orders` ([`Actor::shopctl`]) build them here, so the log and the
//! timeline read the same whichever hand moved the order.

use serde_json::{json, Value};

use crate::atelier::{Actor, AuditEntry};
use crate::ports::{TableError, Write};
use crate::timestamp::Timestamp;

use super::{Order, OrderMail, OrderStatus, RefundAsked, Shipment};

/// The audit log's subject of an order: `order:<id>`.
pub fn audit_subject(order_id: &str) -> String {
    format!("order:{order_id}")
}

/// Who moves orders, and when: the entries of their moves.
pub struct OrderAudit {
    pub actor: Actor,
    pub at: Timestamp,
}

impl OrderAudit {
    pub fn new(actor: Actor, at: Timestamp) -> Self {
        Self { actor, at }
    }

    /// The entry of `action` on `order`, the values it changed before and after.
    pub fn entry(&self, action: &str, order: &Order, before: Value, after: Value) -> AuditEntry {
        AuditEntry::new(
            self.actor.clone(),
            action,
            audit_subject(&order.id),
            before,
            after,
            self.at,
        )
    }

    /// A status move (confirm, deliver, a cancel that gives nothing back),
    /// as a write of the move's transaction.
    pub fn advance(&self, order: &Order, to: OrderStatus) -> Result<Write, TableError> {
        let action = match to {
            OrderStatus::Confirmed => "order.confirm",
            OrderStatus::Delivered => "order.deliver",
            OrderStatus::Canceled => "order.cancel",
            OrderStatus::Pending | OrderStatus::AwaitingConfirmation => "order.move",
        };
        let before = json!({ "status": order.status });
        self.entry(action, order, before, json!({ "status": to }))
            .put_write()
    }

    pub fn ship(&self, order: &Order, shipment: &Shipment) -> Result<Write, TableError> {
        let before = json!({ "status": order.status, "shipment": order.shipment });
        self.entry("order.ship", order, before, json!(shipment))
            .put_write()
    }

    /// A cancel that gives the whole payment back, for `reason`.
    pub fn cancel(&self, order: &Order, reason: &str) -> Result<Write, TableError> {
        let before = json!({ "status": order.status, "refunded": order.refunded() });
        let after = json!({ "status": OrderStatus::Canceled, "refunded": order.payment.amount, "reason": reason });
        self.entry("order.cancel", order, before, after).put_write()
    }

    /// A part refund asked.
    pub fn refund(&self, order: &Order, asked: &RefundAsked) -> Result<Write, TableError> {
        let before = json!({ "refunded": order.refunded(), "left": order.left_to_refund() });
        let after = json!({ "amount": asked.amount, "lines": asked.lines, "reason": asked.reason });
        self.entry("order.refund", order, before, after).put_write()
    }

    /// The house asked for the order's `mails` to be sent again.
    pub fn resend(&self, order: &Order, mails: &[OrderMail]) -> Result<Write, TableError> {
        self.entry(
            "order.resend",
            order,
            Value::Null,
            json!({ "emails": mails }),
        )
        .put_write()
    }

    /// An internal note: recorded on its own (it changes nothing else).
    pub fn note(&self, order: &Order, text: &str) -> AuditEntry {
        self.entry("order.note", order, Value::Null, json!({ "text": text }))
    }
}
