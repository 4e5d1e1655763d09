//! A port this build carries no adapter for: a Lambda function built only
//! with the adapters it uses (catalog sends no mail). Every call fails,
//! naming the cargo features that would bring an adapter, so a function that
//! starts using a port without enabling one finds out at its first call.

use async_trait::async_trait;
use domain::ports::{
    Blobs, BlobsError, Capture, Charge, Email, Mailer, MailerError, Money, PayPalOrder,
    PayPalRefund, PaymentError, PaymentGateway, Refund,
};

pub struct Absent {
    /// The port, e.g. "mailer".
    pub port: &'static str,
    /// The `app` features that carry one of its adapters.
    pub features: &'static str,
}

impl Absent {
    fn message(&self) -> String {
        format!(
            "this build has no {} adapter: it needs cargo feature {} of app",
            self.port, self.features
        )
    }

    fn payment_error<T>(&self) -> Result<T, PaymentError> {
        Err(PaymentError::Unreachable(self.message()))
    }
}

#[async_trait]
impl Mailer for Absent {
    async fn send(&self, _: Email) -> Result<(), MailerError> {
        Err(MailerError(self.message()))
    }
}

#[async_trait]
impl Blobs for Absent {
    async fn put(&self, _: &str, _: Vec<u8>, _: &str) -> Result<(), BlobsError> {
        Err(BlobsError(self.message()))
    }

    async fn get(&self, _: &str) -> Result<Option<Vec<u8>>, BlobsError> {
        Err(BlobsError(self.message()))
    }

    async fn exists(&self, _: &str) -> Result<bool, BlobsError> {
        Err(BlobsError(self.message()))
    }

    /// Never reached through a stored blob: nothing could be put.
    fn public_url(&self, key: &str) -> String {
        format!("/blobs/{key}")
    }

    fn key_of(&self, url: &str) -> Option<String> {
        url.strip_prefix("/blobs/").map(str::to_owned)
    }
}

#[async_trait]
impl PaymentGateway for Absent {
    async fn client_token(&self, _: Option<&str>) -> Result<String, PaymentError> {
        self.payment_error()
    }

    async fn charge(&self, _: &str, _: Money, _: &str) -> Result<Charge, PaymentError> {
        self.payment_error()
    }

    async fn find_charges(&self, _: &str) -> Result<Vec<Charge>, PaymentError> {
        self.payment_error()
    }

    async fn void(&self, _: &str) -> Result<(), PaymentError> {
        self.payment_error()
    }

    async fn refund(&self, _: &str, _: Money) -> Result<Refund, PaymentError> {
        self.payment_error()
    }

    async fn paypal_create_order(
        &self,
        _: Money,
        _: &str,
        _: &str,
    ) -> Result<String, PaymentError> {
        self.payment_error()
    }

    async fn paypal_refund(&self, _: PayPalRefund<'_>) -> Result<Refund, PaymentError> {
        self.payment_error()
    }

    async fn paypal_capture(&self, _: &str, _: &str) -> Result<Capture, PaymentError> {
        self.payment_error()
    }

    async fn paypal_order(&self, _: &str) -> Result<PayPalOrder, PaymentError> {
        self.payment_error()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_call_names_the_missing_features() {
        let absent = Absent {
            port: "mailer",
            features: "`aws-ses` or `embedded`",
        };
        let email = Email {
            to: "a@b.c".into(),
            subject: "s".into(),
            text: "t".into(),
            html: None,
            attachments: Vec::new(),
        };
        let error = absent.send(email).await.unwrap_err().to_string();
        assert!(error.contains("no mailer adapter"), "{error}");
        assert!(error.contains("`aws-ses` or `embedded`"), "{error}");
        let gateway = Absent {
            port: "payment gateway",
            features: "`payment-gateway`",
        };
        let charge = gateway.charge("nonce", Money::default(), "o").await;
        assert!(
            matches!(&charge, Err(PaymentError::Unreachable(m)) if m.contains("`payment-gateway`")),
            "{charge:?}"
        );
    }
}
