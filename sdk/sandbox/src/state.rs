//! The sandbox's memory: issued client tokens, nonces, vaulted payment methods,
//! pending 3-D Secure and PayPal approvals, gateway transactions, PayPal
//! orders and injected faults. In-process only, by design; `POST
//! /__control/reset` empties it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::Value;

use crate::SandboxConfig;

/// The one merchant the sandbox knows.
pub const MERCHANT_ID: &str = "merchant01";
/// The gateway API keys (HTTP Basic on the server-side GraphQL calls).
pub const PUBLIC_KEY: &str = "sandbox-public-key";
pub const PRIVATE_KEY: &str = "sandbox-private-key";
/// The PayPal REST app (OAuth2 client credentials).
pub const PAYPAL_CLIENT_ID: &str = "sandbox-client-id";
pub const PAYPAL_CLIENT_SECRET: &str = "sandbox-client-secret";

#[derive(Debug, Clone)]
pub struct CardData {
    pub number: String,
    pub expiration_month: String,
    pub expiration_year: String,
    pub cardholder_name: String,
    /// Kept for the gateway's checks at charge time (CVV 200, postal code 20000).
    pub cvv: String,
    pub postal_code: String,
}

/// What a nonce stands for.
#[derive(Debug, Clone)]
pub enum Tokenized {
    Card(CardData),
    PayPal { email: String, payer_id: String },
}

#[derive(Debug, Clone)]
pub struct Nonce {
    pub method: Tokenized,
    /// 3-D Secure outcome attached to the nonce, if verified.
    pub three_d_secure: Option<Value>,
    pub consumed: bool,
}

/// A saved payment method of a customer.
#[derive(Debug, Clone)]
pub struct Vaulted {
    pub method: Tokenized,
    pub default: bool,
}

#[derive(Default)]
pub struct Inner {
    /// authorization fingerprint → customer id (empty for none).
    pub fingerprints: HashMap<String, String>,
    pub nonces: HashMap<String, Nonce>,
    /// customer id → saved methods.
    pub vault: HashMap<String, Vec<Vaulted>>,
    /// nonce handed out by the vault list → (customer, index).
    pub vault_nonces: HashMap<String, (String, usize)>,
    /// 3-D Secure transaction id → (nonce, card number).
    pub challenges: HashMap<String, (String, String)>,
    /// PayPal token (EC-/BA-) → the payment resource request.
    pub paypal: HashMap<String, Value>,
    /// The query strings of the PayPal button's preload requests, oldest first.
    pub paypal_preloads: Vec<String>,
    /// SEPA mandates by cart id.
    pub sepa: HashMap<String, Value>,
    /// Masterpass request tokens → the request (and, once approved, its verifier).
    pub masterpass: HashMap<String, Value>,
    /// Gateway transactions by legacy id.
    pub transactions: HashMap<String, Transaction>,
    /// PayPal Orders v2 by order id.
    pub orders: HashMap<String, Order>,
    /// PayPal captures by capture id.
    pub captures: HashMap<String, Captured>,
    /// `PayPal-Request-Id` replays: (operation, request id) → (status, body).
    pub paypal_replays: HashMap<(String, String), (u16, Value)>,
    /// Captures PayPal has not completed (`PENDING`) or has since declined:
    /// capture id → status. Absent: `COMPLETED` (or `REFUNDED`).
    pub capture_status: HashMap<String, String>,
    /// How many of the next captures come back `PENDING`
    /// (`/__control/paypal-pending`).
    pub pending_captures: u32,
    /// Issued PayPal access tokens.
    pub paypal_tokens: Vec<String>,
    /// Faults injected with `/__control/fail-next`, first match wins.
    pub faults: Vec<Fault>,
    /// Venmo payment contexts, oldest first (`client_api::venmo`).
    pub venmo: Vec<Value>,
}

