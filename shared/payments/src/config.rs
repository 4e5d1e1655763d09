//! Where the providers are and the credentials to call them: plain data.

use std::fmt;
use std::time::Duration;

use serde_json::Value;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("payment configuration {0} is not valid: {1}")]
    Invalid(&'static str, String),
    #[cfg(feature = "secrets")]
    #[error("payment secret could not be read: {0}")]
    Secret(#[from] crate::secrets::SecretError),
}

/// The card provider's gateway API keys.
#[derive(Clone, PartialEq, Eq)]
pub struct GatewayCredentials {
    /// The GraphQL endpoint, e.g. `https://payments.braintree-api.com/graphql`.
    pub graphql_url: String,
    pub merchant_id: String,
    pub public_key: String,
    pub private_key: String,
}

/// A PayPal REST app.
#[derive(Clone, PartialEq, Eq)]
pub struct PayPalCredentials {
    /// The REST API base, e.g. `https://api-m.paypal.com`.
    pub api_url: String,
    pub client_id: String,
    pub client_secret: String,
}

/// Time limits of every provider call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    pub connect: Duration,
    /// The whole request, answer included.
    pub total: Duration,
}

/// The checkout's budget (`shared/payment-budget.json`): a provider request
/// gives up after about a third of the payment function's time.
impl Default for Timeouts {
    fn default() -> Self {
        let budget = domain::checkout::Budget::shop();
        Self {
            connect: budget.provider_connect(),
            total: budget.provider_request(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentsConfig {
    pub gateway: GatewayCredentials,
    pub paypal: PayPalCredentials,
    pub timeouts: Timeouts,
}

impl fmt::Debug for GatewayCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GatewayCredentials")
            .field("graphql_url", &self.graphql_url)
            .field("merchant_id", &self.merchant_id)
            .field("public_key", &self.public_key)
            .field("private_key", &"<redacted>")
            .finish()
    }
}

impl fmt::Debug for PayPalCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PayPalCredentials")
            .field("api_url", &self.api_url)
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .finish()
    }
}

/// The providers' real hosts, by `PAYMENT_ENVIRONMENT`.
const SANDBOX_GRAPHQL: &str = "https://payments.sandbox.braintree-api.com/graphql";
const PRODUCTION_GRAPHQL: &str = "https://payments.braintree-api.com/graphql";
const SANDBOX_PAYPAL: &str = "https://api-m.sandbox.paypal.com";
const PRODUCTION_PAYPAL: &str = "https://api-m.paypal.com";

impl PaymentsConfig {
    /// The local sandbox at `sandbox_url` (e.g. `http://127.0.0.1:3000/sandbox`)
    /// with its test credentials.
    pub fn sandbox(sandbox_url: &str) -> Self {
        let base = sandbox_url.trim_end_matches('/');
        Self {
            gateway: GatewayCredentials {
                graphql_url: format!("{base}/graphql"),
                merchant_id: "merchant01".into(),
                public_key: "sandbox-public-key".into(),
                private_key: "sandbox-private-key".into(),
            },
            paypal: PayPalCredentials {
                api_url: format!("{base}/paypal"),
                client_id: "sandbox-client-id".into(),
                client_secret: "sandbox-client-secret".into(),
            },
            timeouts: Timeouts::default(),
        }
    }

