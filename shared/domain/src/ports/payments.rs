//! Taking payment: the card provider's gateway (client tokens, charges,
//! voids, refunds) and PayPal Orders (create, capture). Production adapters
//! speak HTTPS to the providers; locally they speak to the sandbox.
//!
//! Money is the shop's [`Money`] (integer cents); the adapters format the
//! providers' decimal strings, so no float ever holds an amount.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

pub use crate::pricing::Money;

/// What the shopper paid with, as an order or receipt shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum PaymentMethodSummary {
    /// A card: the network as the provider names it (`VISA`, `MASTERCARD`,
    /// `AMERICAN_EXPRESS`, …) and the last four digits.
    #[serde(rename_all = "camelCase")]
    Card { card_type: String, last4: String },
    /// A PayPal account, by its payer's email.
    #[serde(rename = "paypal")]
    PayPal { email: String },
    /// Anything else the provider can charge, by its description.
    Other { description: String },
}

/// A provider's status of a charge, a capture or a refund, spelled as the
/// provider spells it, which is how orders store it and the API answers it.
/// The statuses the shop acts on are named; any other text (a status a
/// provider adds later, none at all) is kept as it came in
/// [`ProviderStatus::Other`]: it is stored and answered unchanged, and no
/// rule takes it for a named one (it holds no money, completes nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum ProviderStatus {
    // Card transactions.
    Authorized,
    Authorizing,
    SettlementPending,
    Settling,
    Settled,
    SubmittedForSettlement,
    Voided,
    // PayPal captures.
    Completed,
    Pending,
    Declined,
    Failed,
    Refunded,
    PartiallyRefunded,
    /// Any other text, as the provider sent it.
    Other(String),
}

/// Each named status with the provider's spelling: the one place it is written.
const SPELLINGS: [(ProviderStatus, &str); 13] = [
    (ProviderStatus::Authorized, "AUTHORIZED"),
    (ProviderStatus::Authorizing, "AUTHORIZING"),
    (ProviderStatus::SettlementPending, "SETTLEMENT_PENDING"),
    (ProviderStatus::Settling, "SETTLING"),
    (ProviderStatus::Settled, "SETTLED"),
    (
        ProviderStatus::SubmittedForSettlement,
        "SUBMITTED_FOR_SETTLEMENT",
    ),
    (ProviderStatus::Voided, "VOIDED"),
    (ProviderStatus::Completed, "COMPLETED"),
    (ProviderStatus::Pending, "PENDING"),
    (ProviderStatus::Declined, "DECLINED"),
    (ProviderStatus::Failed, "FAILED"),
    (ProviderStatus::Refunded, "REFUNDED"),
    (ProviderStatus::PartiallyRefunded, "PARTIALLY_REFUNDED"),
];

impl ProviderStatus {
    /// The provider's spelling.
    pub fn as_str(&self) -> &str {
        match self {
            ProviderStatus::Other(text) => text,
            named => SPELLINGS
                .iter()
                .find(|(status, _)| status == named)
                .map_or("", |(_, spelling)| spelling),
        }
    }
}

/// No status at all: what orders stored before payments kept one.
impl Default for ProviderStatus {
    fn default() -> Self {
        ProviderStatus::Other(String::new())
    }
}

impl From<String> for ProviderStatus {
    fn from(text: String) -> Self {
        match SPELLINGS
            .into_iter()
            .find(|(_, spelling)| *spelling == text)
        {
            Some((status, _)) => status,
            None => ProviderStatus::Other(text),
        }
    }
}

impl From<&str> for ProviderStatus {
    fn from(text: &str) -> Self {
        ProviderStatus::from(text.to_string())
    }
}

impl From<ProviderStatus> for String {
    fn from(status: ProviderStatus) -> Self {
        status.as_str().to_string()
    }
}

impl std::fmt::Display for ProviderStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A charge submitted for settlement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    /// The provider's transaction id (what `void` and `refund` take).
    pub id: String,
    /// The provider's status, e.g. `SUBMITTED_FOR_SETTLEMENT`.
    pub status: ProviderStatus,
    pub amount: Money,
    pub method: PaymentMethodSummary,
    /// What was given back of it by refunds (a voided charge is `VOIDED`
    /// instead): read from the transaction's refunds, so a charge refunded
    /// by anyone is never given back again.
    pub refunded: Money,
}

/// Card transaction statuses that hold (or will hold) the shopper's money.
const LIVE_CHARGES: [ProviderStatus; 6] = [
    ProviderStatus::Authorized,
    ProviderStatus::Authorizing,
    ProviderStatus::SettlementPending,
    ProviderStatus::Settling,
    ProviderStatus::Settled,
    ProviderStatus::SubmittedForSettlement,
];

impl Charge {
    /// Whether the shop holds money by it: a live status, and not all of it
    /// refunded.
    pub fn is_live(&self) -> bool {
        LIVE_CHARGES.contains(&self.status) && self.refunded < self.amount
    }
}

/// A refund of a settled charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: String,
    pub status: ProviderStatus,
    pub amount: Money,
}

/// A refund asked of a PayPal capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayPalRefund<'a> {
    pub capture_id: &'a str,
    /// What to give back: all of it when the order the capture paid for
    /// could not be placed.
    pub amount: Money,
    /// PayPal's `PayPal-Request-Id`: a retry under it answers the first
    /// refund instead of refunding again.
    pub request_id: &'a str,
}

