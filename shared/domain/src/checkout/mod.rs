//! Checkout: what the shopper sends, what the shop charges, and the order a
//! payment becomes.
//!
//! The amount is computed here from the bag (catalogue unit prices ×
//! quantities), the Express fee and the tax rate; the client's `amount` and
//! `shippingfee` are checked against it, never trusted, so a tampered or
//! stale page charges nothing. How a payment is made idempotent and turned
//! into an order in one transaction is in [`store`].

mod invoice;
mod store;

pub use invoice::{confirmation_email, invoice_html, invoice_key, usd};

pub use store::{Claim, ClaimState, Claimed, Payments, PendingConfirmation, Placed};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::address::{is_phone, is_postal_code, DEFAULT_PHONE_CODE, MAX_FIELD, TOO_LONG};
use crate::cart::CartLine;
use crate::ports::payments::{PaymentError, PaymentMethodSummary};
use crate::pricing::{Money, Totals, MAX_MONEY};
use crate::validation::FieldErrors;

pub const EMPTY_BAG: &str = "Your shopping bag is empty.";
pub const AMOUNT_CHANGED: &str =
    "The amount to pay has changed. Please review your order and try again.";
pub const SHIPPING_CHANGED: &str =
    "The shipping fee has changed. Please review your order and try again.";
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

/// What an order costs, computed by the shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
        let Totals { shippingfee, .. } = Totals::of(subtotal)?;
        let tax =
            Money::from_cents((subtotal.cents() * i64::from(tax_basis_points) + 5_000) / 10_000);
        let total = subtotal.checked_add(shippingfee)?.checked_add(tax)?;
        (total <= MAX_MONEY).then_some(Quote {
            subtotal,
            shippingfee,
            tax,
            total,
        })
    }

    /// The client's amount and fee against the shop's, each with its message.
    pub fn confirm(&self, amount: &Value, shippingfee: &Value) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        match money(amount) {
            None => errors.add("amount", AMOUNT_REQUIRED),
            Some(sent) => errors.check(sent == self.total, "amount", AMOUNT_CHANGED),
        }
        if !shippingfee.is_null() {
            let same = money(shippingfee) == Some(self.shippingfee);
            errors.check(same, "shippingfee", SHIPPING_CHANGED);
        }
        errors.into_result(())
    }
}

/// A decimal USD amount as sent (`2356.5` or `"2356.50"`).
fn money(value: &Value) -> Option<Money> {
    match value {
        Value::Number(n) => n.as_f64().and_then(Money::from_dollars),
        Value::String(s) => s.trim().parse::<f64>().ok().and_then(Money::from_dollars),
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
#[serde(rename_all = "camelCase", default)]
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
            let text = fields.get(name).map(text).unwrap_or_default();
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

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// The body of `POST /api/payment/checkout`, fields as sent.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CardCheckout {
    pub amount: Value,
    pub tax_rate: Value,
    pub shippingfee: Value,
    pub payment_method_nonce: Value,
    pub customer_name: Value,
    pub addresses: Value,
    /// A client-chosen key making retries of one checkout one payment.
    pub idempotency_key: Value,
}

/// A card checkout whose shape is right.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPayment {
    pub nonce: String,
    pub address: ShippingAddress,
    /// What makes two submits the same payment: the idempotency key if
    /// sent, else the nonce (single-use at the provider anyway).
    pub payment_key: String,
}

impl CardCheckout {
    pub fn check(&self) -> Result<CardPayment, FieldErrors> {
        let mut errors = FieldErrors::new();
        let nonce = text(&self.payment_method_nonce);
        errors.check(
            !nonce.is_empty() && nonce.len() <= 512,
            "paymentMethodNonce",
            NONCE_REQUIRED,
        );
        if self.amount.is_null() {
            errors.add("amount", AMOUNT_REQUIRED);
        }
        let address = ShippingAddress::check(&self.addresses).map_err(|e| errors.merge(e));
        let key = Some(text(&self.idempotency_key))
            .filter(|k| !k.is_empty())
            .unwrap_or_else(|| nonce.clone());
        let address = address.unwrap_or_default();
        errors.into_result(CardPayment {
            nonce,
            address,
            payment_key: payment_key("card", &key),
        })
    }
}

/// The body of `POST /api/payment/paypal/capture-order`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PayPalCapture {
    pub order_id: Value,
    pub shipping_address: Value,
    pub tax_rate: Value,
    pub shippingfee: Value,
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
        let id = text(&self.order_id);
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
        PaymentError::Unavailable(_) => UNAVAILABLE.into(),
    }
}

/// The claim key of a payment: a digest, so nonces and keys of any shape
/// make short, safe sort keys and are never stored in clear.
pub fn payment_key(kind: &str, key: &str) -> String {
    let digest = Sha256::digest(format!("{kind}\u{1f}{key}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// How an order was paid, as the order and the invoice show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    /// `card` or `paypal`.
    pub provider: String,
    /// The provider's transaction (card) or capture (PayPal) id.
    pub reference: String,
    pub method: PaymentMethodSummary,
    pub amount: Money,
}

impl Payment {
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

    fn line(cents: i64, quantity: u32) -> CartLine {
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
            size: "M".into(),
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
        assert!(quote.confirm(&json!(2056.9), &json!(56.9)).is_ok());
        assert!(quote.confirm(&json!("2056.90"), &Value::Null).is_ok());
        let errors = quote.confirm(&json!(1.0), &json!(0)).unwrap_err();
        assert_eq!(errors.get("amount"), Some(AMOUNT_CHANGED));
        assert_eq!(errors.get("shippingfee"), Some(SHIPPING_CHANGED));
        assert_eq!(
            quote
                .confirm(&Value::Null, &Value::Null)
                .unwrap_err()
                .get("amount"),
            Some(AMOUNT_REQUIRED)
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
