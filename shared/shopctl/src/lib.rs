//! What the operators' CLI does, as a library so tests can use it too.

pub mod cli;

// The catalogue.
pub mod catalog;
pub mod publish;
pub mod seed;

// Orders, payments and requests (shopping).
pub mod orders;
pub mod payments;
pub mod requests;

// The atelier console's staff.
pub mod staff;
