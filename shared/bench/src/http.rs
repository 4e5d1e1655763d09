//! Catalogue reads over HTTP: requests per second of the release
//! `shop-server` (seeded, embedded store) for the product list and one
//! product, next to nginx serving the same bytes on the same machine, both
//! loaded by `wrk` in alternating rounds so a busy moment hurts both alike.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const ROUNDS: usize = 3;
const SECONDS: &str = "3s";
const CONNECTIONS: &str = "32";

/// A child process stopped when dropped.
struct Running(Child);

impl Drop for Running {
    /// SIGTERM first, so nginx's master stops its workers: a SIGKILL orphaned
    /// them, and they went on taking CPU from every figure measured after
    /// this one (Lighthouse's included). SIGKILL only if it outlives that.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        for _ in 0..50 {
            if matches!(self.0.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn found(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

async fn wait_for(url: &str) -> bool {
    for _ in 0..100 {
        if get(url).await.is_some() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

async fn get(url: &str) -> Option<Vec<u8>> {
    let output = tokio::process::Command::new("curl")
        .args(["-fsS", url])
        .output()
        .await
        .ok()?;
    output.status.success().then_some(output.stdout)
}

fn shop(bin_dir: &Path, data: &Path, port: u16) -> Option<Running> {
    let seeded = Command::new(bin_dir.join("shopctl"))
        .arg("catalog")
        .arg("import")
        .arg(shopctl::catalog::sample())
        .env("DATA_DIR", data)
        .stdout(Stdio::null())
        .status()
        .ok()?;
    seeded.success().then_some(())?;
    let server = Command::new(bin_dir.join("shop-server"))
        .env("DATA_DIR", data)
        .env("PORT", port.to_string())
        // No access log, as nginx's below: the figure is the serving path.
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    Some(Running(server))
}

/// nginx serving `bodies` (path, bytes) as JSON on `port`, from `dir`.
fn nginx(dir: &Path, port: u16, bodies: &[(String, Vec<u8>)]) -> Option<Running> {
    let mut locations = String::new();
    for (i, (path, body)) in bodies.iter().enumerate() {
        let file = dir.join(format!("body-{i}.json"));
        std::fs::write(&file, body).ok()?;
        locations += &format!("location = {path} {{ alias {}; }}\n", file.display());
    }
    let conf = format!(
        "user root; worker_processes auto; daemon off; pid {dir}/nginx.pid; error_log {dir}/error.log;\n\
         events {{ worker_connections 1024; }}\n\
         http {{ access_log off; default_type application/json;\n\
         server {{ listen 127.0.0.1:{port}; {locations} }} }}\n",
        dir = dir.display()
    );
    let conf_file = dir.join("nginx.conf");
    std::fs::write(&conf_file, conf).ok()?;
    let child = Command::new("nginx")
        .arg("-c")
        .arg(&conf_file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    Some(Running(child))
}

/// One `wrk` round: requests per second.
fn wrk(url: &str) -> f64 {
    let output = Command::new("wrk")
        .args(["-t1", "-c", CONNECTIONS, "-d", SECONDS, url])
        .output()
        .expect("wrk runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Requests/sec:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0.0)
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

pub async fn report(bin_dir: &Path) {
    println!("\n== API: catalogue reads over HTTP, requests/s (wrk -t1 -c{CONNECTIONS}, median of {ROUNDS} alternating {SECONDS} rounds; goal: at least 50% of nginx) ==");
    if !found("wrk") || !found("nginx") {
        println!("wrk or nginx is missing (make bench installs them)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (shop_port, nginx_port) = (free_port(), free_port());
    let shop_url = format!("http://127.0.0.1:{shop_port}");
    let Some(_shop) = shop(bin_dir, &dir.path().join("data"), shop_port) else {
        println!(
            "shop-server or shopctl is not built in {}",
            bin_dir.display()
        );
        return;
    };
    if !wait_for(&format!("{shop_url}/api/products")).await {
        println!("shop-server did not answer");
        return;
    }
    let list = get(&format!("{shop_url}/api/products"))
        .await
        .unwrap_or_default();
    let first_id = serde_json::from_slice::<serde_json::Value>(&list)
        .ok()
        .and_then(|v| v["data"][0]["id"].as_str().map(String::from))
        .unwrap_or_default();
    let product_path = format!("/api/products/{first_id}");
    let product = get(&format!("{shop_url}{product_path}"))
        .await
        .unwrap_or_default();
    let bodies = [("/api/products".to_string(), list), (product_path, product)];
    let Some(_nginx) = nginx(dir.path(), nginx_port, &bodies) else {
        println!("nginx did not start");
        return;
    };
    let nginx_url = format!("http://127.0.0.1:{nginx_port}");
    wait_for(&format!("{nginx_url}/api/products")).await;
    println!(
        "{:<44} {:>9} {:>12} {:>12} {:>8}",
        "route", "bytes", "shop-server", "nginx", "ratio"
    );
    for (path, body) in &bodies {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            ours.push(wrk(&format!("{shop_url}{path}")));
            theirs.push(wrk(&format!("{nginx_url}{path}")));
        }
        let (ours, theirs) = (median(ours), median(theirs));
        println!(
            "{:<44} {:>9} {:>12.0} {:>12.0} {:>7.0}%",
            format!("GET {path}"),
            body.len(),
            ours,
            theirs,
            100.0 * ours / theirs.max(1.0)
        );
    }
}
