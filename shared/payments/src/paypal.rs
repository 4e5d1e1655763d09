//! PayPal Orders v2: an OAuth2 client-credentials token (cached until shortly
//! before it expires), order creation (intent CAPTURE), capture, and
//! Payments v2 refunds of a capture (whole or in part), each with the
//! `PayPal-Request-Id` idempotency header.

use std::time::{Duration, Instant};

use domain::ports::{
    Capture, Money, PayPalOrder, PayPalRefund, PaymentError, ProviderStatus, Refund,
};
use serde_json::{json, Value};
use tokio::sync::Mutex;

use crate::config::PayPalCredentials;
use crate::http;
use domain::checkout::CURRENCY;

const PROVIDER: &str = "PayPal";
/// A token is renewed this long before PayPal says it expires.
const EXPIRY_MARGIN: Duration = Duration::from_secs(60);

pub struct PayPalOrders {
    http: reqwest::Client,
    api: String,
    client_id: String,
    client_secret: String,
    token: Mutex<Option<(String, Instant)>>,
}

impl PayPalOrders {
    /// `http`: the payments' one client ([`http::client`]).
    pub fn new(credentials: &PayPalCredentials, http: reqwest::Client) -> Self {
        Self {
            http,
            api: credentials.api_url.trim_end_matches('/').to_string(),
            client_id: credentials.client_id.clone(),
            client_secret: credentials.client_secret.clone(),
            token: Mutex::new(None),
        }
    }

    /// The cached access token, or a new one.
    async fn access_token(&self) -> Result<String, PaymentError> {
        let mut cached = self.token.lock().await;
        if let Some((token, until)) = cached.as_ref() {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let response = self
            .http
            .post(format!("{}/v1/oauth2/token", self.api))
            .basic_auth(&self.client_id, Some(&self.client_secret))
            .header("Accept", "application/json")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("grant_type=client_credentials")
            .send()
            .await
            .map_err(|e| http::transport(PROVIDER, e))?;
        let (status, body) = http::json_body(PROVIDER, response).await?;
        let token = body.get("access_token").and_then(Value::as_str);
        let (200, Some(token)) = (status, token) else {
            tracing::error!(status, "PayPal refused the client credentials");
            return Err(PaymentError::Unreachable(format!(
                "{PROVIDER} refused the client credentials ({status})"
            )));
        };
        let lifetime =
            Duration::from_secs(body.get("expires_in").and_then(Value::as_u64).unwrap_or(0));
        let until = Instant::now() + lifetime.saturating_sub(EXPIRY_MARGIN);
        *cached = Some((token.to_string(), until));
        Ok(token.to_string())
    }

    /// POSTs JSON with the bearer token; a 401 (token revoked or expired
    /// early) gets one fresh token and one retry.
    async fn post(
        &self,
        path: &str,
        request_id: &str,
        body: &Value,
    ) -> Result<(u16, Value), PaymentError> {
        for attempt in 0..2 {
            let token = self.access_token().await?;
            let response = self
                .http
                .post(format!("{}{path}", self.api))
                .bearer_auth(&token)
                .header("Accept", "application/json")
                .header("PayPal-Request-Id", request_id)
                .header("Prefer", "return=representation")
                .json(body)
                .send()
                .await
                .map_err(|e| http::transport(PROVIDER, e))?;
            let (status, body) = http::json_body(PROVIDER, response).await?;
            if status == 401 && attempt == 0 {
                *self.token.lock().await = None;
                continue;
            }
            return Ok((status, body));
        }
        Err(PaymentError::Unreachable(format!(
            "{PROVIDER} refused the access token"
        )))
    }

    pub async fn create_order(
        &self,
        amount: Money,
        currency: &str,
        request_id: &str,
    ) -> Result<String, PaymentError> {
        if amount.is_zero() {
            return Err(PaymentError::Invalid("the amount must be positive".into()));
        }
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{ "amount": { "currency_code": currency, "value": amount.to_decimal() } }],
        });
        let (status, body) = self.post("/v2/checkout/orders", request_id, &body).await?;
        if !(200..300).contains(&status) {
            return Err(map_error(status, &body));
        }
        body.get("id")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| PaymentError::Unavailable(format!("{PROVIDER}: no order id")))
    }

    pub async fn capture(&self, order_id: &str, request_id: &str) -> Result<Capture, PaymentError> {
        if !is_resource_id(order_id) {
            return Err(PaymentError::NotFound(format!("PayPal order {order_id:?}")));
        }
        let path = format!("/v2/checkout/orders/{order_id}/capture");
        let (status, body) = self.post(&path, request_id, &json!({})).await?;
        if !(200..300).contains(&status) {
            return Err(map_error(status, &body));
        }
        let capture = captures(&body, order_id)
            .into_iter()
            .next()
            .ok_or_else(|| {
                PaymentError::Unavailable(format!("{PROVIDER}: no capture in the answer"))
            })?;
        if matches!(
            capture.status,
            ProviderStatus::Declined | ProviderStatus::Failed
        ) {
            return Err(PaymentError::Declined {
                code: capture.status.to_string(),
                reason: "PayPal declined the payment.".into(),
            });
        }
        Ok(capture)
    }

    /// The order with its captures (`GET /v2/checkout/orders/{id}`).
    pub async fn order(&self, order_id: &str) -> Result<PayPalOrder, PaymentError> {
        if !is_resource_id(order_id) {
            return Err(PaymentError::NotFound(format!("PayPal order {order_id:?}")));
        }
        let token = self.access_token().await?;
        let response = self
            .http
            .get(format!("{}/v2/checkout/orders/{order_id}", self.api))
            .bearer_auth(&token)
            .header("Accept", "application/json")
            .send()
            .await
            .map_err(|e| http::transport(PROVIDER, e))?;
        let (status, body) = http::json_body(PROVIDER, response).await?;
        if !(200..300).contains(&status) {
            return Err(map_error(status, &body));
        }
        Ok(PayPalOrder {
            id: order_id.to_string(),
            status: body
                .get("status")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            captures: captures(&body, order_id),
        })
    }
}

