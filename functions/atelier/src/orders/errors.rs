//! How the desk's refusals and the provider's silences answer, and the
//! provider's ledger as an order's page shows it.

use app::App;
use axum::http::StatusCode;

use domain::answers::ErrorCode;
use domain::checkout::{Provider, RefundRefused};
use domain::order::{DeskError, Order};
use domain::validation::FieldErrors;
use shop_http::ApiError;

use super::LedgerView;

pub const MOVE_FORBIDDEN: &str = "This order's status does not allow that.";
pub const RACED: &str = "The order changed while it was being moved. Please look at it again.";
pub const NOT_SHIPPABLE: &str = "Only a confirmed order can be shipped.";
pub const PROVIDER_REFUSED: &str =
    "The payment provider refused the refund: nothing was given back.";
pub const PROVIDER_UNREACHABLE: &str =
    "The payment provider could not be reached: nothing was given back. Please try again.";
pub const NOT_EMAILED: &str = "The email could not be sent. Please try again later.";

/// 422 with each field's message.
pub fn unprocessable(errors: FieldErrors) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        ..ApiError::validation(errors)
    }
}

/// 502: the provider's answer was lost; the refund is neither done nor not done.
pub fn refund_unknown(message: &str) -> ApiError {
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        ErrorCode::PaymentConfirming,
        message,
    )
}

pub fn not_emailed(error: String) -> ApiError {
    tracing::error!(%error, "the client was not emailed");
    ApiError::new(StatusCode::BAD_GATEWAY, ErrorCode::Internal, NOT_EMAILED)
}

/// What a move the desk refused answers.
pub fn desk_refused(error: DeskError) -> ApiError {
    match error {
        DeskError::Refused(_) => ApiError::conflict(MOVE_FORBIDDEN),
        DeskError::NotShippable(_) => ApiError::conflict(NOT_SHIPPABLE),
        DeskError::Raced => ApiError::conflict(RACED),
        DeskError::RefundUnknown(error) => {
            tracing::error!(%error, "a whole refund's answer was lost");
            refund_unknown(domain::checkout::REFUND_UNKNOWN)
        }
        DeskError::RefundRefused(error) => provider_refused(error),
        DeskError::Refund(refused) => match refused {
            RefundRefused::Provider(error) => provider_refused(error),
            RefundRefused::Unreachable(error) => {
                tracing::error!(%error, "the provider could not be asked before a refund");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    ErrorCode::PaymentUnavailable,
                    PROVIDER_UNREACHABLE,
                )
            }
            RefundRefused::Table(error) => error.into(),
            other => ApiError::conflict(other.to_string()),
        },
        DeskError::Table(error) => error.into(),
    }
}

fn provider_refused(error: domain::ports::PaymentError) -> ApiError {
    tracing::warn!(%error, "the provider refused a refund");
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        ErrorCode::PaymentRefused,
        format!("{PROVIDER_REFUSED} ({error})"),
    )
}

/// What the provider's ledger says of the order's payment now.
pub async fn ledger(app: &App, order: &Order) -> LedgerView {
    let payment = &order.payment;
    let checked_at = app.clock.now();
    let read = match payment.provider {
        Provider::Card => app.gateway.find_charges(&order.id).await.map(|charges| {
            charges
                .into_iter()
                .find(|c| c.id == payment.reference)
                .map(|c| (c.status.to_string(), c.amount, c.refunded))
        }),
        Provider::PayPal => match payment.provider_order.as_deref() {
            None => Ok(None),
            Some(id) => app.gateway.paypal_order(id).await.map(|found| {
                found
                    .captures
                    .into_iter()
                    .find(|c| c.id == payment.reference)
                    .map(|c| (c.status.to_string(), c.amount, c.refunded))
            }),
        },
    };
    match read {
        Ok(Some((status, amount, refunded))) => LedgerView::Read {
            status,
            amount,
            refunded,
            checked_at,
        },
        Ok(None) => LedgerView::Error {
            error: "The provider has no record of this payment.".into(),
        },
        Err(error) => LedgerView::Error {
            error: format!("The provider could not be asked: {error}"),
        },
    }
}
