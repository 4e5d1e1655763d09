//! Checkout: what the shopper sends, what the shop charges, and the order a
//! payment becomes.
//!
//! The amount is the quote of the bag priced from the catalogue as it is now
//! ([`PricedBag`]): unit prices × quantities, the Express fee and the tax
//! rate, computed once ([`Quote::of`]). The client's `amount`, `shippingfee`
//! and `taxRate` are what it was shown; they are checked against the quote,
//! never trusted, so a tampered or stale page charges nothing and is
//! answered the new quote. The process (claim → charge → place → undo, with
//! an unknown outcome reconciled) is [`Checkout`]; how a payment is made
//! idempotent and turned into an order in one transaction is in [`store`].

mod attention;
mod budget;
mod confirmation;
mod invoice;
mod lease;
mod priced;
mod reconcile;
mod refund;
mod service;
mod store;

pub use attention::{needing_attention, Attention, AttentionPayment};
pub use budget::Budget;
pub use confirmation::{confirm, Outbox};
pub use invoice::{confirmation_email, invoice_html, invoice_key, order_confirmed_email, usd};
pub use lease::Lease;
pub use priced::{PricedBag, PricedLine};
pub use reconcile::Reconciled;
pub use refund::{
    OpenRefund, PartRefund, RefundBy, RefundRefused, Refunded, RefundsSettled, NOTHING_LEFT,
    NOT_PAID_YET, NOT_SETTLED, REFUND_IN_PROGRESS, REFUND_UNKNOWN,
};
pub use service::{Checkout, CheckoutError, PaymentStatus, Settled, Shopper};
pub use store::{Claim, ClaimState, Claimed, Claims, PendingConfirmation, Placed, Provider};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::address::{is_phone, is_postal_code, DEFAULT_PHONE_CODE, MAX_FIELD, TOO_LONG};
use crate::cart::CartLine;
use crate::ports::payments::{Capture, Charge, PaymentError, PaymentMethodSummary, ProviderStatus};
use crate::pricing::{self, Money, Totals};
use crate::text::as_sent;
use crate::validation::FieldErrors;

pub const EMPTY_BAG: &str = "Your shopping bag is empty.";
pub const QUOTE_CHANGED: &str =
    "The prices in your bag have changed. Please review the new total and pay again.";
pub const ITEMS_UNAVAILABLE: &str =
    "Some items in your bag are no longer available. Please remove them to continue.";
pub const CONFIRMING: &str = "We are confirming your payment with the provider. Your order will appear in My Orders as soon as it is confirmed; you will not be charged twice.";
pub const AMOUNT_REQUIRED: &str = "Please send the amount to pay.";
pub const NONCE_REQUIRED: &str = "Please choose a payment method.";
pub const ADDRESS_REQUIRED: &str = "Please select a shipping address before continuing.";
pub const FIRST_NAME_REQUIRED: &str = "Please enter your first name.";
pub const LAST_NAME_REQUIRED: &str = "Please enter your last name";
pub const COUNTRY_REQUIRED: &str = "Please select your country.";
pub const STREET_REQUIRED: &str = "Please enter street.";
pub const ZIP_REQUIRED: &str = "Please enter postal code.";
pub const ZIP_INVALID: &str = "Please enter a valid postal code.";
pub const PHONE_REQUIRED: &str = "Please enter phone number.";
pub const PHONE_INVALID: &str = "Please enter a valid phone number.";
pub const IN_PROGRESS: &str =
    "This payment is already being processed. Please check My Orders in a moment.";
pub const NOT_PLACED: &str =
    "Your payment could not be completed and you have not been charged. Please try again.";
pub const UNAVAILABLE: &str =
    "We could not reach the payment provider. You have not been charged; please try again.";
pub const PAYPAL_ORDER_NOT_FOUND: &str = "This PayPal order could not be found.";
pub const PAYPAL_NOT_APPROVED: &str = "The PayPal payment was not approved.";
pub const PAYPAL_BAG_CHANGED: &str =
    "Your shopping bag changed after PayPal was opened. Please pay again.";
