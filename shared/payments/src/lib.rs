//! Adapters of the payment port ([`domain::ports::PaymentGateway`]): the card
//! provider's gateway through its GraphQL API ([`CardGateway`]) and PayPal
//! Orders v2 ([`PayPalOrders`]), joined by [`ProviderGateway`]. Both speak HTTPS in
//! production and plain HTTP to the sandbox locally; only the configuration
//! differs.
//!
//! Wiring: build a [`PaymentsConfig`] with [`PaymentsConfig::from_lookup`]
//! (environment variables, sandbox defaults), then in AWS overlay the
//! Secrets Manager entries with [`PaymentsConfig::with_secrets`], and
//! [`open`] it once per process.

#[cfg(feature = "gateway")]
mod card;
mod config;
#[cfg(feature = "gateway")]
mod gateway;
#[cfg(feature = "gateway")]
mod http;
#[cfg(feature = "gateway")]
mod paypal;
#[cfg(feature = "secrets")]
mod secrets;

#[cfg(feature = "gateway")]
pub use card::CardGateway;
pub use config::{ConfigError, GatewayCredentials, PayPalCredentials, PaymentsConfig, Timeouts};
#[cfg(feature = "gateway")]
pub use gateway::{open, ProviderGateway};
#[cfg(feature = "gateway")]
pub use paypal::PayPalOrders;
#[cfg(feature = "secrets")]
pub use secrets::{read_secret_json, read_secret_stage, SecretError};
