//! The money of an order given back in part: each refund as the order keeps
//! it (how much, for which lines, why, by whom, and where it stands), and
//! what a refund may still give back. How a refund moves money once is in
//! `checkout::refund`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::pricing::Money;
use crate::text::as_sent;
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

use super::Order;

pub const REASON_REQUIRED: &str = "Please give the reason for the refund.";
pub const REASON_TOO_LONG: &str = "The reason is too long.";
pub const AMOUNT_INVALID: &str = "Please enter an amount in USD above zero, like 12.50.";
pub const AMOUNT_OR_LINES: &str = "Please enter an amount or choose the lines to refund.";
pub const LINE_INVALID: &str = "This line cannot be refunded in that quantity.";
pub const ABOVE_LEFT: &str = "This is more than what is left to refund on this order.";

const MAX_REASON: usize = 500;

contract_value! {
    /// Where a refund stands. `giving` and `unknown` hold the order's refunds:
    /// no other refund starts until it is settled.
    #[serde(rename_all = "snake_case")]
    pub enum RefundState {
        /// Taken: the provider is being asked.
        Giving,
        /// The provider's answer was lost: the reconciler reads its ledger.
        Unknown,
        /// The provider gave the money back.
        Given,
        /// The provider refused (or, as its ledger showed, never gave it back).
        Failed,
    }
}

impl RefundState {
    /// Whether the refund is still open (its outcome not known yet).
    pub fn is_open(self) -> bool {
        matches!(self, RefundState::Giving | RefundState::Unknown)
    }
}

contract_value! {
    /// Pieces of one line of the order given back.
    pub struct RefundedLine {
        /// The line's index in the order's items.
        pub line: usize,
        pub quantity: u32,
    }
}

/// One refund of an order, as the order keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRefund {
    pub id: String,
    pub amount: Money,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<RefundedLine>,
    pub reason: String,
    /// Who asked for it: a staff member's email, or `shopctl`.
    pub by: String,
    pub at: Timestamp,
    pub state: RefundState,
    /// Until when (epoch milliseconds) its taker (the request, or a
    /// reconciler) has it: past it, a reconciler may take it.
    pub held_until: i64,
    /// The provider's refund id, once given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_refund: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_at: Option<Timestamp>,
}

/// What a refund asks, checked against the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundAsked {
    pub amount: Money,
    pub lines: Vec<RefundedLine>,
    pub reason: String,
}

/// The body of a part refund: fields as sent.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RefundForm {
    /// USD as a decimal string (`"12.50"`); without it, the lines' value.
    #[schema(value_type = Option<String>, example = "12.50")]
    pub amount: Value,
    /// Lines (their index in the order) and how many of their pieces.
    #[schema(value_type = Option<Vec<RefundedLine>>)]
    pub lines: Value,
    #[schema(value_type = String, required = true)]
    pub reason: Value,
}

impl RefundForm {
    /// The refund this form asks of `order`, or each field's message.
    pub fn check(&self, order: &Order) -> Result<RefundAsked, FieldErrors> {
        let mut errors = FieldErrors::new();
        let reason = as_sent(&self.reason);
        errors.check(!reason.is_empty(), "reason", REASON_REQUIRED);
        errors.check(
            reason.chars().count() <= MAX_REASON,
            "reason",
            REASON_TOO_LONG,
        );
        let lines = read_lines(&self.lines, order).map_err(|e| errors.add("lines", e));
        let lines = lines.unwrap_or_default();
        let amount = if self.amount.is_null() || as_sent(&self.amount).is_empty() {
            let value = lines_value(order, &lines);
            errors.check(!lines.is_empty(), "amount", AMOUNT_OR_LINES);
            value
        } else {
            let amount = Money::parse_decimal(&as_sent(&self.amount)).filter(|m| !m.is_zero());
            errors.check(amount.is_some(), "amount", AMOUNT_INVALID);
            amount
        };
        let amount = amount.unwrap_or(Money::ZERO);
        if errors.is_empty() {
            errors.check(amount <= order.left_to_refund(), "amount", ABOVE_LEFT);
        }
        errors.into_result(RefundAsked {
            amount,
            lines,
            reason,
        })
    }
}

/// The lines as sent, each within what is left of it to give back.
fn read_lines(value: &Value, order: &Order) -> Result<Vec<RefundedLine>, &'static str> {
    if value.is_null() {
        return Ok(Vec::new());
    }
    let lines: Vec<RefundedLine> =
        serde_json::from_value(value.clone()).map_err(|_| LINE_INVALID)?;
    for asked in &lines {
        let item = order.items.get(asked.line).ok_or(LINE_INVALID)?;
        let asked_of_line: u32 = lines
            .iter()
            .filter(|l| l.line == asked.line)
            .map(|l| l.quantity)
            .sum();
        let left = item
            .quantity
            .saturating_sub(order.refunded_quantity(asked.line));
        if asked.quantity == 0 || asked_of_line > left {
            return Err(LINE_INVALID);
        }
    }
    Ok(lines)
}

/// What the lines cost at the prices paid.
fn lines_value(order: &Order, lines: &[RefundedLine]) -> Option<Money> {
    lines.iter().try_fold(Money::ZERO, |sum, l| {
        let cost = order.items.get(l.line)?.price.times(l.quantity)?;
        sum.checked_add(cost)
    })
}

impl Order {
    /// Money given back so far: every refund given, or the whole payment
    /// once it was given back whole (`shopctl orders refund`, a cancel).
    pub fn refunded(&self) -> Money {
        if self.refunded_at.is_some() {
            return self.payment.amount;
        }
        self.refunds
            .iter()
            .filter(|r| r.state == RefundState::Given)
            .try_fold(Money::ZERO, |sum, r| sum.checked_add(r.amount))
            .unwrap_or(self.payment.amount)
    }

    /// What a refund may still give back: the payment less what was given
    /// and what an open refund is giving.
    pub fn left_to_refund(&self) -> Money {
        let open = self
            .refunds
            .iter()
            .filter(|r| r.state.is_open())
            .try_fold(Money::ZERO, |sum, r| sum.checked_add(r.amount))
            .unwrap_or(self.payment.amount);
        self.refunded()
            .checked_add(open)
            .and_then(|taken| self.payment.amount.checked_sub(taken))
            .unwrap_or(Money::ZERO)
    }

    /// Pieces of line `line` given back (or being given back).
    pub fn refunded_quantity(&self, line: usize) -> u32 {
        self.refunds
            .iter()
            .filter(|r| r.state == RefundState::Given || r.state.is_open())
            .flat_map(|r| &r.lines)
            .filter(|l| l.line == line)
            .map(|l| l.quantity)
            .sum()
    }

    /// The refund still open, if any.
    pub fn open_refund(&self) -> Option<&OrderRefund> {
        self.refunds.iter().find(|r| r.state.is_open())
    }
}