pub const PAID: &str = "Payment successful! Your order has been placed.";
pub const CURRENCY: &str = "USD";

/// What an order costs, computed by the shop: the one price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Quote {
    pub subtotal: Money,
    pub shippingfee: Money,
    pub tax: Money,
    pub total: Money,
}

impl Quote {
    /// The bag's quote at a tax rate in basis points (0 unless configured);
    /// `None` for an empty bag or an amount past what the shop handles.
    pub fn of(lines: &[CartLine], tax_basis_points: u32) -> Option<Quote> {
        if lines.is_empty() {
            return None;
        }
        let subtotal = lines
            .iter()
            .map(CartLine::cost)
            .try_fold(Money::ZERO, |sum, cost| sum.checked_add(cost?))?;
        let Totals {
            subtotal,
            shippingfee,
            tax,
            total,
        } = Totals::of(subtotal, tax_basis_points)?;
        Some(Quote {
            subtotal,
            shippingfee,
            tax,
            total,
        })
    }

    /// Whether the page showed this quote: its total, and its fee when sent.
    pub fn was_seen(&self, seen: &Seen) -> bool {
        seen.amount == self.total && seen.shippingfee.is_none_or(|fee| fee == self.shippingfee)
    }
}

/// What the shopper's page showed and sends back with a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub amount: Money,
    pub shippingfee: Option<Money>,
    /// The tax rate in basis points, when sent.
    pub tax_basis_points: Option<u32>,
}

impl Seen {
    /// `amount` (required), `shippingfee` and `taxRate` (percent) as sent.
    pub fn read(
        amount: &Value,
        shippingfee: &Value,
        tax_rate: &Value,
    ) -> Result<Seen, FieldErrors> {
        let mut errors = FieldErrors::new();
        let amount = money(amount);
        errors.check(amount.is_some(), "amount", AMOUNT_REQUIRED);
        let shippingfee = (!shippingfee.is_null()).then(|| money(shippingfee));
        errors.check(shippingfee != Some(None), "shippingfee", FEE_NOT_MONEY);
        let tax = (!tax_rate.is_null()).then(|| percent_basis_points(tax_rate));
        errors.check(tax != Some(None), "taxRate", TAX_RATE_INVALID);
        errors.into_result(Seen {
            amount: amount.unwrap_or(Money::ZERO),
            shippingfee: shippingfee.flatten(),
            tax_basis_points: tax.flatten(),
        })
    }
}

pub const FEE_NOT_MONEY: &str = "The shipping fee must be an amount in USD.";
pub const TAX_RATE_INVALID: &str = "The tax rate must be a percentage between 0 and 100.";

/// A percentage as sent (`8.25` or `"8.25"`) in basis points, read as
/// the decimal it was written as ([`pricing::percent_basis_points`]).
fn percent_basis_points(value: &Value) -> Option<u32> {
    match value {
        Value::Number(n) => pricing::percent_basis_points(&n.to_string()),
        Value::String(s) => pricing::percent_basis_points(s),
        _ => None,
    }
}

/// A USD amount as sent (`2356.5` or `"2356.50"`), read as a decimal of
/// dollars and cents, never rounded into another amount.
fn money(value: &Value) -> Option<Money> {
    match value {
        Value::Number(n) => n.as_f64().and_then(Money::from_dollars),
        Value::String(s) => Money::parse_decimal(s),
        _ => None,
    }
}

/// Where the order goes, as checkout collects it (its own rules: the phone
/// is required only when both phone and code are empty).
#[derive(
    Debug,
    Clone,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema
)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddress {
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub zip_code: String,
    pub phone_code: String,
    pub phone: String,
}