fn is_resource_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The readable captures of an order's answer, each with what its refunds
/// gave back (`COMPLETED`) and are giving back (`PENDING`).
fn captures(order: &Value, order_id: &str) -> Vec<Capture> {
    let text = |v: &Value, p: &str| v.pointer(p).and_then(Value::as_str).map(str::to_string);
    let units = order.get("purchase_units").and_then(Value::as_array);
    units
        .into_iter()
        .flatten()
        .flat_map(|unit| {
            let listed = unit.pointer("/payments/captures").and_then(Value::as_array);
            let refunds = unit.pointer("/payments/refunds").and_then(Value::as_array);
            let first = listed.and_then(|l| l.first()).and_then(|c| text(c, "/id"));
            listed.into_iter().flatten().filter_map(move |capture| {
                let id = text(capture, "/id")?;
                let of_capture = |status: &str| {
                    refunds_of(refunds.into_iter().flatten(), &id, first.as_deref(), status)
                };
                Some(Capture {
                    order_id: text(order, "/id").unwrap_or_else(|| order_id.to_string()),
                    status: text(capture, "/status").unwrap_or_default().into(),
                    amount: text(capture, "/amount/value")
                        .and_then(|v| Money::parse_decimal(&v))?,
                    currency: text(capture, "/amount/currency_code").unwrap_or_default(),
                    payer_email: text(order, "/payer/email_address")
                        .or_else(|| text(order, "/payment_source/paypal/email_address")),
                    payer_id: text(order, "/payer/payer_id")
                        .or_else(|| text(order, "/payment_source/paypal/account_id")),
                    refunded: of_capture("COMPLETED"),
                    refunding: of_capture("PENDING"),
                    id,
                })
            })
        })
        .collect()
}

/// The sum of the refunds in `status` of capture `id`: a refund names its
/// capture by its `up` link; one without it is the unit's first capture's.
fn refunds_of<'v>(
    refunds: impl Iterator<Item = &'v Value>,
    id: &str,
    first: Option<&str>,
    status: &str,
) -> Money {
    let capture_of = |refund: &Value| {
        let links = refund.get("links").and_then(Value::as_array);
        let up = links.into_iter().flatten().find(|l| l["rel"] == "up");
        match up.and_then(|l| l["href"].as_str()) {
            Some(href) => href.ends_with(&format!("/captures/{id}")),
            None => first == Some(id),
        }
    };
    refunds
        .filter(|r| r["status"] == status && capture_of(r))
        .filter_map(|r| {
            r.pointer("/amount/value")?
                .as_str()
                .and_then(Money::parse_decimal)
        })
        .fold(Money::ZERO, |sum, m| sum.checked_add(m).unwrap_or(sum))
}

