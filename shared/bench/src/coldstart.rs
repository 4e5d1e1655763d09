//! Start-to-ready: from spawning a bootstrap to its first poll of the Lambda
//! Runtime API for an invocation — the init phase Lambda bills as cold start.
//! The x86_64 bootstraps of `make lambda-bootstraps` (this machine's
//! architecture), each next to the hello-world yardstick of the same build,
//! run in turns so the machine's load weighs on all alike. Secrets Manager
//! is not reached (the session key comes from `SESSION_KEY`): the figure is
//! the process's own init, without AWS round trips.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;
use tokio::net::TcpListener;
use tokio::process::Command;

use crate::sizes::{binaries, bootstrap, YARDSTICK};

/// Enough turns that the median holds still: with 7, a busy spell on this
/// 2-core machine moved one function's ratio by 0.2x between benches.
const RUNS: usize = 15;
/// The goal of issue 16: init within twice the yardstick's.
const GOAL_RATIO: f64 = 2.0;

async fn start_to_ready(binary: &Path, data_dir: &Path) -> Option<Duration> {
    let listener = TcpListener::bind("127.0.0.1:0").await.ok()?;
    let api = listener.local_addr().ok()?.to_string();
    let started = Instant::now();
    let mut child = Command::new(binary)
        .env_clear()
        .env("AWS_LAMBDA_RUNTIME_API", &api)
        .env("AWS_LAMBDA_FUNCTION_NAME", "bench")
        .env("AWS_LAMBDA_FUNCTION_VERSION", "1")
        .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "512")
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", "bench")
        .env("AWS_SECRET_ACCESS_KEY", "bench")
        // Production configuration: the DynamoDB, SES and S3 clients a
        // function carries are built at init.
        .env("TABLE_NAME", "bench")
        .env("DYNAMODB_ENDPOINT", "http://127.0.0.1:9")
        .env("MAIL_TRANSPORT", "ses")
        .env("BLOBS_BUCKET", "bench")
        .env("SITE_URL", "https://shop.example.com")
        .env(
            "SESSION_KEY",
            "YmVuY2gtYmVuY2gtYmVuY2gtYmVuY2gtYmVuY2gtYmVuY2g=",
        )
        .env("DATA_DIR", data_dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .ok()?;
    let ready = tokio::time::timeout(Duration::from_secs(5), async {
        let (mut socket, _) = listener.accept().await.ok()?;
        let mut buffer = [0u8; 256];
        let read = socket.read(&mut buffer).await.ok()?;
        std::str::from_utf8(&buffer[..read])
            .ok()?
            .contains("/invocation/next")
            .then(|| started.elapsed())
    })
    .await
    .ok()
    .flatten();
    let _ = child.kill().await;
    ready
}

/// Each binary's start-to-ready times, measured in turns.
async fn measure(binaries: &[(String, PathBuf)], data_dir: &Path) -> Vec<Vec<Duration>> {
    let mut times = vec![Vec::new(); binaries.len()];
    for _ in 0..RUNS {
        for ((_, binary), times) in binaries.iter().zip(&mut times) {
            if let Some(t) = start_to_ready(binary, data_dir).await {
                times.push(t);
            }
        }
    }
    times
}

fn median(mut times: Vec<Duration>) -> Option<Duration> {
    times.sort();
    times.get(times.len() / 2).copied()
}

pub async fn report(target_dir: &Path) {
    let data = tempfile::tempdir().unwrap();
    println!(
        "\n== API: cold start (x86_64), spawn to first Runtime API poll, median of {RUNS}; goal <= {GOAL_RATIO}x {YARDSTICK} =="
    );
    let (built, missing): (Vec<_>, Vec<_>) = binaries()
        .into_iter()
        .map(|name| {
            let path = bootstrap(target_dir, "x86_64", &name);
            (name, path)
        })
        .partition(|(_, path)| path.is_file());
    let medians: Vec<_> = measure(&built, data.path())
        .await
        .into_iter()
        .map(median)
        .collect();
    let yardstick = built
        .iter()
        .zip(&medians)
        .find(|((name, _), _)| name == YARDSTICK)
        .and_then(|(_, median)| *median);
    for ((name, _), median) in built.iter().zip(medians) {
        match median {
            Some(median) => println!(
                "{name:<14} {:>8.1} ms  {}",
                ms(median),
                versus(median, yardstick, name)
            ),
            None => println!("{name:<14} did not reach the Runtime API"),
        }
    }
    for (name, _) in missing {
        println!("{name:<14} not built");
    }
}

/// The ratio to the yardstick and whether it meets the goal.
fn versus(median: Duration, yardstick: Option<Duration>, name: &str) -> String {
    match yardstick {
        _ if name == YARDSTICK => "(yardstick)".into(),
        None => "no yardstick".into(),
        Some(yardstick) => {
            let ratio = median.as_secs_f64() / yardstick.as_secs_f64();
            let verdict = if ratio <= GOAL_RATIO { "ok" } else { "OVER" };
            format!("{ratio:>4.1}x  {verdict}")
        }
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
