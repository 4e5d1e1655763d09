//! Payment: the SDK's client token, card checkout and PayPal create/capture.
//! Signed-in only. The amount is the shop's (`domain::checkout::Quote`), a
//! payment is claimed before it is charged so that replays and simultaneous
//! submits make one charge and one order, and the order is placed with the
//! bag's clearing in one transaction (`domain::checkout::Payments`).
//!
//! Table requests of a card checkout: one Query (the bag), one conditional
//! PutItem (the claim), one transaction (order + bag + claim) — three; a mail
//! failure adds one write (the pending-confirmation marker).

mod confirmation;

use std::time::Duration;

use app::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use domain::cart::{Bag, CartLine};
use domain::checkout::{
    self, payment_key, CardCheckout, Claim, ClaimState, Claimed, PayPalCapture, Payment, Payments,
    Placed, Quote, ShippingAddress, CURRENCY, EMPTY_BAG, IN_PROGRESS, NOT_PLACED, PAID,
    PAYPAL_BAG_CHANGED, PAYPAL_ORDER_NOT_FOUND,
};
use domain::order::{Order, OrderStatus, Orders};
use domain::ports::payments::{PaymentError, PaymentMethodSummary};
use domain::records::Outcome;
use domain::timestamp::Timestamp;
use shop_http::{ApiError, ApiResult, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/payment/client-token", get(client_token))
        .route("/api/payment/checkout", post(card_checkout))
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

/// `{clientToken, taxRate}`: the payment SDK's token for this customer, and
/// the tax rate (percent) the shop's quote adds, so the page shows and sends
/// exactly the amount the checkout will charge.
async fn client_token(State(app): State<App>, user: CurrentUser) -> Answer<Json<Value>> {
    let token = app
        .payments
        .client_token(Some(&user.id))
        .await
        .map_err(|e| refused(&e))?;
    Ok(Json(json!({
        "clientToken": token,
        "taxRate": f64::from(app.config.tax_basis_points) / 100.0,
    })))
}

async fn card_checkout(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<CardCheckout>,
) -> Answer<(StatusCode, Json<Value>)> {
    let payment = body.check()?;
    let payments = Payments::of(&*app.table, &user.id);
    let lines = Bag::of(&*app.table, &user.id).lines().await?;
    let quote = match quote(&app, &lines).and_then(|q| {
        q.confirm(&body.amount, &body.shippingfee)?;
        Ok(q)
    }) {
        Ok(quote) => quote,
        // A replay of a placed payment meets the bag it emptied.
        Err(refusal) => match payments.find(&payment.payment_key).await? {
            Some(claim) => return Ok(answer_replay(&app, &user, claim).await?),
            None => return Err(refusal.into()),
        },
    };
    let claim = new_claim(payment.payment_key, ClaimState::Charging, quote.total);
    if let Claimed::Existing(existing) = payments.claim(&claim).await? {
        return Ok(answer_replay(&app, &user, existing).await?);
    }
    let charge = match app
        .payments
        .charge(&payment.nonce, quote.total, &claim.order_id)
        .await
    {
        Ok(charge) => charge,
        Err(error) => {
            payments.release(&claim.key).await?;
            return Err(refused(&error).into());
        }
    };
    let paid = Payment {
        provider: "card".into(),
        reference: charge.id.clone(),
        method: charge.method,
        amount: charge.amount,
    };
    let sale = Sale {
        claim: &claim,
        lines: &lines,
        quote,
        address: payment.address,
    };
    Ok(complete(&app, &payments, &user, sale, paid, Paid::Card(charge.id)).await?)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct CreateOrder {
    amount: Value,
    currency: Value,
}

/// Creates the PayPal order for the bag at the shop's amount: `{order: {id}}`.
async fn paypal_create_order(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<CreateOrder>,
) -> Answer<Json<Value>> {
    let currency = body.currency.as_str().unwrap_or(CURRENCY);
    if !currency.eq_ignore_ascii_case(CURRENCY) {
        return Err(ApiError::bad_request("Payments are taken in USD only.").into());
    }
    let lines = Bag::of(&*app.table, &user.id).lines().await?;
    let quote = quote(&app, &lines)?;
    quote.confirm(&body.amount, &Value::Null)?;
    let mut claim = new_claim(String::new(), ClaimState::Created, quote.total);
    let paypal_id = app
        .payments
        .paypal_create_order(quote.total, CURRENCY, &claim.order_id)
        .await
        .map_err(|e| refused(&e))?;
    claim.key = payment_key("paypal", &paypal_id);
    let _ = Payments::of(&*app.table, &user.id).claim(&claim).await?;
    Ok(Json(json!({ "order": { "id": paypal_id } })))
}

/// Captures an approved PayPal order of this customer once and places the
/// order: `{success: true, order}`, or `{success: false, message}`.
async fn paypal_capture_order(
    State(app): State<App>,
    user: CurrentUser,
    JsonBody(body): JsonBody<PayPalCapture>,
) -> Answer<(StatusCode, Json<Value>)> {
    let request = body.check()?;
    let payments = Payments::of(&*app.table, &user.id);
    let key = payment_key("paypal", &request.paypal_order_id);
    // Another customer's PayPal order is not under this customer's key.
    let claim = payments
        .find(&key)
        .await?
        .ok_or_else(|| ApiError::not_found(PAYPAL_ORDER_NOT_FOUND))?;
    if claim.state != ClaimState::Created {
        return Ok(answer_replay(&app, &user, claim).await?);
    }
    let lines = Bag::of(&*app.table, &user.id).lines().await?;
    if quote(&app, &lines)?.total != claim.amount {
        return Err(ApiError::conflict(PAYPAL_BAG_CHANGED).into());
    }
    let Outcome::Done(claim) = payments
        .advance(&key, ClaimState::Created, ClaimState::Charging)
        .await?
    else {
        let current = payments.find(&key).await?;
        let current = current.ok_or_else(|| ApiError::not_found(PAYPAL_ORDER_NOT_FOUND))?;
        return Ok(answer_replay(&app, &user, current).await?);
    };
    let capture = match app
        .payments
        .paypal_capture(&request.paypal_order_id, &claim.order_id)
        .await
    {
        Ok(capture) => capture,
        Err(error) => {
            // Not captured: the buyer may approve and try again.
            let _ = payments
                .advance(&key, ClaimState::Charging, ClaimState::Created)
                .await?;
            return Err(refused(&error).into());
        }
    };
    let paid = Payment {
        provider: "paypal".into(),
        reference: capture.id.clone(),
        method: PaymentMethodSummary::PayPal {
            email: capture.payer_email.unwrap_or_default(),
        },
        amount: capture.amount,
    };
    let sale = Sale {
        claim: &claim,
        lines: &lines,
        quote: quote(&app, &lines)?,
        address: request.address,
    };
    let reversal = Paid::PayPal(capture.id);
    Ok(complete(&app, &payments, &user, sale, paid, reversal).await?)
}

/// The shop's quote of the bag; an empty bag is refused.
fn quote(app: &App, lines: &[CartLine]) -> ApiResult<Quote> {
    Quote::of(lines, app.config.tax_basis_points).ok_or_else(|| ApiError::bad_request(EMPTY_BAG))
}

fn new_claim(key: String, state: ClaimState, amount: domain::pricing::Money) -> Claim {
    Claim {
        key,
        order_id: ulid::Ulid::new().to_string(),
        state,
        amount,
        created_at: Timestamp::now(),
    }
}

/// What a paid order is made of: the claim it settles, the bag it empties,
/// the shop's quote of that bag and where it ships.
struct Sale<'a> {
    claim: &'a Claim,
    lines: &'a [CartLine],
    quote: Quote,
    address: ShippingAddress,
}

/// The money is taken: places the order, sends the confirmation and answers
/// `201 {success: true, order}`; both payment methods end here.
async fn complete(
    app: &App,
    payments: &Payments<'_>,
    user: &CurrentUser,
    sale: Sale<'_>,
    payment: Payment,
    paid: Paid,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let (claim, lines) = (sale.claim, sale.lines);
    let order = order_of(sale, user, payment)?;
    place(app, payments, &order, lines, claim, paid).await?;
    confirmation::send(app, user, &order).await;
    Ok((StatusCode::CREATED, Json(placed_answer(order))))
}

fn order_of(sale: Sale<'_>, user: &CurrentUser, payment: Payment) -> ApiResult<Order> {
    let mut order = Order::from_lines(
        &sale.claim.order_id,
        &user.id,
        OrderStatus::AwaitingConfirmation,
        sale.lines,
        Timestamp::now(),
    )
    .map_err(|_| ApiError::bad_request(EMPTY_BAG))?;
    order.tax = sale.quote.tax;
    order.shipping_address = Some(sale.address);
    order.payment = Some(payment);
    Ok(order)
}

/// The money taken, to give back if the order cannot be placed.
enum Paid {
    Card(String),
    PayPal(String),
}

/// Places the order; if that fails the payment is reversed and the claim
/// released, so no payment is left without an order.
async fn place(
    app: &App,
    payments: &Payments<'_>,
    order: &Order,
    lines: &[CartLine],
    claim: &Claim,
    paid: Paid,
) -> ApiResult<()> {
    let placed = payments.place(order, lines, &claim.key).await;
    if let Ok(Placed::Done) = placed {
        return Ok(());
    }
    let reversed = match &paid {
        Paid::Card(id) => app.payments.void(id).await,
        Paid::PayPal(id) => app.payments.paypal_refund(id).await.map(|_| ()),
    };
    match reversed {
        Ok(()) => payments.release(&claim.key).await?,
        Err(error) => tracing::error!(
            alarm = "payment_without_order",
            order = %order.id,
            %error,
            "the order was not placed and the payment could not be reversed: refund it with shopctl"
        ),
    }
    match placed {
        Ok(Placed::BagChanged) => Err(ApiError::conflict(NOT_PLACED)),
        Ok(_) => Err(ApiError::conflict(IN_PROGRESS)),
        Err(error) => Err(error.into()),
    }
}

/// A replayed or simultaneous payment: once the first is placed, its order;
/// while it is being charged, a short wait for it.
async fn answer_replay(
    app: &App,
    user: &CurrentUser,
    claim: Claim,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let payments = Payments::of(&*app.table, &user.id);
    let mut claim = Some(claim);
    for _ in 0..100 {
        match claim {
            Some(Claim {
                state: ClaimState::Placed,
                ref order_id,
                ..
            }) => {
                let order = Orders::of(&*app.table, &user.id).get(order_id).await?;
                let order = order.ok_or_else(ApiError::internal)?;
                return Ok((StatusCode::OK, Json(placed_answer(order))));
            }
            Some(Claim {
                state: ClaimState::Charging,
                ref key,
                ..
            }) => {
                let key = key.clone();
                tokio::time::sleep(Duration::from_millis(100)).await;
                claim = payments.find(&key).await?;
            }
            // Released (declined or reversed), or a PayPal order not captured.
            _ => return Err(ApiError::conflict(NOT_PLACED)),
        }
    }
    Err(ApiError::conflict(IN_PROGRESS))
}

fn placed_answer(order: Order) -> Value {
    json!({ "success": true, "message": PAID, "order": order.view() })
}

/// A refused payment as the shopper hears it: nothing was charged.
fn refused(error: &PaymentError) -> ApiError {
    let message = checkout::refusal(error);
    let (status, code) = match error {
        PaymentError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "payment_unavailable"),
        PaymentError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
        PaymentError::AlreadyCaptured => (StatusCode::CONFLICT, "conflict"),
        _ => (StatusCode::UNPROCESSABLE_ENTITY, "payment_refused"),
    };
    if matches!(error, PaymentError::Unavailable(_)) {
        tracing::error!(%error, "payment provider unavailable");
    }
    ApiError::new(status, code, message)
}

/// Every refusal of the payment routes also says `success: false`, the
/// flag the checkout page reads.
pub struct Failed(ApiError);

impl<E: Into<ApiError>> From<E> for Failed {
    fn from(error: E) -> Self {
        Failed(error.into())
    }
}

impl axum::response::IntoResponse for Failed {
    fn into_response(self) -> axum::response::Response {
        self.0.with_success_flag().into_response()
    }
}

type Answer<T> = Result<T, Failed>;
