//! Payment: the SDK's client token, card checkout, PayPal create/capture and
//! a payment's status. Signed-in only. Each route is a few named steps
//! around `domain::checkout::Checkout`, which owns the process (claim →
//! charge → place → undo, a lost answer reconciled later); this file only
//! reads requests and words answers.
//!
//! Table requests of a card checkout: one GetItem (a replay?), one Query
//! (the bag), one BatchGet (its products, priced now), one conditional
//! PutItem (the claim), one transaction (order + bag + claim) — five; a
//! mail failure adds one write (the pending-confirmation marker).

use app::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use domain::answers::{
    ClientToken, ErrorCode, Paid, PayPalOrderCreated, PayPalOrderId, PaymentConfirming,
    PaymentConflict, PaymentStatusAnswer,
};
use domain::checkout::{
    self, CardCheckout, CheckoutError, PayPalCapture, PayPalCreate, PaymentStatus, Settled,
    Shopper, CONFIRMING, EMPTY_BAG, IN_PROGRESS, ITEMS_UNAVAILABLE, NOT_PLACED, PAID,
    PAYPAL_BAG_CHANGED, PAYPAL_ORDER_NOT_FOUND, QUOTE_CHANGED,
};
use domain::ids::PaymentId;
use domain::limits::Limit;
use domain::ports::PaymentError;
use shop_http::{limits, ApiError, CurrentUser, IdInPath, JsonBody};

/// PayPal orders one shopper may open in an hour: each is a call to PayPal
/// and a claim awaiting approval.
pub const PAYPAL_ORDERS: Limit = Limit {
    scope: "paypal-order",
    max: 30,
    window: 3600,
};
pub const TOO_MANY_PAYPAL_ORDERS: &str =
    "Too many PayPal payments were started. Please wait a while and try again.";

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/payment/client-token", get(client_token))
        .route("/api/payment/checkout", post(card_checkout))
        .route("/api/payment/status/{id}", get(payment_status))
        .route(
            "/api/payment/paypal/create-order",
            post(paypal_create_order),
        )
        .route(
            "/api/payment/paypal/capture-order",
            post(paypal_capture_order),
        )
        .with_state(app)
}

fn shopper(user: &CurrentUser) -> Shopper<'_> {
    Shopper {
        id: &user.id,
        email: &user.email,
    }
}

/// `{clientToken, taxRate}`: the payment SDK's token for this customer, and
/// the tax rate (percent) the shop's quote adds, which the page sends back.
pub async fn client_token(
    State(app): State<App>,
    user: CurrentUser,
) -> Result<Json<ClientToken>, Refusal> {
    let token = app.gateway.client_token(Some(&user.id)).await?;
    Ok(Json(ClientToken {
        client_token: token,
        tax_rate: f64::from(app.config.tax_basis_points) / 100.0,
    }))
}

/// Pays the bag by card: 201 with the order, 200 for a replay of a placed
/// payment, 202 while the payment is being confirmed.
pub async fn card_checkout(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<CardCheckout>,
) -> Result<Settlement, Refusal> {
    let payment = body.check().map_err(CheckoutError::Invalid)?;
    let settled = app.checkout().pay_by_card(shopper(&user), payment).await?;
    Ok(settled.into())
}

/// Opens the PayPal order for the bag at the quote the shopper saw:
/// `{order: {id}}`.
pub async fn paypal_create_order(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<PayPalCreate>,
) -> Result<Json<PayPalOrderCreated>, Refusal> {
    let seen = body.check().map_err(CheckoutError::Invalid)?;
    limits::hit(&app, PAYPAL_ORDERS, &user.id, app.clock.now())
        .await
        .map_err(|e| e.with_message(TOO_MANY_PAYPAL_ORDERS))?;
    let id = app.checkout().open_paypal(shopper(&user), seen).await?;
    Ok(Json(PayPalOrderCreated {
        order: PayPalOrderId { id },
    }))
}

/// Captures an approved PayPal order of this shopper once and places the
/// order: as the card checkout answers.
pub async fn paypal_capture_order(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<PayPalCapture>,
) -> Result<Settlement, Refusal> {
    let request = body.check().map_err(CheckoutError::Invalid)?;
    let settled = app
        .checkout()
        .capture_paypal(shopper(&user), request)
        .await?;
    Ok(settled.into())
}

