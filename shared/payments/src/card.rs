//! The card provider's gateway through its GraphQL API, as its server SDKs
//! call it: `POST` JSON `{query, variables}` to the GraphQL endpoint with
//! HTTP Basic public/private keys and a `Braintree-Version` date header.
//!
//! The API answers HTTP 200 for business outcomes: `errors[]` with
//! `extensions.legacyCode` for refused requests (91564 nonce already used,
//! 91565 unknown nonce, …), and a transaction whose status is
//! `PROCESSOR_DECLINED` or `GATEWAY_REJECTED` for a refused charge.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::ports::{Charge, Money, PaymentError, PaymentMethodSummary, Refund};
use serde_json::{json, Value};

use crate::config::GatewayCredentials;
use crate::http;

/// The GraphQL schema version the queries below are written against.
pub const API_VERSION: &str = "2019-01-01";
const PROVIDER: &str = "card gateway";

const CLIENT_TOKEN: &str = "mutation CreateClientToken($input: CreateClientTokenInput) { createClientToken(input: $input) { clientToken } }";

const CHARGE: &str = "mutation ChargePaymentMethod($input: ChargePaymentMethodInput!) { chargePaymentMethod(input: $input) { transaction { id legacyId status orderId amount { value currencyCode } paymentMethodSnapshot { __typename ... on CreditCardDetails { brandCode last4 } ... on PayPalTransactionDetails { payer { email } } } statusHistory { __typename status ... on ProcessorDeclinedEvent { processorResponse { legacyCode message } } ... on GatewayRejectedEvent { gatewayRejectionReason } } } } }";

/// The fields of a transaction the shop reads, after a charge or a search.
/// Its refunds too, so a refunded charge is never taken for money held.
const SEARCH: &str = "query SearchTransactions($input: TransactionSearchInput!) { search { transactions(input: $input, first: 50) { edges { node { id legacyId status orderId amount { value currencyCode } paymentMethodSnapshot { __typename ... on CreditCardDetails { brandCode last4 } ... on PayPalTransactionDetails { payer { email } } } refunds { id status amount { value } } } } } } }";

const REVERSE: &str = "mutation ReverseTransaction($input: ReverseTransactionInput!) { reverseTransaction(input: $input) { reversal { __typename ... on Transaction { id status } ... on Refund { id status } } } }";

const REFUND: &str = "mutation RefundTransaction($input: RefundTransactionInput!) { refundTransaction(input: $input) { refund { id legacyId status amount { value currencyCode } } } }";

pub struct CardGateway {
    http: reqwest::Client,
    url: String,
    authorization: String,
}

impl CardGateway {
    /// `http`: the payments' one client ([`http::client`]).
    pub fn new(credentials: &GatewayCredentials, http: reqwest::Client) -> Self {
        let pair = format!("{}:{}", credentials.public_key, credentials.private_key);
        Self {
            http,
            url: credentials.graphql_url.clone(),
            authorization: format!("Basic {}", STANDARD.encode(pair)),
        }
    }

    /// Runs one operation and returns `data.{op}`, or the mapped error.
    async fn call(&self, op: &str, query: &str, input: Value) -> Result<Value, PaymentError> {
        let response = self
            .http
            .post(&self.url)
            .header("Authorization", &self.authorization)
            .header("Braintree-Version", API_VERSION)
            .header("Accept", "application/json")
            .json(&json!({ "query": query, "variables": { "input": input } }))
            .send()
            .await
            .map_err(|e| http::transport(PROVIDER, e))?;
        let (status, body) = http::json_body(PROVIDER, response).await?;
        if status == 401 || status == 403 {
            tracing::error!(status, "card gateway refused the API keys");
            return Err(PaymentError::Unreachable(format!(
                "{PROVIDER} refused the credentials ({status})"
            )));
        }
        if let Some(error) = body
            .get("errors")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
        {
            return Err(map_error(error));
        }
        if status != 200 {
            return Err(PaymentError::Unavailable(format!(
                "{PROVIDER} answered {status}"
            )));
        }
        body.pointer(&format!("/data/{op}"))
            .filter(|v| v.is_object())
            .cloned()
            .ok_or_else(|| PaymentError::Unavailable(format!("{PROVIDER}: no {op} in the answer")))
    }

    pub async fn client_token(&self, customer_id: Option<&str>) -> Result<String, PaymentError> {
        let mut token = json!({});
        if let Some(customer) = customer_id {
            token["customerId"] = json!(customer);
        }
        let data = self
            .call(
                "createClientToken",
                CLIENT_TOKEN,
                json!({ "clientToken": token }),
            )
            .await?;
        text(&data, "/clientToken")
            .ok_or_else(|| PaymentError::Unavailable(format!("{PROVIDER}: no client token")))
    }

    pub async fn charge(
        &self,
        nonce: &str,
        amount: Money,
        order_reference: &str,
    ) -> Result<Charge, PaymentError> {
        if nonce.trim().is_empty() {
            return Err(PaymentError::InvalidNonce);
        }
        let input = json!({
            "paymentMethodId": nonce,
            "transaction": { "amount": amount.to_decimal(), "orderId": order_reference },
        });
        let data = self.call("chargePaymentMethod", CHARGE, input).await?;
        let tx = data
            .get("transaction")
            .filter(|t| t.is_object())
            .ok_or_else(|| PaymentError::Unavailable(format!("{PROVIDER}: no transaction")))?;
        charge_outcome(tx)
    }

