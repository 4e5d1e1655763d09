//! The card gateway and PayPal joined behind the one payment port.

use std::sync::Arc;

use async_trait::async_trait;
use domain::ports::{
    Capture, Charge, Money, PayPalOrder, PayPalRefund, PaymentError, PaymentGateway, Refund,
};

use crate::{http, CardGateway, PayPalOrders, PaymentsConfig};

/// The card gateway and PayPal behind one port.
pub struct ProviderGateway {
    card: CardGateway,
    paypal: PayPalOrders,
}

impl ProviderGateway {
    /// Both providers share one HTTP client: one TLS configuration (its root
    /// store is built once, at init) and one connection pool.
    pub fn new(config: &PaymentsConfig) -> Result<Self, PaymentError> {
        let http = http::client(&config.timeouts)?;
        Ok(Self {
            card: CardGateway::new(&config.gateway, http.clone()),
            paypal: PayPalOrders::new(&config.paypal, http),
        })
    }
}

/// Opens the configured gateway. Call once per process: the HTTP clients
/// (connection pools) and the PayPal access token are reused by every request.
pub fn open(config: &PaymentsConfig) -> Result<Arc<dyn PaymentGateway>, PaymentError> {
    Ok(Arc::new(ProviderGateway::new(config)?))
}

#[async_trait]
impl PaymentGateway for ProviderGateway {
    async fn client_token(&self, customer_id: Option<&str>) -> Result<String, PaymentError> {
        self.card.client_token(customer_id).await
    }

    async fn charge(
        &self,
        nonce: &str,
        amount: Money,
        order_reference: &str,
    ) -> Result<Charge, PaymentError> {
        self.card.charge(nonce, amount, order_reference).await
    }

    async fn find_charges(&self, order_reference: &str) -> Result<Vec<Charge>, PaymentError> {
        self.card.find_charges(order_reference).await
    }

    async fn void(&self, transaction_id: &str) -> Result<(), PaymentError> {
        self.card.reverse(transaction_id).await
    }

    async fn refund(&self, transaction_id: &str, amount: Money) -> Result<Refund, PaymentError> {
        self.card.refund(transaction_id, amount).await
    }

    async fn paypal_refund(&self, refund: PayPalRefund<'_>) -> Result<Refund, PaymentError> {
        self.paypal.refund(refund).await
    }

    async fn paypal_create_order(
        &self,
        amount: Money,
        currency: &str,
        request_id: &str,
    ) -> Result<String, PaymentError> {
        self.paypal.create_order(amount, currency, request_id).await
    }

    async fn paypal_capture(
        &self,
        order_id: &str,
        request_id: &str,
    ) -> Result<Capture, PaymentError> {
        self.paypal.capture(order_id, request_id).await
    }

    async fn paypal_order(&self, order_id: &str) -> Result<PayPalOrder, PaymentError> {
        self.paypal.order(order_id).await
    }
}
