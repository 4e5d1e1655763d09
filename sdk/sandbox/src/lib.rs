//! The sandbox: stands in for the payment provider (client API and gateway)
//! and PayPal, for local runs and tests. The local server mounts it at
//! `/sandbox` (beside the sign-in sandbox, crate `signin-sandbox`).
//!
//! Test values follow the provider's published sandbox values; see
//! `client_api::cards` (cards and tokenization failures), `client_api::three_d_secure`
//! (3-D Secure 2 cards), `client_api::paypal` (PayPal approval), `gateway`
//! (the server-side GraphQL API: nonces, declines, rejections, void, refund,
//! transaction search by order id),
//! `paypal_orders` (PayPal OAuth and Orders v2) and `control` (reset, fault
//! injection, settlement for tests).

pub mod client_api;
pub mod control;
pub mod gateway;
pub mod paypal_orders;
pub mod state;

use axum::Router;

/// Where the sandbox is reached from a browser.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// The sandbox's own public address, e.g. `http://127.0.0.1:3000/sandbox`.
    pub public_url: String,
    /// The assets host serving `/web/3.130.0/...`, e.g. `http://127.0.0.1:3000`.
    pub assets_url: String,
}

pub fn router(config: SandboxConfig) -> Router {
    let shared = state::Shared::new(config);
    Router::new()
        .merge(client_api::router(shared.clone()))
        .merge(gateway::router(shared.clone()))
        .merge(paypal_orders::router(shared.clone()))
        .merge(control::router(shared.clone()))
        .layer(axum::middleware::from_fn_with_state(
            shared,
            control::faults,
        ))
}
