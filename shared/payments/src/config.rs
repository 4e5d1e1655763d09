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
    /// | `PAYMENT_CONNECT_TIMEOUT_MS`, `PAYMENT_TIMEOUT_MS` | `providerConnectMs`, `providerRequestMs` of `shared/payment-budget.json` |
    ///
    /// A timeout that does not fit the budget is refused, naming the
    /// variable and the bound: the request at most
    /// [`Budget::longest_provider_request`](domain::checkout::Budget::longest_provider_request),
    /// the connection at most the request.
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
        config.timeouts = timeouts(&var, &domain::checkout::Budget::shop())?;
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

/// The provider timeouts by `PAYMENT_TIMEOUT_MS` and
/// `PAYMENT_CONNECT_TIMEOUT_MS`, the budget's when unset; each must end
/// before what holds it: the request inside the function's third, the
/// connection inside the request.
fn timeouts(
    var: &impl Fn(&str) -> Option<String>,
    budget: &domain::checkout::Budget,
) -> Result<Timeouts, ConfigError> {
    let total = millis(
        var,
        "PAYMENT_TIMEOUT_MS",
        budget.provider_request(),
        budget.longest_provider_request(),
        "a third of the payment function's functionTimeoutSeconds in shared/payment-budget.json",
    )?;
    let connect = millis(
        var,
        "PAYMENT_CONNECT_TIMEOUT_MS",
        budget.provider_connect().min(total),
        total,
        "the whole request's timeout (PAYMENT_TIMEOUT_MS)",
    )?;
    Ok(Timeouts { connect, total })
}

/// The variable `name` in milliseconds, from 1 to `longest` (`bound` says why).
fn millis(
    var: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: Duration,
    longest: Duration,
    bound: &str,
) -> Result<Duration, ConfigError> {
    let Some(value) = var(name) else {
        return Ok(default);
    };
    let longest_ms = longest.as_millis();
    value
        .trim()
        .parse::<u64>()
        .ok()
        .map(Duration::from_millis)
        .filter(|ms| !ms.is_zero() && *ms <= longest)
        .ok_or_else(|| {
            ConfigError::Invalid(
                name,
                format!("{value:?} does not fit the payment budget: milliseconds from 1 to {longest_ms}, {bound}"),
            )
        })
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
        assert!(PaymentsConfig::from_lookup(lookup(&[("PAYPAL_API_URL", "api-m")])).is_err());
    }

    #[test]
    fn the_default_timeouts_are_the_budgets() {
        let budget = domain::checkout::Budget::shop();
        let config = PaymentsConfig::from_lookup(lookup(&[])).expect("config");
        assert_eq!(
            config.timeouts,
            Timeouts {
                connect: budget.provider_connect(),
                total: budget.provider_request(),
            }
        );
    }

    /// The error of `vars`, which must be refused.
    fn refused(vars: &[(&str, &str)]) -> String {
        match PaymentsConfig::from_lookup(lookup(vars)) {
            Ok(config) => panic!("{vars:?} accepted: {:?}", config.timeouts),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_timeout_outside_the_budget_is_refused_naming_the_variable_and_the_bound() {
        let longest = domain::checkout::Budget::shop()
            .longest_provider_request()
            .as_millis();
        let over = (longest + 1).to_string();
        let error = refused(&[("PAYMENT_TIMEOUT_MS", &over)]);
        assert!(error.contains("PAYMENT_TIMEOUT_MS"), "{error}");
        assert!(error.contains(&format!("1 to {longest}")), "{error}");
        assert!(error.contains("functionTimeoutSeconds"), "{error}");
        let error = refused(&[
            ("PAYMENT_TIMEOUT_MS", "1000"),
            ("PAYMENT_CONNECT_TIMEOUT_MS", "1001"),
        ]);
        assert!(error.contains("PAYMENT_CONNECT_TIMEOUT_MS"), "{error}");
        assert!(error.contains("1 to 1000"), "{error}");
        for bad in ["0", "-5", "soon", "120000"] {
            refused(&[("PAYMENT_TIMEOUT_MS", bad)]);
            refused(&[("PAYMENT_CONNECT_TIMEOUT_MS", bad)]);
        }
        let fits = PaymentsConfig::from_lookup(lookup(&[
            ("PAYMENT_TIMEOUT_MS", &longest.to_string()),
            ("PAYMENT_CONNECT_TIMEOUT_MS", "1"),
        ]))
        .expect("the bound itself fits");
        assert_eq!(fits.timeouts.connect, Duration::from_millis(1));
    }

    #[test]
    fn a_shorter_request_shortens_the_default_connection() {
        let config =
            PaymentsConfig::from_lookup(lookup(&[("PAYMENT_TIMEOUT_MS", "500")])).expect("config");
        assert_eq!(config.timeouts.connect, Duration::from_millis(500));
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
