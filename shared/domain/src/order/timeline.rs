//! An order's timeline, oldest first: what happened to it and who did it.
//! Built from what is kept anyway, never written for its own sake: the
//! order (placed, paid with, shipped, refunds), the confirmation's pending
//! marker (a first sending that failed at checkout), the emails the house
//! sent (each attempt: sent, failed, or unknown when its outcome was not
//! recorded) and the staff's actions from the audit log (each with who and
//! when; the internal notes are those).

use serde::Serialize;
use serde_json::Value;

use crate::atelier::AuditEntry;
use crate::checkout::usd;
use crate::timestamp::Timestamp;

use super::emails::{AttemptState, EmailAttempt, OrderHistory, OrderMail};
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
    /// For an email: how it ended.
    pub outcome: Option<EmailOutcome>,
}

/// How an email ended, as the timeline tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EmailOutcome {
    Sent,
    /// Not sent: Resend sends it again.
    Failed,
    /// Its outcome was not recorded: it may have gone.
    Unknown,
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

impl StaffAction {
    pub fn of(entry: AuditEntry) -> Self {
        StaffAction {
            at: entry.at,
            by: entry.actor.email,
            action: entry.action,
            after: entry.after,
        }
    }
}

/// The refunds the audit names are told by the refunds themselves (with
/// where they stand at the provider).
const TOLD_BY_THE_ORDER: [&str; 1] = ["order.refund"];

/// The timeline of `order`; `confirmation_pending` is when its first
/// confirmation failed to send, if it has not been sent since.
pub fn timeline(
    order: &Order,
    confirmation_pending: Option<Timestamp>,
    history: &OrderHistory,
) -> Vec<TimelineEntry> {
    let mut entries = vec![entry(order.created_at, "placed", None, placed(order))];
    entries.extend(first_confirmation(
        order,
        confirmation_pending,
        &history.emails,
    ));
    let actions = &history.actions;
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
    // After the actions: an email an action sent comes after it at the same time.
    entries.extend(history.emails.iter().map(emailed));
    entries.sort_by_key(|e| e.at);
    entries
}

fn entry(at: Timestamp, kind: &'static str, by: Option<String>, text: String) -> TimelineEntry {
    TimelineEntry {
        at,
        kind,
        by,
        text,
        outcome: None,
    }
}

fn email(at: Timestamp, outcome: EmailOutcome, text: String) -> TimelineEntry {
    TimelineEntry {
        outcome: Some(outcome),
        ..entry(at, "email", None, text)
    }
}

/// The placing's sending of the confirmation, for an order placed before
/// it was recorded as an attempt (none then, the attempt tells it): failed
/// while its pending marker stands, or as a resend that answered the
/// marker remembers; else sent (the checkout then recorded only a failure).
fn first_confirmation(
    order: &Order,
    pending: Option<Timestamp>,
    emails: &[EmailAttempt],
) -> Option<TimelineEntry> {
    if emails.iter().any(|a| a.at_placing) {
        return None;
    }
    let answered = emails.iter().find_map(|a| a.first_failed_at);
    Some(match (pending, answered) {
        (Some(since), _) => email(
            since,
            EmailOutcome::Failed,
            "The order confirmation email could not be sent when the order was placed; Resend sends it again.".into(),
        ),
        (None, Some(since)) => email(
            since,
            EmailOutcome::Failed,
            "The order confirmation email could not be sent when the order was placed.".into(),
        ),
        (None, None) => email(
            order.created_at,
            EmailOutcome::Sent,
            "The order confirmation email was sent to the client when the order was placed.".into(),
        ),
    })
}

/// One sending of one of the order's emails.
fn emailed(attempt: &EmailAttempt) -> TimelineEntry {
    let name = attempt.mail.name();
    let at = attempt.settled_at.unwrap_or(attempt.at);
    let (outcome, text) = match attempt.state {
        AttemptState::Sent => (
            EmailOutcome::Sent,
            format!(
                "The {name} email was sent to {}.",
                attempt.to.as_deref().unwrap_or("the client")
            ),
        ),
        AttemptState::Failed => (
            EmailOutcome::Failed,
            format!(
                "The {name} email was not sent: {}. Resend sends it again.",
                attempt.why.as_deref().unwrap_or("no reason was given")
            ),
        ),
        AttemptState::Sending => (
            EmailOutcome::Unknown,
            format!("The {name} email may or may not have gone: its outcome could not be recorded. Ask the client before sending it again."),
        ),
    };
    email(at, outcome, text)
}

/// The names of the emails a resend asked for: `shipping (tracking link)`.
fn mail_names(after: &Value) -> String {
    let mails: Vec<OrderMail> = serde_json::from_value(after["emails"].clone()).unwrap_or_default();
    let names: Vec<&str> = mails.iter().map(|m| m.name()).collect();
    names.join(" and ")
}

fn placed(order: &Order) -> String {
    format!(
        "Placed and paid {} with {}.",
        usd(order.payment.amount),
        order.payment.describe()
    )
}

fn shipped(carrier: &str, tracking: &str) -> String {
    format!("Shipped by {carrier}, tracking number {tracking}.")
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
        "order.confirm" => ("action", "Confirmed the order.".into()),
        "order.deliver" => ("action", "Marked the order delivered.".into()),
        "order.cancel" if action.after["refunded"].is_null() => {
            ("action", "Canceled the order.".into())
        }
        "order.cancel" => (
            "action",
            format!(
                "Canceled the order and gave the payment back: {}.",
                field("reason")
            ),
        ),
        "order.resend" => (
            "action",
            format!(
                "Asked for the {} email to be sent again.",
                mail_names(&action.after)
            ),
        ),
        "order.resend-confirmation" => ("email", "Sent the confirmation email again.".into()),
        other => ("action", other.to_string()),
    }
}