    /// From configuration variables (`lookup` is e.g. the environment; blank
    /// values count as unset):
    ///
    /// | variable | default |
    /// |---|---|
    /// | `PAYMENT_ENVIRONMENT` | `local`: the sandbox at `SANDBOX_URL` (else `SITE_URL/sandbox`, else `http://127.0.0.1:3000/sandbox`); `sandbox` or `production`: the providers' own hosts |
    /// | `PAYMENT_GATEWAY_URL`, `PAYPAL_API_URL` | by the environment |
    /// | `PAYMENT_MERCHANT_ID`, `PAYMENT_PUBLIC_KEY`, `PAYMENT_PRIVATE_KEY` | the sandbox's |
    /// | `PAYPAL_CLIENT_ID`, `PAYPAL_CLIENT_SECRET` | the sandbox's |
    /// | `PAYMENT_CONNECT_TIMEOUT_MS`, `PAYMENT_TIMEOUT_MS` | 3000, 10000 |
    ///
    /// In AWS the keys come from Secrets Manager instead ([`Self::with_secrets`]).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let sandbox_url = var("SANDBOX_URL").unwrap_or_else(|| {
            let site = var("SITE_URL").unwrap_or_else(|| "http://127.0.0.1:3000".into());
            format!("{}/sandbox", site.trim_end_matches('/'))
        });
        let mut config = Self::sandbox(&sandbox_url);
        match var("PAYMENT_ENVIRONMENT").as_deref() {
            None | Some("local") => {}
            Some("sandbox") => {
                config.gateway.graphql_url = SANDBOX_GRAPHQL.into();
                config.paypal.api_url = SANDBOX_PAYPAL.into();
            }
            Some("production") => {
                config.gateway.graphql_url = PRODUCTION_GRAPHQL.into();
                config.paypal.api_url = PRODUCTION_PAYPAL.into();
            }
            Some(other) => {
                return Err(ConfigError::Invalid(
                    "PAYMENT_ENVIRONMENT",
                    format!("{other:?} is not local, sandbox or production"),
                ))
            }
        }
        let set = |target: &mut String, name: &str| {
            if let Some(v) = var(name) {
                *target = v.trim().to_string();
            }
        };
        set(&mut config.gateway.graphql_url, "PAYMENT_GATEWAY_URL");
        set(&mut config.gateway.merchant_id, "PAYMENT_MERCHANT_ID");
        set(&mut config.gateway.public_key, "PAYMENT_PUBLIC_KEY");
        set(&mut config.gateway.private_key, "PAYMENT_PRIVATE_KEY");
        set(&mut config.paypal.api_url, "PAYPAL_API_URL");
        set(&mut config.paypal.client_id, "PAYPAL_CLIENT_ID");
        set(&mut config.paypal.client_secret, "PAYPAL_CLIENT_SECRET");
        config.paypal.api_url = config.paypal.api_url.trim_end_matches('/').to_string();
        let millis = |name: &'static str, default: Duration| match var(name) {
            None => Ok(default),
            Some(v) => v
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|ms| (1..=120_000).contains(ms))
                .map(Duration::from_millis)
                .ok_or_else(|| ConfigError::Invalid(name, "milliseconds, 1 to 120000".into())),
        };
        config.timeouts = Timeouts {
            connect: millis("PAYMENT_CONNECT_TIMEOUT_MS", config.timeouts.connect)?,
            total: millis("PAYMENT_TIMEOUT_MS", config.timeouts.total)?,
        };
        for (name, url) in [
            ("PAYMENT_GATEWAY_URL", &config.gateway.graphql_url),
            ("PAYPAL_API_URL", &config.paypal.api_url),
        ] {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(ConfigError::Invalid(name, format!("{url:?} is not a URL")));
            }
        }
        Ok(config)
    }

    /// Overlays the card provider's secret (`{"merchantId", "publicKey",
    /// "privateKey"}`, the shape infra creates). Empty fields are refused:
    /// a secret created but never filled in is a deployment error.
    pub fn apply_gateway_secret(&mut self, secret: &Value) -> Result<(), ConfigError> {
        self.gateway.merchant_id = field(secret, "merchantId", "PAYMENT_PROVIDER_SECRET_ARN")?;
        self.gateway.public_key = field(secret, "publicKey", "PAYMENT_PROVIDER_SECRET_ARN")?;
        self.gateway.private_key = field(secret, "privateKey", "PAYMENT_PROVIDER_SECRET_ARN")?;
        Ok(())
    }

    /// Overlays the PayPal secret (`{"clientId", "clientSecret"}`).
    pub fn apply_paypal_secret(&mut self, secret: &Value) -> Result<(), ConfigError> {
        self.paypal.client_id = field(secret, "clientId", "PAYPAL_SECRET_ARN")?;
        self.paypal.client_secret = field(secret, "clientSecret", "PAYPAL_SECRET_ARN")?;
        Ok(())
    }

    /// Reads the secrets named by `PAYMENT_PROVIDER_SECRET_ARN` and
    /// `PAYPAL_SECRET_ARN` (when set) and overlays them.
    #[cfg(feature = "secrets")]
    pub async fn with_secrets(
        mut self,
        sdk: &aws_config::SdkConfig,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        if let Some(arn) = var("PAYMENT_PROVIDER_SECRET_ARN") {
            let secret = crate::read_secret_json(sdk, arn.trim()).await?;
            self.apply_gateway_secret(&secret)?;
        }
        if let Some(arn) = var("PAYPAL_SECRET_ARN") {
            let secret = crate::read_secret_json(sdk, arn.trim()).await?;
            self.apply_paypal_secret(&secret)?;
        }
        Ok(self)
    }
}

