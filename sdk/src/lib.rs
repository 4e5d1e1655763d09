//! The payment SDK (3.130.0): every rule, mapping and constant of the card and
//! wallet client, compiled to WebAssembly: one module that every component's
//! thin JS entry point shares, and one with the card and field rules that the
//! hosted-field frame pages load (`wasm.rs`, features `merchant` and `frame`).
//!
//! The modules are plain Rust, unit-tested on the host; `wasm` exposes them
//! through wasm-bindgen with strings and integers only, so no serde and no
//! `core::fmt` end up in the module. On wasm32 the crate is `no_std` and
//! panics trap; but core formats an index or slice panic's message before the
//! handler runs, so the rules use `get`, iterators and byte searches
//! (`find_bytes`) instead of panicking indexing, slicing and `&str` patterns.

#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

/// What the std prelude would give; the same names on the host and in wasm.
mod prelude {
    pub use alloc::string::{String, ToString};
    pub use alloc::vec::Vec;
}

#[cfg(all(target_arch = "wasm32", not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

// SAFETY: a wasm module without threads runs on one thread only.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };

/// Where `needle` first occurs in `hay`, compared as bytes: `&str` patterns
/// would link core's two-way searcher, and slicing by index its formatting
/// panics, into the wasm module.
pub(crate) fn find_bytes(hay: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
}

/// `s` before and after the first of the ASCII bytes `seps`: a byte search,
/// not core's char-pattern `split_once`, which costs the wasm modules its
/// UTF-8 decoding and searcher.
pub(crate) fn split_at_byte<'a>(s: &'a str, seps: &[u8]) -> Option<(&'a str, &'a str)> {
    let i = s.bytes().position(|c| seps.contains(&c))?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// `s` without one leading `+` or `-`.
pub(crate) fn strip_sign(s: &str) -> &str {
    match s.as_bytes().first() {
        Some(b'+' | b'-') => s.get(1..).unwrap_or(""),
        _ => s,
    }
}

/// The parts of `s` between the ASCII byte `sep`s: `str::split` with a char
/// pattern would link core's UTF-8 decoding and searcher into the modules.
pub(crate) fn split_byte(s: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    core::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == sep) {
            Some(i) => {
                rest = r.get(i + 1..);
                r.get(..i)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// `split_once` with a string pattern, without the two-way searcher.
pub(crate) fn split_once_str<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let i = find_bytes(s, pat)?;
    Some((s.get(..i)?, s.get(i + pat.len()..)?))
}

pub mod authorization;
pub mod card;
pub mod client;
pub mod constants;
pub mod errors;
pub mod fields;
pub mod hosted_fields;
pub mod local_payment;
pub mod masterpass;
pub mod payment_ready;
pub mod payment_request;
pub mod paypal;
pub mod qr;
pub mod sepa;
pub mod three_d_secure;
pub mod unionpay;
pub mod us_bank_account;
pub mod venmo;
pub mod wasm;
