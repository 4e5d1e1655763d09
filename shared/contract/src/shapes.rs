//! The bodies handlers build ad hoc (`json!({...})`), as types: each says
//! exactly what its route sends, so the document can describe it. Entities
//! themselves (products, bag lines, addresses...) are the domain's types.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use domain::accounts::records::ProfileView;
use domain::address::Address;
use domain::cart::CartLine;
use domain::catalog::{Collection, ProductCard};
use domain::order::OrderView;
use domain::wishlist::WishlistEntry;

/// Every 4xx and 5xx answer (`shop_http::ApiError`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Error {
    /// The message to show.
    pub message: String,
    /// A stable machine code: `validation`, `bad_request`, `unauthorized`,
    /// `forbidden`, `origin_not_allowed`, `not_found`, `conflict`,
    /// `payload_too_large`, `unsupported_media_type`, `too_many_requests`,
    /// `internal`...
    pub code: String,
    /// The message of each field that broke a rule, by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub errors: Option<BTreeMap<String, String>>,
    /// `false` on the payment routes' refusals (the flag checkout reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub success: Option<bool>,
}

/// `{ message }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

/// `POST /api/auth/verify-email`: verified; or, the link followed from a
/// browser that did not create the account, taken over by the address's
/// owner, with a reset link's token to choose a password.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub reset_token: Option<String>,
}

/// `GET /api/cart`: the lines in the order added, each priced from the
/// catalogue as it is now, and the quote of those still sold.
#[derive(Debug, Serialize, ToSchema)]
pub struct Bag {
    pub data: Vec<domain::checkout::PricedLine>,
    /// The sum of the lines' quantities.
    pub count: u32,
    /// Subtotal, shipping, tax and total of the available lines: the one
    /// price the site shows and sends back as the checkout's `amount`.
    /// Null for an empty bag (or one with nothing still sold).
    pub quote: Option<domain::checkout::Quote>,
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
pub struct Wishlist {
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
    pub data: Address,
}

/// `GET /api/orders/me`: the orders newest first, nested as the spec has it.
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
    pub code: String,
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
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub quote: Option<domain::checkout::Quote>,
}

/// `GET /api/payment/status/{id}`: what became of a payment.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentStatusAnswer {
    /// `placed`, `confirming` or `failed` (not charged, or given back).
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub order: Option<domain::order::OrderView>,
}

/// A paid and placed order (a replay answers the same order).
#[derive(Debug, Serialize, ToSchema)]
pub struct Paid {
    pub success: bool,
    pub message: String,
    pub order: domain::order::OrderView,
}

/// The body of `POST /api/payment/paypal/create-order`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayPalCreate {
    /// What the page shows and expects to pay (checked against the bag).
    pub amount: f64,
    /// `USD`.
    pub currency: String,
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