/// A captured PayPal order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// The PayPal order id.
    pub order_id: String,
    /// The capture's id (what a PayPal refund would take).
    pub id: String,
    /// The capture's status, e.g. `COMPLETED`.
    pub status: ProviderStatus,
    pub amount: Money,
    pub currency: String,
    /// The payer's email and PayPal payer id.
    pub payer_email: Option<String>,
    pub payer_id: Option<String>,
    /// What was given back of it: the order's `COMPLETED` refunds of this
    /// capture.
    pub refunded: Money,
    /// What its `PENDING` refunds are giving back: not given yet (PayPal
    /// may still fail them), but not to be given again either.
    pub refunding: Money,
}

/// Capture statuses that hold (or will hold) the buyer's money.
const LIVE_CAPTURES: [ProviderStatus; 3] = [
    ProviderStatus::Completed,
    ProviderStatus::Pending,
    ProviderStatus::PartiallyRefunded,
];

impl Capture {
    /// Whether it holds (or will hold) the buyer's money: `COMPLETED`,
    /// `PENDING` while PayPal completes it, or `PARTIALLY_REFUNDED`, and not
    /// all of it refunded; not `REFUNDED` or `DECLINED`.
    pub fn is_live(&self) -> bool {
        LIVE_CAPTURES.contains(&self.status) && self.refunded < self.amount
    }
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
    /// The request was sent but no readable answer came back: a timeout, a
    /// dropped connection, a 5xx, an unreadable body. A charge or capture
    /// may have happened: its outcome is unknown until the provider is asked
    /// by the order reference (see [`PaymentGateway::find_charges`]).
    #[error("the payment provider is unavailable: {0}")]
    Unavailable(String),
    /// Nothing was sent: the provider could not be reached, refused the
    /// shop's credentials, or no provider is configured. Nothing happened.
    #[error("the payment provider could not be reached: {0}")]
    Unreachable(String),
}

impl PaymentError {
    /// Whether a charge or capture that failed this way may still have
    /// taken the money.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, PaymentError::Unavailable(_))
    }
}

/// A PayPal order as the provider holds it, with its captures: what the
/// shop asks after a capture's answer was lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalOrder {
    pub id: String,
    /// `CREATED`, `APPROVED`, `COMPLETED`, …
    pub status: String,
    pub captures: Vec<Capture>,
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
        amount: Money,
        order_reference: &str,
    ) -> Result<Charge, PaymentError>;

    /// Every card transaction recorded with this order reference, newest
    /// first (the gateway's transaction search by order id): what the shop
    /// asks after a charge's answer was lost.
    async fn find_charges(&self, order_reference: &str) -> Result<Vec<Charge>, PaymentError>;

    /// Reverses a charge: voided while unsettled, refunded in full once settled.
    async fn void(&self, transaction_id: &str) -> Result<(), PaymentError>;

    /// Refunds part or all of a settled charge.
    async fn refund(&self, transaction_id: &str, amount: Money) -> Result<Refund, PaymentError>;

    /// Creates a PayPal order (intent CAPTURE) and returns its id, which the
    /// page's PayPal button opens for approval. `request_id` makes a retry
    /// return the same order.
    async fn paypal_create_order(
        &self,
        amount: Money,
        currency: &str,
        request_id: &str,
    ) -> Result<String, PaymentError>;

    /// Gives back what `refund` asks of a PayPal capture.
    async fn paypal_refund(&self, refund: PayPalRefund<'_>) -> Result<Refund, PaymentError>;

    /// Captures an approved PayPal order. Replaying the same `request_id`
    /// returns the first capture instead of failing as already captured.
    async fn paypal_capture(
        &self,
        order_id: &str,
        request_id: &str,
    ) -> Result<Capture, PaymentError>;

    /// A PayPal order with its captures (`GET /v2/checkout/orders/{id}`).
    async fn paypal_order(&self, order_id: &str) -> Result<PayPalOrder, PaymentError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_and_write_as_the_provider_spells_them() {
        for (status, spelling) in SPELLINGS {
            let json = serde_json::to_value(&status).unwrap();
            assert_eq!(json, spelling);
            assert_eq!(
                serde_json::from_value::<ProviderStatus>(json).unwrap(),
                status
            );
        }
        let completed: ProviderStatus = serde_json::from_str("\"COMPLETED\"").unwrap();
        assert_eq!(completed, ProviderStatus::Completed);
    }

    #[test]
    fn a_capture_holds_money_until_all_of_it_is_refunded() {
        let capture = |status: &str, refunded: u32| Capture {
            order_id: "PP".into(),
            id: "CAP".into(),
            status: status.into(),
            amount: Money::from_cents(1_000),
            currency: "USD".into(),
            payer_email: None,
            payer_id: None,
            refunded: Money::from_cents(refunded),
            refunding: Money::ZERO,
        };
        assert!(capture("COMPLETED", 0).is_live());
        assert!(capture("PENDING", 0).is_live());
        assert!(capture("PARTIALLY_REFUNDED", 400).is_live());
        assert!(!capture("PARTIALLY_REFUNDED", 1_000).is_live());
        assert!(!capture("REFUNDED", 1_000).is_live());
        assert!(!capture("DECLINED", 0).is_live());
    }

    #[test]
    fn an_unknown_status_is_kept_as_sent_and_never_taken_for_a_named_one() {
        for text in ["UNDER_REVIEW", "completed", ""] {
            let status: ProviderStatus = serde_json::from_value(text.into()).unwrap();
            assert_eq!(status, ProviderStatus::Other(text.into()));
            assert_eq!(serde_json::to_value(&status).unwrap(), text);
        }
        assert_eq!(ProviderStatus::default().as_str(), "");
    }
}
