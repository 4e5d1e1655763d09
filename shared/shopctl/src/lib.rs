//! What the operators' CLI does, as a library so tests can use it too.

pub mod artwork;
pub mod seed;
pub mod snapshot;

// Orders and requests (shopping).
pub mod imagery;
pub mod orders;
pub mod payments;
pub mod requests;