/// A charge on the gateway.
#[derive(Debug, Clone)]
pub struct Transaction {
    pub amount_cents: u64,
    pub refunded_cents: u64,
    /// `SUBMITTED_FOR_SETTLEMENT`, `SETTLED`, `VOIDED`, `PROCESSOR_DECLINED`, `GATEWAY_REJECTED`.
    pub status: String,
    pub order_id: Option<String>,
    /// The `paymentMethodSnapshot` the gateway reports.
    pub snapshot: Value,
    /// When it was created (`2026-01-01T12:00:00.000000Z`).
    pub created_at: String,
    /// Its refunds, oldest first: (legacy id, cents).
    pub refunds: Vec<(String, u64)>,
}

/// A PayPal capture: its amount (`"25.00"`) and currency, and its refunds.
#[derive(Debug, Clone)]
pub struct Captured {
    pub amount: String,
    pub currency: String,
    /// (refund id, amount given back), oldest first.
    pub refunds: Vec<(String, String)>,
}

/// A PayPal order (Orders v2).
#[derive(Debug, Clone)]
pub struct Order {
    /// `CREATED`, `APPROVED` or `COMPLETED`.
    pub status: String,
    pub amount: String,
    pub currency: String,
    pub created: Value,
    /// The capture, once captured.
    pub capture_id: Option<String>,
}

/// One injected fault: the next request whose path (inside the sandbox)
/// starts with `prefix` waits `delay_ms`, then answers `status` (if set),
/// closes the connection (`drop`) or goes through. With `after`, the request
/// is handled first (its side effects happen) and the fault then applies to
/// the answer.
#[derive(Debug, Clone)]
pub struct Fault {
    pub prefix: String,
    pub status: Option<u16>,
    pub delay_ms: u64,
    pub after: bool,
    pub drop: bool,
    /// How many more requests it applies to.
    pub remaining: u32,
    /// How many matching requests it lets through first, untouched (a
    /// refund's answer lost after the charge lookup before it).
    pub skip: u32,
}

#[derive(Clone)]
pub struct Shared {
    pub config: Arc<SandboxConfig>,
    inner: Arc<Mutex<Inner>>,
    counter: Arc<AtomicU64>,
}

impl Shared {
    pub fn new(config: SandboxConfig) -> Self {
        let shared = Shared {
            config: Arc::new(config),
            inner: Arc::new(Mutex::new(Inner::default())),
            counter: Arc::new(AtomicU64::new(seed())),
        };
        shared.seed_vault("customer01");
        shared
    }

    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        // A poisoned lock only means another request panicked mid-update; the
        // maps stay usable for a test stand-in.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Forgets everything (tokens, nonces, transactions, orders, faults) and
    /// restores the seeded vault, as at start.
    pub fn reset(&self) {
        *self.lock() = Inner::default();
        self.seed_vault("customer01");
    }

    /// A fresh id: `prefix` + 16 hex digits, unique per process.
    pub fn id(&self, prefix: &str) -> String {
        let n = self
            .counter
            .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
        format!("{prefix}{:016x}", n.rotate_left(17) ^ 0x5bd1_e995)
    }

    /// The client API base for the merchant, as the configuration advertises it.
    pub fn client_api_url(&self) -> String {
        format!(
            "{}/merchants/{MERCHANT_ID}/client_api",
            self.config.public_url
        )
    }

    /// Every customer starts with a default Visa and a PayPal account saved.
    pub fn seed_vault(&self, customer: &str) {
        let mut inner = self.lock();
        inner.vault.entry(customer.to_string()).or_insert_with(|| {
            vec![
                Vaulted {
                    method: Tokenized::Card(CardData {
                        number: "4111111111111111".into(),
                        expiration_month: "12".into(),
                        expiration_year: "2030".into(),
                        cardholder_name: "Ada Lovelace".into(),
                        cvv: String::new(),
                        postal_code: String::new(),
                    }),
                    default: true,
                },
                Vaulted {
                    method: Tokenized::PayPal {
                        email: "buyer@example.com".into(),
                        payer_id: "PAYER01".into(),
                    },
                    default: false,
                },
            ]
        });
    }
}

/// Now as the gateway's timestamps: `2026-01-01T12:00:00.000000Z` (UTC).
pub fn timestamp() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let seconds = crate::client_api::venmo::iso8601(now.as_secs());
    let whole = seconds.trim_end_matches('Z');
    format!("{whole}.{:06}Z", now.subsec_micros())
}

fn seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id() as u64);
    h.finish()
}
