//! The atelier console's API (`/api/atelier`): the house's staff sign in
//! with a passkey and run orders, payments needing attention and clients'
//! requests; every action goes on the audit log. Every route but the
//! sign-in ceremonies takes a [`console::Console`] (401 otherwise); owners'
//! routes also ask [`console::Console::owner`] (403 otherwise).
//!
//! One module per area, each with its own router: staff, sessions and
//! passkeys ([`staff`]), orders ([`orders`]), payments ([`payments`]),
//! clients' requests ([`requests`]), the audit log ([`audit`]).

pub mod audit;
pub mod console;
pub mod orders;
pub mod payments;
pub mod requests;
pub mod staff;

use app::App;
use axum::Router;

pub fn router(app: App) -> Router {
    Router::new()
        .merge(staff::routes())
        .merge(orders::routes())
        .merge(payments::routes())
        .merge(requests::routes())
        .merge(audit::routes())
        .with_state(app)
}