    /// Every transaction recorded with this order id, newest first.
    pub async fn find_charges(&self, order_reference: &str) -> Result<Vec<Charge>, PaymentError> {
        let input = json!({ "orderId": { "is": order_reference } });
        let data = self.call("search", SEARCH, input).await?;
        let edges = data
            .pointer("/transactions/edges")
            .and_then(Value::as_array)
            .ok_or_else(|| PaymentError::Unavailable(format!("{PROVIDER}: no search results")))?;
        edges
            .iter()
            .map(|edge| {
                let node = edge.get("node").unwrap_or(&Value::Null);
                transaction(node).ok_or_else(|| {
                    PaymentError::Unavailable(format!("{PROVIDER}: an unreadable transaction"))
                })
            })
            .collect()
    }

    /// Voids an unsettled charge, refunds a settled one in full.
    pub async fn reverse(&self, transaction_id: &str) -> Result<(), PaymentError> {
        let data = self
            .call(
                "reverseTransaction",
                REVERSE,
                json!({ "transactionId": transaction_id }),
            )
            .await?;
        match text(&data, "/reversal/status").as_deref() {
            Some("FAILED" | "GATEWAY_REJECTED" | "PROCESSOR_DECLINED") => Err(
                PaymentError::Invalid("the reversal was refused".to_string()),
            ),
            Some(_) => Ok(()),
            None => Err(PaymentError::Unavailable(format!(
                "{PROVIDER}: no reversal"
            ))),
        }
    }

    pub async fn refund(
        &self,
        transaction_id: &str,
        amount: Money,
    ) -> Result<Refund, PaymentError> {
        let input = json!({
            "transactionId": transaction_id,
            "refund": { "amount": amount.to_decimal() },
        });
        let data = self.call("refundTransaction", REFUND, input).await?;
        let refund = data.get("refund").cloned().unwrap_or(Value::Null);
        let id = text(&refund, "/id");
        let amount = text(&refund, "/amount/value").and_then(|v| Money::parse_decimal(&v));
        match (id, amount) {
            (Some(id), Some(amount)) => Ok(Refund {
                id,
                status: text(&refund, "/status").unwrap_or_default().into(),
                amount,
            }),
            _ => Err(PaymentError::Unavailable(format!("{PROVIDER}: no refund"))),
        }
    }
}