impl ShippingAddress {
    /// The checkout's address rules (spec section 5), each with its message
    /// under `addresses.<field>`. Accepts the payload's lowercase `zipcode`.
    pub fn check(value: &Value) -> Result<ShippingAddress, FieldErrors> {
        let mut errors = FieldErrors::new();
        let Some(fields) = value.as_object() else {
            errors.add("addresses", ADDRESS_REQUIRED);
            return Err(errors);
        };
        let mut read = |name: &str| {
            let text = fields.get(name).map(as_sent).unwrap_or_default();
            errors.check(
                text.chars().count() <= MAX_FIELD,
                &format!("addresses.{name}"),
                TOO_LONG,
            );
            text
        };
        let zip = Some(read("zipCode"))
            .filter(|z| !z.is_empty())
            .unwrap_or_else(|| read("zipcode"));
        let address = ShippingAddress {
            title: read("title"),
            first_name: read("firstName"),
            last_name: read("lastName"),
            street: read("street"),
            city: read("city"),
            state: read("state"),
            country: read("country"),
            zip_code: zip,
            phone_code: read("phoneCode"),
            phone: read("phone"),
        };
        let mut require = |ok: bool, name: &str, message: &str| {
            errors.check(ok, &format!("addresses.{name}"), message)
        };
        require(
            !address.first_name.is_empty(),
            "firstName",
            FIRST_NAME_REQUIRED,
        );
        require(
            !address.last_name.is_empty(),
            "lastName",
            LAST_NAME_REQUIRED,
        );
        require(!address.country.is_empty(), "country", COUNTRY_REQUIRED);
        require(!address.street.is_empty(), "street", STREET_REQUIRED);
        require(!address.zip_code.is_empty(), "zipCode", ZIP_REQUIRED);
        require(
            address.zip_code.is_empty() || is_postal_code(&address.zip_code),
            "zipCode",
            ZIP_INVALID,
        );
        let no_phone = address.phone.is_empty() && address.phone_code.is_empty();
        require(!no_phone, "phone", PHONE_REQUIRED);
        require(
            address.phone.is_empty() || is_phone(&address.phone),
            "phone",
            PHONE_INVALID,
        );
        let address = ShippingAddress {
            phone_code: Some(address.phone_code.clone())
                .filter(|c| !c.is_empty())
                .unwrap_or_else(|| DEFAULT_PHONE_CODE.into()),
            ..address
        };
        errors.into_result(address)
    }
}

/// The body of `POST /api/payment/checkout`, fields as sent.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CardCheckout {
    /// The total the page showed (the cart's `quote.total`); another
    /// amount is answered 409 with the current quote.
    #[schema(value_type = f64, required = true)]
    pub amount: Value,
    /// The tax rate (percent) the page showed, from the client token's
    /// answer; checked like `amount`.
    #[schema(value_type = f64, required = true)]
    pub tax_rate: Value,
    /// The shipping fee the page showed; checked like `amount`.
    #[schema(value_type = f64, required = true)]
    pub shippingfee: Value,
    #[schema(value_type = String, required = true)]
    pub payment_method_nonce: Value,
    /// The cardholder's name as typed: at most 100 characters, not stored
    /// (the order's name is its shipping address's).
    #[schema(value_type = String, required = true)]
    pub customer_name: Value,
    #[schema(value_type = ShippingAddress, required = true)]
    pub addresses: Value,
    /// A client-chosen key making retries of one checkout one payment.
    #[schema(value_type = String, required = true)]
    pub idempotency_key: Value,
}

/// A card checkout whose shape is right.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPayment {
    pub nonce: String,
    pub address: ShippingAddress,
    pub seen: Seen,
    /// What makes two submits the same payment: the idempotency key if
    /// sent, else the nonce (single-use at the provider anyway).
    pub payment_key: String,
}

impl CardCheckout {
    pub fn check(&self) -> Result<CardPayment, FieldErrors> {
        let mut errors = FieldErrors::new();
        let nonce = as_sent(&self.payment_method_nonce);
        errors.check(
            !nonce.is_empty() && nonce.len() <= 512,
            "paymentMethodNonce",
            NONCE_REQUIRED,
        );
        let seen = Seen::read(&self.amount, &self.shippingfee, &self.tax_rate)
            .map_err(|e| errors.merge(e));
        errors.check(
            as_sent(&self.customer_name).chars().count() <= MAX_FIELD,
            "customerName",
            TOO_LONG,
        );
        let address = ShippingAddress::check(&self.addresses).map_err(|e| errors.merge(e));
        let key = Some(as_sent(&self.idempotency_key))
            .filter(|k| !k.is_empty())
            .unwrap_or_else(|| nonce.clone());
        let address = address.unwrap_or_default();
        errors.into_result(CardPayment {
            nonce,
            address,
            seen: seen.unwrap_or(Seen {
                amount: Money::ZERO,
                shippingfee: None,
                tax_basis_points: None,
            }),
            payment_key: payment_key(Provider::Card, &key),
        })
    }
}

