//! Each function's release bootstrap and its zip, as Lambda would receive it.

use std::io::Write;
use std::path::Path;

/// The functions of the routing table, and the yardstick.
pub fn binaries() -> Vec<String> {
    let mut names: Vec<String> = server::routes::functions()
        .into_iter()
        .map(|f| f.name)
        .collect();
    names.push("hello-lambda".into());
    names
}

/// Deflate at the level `zip` uses: the zip's size within a few hundred bytes.
fn deflated(bytes: &[u8]) -> usize {
    let mut encoder =
        flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap().len()
}

pub fn report(bin_dir: &Path) {
    println!("\n== API: release bootstrap sizes (x86_64 here; LTO, strip, rustls) ==");
    println!("{:<14} {:>12} {:>12}", "function", "bootstrap", "zipped");
    for name in binaries() {
        match std::fs::read(bin_dir.join(&name)) {
            Ok(bytes) => println!(
                "{:<14} {:>9.2} MB {:>9.2} MB",
                name,
                mb(bytes.len()),
                mb(deflated(&bytes))
            ),
            Err(_) => println!("{name:<14} not built"),
        }
    }
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1_048_576.0
}