fn text(v: &Value, pointer: &str) -> Option<String> {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// An `errors[]` entry as a port error.
fn map_error(error: &Value) -> PaymentError {
    let message = text(error, "/message").unwrap_or_else(|| "refused".into());
    let code = text(error, "/extensions/legacyCode").unwrap_or_default();
    let class = text(error, "/extensions/errorClass").unwrap_or_default();
    match code.as_str() {
        "91564" => return PaymentError::NonceUsed,
        "91565" | "91566" | "91567" | "91568" | "93107" | "93108" => {
            return PaymentError::InvalidNonce
        }
        _ => {}
    }
    if code.len() == 4 && code.starts_with('2') {
        return PaymentError::Declined {
            code,
            reason: message,
        };
    }
    match class.as_str() {
        "NOT_FOUND" => PaymentError::NotFound(message),
        "VALIDATION" | "UNSUPPORTED_CLIENT" => PaymentError::Invalid(message),
        _ => {
            tracing::warn!(class, code, message, "card gateway error");
            PaymentError::Unavailable(format!("{PROVIDER}: {message}"))
        }
    }
}

/// A transaction as a charge, or the decline or rejection it records.
fn charge_outcome(tx: &Value) -> Result<Charge, PaymentError> {
    let status = text(tx, "/status").unwrap_or_default();
    let event = tx
        .get("statusHistory")
        .and_then(Value::as_array)
        .and_then(|h| h.first())
        .cloned()
        .unwrap_or(Value::Null);
    match status.as_str() {
        "PROCESSOR_DECLINED" | "SETTLEMENT_DECLINED" | "FAILED" => {
            return Err(PaymentError::Declined {
                code: text(&event, "/processorResponse/legacyCode").unwrap_or_default(),
                reason: text(&event, "/processorResponse/message")
                    .unwrap_or_else(|| "Processor Declined".into()),
            })
        }
        "GATEWAY_REJECTED" => {
            let reason = text(&event, "/gatewayRejectionReason").unwrap_or_default();
            return Err(PaymentError::Rejected {
                reason: match reason.as_str() {
                    "CVV" => "The security code (CVV) did not match.".into(),
                    "AVS" | "AVS_AND_CVV" => "The billing postal code did not match.".into(),
                    "FRAUD" | "RISK_THRESHOLD" | "FRAUD_RISK" => {
                        "The payment was flagged by fraud checks.".into()
                    }
                    "THREE_D_SECURE" => "3-D Secure authentication failed.".into(),
                    "" => "The payment was rejected.".into(),
                    other => format!("The payment was rejected ({other})."),
                },
            });
        }
        "" => {
            return Err(PaymentError::Unavailable(format!(
                "{PROVIDER}: a transaction without status"
            )))
        }
        _ => {}
    }
    transaction(tx).ok_or_else(|| {
        PaymentError::Unavailable(format!("{PROVIDER}: a transaction without id or amount"))
    })
}

/// A transaction as the port's charge, whatever its status.
fn transaction(tx: &Value) -> Option<Charge> {
    let id = text(tx, "/id")?;
    let amount = text(tx, "/amount/value").and_then(|v| Money::parse_decimal(&v))?;
    let status = text(tx, "/status").unwrap_or_default();
    let snapshot = tx
        .get("paymentMethodSnapshot")
        .cloned()
        .unwrap_or(Value::Null);
    let method = match text(&snapshot, "/__typename").as_deref() {
        Some("CreditCardDetails") => PaymentMethodSummary::Card {
            card_type: text(&snapshot, "/brandCode").unwrap_or_else(|| "UNKNOWN".into()),
            last4: text(&snapshot, "/last4").unwrap_or_default(),
        },
        Some("PayPalTransactionDetails") => PaymentMethodSummary::PayPal {
            email: text(&snapshot, "/payer/email").unwrap_or_default(),
        },
        other => PaymentMethodSummary::Other {
            description: other.unwrap_or("payment method").to_string(),
        },
    };
    Some(Charge {
        id,
        status: status.into(),
        amount,
        method,
        refunded: refunded(tx),
    })
}

/// What a transaction's refunds gave back (failed ones gave nothing).
fn refunded(tx: &Value) -> Money {
    let refunds = tx.get("refunds").and_then(Value::as_array);
    refunds
        .into_iter()
        .flatten()
        .filter(|r| {
            !matches!(
                text(r, "/status").as_deref(),
                Some("FAILED" | "PROCESSOR_DECLINED" | "GATEWAY_REJECTED" | "SETTLEMENT_DECLINED")
            )
        })
        .filter_map(|r| text(r, "/amount/value").and_then(|v| Money::parse_decimal(&v)))
        .fold(Money::ZERO, |sum, cents| {
            sum.checked_add(cents).unwrap_or(sum)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_map_by_legacy_code_and_class() {
        let e = |code: &str, class: &str| {
            map_error(
                &json!({ "message": "m", "extensions": { "legacyCode": code, "errorClass": class } }),
            )
        };
        assert_eq!(e("91564", "VALIDATION"), PaymentError::NonceUsed);
        assert_eq!(e("91565", "VALIDATION"), PaymentError::InvalidNonce);
        assert_eq!(
            e("2001", "VALIDATION"),
            PaymentError::Declined {
                code: "2001".into(),
                reason: "m".into()
            }
        );
        assert_eq!(e("91506", "VALIDATION"), PaymentError::Invalid("m".into()));
        assert_eq!(e("", "NOT_FOUND"), PaymentError::NotFound("m".into()));
        assert!(matches!(e("", "INTERNAL"), PaymentError::Unavailable(_)));
        assert!(matches!(
            e("", "SERVICE_AVAILABILITY"),
            PaymentError::Unavailable(_)
        ));
    }

    #[test]
    fn declined_and_rejected_transactions_are_errors() {
        let declined = json!({ "id": "t", "status": "PROCESSOR_DECLINED", "amount": { "value": "10.00" },
            "statusHistory": [{ "processorResponse": { "legacyCode": "2000", "message": "Do Not Honor" } }] });
        assert_eq!(
            charge_outcome(&declined),
            Err(PaymentError::Declined {
                code: "2000".into(),
                reason: "Do Not Honor".into()
            })
        );
        let rejected = json!({ "id": "t", "status": "GATEWAY_REJECTED", "statusHistory": [{ "gatewayRejectionReason": "CVV" }] });
        assert!(matches!(
            charge_outcome(&rejected),
            Err(PaymentError::Rejected { .. })
        ));
        let paid = json!({ "id": "t", "status": "SUBMITTED_FOR_SETTLEMENT", "amount": { "value": "10.5" },
            "paymentMethodSnapshot": { "__typename": "PayPalTransactionDetails", "payer": { "email": "a@b.c" } } });
        let charge = charge_outcome(&paid).expect("charge");
        assert_eq!(charge.amount, Money::from_cents(1050));
        assert_eq!(
            charge.method,
            PaymentMethodSummary::PayPal {
                email: "a@b.c".into()
            }
        );
        assert!(charge.is_live());
        let refunded = json!({ "id": "t", "status": "SETTLED", "amount": { "value": "10.50" },
            "refunds": [{ "id": "r0", "status": "FAILED", "amount": { "value": "10.50" } },
                        { "id": "r1", "status": "SUBMITTED_FOR_SETTLEMENT", "amount": { "value": "10.50" } }] });
        let charge = transaction(&refunded).expect("charge");
        assert_eq!(charge.refunded, Money::from_cents(1050));
        assert!(!charge.is_live(), "refunded in full: no money held");
    }
}