/// The body of `POST /api/payment/paypal/capture-order`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayPalCapture {
    /// The PayPal order id `create-order` answered.
    #[schema(value_type = String, required = true)]
    pub order_id: Value,
    #[schema(value_type = ShippingAddress, required = true)]
    pub shipping_address: Value,
    /// Sent as 0 by the page (spec section 7); ignored: the capture takes
    /// the PayPal order's amount, fixed when it was created.
    #[schema(value_type = f64)]
    pub tax_rate: Value,
    /// Sent as 0 by the page; ignored like `taxRate`.
    #[schema(value_type = f64)]
    pub shippingfee: Value,
}

/// The body of `POST /api/payment/paypal/create-order`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayPalCreate {
    /// The total the page showed (the cart's `quote.total`).
    #[schema(value_type = f64, required = true)]
    pub amount: Value,
    /// `USD`, the only currency taken.
    #[schema(value_type = String, required = true)]
    pub currency: Value,
}

pub const USD_ONLY: &str = "Payments are taken in USD only.";

impl PayPalCreate {
    pub fn check(&self) -> Result<Seen, FieldErrors> {
        let mut errors = FieldErrors::new();
        let currency = self.currency.as_str().unwrap_or(CURRENCY);
        errors.check(
            currency.eq_ignore_ascii_case(CURRENCY),
            "currency",
            USD_ONLY,
        );
        let seen =
            Seen::read(&self.amount, &Value::Null, &Value::Null).map_err(|e| errors.merge(e));
        errors.into_result(seen.unwrap_or(Seen {
            amount: Money::ZERO,
            shippingfee: None,
            tax_basis_points: None,
        }))
    }
}

/// A capture whose shape is right.
#[derive(Debug, Clone, PartialEq)]
pub struct CaptureRequest {
    pub paypal_order_id: String,
    pub address: ShippingAddress,
}

impl PayPalCapture {
    pub fn check(&self) -> Result<CaptureRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let id = as_sent(&self.order_id);
        let plausible = (1..=64).contains(&id.len())
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        errors.check(plausible, "orderId", PAYPAL_ORDER_NOT_FOUND);
        let address = ShippingAddress::check(&self.shipping_address)
            .map_err(|e| errors.merge(e))
            .unwrap_or_default();
        errors.into_result(CaptureRequest {
            paypal_order_id: id,
            address,
        })
    }
}

/// What a refused payment tells the shopper (nothing was charged).
pub fn refusal(error: &PaymentError) -> String {
    match error {
        PaymentError::Declined { reason, .. } => format!("Your payment was declined: {reason}."),
        PaymentError::Rejected { reason } => format!("Your payment was refused: {reason}."),
        PaymentError::NonceUsed => {
            "This payment was already submitted. Please enter your card details again.".into()
        }
        PaymentError::InvalidNonce => {
            "This payment method is not valid. Please enter your card details again.".into()
        }
        PaymentError::OrderNotApproved => PAYPAL_NOT_APPROVED.into(),
        PaymentError::AlreadyCaptured => IN_PROGRESS.into(),
        PaymentError::NotFound(_) => PAYPAL_ORDER_NOT_FOUND.into(),
        PaymentError::Invalid(reason) => {
            format!("The payment provider refused the payment: {reason}.")
        }
        PaymentError::Unavailable(_) | PaymentError::Unreachable(_) => UNAVAILABLE.into(),
    }
}

