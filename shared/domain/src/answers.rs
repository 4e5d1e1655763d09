//! What the handlers answer, as types: the functions build them and the
//! API contract documents them, so the two cannot disagree. Entities
//! themselves (products, bag lines, addresses...) are their modules' types;
//! these are the envelopes around them and the answers that are only words.

use std::borrow::Cow;

use serde::Serialize;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder};
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::accounts::ProfileView;
use crate::address::AddressView;
use crate::cart::CartLine;
use crate::catalog::{Collection, ProductCard};
use crate::checkout::{PricedLine, Quote};
use crate::order::OrderView;
use crate::wishlist::WishlistEntry;

/// A list answer: `{ "data": [...] }`, the shape the spec names for lists.
#[derive(Debug, Serialize)]
pub struct List<T> {
    pub data: Vec<T>,
}

impl<T> From<Vec<T>> for List<T> {
    fn from(data: Vec<T>) -> Self {
        Self { data }
    }
}

impl<T: ToSchema> PartialSchema for List<T> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .property(
                "data",
                ArrayBuilder::new().items(Ref::from_schema_name(T::name())),
            )
            .required("data")
            .into()
    }
}

/// Named after its items: `MenuList`.
impl<T: ToSchema> ToSchema for List<T> {
    fn name() -> Cow<'static, str> {
        Cow::Owned(format!("{}List", T::name()))
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        T::schemas(schemas);
        schemas.push((T::name().into_owned(), T::schema()));
    }
}

/// The stable machine code of every refusal the API answers (the `code`
/// of an error body): the one list of them, which the contract publishes
/// as a union the site switches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// A field broke a rule: `errors` names it.
    Validation,
    BadRequest,
    Unauthorized,
    Forbidden,
    OriginNotAllowed,
    NotFound,
    MethodNotAllowed,
    Conflict,
    PayloadTooLarge,
    UnsupportedMediaType,
    TooManyRequests,
    /// A link that worked once and no longer does (a used invitation).
    Gone,
    Internal,
    /// The bag's quote is not the one the page showed: the body carries the new one.
    QuoteChanged,
    /// A product of the bag was withdrawn.
    ProductUnavailable,
    /// The provider's answer was lost: the payment is being confirmed.
    PaymentConfirming,
    /// The payment provider could not be reached; nothing was charged.
    PaymentUnavailable,
    /// The provider refused the payment; nothing was charged.
    PaymentRefused,
}

/// As the body spells it (`quote_changed`): serde's spelling, written once.
impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.serialize(f)
    }
}

/// `{ message }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// `POST /api/auth/verify-email/preview`: what following the link would do,
/// with nothing done yet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyPreview {
    /// The address the link is for.
    pub email: String,
    pub action: VerifyAction,
}

/// What a verification link does when its page's button is pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum VerifyAction {
    /// The address is verified already: nothing to do.
    Verified,
    /// This browser is trusted by the account (it created it or signed in
    /// to it): the address is marked verified.
    Confirm,
    /// Any other browser: whoever follows the link proves the address, and
    /// its owner takes the account over, choosing its password.
    Claim,
}

/// `POST /api/auth/verify-email`: verified; or, claimed by the address's
/// owner, who is now signed in with the password they chose.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub message: String,
    /// Claimed: the owner's (new) account, signed in.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub user: Option<SignedInUser>,
}

/// `GET /api/cart`: the lines in the order added, each priced from the
/// catalogue as it is now, and the quote of those still sold.
#[derive(Debug, Serialize, ToSchema)]
pub struct BagView {
    pub data: Vec<PricedLine>,
    /// The sum of the lines' quantities.
    pub count: u32,
    /// Subtotal, shipping, tax and total of the available lines: the one
    /// price the site shows and sends back as the checkout's `amount`.
    /// Null for an empty bag (or one with nothing still sold).
    pub quote: Option<Quote>,
}

/// A bag line added or changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartLineSaved {
    pub message: String,
    pub data: CartLine,
}

/// A bag line or an address removed: `{ message, id }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Removed {
    pub message: String,
    pub id: String,
}

