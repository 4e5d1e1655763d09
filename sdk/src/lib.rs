//! The payment SDK (3.130.0): every rule, mapping and constant of the card and
//! wallet client, compiled once to one WebAssembly module that every
//! component's thin JS entry point (and every frame page) shares.
//!
//! The modules are plain Rust, unit-tested on the host; `wasm` exposes them
//! through wasm-bindgen with strings and integers only, so no serde and no
//! `core::fmt` end up in the module.

pub mod authorization;
pub mod card;
pub mod client;
pub mod constants;
pub mod errors;
pub mod fields;
pub mod hosted;
pub mod paypal;
pub mod threeds;
pub mod wasm;
