//! Start-to-ready: from spawning a bootstrap to its first poll of the Lambda
//! Runtime API for an invocation — the init phase Lambda bills as cold start.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;
use tokio::net::TcpListener;
use tokio::process::Command;

use crate::sizes::binaries;

const RUNS: usize = 7;

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
        // Production configuration: DynamoDB, SES and S3 clients are built at init.
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

pub async fn report(bin_dir: &Path) {
    let data = tempfile::tempdir().unwrap();
    println!("\n== API: cold start, spawn to first Runtime API poll (median of {RUNS}) ==");
    for name in binaries() {
        let binary = bin_dir.join(&name);
        if !binary.is_file() {
            println!("{name:<14} not built");
            continue;
        }
        let mut times = Vec::new();
        for _ in 0..RUNS {
            if let Some(t) = start_to_ready(&binary, data.path()).await {
                times.push(t);
            }
        }
        times.sort();
        match times.get(times.len() / 2) {
            Some(median) => println!("{name:<14} {:>8.1} ms", median.as_secs_f64() * 1e3),
            None => println!("{name:<14} did not reach the Runtime API"),
        }
    }
}