/// What became of a payment the shopper was told is being confirmed:
/// `{status: "placed", order}`, `{status: "confirming", message}` or
/// `{status: "failed", message}`.
pub async fn payment_status(
    State(app): State<App>,
    user: CurrentUser,
    id: Result<IdInPath<PaymentId>, ApiError>,
) -> Result<Json<PaymentStatusAnswer>, Refusal> {
    let IdInPath(id) = id?;
    let status = app
        .checkout()
        .status(&user.id, id.as_str())
        .await
        .map_err(ApiError::from)?;
    Ok(Json(match status {
        PaymentStatus::Placed(order) => PaymentStatusAnswer::Placed {
            order: Box::new(order.view()),
        },
        PaymentStatus::Confirming => PaymentStatusAnswer::Confirming {
            message: CONFIRMING.into(),
        },
        PaymentStatus::Failed => PaymentStatusAnswer::Failed {
            message: NOT_PLACED.into(),
        },
    }))
}

/// What a payment answers once settled: 201 with the order placed now, 200
/// with the order a replay had placed, 202 while it is being confirmed.
pub enum Settlement {
    Placed(Paid),
    Replayed(Paid),
    Confirming(PaymentConfirming),
}

impl From<Settled> for Settlement {
    fn from(settled: Settled) -> Self {
        match settled {
            Settled::Placed { order, new } => {
                let paid = Paid {
                    success: true,
                    message: PAID.into(),
                    order: order.view(),
                };
                if new {
                    Settlement::Placed(paid)
                } else {
                    Settlement::Replayed(paid)
                }
            }
            Settled::Confirming { payment_id } => Settlement::Confirming(PaymentConfirming {
                success: false,
                code: ErrorCode::PaymentConfirming,
                message: CONFIRMING.into(),
                payment_id,
            }),
        }
    }
}

impl IntoResponse for Settlement {
    fn into_response(self) -> Response {
        match self {
            Settlement::Placed(paid) => (StatusCode::CREATED, Json(paid)).into_response(),
            Settlement::Replayed(paid) => Json(paid).into_response(),
            Settlement::Confirming(confirming) => {
                (StatusCode::ACCEPTED, Json(confirming)).into_response()
            }
        }
    }
}

/// Every refusal of the payment routes says `success: false`, the flag the
/// checkout page reads; a changed quote also carries the new quote.
pub enum Refusal {
    Checkout(CheckoutError),
    Api(ApiError),
}

impl From<CheckoutError> for Refusal {
    fn from(error: CheckoutError) -> Self {
        Refusal::Checkout(error)
    }
}

impl From<ApiError> for Refusal {
    fn from(error: ApiError) -> Self {
        Refusal::Api(error)
    }
}

impl From<PaymentError> for Refusal {
    fn from(error: PaymentError) -> Self {
        Refusal::Checkout(CheckoutError::Refused(error))
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let error = match self {
            Refusal::Api(error) => error,
            Refusal::Checkout(CheckoutError::QuoteChanged(quote)) => {
                let body = PaymentConflict {
                    success: false,
                    code: ErrorCode::QuoteChanged,
                    message: QUOTE_CHANGED.into(),
                    quote: Some(quote),
                };
                return (StatusCode::CONFLICT, Json(body)).into_response();
            }
            Refusal::Checkout(error) => refused(error),
        };
        error.with_success_flag().into_response()
    }
}

fn refused(error: CheckoutError) -> ApiError {
    match error {
        CheckoutError::Invalid(errors) => ApiError::validation(errors),
        CheckoutError::EmptyBag => ApiError::bad_request(EMPTY_BAG),
        CheckoutError::ItemsUnavailable => ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::ProductUnavailable,
            ITEMS_UNAVAILABLE,
        ),
        CheckoutError::QuoteChanged(_) => ApiError::conflict(QUOTE_CHANGED),
        CheckoutError::BagChangedSinceOpened => ApiError::conflict(PAYPAL_BAG_CHANGED),
        CheckoutError::PayPalOrderNotFound => ApiError::not_found(PAYPAL_ORDER_NOT_FOUND),
        CheckoutError::NotPlaced => ApiError::conflict(NOT_PLACED),
        CheckoutError::Table(error) => error.into(),
        CheckoutError::Refused(error) => provider_refusal(&error),
    }
}

/// A refusal by the provider as the shopper hears it: nothing was charged.
fn provider_refusal(error: &PaymentError) -> ApiError {
    let message = checkout::refusal(error);
    let (status, code) = match error {
        PaymentError::Unavailable(_) | PaymentError::Unreachable(_) => {
            tracing::error!(%error, "payment provider unavailable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::PaymentUnavailable,
            )
        }
        PaymentError::NotFound(_) => (StatusCode::NOT_FOUND, ErrorCode::NotFound),
        PaymentError::AlreadyCaptured => return ApiError::conflict(IN_PROGRESS),
        _ => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::PaymentRefused),
    };
    ApiError::new(status, code, message)
}