fn field(secret: &Value, key: &str, name: &'static str) -> Result<String, ConfigError> {
    secret
        .get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
        .ok_or_else(|| ConfigError::Invalid(name, format!("the secret has no {key}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::HashMap;

    fn lookup(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn defaults_to_the_local_sandbox() {
        let config = PaymentsConfig::from_lookup(lookup(&[])).expect("config");
        assert_eq!(
            config,
            PaymentsConfig::sandbox("http://127.0.0.1:3000/sandbox")
        );
        assert_eq!(
            config.gateway.graphql_url,
            "http://127.0.0.1:3000/sandbox/graphql"
        );
        assert_eq!(
            config.paypal.api_url,
            "http://127.0.0.1:3000/sandbox/paypal"
        );
        let site = PaymentsConfig::from_lookup(lookup(&[("SITE_URL", "http://localhost:4000/")]))
            .expect("config");
        assert_eq!(site.paypal.api_url, "http://localhost:4000/sandbox/paypal");
    }

    #[test]
    fn environments_and_overrides() {
        let config = PaymentsConfig::from_lookup(lookup(&[
            ("PAYMENT_ENVIRONMENT", "production"),
            ("PAYMENT_PUBLIC_KEY", "pub"),
            ("PAYMENT_TIMEOUT_MS", "2500"),
            ("PAYPAL_CLIENT_ID", " "),
        ]))
        .expect("config");
        assert_eq!(config.gateway.graphql_url, PRODUCTION_GRAPHQL);
        assert_eq!(config.paypal.api_url, PRODUCTION_PAYPAL);
        assert_eq!(config.gateway.public_key, "pub");
        assert_eq!(
            config.paypal.client_id, "sandbox-client-id",
            "blank is unset"
        );
        assert_eq!(config.timeouts.total, Duration::from_millis(2500));
        assert!(PaymentsConfig::from_lookup(lookup(&[("PAYMENT_ENVIRONMENT", "live")])).is_err());
        assert!(PaymentsConfig::from_lookup(lookup(&[("PAYMENT_TIMEOUT_MS", "0")])).is_err());
        assert!(PaymentsConfig::from_lookup(lookup(&[("PAYPAL_API_URL", "api-m")])).is_err());
    }

    #[test]
    fn secrets_overlay_and_empty_ones_are_refused() {
        let mut config = PaymentsConfig::sandbox("http://127.0.0.1:1/sandbox");
        config
            .apply_gateway_secret(
                &json!({ "merchantId": "m", "publicKey": "p", "privateKey": "k" }),
            )
            .expect("gateway secret");
        config
            .apply_paypal_secret(&json!({ "clientId": "c", "clientSecret": "s" }))
            .expect("paypal secret");
        assert_eq!(config.gateway.private_key, "k");
        assert_eq!(config.paypal.client_secret, "s");
        let empty = json!({ "merchantId": "", "publicKey": "", "privateKey": "" });
        assert!(config.apply_gateway_secret(&empty).is_err());
        let debug = format!("{config:?}");
        assert!(
            !debug.contains("\"k\"") && !debug.contains("\"s\""),
            "{debug}"
        );
    }
}