impl PayPalOrders {
    /// Gives back the refund's amount of its capture (`POST
    /// /v2/payments/captures/{id}/refund`) under its `PayPal-Request-Id`,
    /// so a retry answers the first refund.
    pub async fn refund(&self, refund: PayPalRefund<'_>) -> Result<Refund, PaymentError> {
        let PayPalRefund {
            capture_id,
            amount,
            request_id,
        } = refund;
        let valid = (1..=64).contains(&capture_id.len())
            && capture_id.bytes().all(|b| b.is_ascii_alphanumeric());
        if !valid {
            return Err(PaymentError::NotFound(format!(
                "PayPal capture {capture_id:?}"
            )));
        }
        let path = format!("/v2/payments/captures/{capture_id}/refund");
        let body = json!({ "amount": { "value": amount.to_decimal(), "currency_code": CURRENCY } });
        let (status, body) = self.post(&path, request_id, &body).await?;
        if !(200..300).contains(&status) {
            return Err(map_error(status, &body));
        }
        let text = |p: &str| body.pointer(p).and_then(Value::as_str).map(str::to_string);
        let refund = match (
            text("/id"),
            text("/amount/value").and_then(|v| Money::parse_decimal(&v)),
        ) {
            (Some(id), Some(amount)) => Refund {
                id,
                status: text("/status").unwrap_or_default().into(),
                amount,
            },
            _ => {
                return Err(PaymentError::Unavailable(format!(
                    "{PROVIDER}: no refund in the answer"
                )))
            }
        };
        match refund.status.as_str() {
            "CANCELLED" | "FAILED" => Err(PaymentError::Invalid(format!(
                "{PROVIDER} {} the refund",
                refund.status.as_str().to_lowercase()
            ))),
            _ => Ok(refund),
        }
    }
}

/// A 4xx answer as a port error, by its first `details[].issue`.
fn map_error(status: u16, body: &Value) -> PaymentError {
    let issue = body
        .pointer("/details/0/issue")
        .and_then(Value::as_str)
        .unwrap_or("");
    let message = body
        .pointer("/details/0/description")
        .or_else(|| body.get("message"))
        .and_then(Value::as_str)
        .unwrap_or("refused")
        .to_string();
    match (status, issue) {
        (_, "ORDER_NOT_APPROVED" | "PAYER_ACTION_REQUIRED") => PaymentError::OrderNotApproved,
        (_, "ORDER_ALREADY_CAPTURED" | "ORDER_ALREADY_COMPLETED" | "DUPLICATE_INVOICE_ID") => {
            PaymentError::AlreadyCaptured
        }
        (_, "INSTRUMENT_DECLINED" | "TRANSACTION_REFUSED" | "PAYER_CANNOT_PAY") => {
            PaymentError::Declined {
                code: issue.to_string(),
                reason: message,
            }
        }
        (404, _) | (_, "INVALID_RESOURCE_ID") => PaymentError::NotFound(message),
        (401 | 403, _) => PaymentError::Unreachable(format!("{PROVIDER} refused the access token")),
        (429, _) => PaymentError::Unreachable(format!("{PROVIDER} is rate limiting")),
        _ => PaymentError::Invalid(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_counts_its_completed_refunds_and_keeps_pending_ones_apart() {
        let refund = |status: &str, value: &str, up: Option<&str>| {
            let links = up.map_or(json!([]), |c| {
                json!([{ "rel": "up", "href": format!("https://api/v2/payments/captures/{c}") }])
            });
            json!({ "status": status, "amount": { "value": value }, "links": links })
        };
        let order = json!({
            "id": "PP1",
            "purchase_units": [{ "payments": {
                "captures": [
                    { "id": "CAP1", "status": "PARTIALLY_REFUNDED", "amount": { "value": "100.00", "currency_code": "USD" } },
                    { "id": "CAP2", "status": "COMPLETED", "amount": { "value": "50.00", "currency_code": "USD" } },
                ],
                "refunds": [
                    refund("COMPLETED", "10.00", Some("CAP1")),
                    refund("COMPLETED", "5.50", None),
                    refund("PENDING", "20.00", Some("CAP1")),
                    refund("FAILED", "30.00", Some("CAP1")),
                    refund("COMPLETED", "7.00", Some("CAP2")),
                ],
            } }],
        });
        let found = captures(&order, "PP1");
        let totals: Vec<_> = found.iter().map(|c| (c.refunded, c.refunding)).collect();
        assert_eq!(
            totals,
            [
                (Money::from_cents(1_550), Money::from_cents(2_000)),
                (Money::from_cents(700), Money::ZERO)
            ],
            "a refund without an up link is the first capture's"
        );
    }

    #[test]
    fn issues_map_to_port_errors() {
        let e = |status, issue: &str| {
            map_error(
                status,
                &json!({ "details": [{ "issue": issue, "description": "d" }] }),
            )
        };
        assert_eq!(e(422, "ORDER_NOT_APPROVED"), PaymentError::OrderNotApproved);
        assert_eq!(
            e(422, "ORDER_ALREADY_CAPTURED"),
            PaymentError::AlreadyCaptured
        );
        assert_eq!(
            e(404, "INVALID_RESOURCE_ID"),
            PaymentError::NotFound("d".into())
        );
        assert!(matches!(
            e(422, "INSTRUMENT_DECLINED"),
            PaymentError::Declined { .. }
        ));
        assert_eq!(
            e(400, "DECIMAL_PRECISION"),
            PaymentError::Invalid("d".into())
        );
    }
}
