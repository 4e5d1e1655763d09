//! An order's timeline, oldest first: what happened to it and who did it.
//! Built from what is kept anyway, never written for its own sake: the
//! order (placed, paid with, shipped, refunds), the confirmation's pending
//! marker (a first sending that failed) and the staff's actions from the
//! audit log (each with who and when; the internal notes are those).

use serde::Serialize;
use serde_json::Value;

use crate::checkout::usd;
use crate::timestamp::Timestamp;

use super::{Order, RefundState};

/// One line of the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    pub at: Timestamp,
    /// `placed`, `email`, `refund`, `shipment`, `note`, `action`.
    pub kind: &'static str,
    /// Who did it (a staff member's email); `None` for the client or the shop.
    pub by: Option<String>,
    pub text: String,
}

/// A staff action on the order, as the audit log keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct StaffAction {
    pub at: Timestamp,
    pub by: String,
    /// `order.confirm`, `order.note`, …
    pub action: String,
    pub after: Value,
}

/// The refunds the audit names are told by the refunds themselves (with
/// where they stand at the provider).
const TOLD_BY_THE_ORDER: [&str; 1] = ["order.refund"];

/// The timeline of `order`; `confirmation_pending` is when its first
/// confirmation failed to send, if it has not been sent since.
pub fn timeline(
    order: &Order,
    confirmation_pending: Option<Timestamp>,
    actions: &[StaffAction],
) -> Vec<TimelineEntry> {
    let mut entries = vec![
        entry(order.created_at, "placed", None, placed(order)),
        match confirmation_pending {
            Some(since) => entry(
                since,
                "email",
                None,
                "The confirmation email could not be sent; it is waiting to be sent again.".into(),
            ),
            None => entry(
                order.created_at,
                "email",
                None,
                "Confirmation email sent to the client.".into(),
            ),
        },
    ];
    let shipped_by_staff = actions.iter().any(|a| a.action == "order.ship");
    if let (Some(shipment), false) = (&order.shipment, shipped_by_staff) {
        entries.push(entry(
            shipment.shipped_at,
            "shipment",
            None,
            shipped(&shipment.carrier, &shipment.tracking_number),
        ));
    }
    for refund in &order.refunds {
        let state = match refund.state {
            RefundState::Giving => "being given back",
            RefundState::Unknown => "outcome unknown: being checked with the provider",
            RefundState::Given => "given back",
            RefundState::Failed => "not given back (the provider refused it)",
        };
        let text = format!(
            "Refund of {} ({}): {state}.",
            usd(refund.amount),
            refund.reason
        );
        entries.push(entry(refund.at, "refund", Some(refund.by.clone()), text));
    }
    if let Some(at) = order
        .refunded_at
        .filter(|_| order.refunds.iter().all(|r| r.state != RefundState::Given))
    {
        entries.push(entry(
            at,
            "refund",
            None,
            format!(
                "The whole payment, {}, was given back.",
                usd(order.payment.amount)
            ),
        ));
    }
    for action in actions
        .iter()
        .filter(|a| !TOLD_BY_THE_ORDER.contains(&a.action.as_str()))
    {
        let (kind, text) = told(action);
        entries.push(entry(action.at, kind, Some(action.by.clone()), text));
    }
    entries.sort_by_key(|e| e.at);
    entries
}

fn entry(at: Timestamp, kind: &'static str, by: Option<String>, text: String) -> TimelineEntry {
    TimelineEntry { at, kind, by, text }
}

fn placed(order: &Order) -> String {
    format!(
        "Placed and paid {} with {}.",
        usd(order.payment.amount),
        order.payment.describe()
    )
}

fn shipped(carrier: &str, tracking: &str) -> String {
    format!("Shipped by {carrier}, tracking number {tracking}; the client was emailed the tracking link.")
}

/// A staff action in words.
fn told(action: &StaffAction) -> (&'static str, String) {
    let field = |name: &str| action.after[name].as_str().unwrap_or_default().to_string();
    match action.action.as_str() {
        "order.note" => ("note", field("text")),
        "order.ship" => (
            "shipment",
            shipped(&field("carrier"), &field("trackingNumber")),
        ),
        "order.confirm" => (
            "action",
            "Confirmed the order; the client was emailed.".into(),
        ),
        "order.deliver" => ("action", "Marked the order delivered.".into()),
        "order.cancel" => (
            "action",
            format!(
                "Canceled the order and gave the payment back: {}.",
                field("reason")
            ),
        ),
        "order.resend-confirmation" => ("email", "Sent the confirmation email again.".into()),
        other => ("action", other.to_string()),
    }
}
