//! Taking payment: the card provider's gateway (client tokens, charges,
//! voids, refunds) and PayPal Orders (create, capture). Production adapters
//! speak HTTPS to the providers; locally they speak to the sandbox.
//!
//! Money is integer cents ([`Cents`]); the adapters format the providers'
//! decimal strings, so no float ever holds an amount.

use std::fmt;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

/// An amount in cents of the shop's currency (USD).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cents(pub u64);

impl Cents {
    /// The providers' decimal form: `1234` → `"12.34"`.
    pub fn to_decimal(self) -> String {
        format!("{}.{:02}", self.0 / 100, self.0 % 100)
    }

    /// Reads a non-negative decimal with at most two fraction digits
    /// (`"12"`, `"12.3"`, `"12.34"`); anything else is `None`.
    pub fn parse_decimal(text: &str) -> Option<Cents> {
        let text = text.trim();
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !digits(int) || frac.len() > 2 || !digits(frac) {
            return None;
        }
        let whole: u64 = int.parse().ok()?;
        let frac: u64 = format!("{frac:0<2}").parse().ok()?;
        whole.checked_mul(100)?.checked_add(frac).map(Cents)
    }
}

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal())
    }
}

/// What the shopper paid with, as an order or receipt shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PaymentMethodSummary {
    /// A card: the network as the provider names it (`VISA`, `MASTERCARD`,
    /// `AMERICAN_EXPRESS`, …) and the last four digits.
    Card { card_type: String, last4: String },
    /// A PayPal account, by its payer's email.
    PayPal { email: String },
    /// Anything else the provider can charge, by its description.
    Other { description: String },
}

/// A charge submitted for settlement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    /// The provider's transaction id (what `void` and `refund` take).
    pub id: String,
    /// The provider's status, e.g. `SUBMITTED_FOR_SETTLEMENT`.
    pub status: String,
    pub amount: Cents,
    pub method: PaymentMethodSummary,
}

/// A refund of a settled charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    pub status: String,
    pub amount: Cents,
}

/// A captured PayPal order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// The PayPal order id.
    pub order_id: String,
    /// The capture's id (what a PayPal refund would take).
    pub id: String,
    /// The capture's status, e.g. `COMPLETED`.
    pub status: String,
    pub amount: Cents,
    pub currency: String,
    /// The payer's email and PayPal payer id.
    pub payer_email: Option<String>,
    pub payer_id: Option<String>,
}

/// Why a payment call did not go through.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    /// The card issuer or processor said no (e.g. 2000 Do Not Honor): tell
    /// the shopper the reason (HTTP 422), nothing was charged.
    #[error("the payment was declined: {reason} ({code})")]
    Declined { code: String, reason: String },
    /// The gateway refused it before the processor saw it: fraud checks, CVV
    /// or AVS (postal code) mismatch.
    #[error("the payment was rejected: {reason}")]
    Rejected { reason: String },
    /// The nonce was already used for a charge (nonces are single-use).
    #[error("the payment method nonce has already been used")]
    NonceUsed,
    /// The nonce is unknown, expired or malformed.
    #[error("the payment method nonce is invalid")]
    InvalidNonce,
    /// PayPal: the buyer has not approved the order yet.
    #[error("the PayPal order has not been approved by the payer")]
    OrderNotApproved,
    /// PayPal: the order was already captured.
    #[error("the PayPal order has already been captured")]
    AlreadyCaptured,
    /// The transaction or order does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The provider refused the request as invalid (amount, state: e.g. a
    /// refund of an unsettled charge or above what is left).
    #[error("the provider refused the request: {0}")]
    Invalid(String),
    /// The provider could not be reached or answered nonsense: timeout,
    /// connection failure, 5xx, refused credentials, unreadable response.
    /// The outcome of a charge may be unknown; retry with the same reference.
    #[error("the payment provider is unavailable: {0}")]
    Unavailable(String),
}

#[async_trait]
pub trait PaymentGateway: Send + Sync {
    /// A client token for the payment SDK; with a customer id the SDK can
    /// list and delete that customer's saved methods.
    async fn client_token(&self, customer_id: Option<&str>) -> Result<String, PaymentError>;

    /// Charges a single-use nonce and submits the charge for settlement.
    /// `order_reference` is recorded with the transaction (the order id).
    async fn charge(
        &self,
        nonce: &str,
        amount: Cents,
        order_reference: &str,
    ) -> Result<Charge, PaymentError>;

    /// Reverses a charge: voided while unsettled, refunded in full once settled.
    async fn void(&self, transaction_id: &str) -> Result<(), PaymentError>;

    /// Refunds part or all of a settled charge.
    async fn refund(&self, transaction_id: &str, amount: Cents) -> Result<Refund, PaymentError>;

    /// Creates a PayPal order (intent CAPTURE) and returns its id, which the
    /// page's PayPal button opens for approval. `request_id` makes a retry
    /// return the same order.
    async fn paypal_create_order(
        &self,
        amount: Cents,
        currency: &str,
        request_id: &str,
    ) -> Result<String, PaymentError>;

    /// Captures an approved PayPal order. Replaying the same `request_id`
    /// returns the first capture instead of failing as already captured.
    async fn paypal_capture(
        &self,
        order_id: &str,
        request_id: &str,
    ) -> Result<Capture, PaymentError>;
}

#[cfg(test)]
mod tests {
    use super::Cents;

    #[test]
    fn cents_round_trip_as_decimals() {
        assert_eq!(Cents(0).to_decimal(), "0.00");
        assert_eq!(Cents(5).to_decimal(), "0.05");
        assert_eq!(Cents(227_602).to_decimal(), "2276.02");
        assert_eq!(Cents::parse_decimal("2276.02"), Some(Cents(227_602)));
        assert_eq!(Cents::parse_decimal("10"), Some(Cents(1000)));
        assert_eq!(Cents::parse_decimal("10.5"), Some(Cents(1050)));
        assert_eq!(Cents::parse_decimal("10.005"), None);
        assert_eq!(Cents::parse_decimal("-1.00"), None);
        assert_eq!(Cents::parse_decimal("1e3"), None);
        assert_eq!(Cents::parse_decimal(""), None);
        assert_eq!(Cents::parse_decimal(".50"), None);
    }
}