/// The claim key of a payment: a digest, so nonces and keys of any shape
/// make short, safe sort keys and are never stored in clear.
pub fn payment_key(provider: Provider, key: &str) -> String {
    let kind = match provider {
        Provider::Card => "card",
        Provider::PayPal => "paypal",
    };
    let digest = Sha256::digest(format!("{kind}\u{1f}{key}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// How an order was paid, as the order and the invoice show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub provider: Provider,
    /// The provider's transaction (card) or capture (PayPal) id.
    pub reference: String,
    /// PayPal's order id, under which the capture is looked up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_order: Option<String>,
    pub method: PaymentMethodSummary,
    pub amount: Money,
    /// The provider's status when the order was placed: the transaction's
    /// (`SUBMITTED_FOR_SETTLEMENT`, …) or the capture's (`COMPLETED`, or
    /// `PENDING` while PayPal completes it).
    #[serde(default)]
    #[schema(value_type = String)]
    pub status: ProviderStatus,
}

impl Payment {
    pub fn card(charge: Charge) -> Payment {
        Payment {
            provider: Provider::Card,
            reference: charge.id,
            provider_order: None,
            method: charge.method,
            amount: charge.amount,
            status: charge.status,
        }
    }

    pub fn paypal(capture: Capture) -> Payment {
        Payment {
            provider: Provider::PayPal,
            reference: capture.id,
            provider_order: Some(capture.order_id),
            method: PaymentMethodSummary::PayPal {
                email: capture.payer_email.unwrap_or_default(),
            },
            amount: capture.amount,
            status: capture.status,
        }
    }

    /// A PayPal capture PayPal is still completing (e-cheque, review): the
    /// order waits for it as `pending`.
    pub fn is_pending(&self) -> bool {
        self.provider == Provider::PayPal && self.status == ProviderStatus::Pending
    }

    #[cfg(test)]
    pub fn test_card(amount: Money) -> Payment {
        Payment {
            provider: Provider::Card,
            reference: "t1".into(),
            provider_order: None,
            method: PaymentMethodSummary::Card {
                card_type: "VISA".into(),
                last4: "1111".into(),
            },
            amount,
            status: ProviderStatus::SubmittedForSettlement,
        }
    }

    /// `Visa ending in 1111`, `PayPal (ada@example.com)`.
    pub fn describe(&self) -> String {
        match &self.method {
            PaymentMethodSummary::Card { card_type, last4 } => {
                format!("{card_type} ending in {last4}")
            }
            PaymentMethodSummary::PayPal { email } => format!("PayPal ({email})"),
            PaymentMethodSummary::Other { description } => description.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::catalog::ProductSnapshot;
    use crate::timestamp::Timestamp;

    fn line(cents: u32, quantity: u32) -> CartLine {
        CartLine {
            id: format!("{cents:0>32}"),
            product: ProductSnapshot {
                id: "p".into(),
                slug: "p".into(),
                name: "Gown".into(),
                product_gallery: vec![],
            },
            category: "Set".into(),
            color: "Ivory".into(),
            size: crate::cart::LineSize::chosen("M").unwrap(),
            quantity,
            price: Money::from_cents(cents),
            created_at: Timestamp::now(),
            updated_at: Timestamp::now(),
        }
    }

    #[test]
    fn quotes_add_express_below_the_threshold_and_tax_when_configured() {
        let small = Quote::of(&[line(100_000, 2)], 0).unwrap();
        assert_eq!(
            (
                small.subtotal.cents(),
                small.shippingfee.cents(),
                small.total.cents()
            ),
            (200_000, 5_690, 205_690)
        );
        let free = Quote::of(&[line(227_602, 1)], 0).unwrap();
        assert_eq!((free.shippingfee.cents(), free.total.cents()), (0, 227_602));
        let taxed = Quote::of(&[line(10_000, 1)], 1_000).unwrap();
        assert_eq!((taxed.tax.cents(), taxed.total.cents()), (1_000, 16_690));
        assert_eq!(Quote::of(&[], 0), None);
    }

    #[test]
    fn the_clients_amount_is_checked_never_trusted() {
        let quote = Quote::of(&[line(100_000, 2)], 0).unwrap();
        let seen = |amount, fee, tax| Seen::read(&amount, &fee, &tax);
        let shown = seen(json!(2056.9), json!(56.9), json!(0)).unwrap();
        assert!(quote.was_seen(&shown));
        assert_eq!(shown.tax_basis_points, Some(0));
        assert!(quote.was_seen(&seen(json!("2056.90"), Value::Null, Value::Null).unwrap()));
        assert!(!quote.was_seen(&seen(json!(1.0), Value::Null, Value::Null).unwrap()));
        assert!(!quote.was_seen(&seen(json!(2056.9), json!(0), Value::Null).unwrap()));
        // Sub-cent amounts are refused, never rounded into the quote's.
        for off in [json!(56.899), json!("56.90000001"), json!(-56.9)] {
            let errors = seen(json!(2056.9), off, Value::Null).unwrap_err();
            assert_eq!(errors.get("shippingfee"), Some(FEE_NOT_MONEY));
        }
        let errors = seen(Value::Null, json!("x"), json!(101)).unwrap_err();
        assert_eq!(errors.get("amount"), Some(AMOUNT_REQUIRED));
        assert_eq!(errors.get("shippingfee"), Some(FEE_NOT_MONEY));
        assert_eq!(errors.get("taxRate"), Some(TAX_RATE_INVALID));
        assert_eq!(
            seen(json!(1), Value::Null, json!("8.25"))
                .unwrap()
                .tax_basis_points,
            Some(825)
        );
    }

    #[test]
    fn checkout_addresses_follow_the_checkout_rules() {
        let ok = ShippingAddress::check(&json!({"firstName": "Lan", "lastName": "Tran",
            "country": "Vietnam", "street": "1 Le Loi", "zipcode": "700000", "phone": "0901234567"}))
        .unwrap();
        assert_eq!(
            (ok.zip_code.as_str(), ok.phone_code.as_str()),
            ("700000", "+84")
        );
        let errors = ShippingAddress::check(&json!({"zipCode": "12", "phone": "x"})).unwrap_err();
        assert_eq!(errors.get("addresses.firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.get("addresses.country"), Some(COUNTRY_REQUIRED));
        assert_eq!(errors.get("addresses.zipCode"), Some(ZIP_INVALID));
        assert_eq!(errors.get("addresses.phone"), Some(PHONE_INVALID));
        let no_phone = ShippingAddress::check(&json!({})).unwrap_err();
        assert_eq!(no_phone.get("addresses.phone"), Some(PHONE_REQUIRED));
        let code_only = ShippingAddress::check(&json!({"phoneCode": "+84"})).unwrap_err();
        assert_eq!(code_only.get("addresses.phone"), None);
        assert_eq!(
            ShippingAddress::check(&Value::Null)
                .unwrap_err()
                .get("addresses"),
            Some(ADDRESS_REQUIRED)
        );
    }

    #[test]
    fn the_same_nonce_or_key_is_the_same_payment() {
        let body = |nonce: &str, key: Value| CardCheckout {
            amount: json!(1),
            payment_method_nonce: json!(nonce),
            addresses: json!({"firstName": "A", "lastName": "B", "country": "VN",
                "street": "S", "zipCode": "70000", "phone": "0901234567"}),
            idempotency_key: key,
            ..CardCheckout::default()
        };
        let a = body("n1", Value::Null).check().unwrap();
        assert_eq!(
            a.payment_key,
            body("n1", Value::Null).check().unwrap().payment_key
        );
        assert_ne!(
            a.payment_key,
            body("n2", Value::Null).check().unwrap().payment_key
        );
        let keyed = body("n3", json!("k")).check().unwrap().payment_key;
        assert_eq!(keyed, body("n4", json!("k")).check().unwrap().payment_key);
        assert_eq!(
            body("", Value::Null)
                .check()
                .unwrap_err()
                .get("paymentMethodNonce"),
            Some(NONCE_REQUIRED)
        );
    }
}
