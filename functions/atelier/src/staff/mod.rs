//! Staff: passkey enrolment and sign-in ([`enrolment`], [`sign_in`]), the
//! roster and its invitations ([`roster`]). The passkeys' relying party is
//! [`relying_party`].
//!
//! Table requests: `GET /me` one BatchGetItem (the session and member);
//! enrolment begin one GetItem (the invitation) and one PutItem (the
//! ceremony), finish a GetItem and a DeleteItem (the ceremony taken once),
//! a GetItem (the invitation), the roster and its version, a Query of the
//! member's items, one TransactWriteItems, then one more for the session;
//! sign-in begin one PutItem, finish the ceremony's two, the passkey's
//! GetItem (and PutItem of its counter), the member's GetItem and the
//! session's TransactWriteItems; the roster list one Query for the roster,
//! one per member (their passkeys) and one for the invitations.

pub mod enrolment;
pub mod relying_party;
pub mod roster;
pub mod sign_in;

use app::App;
use axum::routing::{delete, get, post};
use axum::Router;

pub use roster::me;

pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/atelier/enrolment/begin", post(enrolment::begin))
        .route("/api/atelier/enrolment/finish", post(enrolment::finish))
        .route("/api/atelier/sign-in/begin", post(sign_in::begin))
        .route("/api/atelier/sign-in/finish", post(sign_in::finish))
        .route("/api/atelier/sign-out", post(sign_in::sign_out))
        .route("/api/atelier/me", get(roster::me))
        .route("/api/atelier/staff", get(roster::list))
        .route("/api/atelier/staff/invitations", post(roster::invite))
        .route("/api/atelier/staff/{id}", delete(roster::remove))
}
