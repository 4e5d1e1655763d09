//! Each function's Lambda bootstrap, zipped as Lambda receives it, on both
//! architectures, built as the deploy builds them (`make lambda-bootstraps`:
//! cargo-lambda, one function per build with only its own adapters), next
//! to the hello-world yardstick of the same run.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The goal of issue 16: at most 4 MiB zipped, on each architecture.
const GOAL_BYTES: usize = 4 * 1_048_576;
pub const YARDSTICK: &str = "hello-lambda";
pub const ARCHITECTURES: [&str; 2] = ["x86_64", "arm64"];

/// The functions of the routing table, and the yardstick.
pub fn binaries() -> Vec<String> {
    let mut names: Vec<String> = server::routes::functions()
        .into_iter()
        .map(|f| f.name)
        .collect();
    names.push(YARDSTICK.into());
    names
}

/// Where `make lambda-bootstraps` leaves a function's `bootstrap`, under the
/// cargo target dir (where a bundling synth leaves the arm64 ones too).
pub fn bootstrap(target_dir: &Path, architecture: &str, name: &str) -> PathBuf {
    let dir = format!("lambda-{architecture}");
    target_dir.join(dir).join(name).join("bootstrap")
}

/// Deflate at `zip -9`'s level: the zip's size within a few hundred bytes.
fn zipped(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap().len()
}

fn zipped_size(target_dir: &Path, architecture: &str, name: &str) -> Option<usize> {
    let bytes = std::fs::read(bootstrap(target_dir, architecture, name)).ok()?;
    Some(zipped(&bytes))
}

fn cell(size: Option<usize>) -> String {
    match size {
        Some(bytes) => format!("{:.2} MiB", mib(bytes)),
        None => "not built".into(),
    }
}

/// Whether every built size of a row is within the goal.
fn verdict(sizes: &[Option<usize>]) -> &'static str {
    match sizes.iter().flatten().all(|&bytes| bytes <= GOAL_BYTES) {
        true => "ok",
        false => "OVER",
    }
}

pub fn report(target_dir: &Path) {
    println!(
        "\n== API: Lambda bootstraps zipped (zip -9), built as deployed; goal <= 4 MiB each =="
    );
    println!("{:<14} {:>10} {:>10}  goal", "function", "x86_64", "arm64");
    for name in binaries() {
        let sizes = ARCHITECTURES.map(|arch| zipped_size(target_dir, arch, &name));
        let goal = if name == YARDSTICK {
            "(yardstick)"
        } else {
            verdict(&sizes)
        };
        println!(
            "{:<14} {:>10} {:>10}  {goal}",
            name,
            cell(sizes[0]),
            cell(sizes[1])
        );
    }
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / 1_048_576.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_goal_is_four_mebibytes_on_every_built_architecture() {
        assert_eq!(verdict(&[Some(GOAL_BYTES), None]), "ok");
        assert_eq!(verdict(&[Some(1), Some(GOAL_BYTES + 1)]), "OVER");
    }

    #[test]
    fn zipping_shrinks_repetitive_bytes() {
        let bytes = vec![7u8; 100_000];
        assert!(zipped(&bytes) < 1_000);
    }
}