/// `GET /api/wishlist`: entries newest first and their product ids.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistView {
    pub data: Vec<WishlistEntry>,
    pub product_ids: Vec<String>,
}

/// A product saved to the wishlist.
#[derive(Debug, Serialize, ToSchema)]
pub struct WishlistEntrySaved {
    pub message: String,
    pub data: WishlistEntry,
}

/// A product taken off the wishlist.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistRemoved {
    pub message: String,
    pub product_id: String,
}

/// An address created or updated.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressSaved {
    pub message: String,
    pub data: AddressView,
}

/// `GET /api/orders/me`: the orders newest first, nested as the spec has
/// it (`data.data`).
#[derive(Debug, Serialize, ToSchema)]
pub struct MyOrders {
    pub data: OrderList,
}

/// The inner `{ data: [orders] }` of `GET /api/orders/me`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    pub data: Vec<OrderView>,
}

/// The answer of a customer's delivery confirmation, success or not.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryConfirmation {
    pub success: bool,
    pub message: String,
}

/// A made-to-order or appointment request received.
#[derive(Debug, Serialize, ToSchema)]
pub struct RequestReceived {
    pub message: String,
    pub data: RequestId,
}

/// The id of a request received.
#[derive(Debug, Serialize, ToSchema)]
pub struct RequestId {
    pub id: String,
}

/// An account created, or a profile edited: `{ message, user }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileSaved {
    pub message: String,
    pub user: ProfileView,
}

/// `POST /api/auth/login`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoggedIn {
    pub message: String,
    pub user: SignedInUser,
}

/// Who signed in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedInUser {
    pub id: String,
    pub email: String,
}

/// `POST /api/auth/logout`: where the browser goes next after a Facebook
/// sign-in (its logout page), else `null`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoggedOut {
    pub message: String,
    #[schema(required = true)]
    pub redirect: Option<String>,
}

/// `GET /api/collections/{id}`: the collection and its active products.
#[derive(Debug, Serialize, ToSchema)]
pub struct CollectionWithProducts {
    #[serde(flatten)]
    pub collection: Collection,
    pub products: Vec<ProductCard>,
}

/// The payment SDK's client token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientToken {
    pub client_token: String,
    /// The tax rate in percent that the checkout adds to the subtotal (0 unless configured).
    pub tax_rate: f64,
}

/// The provider's answer was lost: the payment is being confirmed (the
/// bag is kept; the same key charges nothing more). Poll
/// `GET /api/payment/status/{paymentId}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentConfirming {
    pub success: bool,
    /// `payment_confirming`.
    pub code: ErrorCode,
    pub message: String,
    pub payment_id: String,
}

/// A payment refused before any charge because the bag is not what the
/// page showed (`code` `quote_changed`, with the current quote, which the
/// page shows before the shopper pays again; or `product_unavailable`), or
/// given back because the bag changed while paying (`conflict`).
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentConflict {
    pub success: bool,
    pub code: ErrorCode,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub quote: Option<Quote>,
}

/// `GET /api/payment/status/{id}`: what became of a payment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum PaymentStatusAnswer {
    /// Paid and placed: the order.
    Placed { order: Box<OrderView> },
    /// The provider's answer is still being confirmed.
    Confirming { message: String },
    /// Not charged, or given back.
    Failed { message: String },
}

/// A paid and placed order (a replay answers the same order).
#[derive(Debug, Serialize, ToSchema)]
pub struct Paid {
    pub success: bool,
    pub message: String,
    pub order: OrderView,
}

/// A PayPal order's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayPalOrderId {
    pub id: String,
}

/// The PayPal order created for the bag.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayPalOrderCreated {
    pub order: PayPalOrderId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_code_reads_as_its_body_spells_it() {
        assert_eq!(ErrorCode::QuoteChanged.to_string(), "quote_changed");
        assert_eq!(
            serde_json::to_value(ErrorCode::TooManyRequests).unwrap(),
            "too_many_requests"
        );
    }
}
