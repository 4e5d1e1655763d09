//! The HTTP client every adapter uses, and how transport failures map to
//! [`PaymentError::Unavailable`].

use domain::ports::PaymentError;
use serde_json::Value;

use crate::config::Timeouts;

pub fn client(timeouts: &Timeouts) -> Result<reqwest::Client, PaymentError> {
    reqwest::Client::builder()
        .connect_timeout(timeouts.connect)
        .timeout(timeouts.total)
        .user_agent(concat!("couture-payments/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| PaymentError::Unreachable(format!("HTTP client: {e}")))
}

/// A request that did not complete. One that never connected sent nothing
/// ([`PaymentError::Unreachable`]); a timeout or a reset after connecting
/// may have been acted on ([`PaymentError::Unavailable`]: outcome unknown).
pub fn transport(provider: &str, error: reqwest::Error) -> PaymentError {
    if error.is_connect() {
        tracing::warn!(provider, error = %error, "payment provider could not be reached");
        return PaymentError::Unreachable(format!("{provider} could not be reached"));
    }
    let what = if error.is_timeout() {
        "timed out"
    } else {
        "failed"
    };
    tracing::warn!(provider, error = %error, "payment provider call {what}");
    PaymentError::Unavailable(format!("{provider} {what}"))
}

/// Reads a JSON body; a body that is not JSON means the provider is not
/// answering as itself (a proxy error page, a truncated answer).
pub async fn json_body(
    provider: &str,
    response: reqwest::Response,
) -> Result<(u16, Value), PaymentError> {
    let status = response.status().as_u16();
    let bytes = response.bytes().await.map_err(|e| transport(provider, e))?;
    if status >= 500 {
        tracing::warn!(provider, status, "payment provider answered a server error");
        return Err(PaymentError::Unavailable(format!(
            "{provider} answered {status}"
        )));
    }
    let body = serde_json::from_slice::<Value>(&bytes).map_err(|_| {
        tracing::warn!(provider, status, "payment provider answered no JSON");
        PaymentError::Unavailable(format!("{provider} answered {status} without JSON"))
    })?;
    Ok((status, body))
}
