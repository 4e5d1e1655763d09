//! Prints the constants the JS modules use (JSON); the SDK build bundles its
//! output, so Rust is their one source.

fn main() {
    println!("{}", payment_sdk::constants::constants_json());
}
