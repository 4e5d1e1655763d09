//! What the console's order routes answer: the queue's summaries and an
//! order's page, built from the domain's order, its client and timeline.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::accounts::UserProfile;
use domain::checkout::{Payment, Provider, ShippingAddress};
use domain::order::{Order, OrderStatus, Shipment, TimelineEntry};
use domain::pricing::Money;
use domain::timestamp::Timestamp;

/// How many orders are in each status.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    pub pending: usize,
    pub awaiting_confirmation: usize,
    pub confirmed: usize,
    pub delivered: usize,
    pub canceled: usize,
}

/// The client of an order: their account's email and name.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Client {
    pub email: String,
    pub name: String,
}

impl Client {
    /// The account's, or the shipping address's name once the account is gone.
    pub fn of(order: &Order, profile: Option<&UserProfile>) -> Self {
        match profile {
            Some(p) => Client {
                email: p.email.clone(),
                name: format!("{} {}", p.firstname, p.lastname).trim().to_string(),
            },
            None => Client {
                email: String::new(),
                name: format!(
                    "{} {}",
                    order.shipping_address.first_name, order.shipping_address.last_name
                )
                .trim()
                .to_string(),
            },
        }
    }
}

/// An order as the queue lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub id: String,
    /// `#SQBB-KJT7`.
    pub number: String,
    pub status: OrderStatus,
    pub placed_at: Timestamp,
    pub client: Client,
    /// Pieces bought.
    pub pieces: u32,
    pub total: Money,
    pub refunded: Money,
}

impl OrderSummary {
    pub fn of(order: &Order, profile: Option<&UserProfile>) -> Self {
        OrderSummary {
            id: order.id.clone(),
            number: order.number().to_string(),
            status: order.status,
            placed_at: order.created_at,
            client: Client::of(order, profile),
            pieces: order.items.iter().map(|i| i.quantity).sum(),
            total: order.totals().total,
            refunded: order.refunded(),
        }
    }
}

/// `GET /api/atelier/orders`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderQueue {
    pub counts: StatusCounts,
    /// Newest first.
    pub orders: Vec<OrderSummary>,
}

/// The queue's filters, as sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct QueueParams {
    pub status: Option<String>,
    pub q: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// One line of an order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailLine {
    pub name: String,
    pub slug: String,
    /// The first picture of the piece, if any.
    pub picture: Option<String>,
    pub category: String,
    pub color: String,
    pub size: String,
    pub quantity: u32,
    /// Unit price.
    pub price: Money,
    pub refunded_quantity: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailTotals {
    pub subtotal: Money,
    pub shippingfee: Money,
    pub tax: Money,
    pub total: Money,
    pub refunded: Money,
}

/// The payment as the order keeps it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DetailPayment {
    pub provider: Provider,
    pub reference: String,
    /// `Visa ending in 1111`, `PayPal (ada@example.com)`.
    pub method: String,
    pub amount: Money,
    /// The provider's status when the order was placed.
    pub status: String,
}

impl DetailPayment {
    pub fn of(payment: &Payment) -> Self {
        DetailPayment {
            provider: payment.provider,
            reference: payment.reference.clone(),
            method: payment.describe(),
            amount: payment.amount,
            status: payment.status.to_string(),
        }
    }
}

/// What the provider's ledger says of the payment now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LedgerView {
    #[serde(rename_all = "camelCase")]
    Read {
        status: String,
        amount: Money,
        refunded: Money,
        checked_at: Timestamp,
    },
    /// The provider could not be asked.
    Error { error: String },
}

/// What the staff member may do to the order now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OrderAction {
    Confirm,
    Ship,
    Deliver,
    Cancel,
    Refund,
    Resend,
    Note,
}

/// An order's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    pub id: String,
    pub number: String,
    pub status: OrderStatus,
    pub placed_at: Timestamp,
    pub client: Client,
    pub lines: Vec<DetailLine>,
    pub totals: DetailTotals,
    pub shipping_address: ShippingAddress,
    pub payment: DetailPayment,
    pub ledger: LedgerView,
    pub shipment: Option<Shipment>,
    /// Oldest first.
    pub timeline: Vec<TimelineEntry>,
    pub actions: Vec<OrderAction>,
}

impl OrderDetail {
    pub fn lines(order: &Order) -> Vec<DetailLine> {
        order
            .items
            .iter()
            .enumerate()
            .map(|(i, item)| DetailLine {
                name: item.product.name.clone(),
                slug: item.product.slug.clone(),
                picture: item.product.product_gallery.first().cloned(),
                category: item.category.clone(),
                color: item.color.clone(),
                size: item.size.to_string(),
                quantity: item.quantity,
                price: item.price,
                refunded_quantity: order.refunded_quantity(i),
            })
            .collect()
    }

    pub fn totals(order: &Order) -> DetailTotals {
        let totals = order.totals();
        DetailTotals {
            subtotal: totals.subtotal,
            shippingfee: totals.shippingfee,
            tax: totals.tax,
            total: totals.total,
            refunded: order.refunded(),
        }
    }
}

/// `POST …/cancel`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CancelForm {
    #[schema(value_type = String, required = true)]
    pub reason: serde_json::Value,
}

/// `POST …/notes`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NoteForm {
    #[schema(value_type = String, required = true)]
    pub text: serde_json::Value,
}

/// A move with no fields (`confirm`, `deliver`, `resend-confirmation`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct NoFields {}
