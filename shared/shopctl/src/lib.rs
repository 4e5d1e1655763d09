//! What the operators' CLI does, as a library so tests can use it too.

pub mod seed;
