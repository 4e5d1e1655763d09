//! Per-request latency of the table adapters, in process: the embedded SQLite
//! table and DynamoDB (AWS's DynamoDB Local, started here like the tests do).
//! Prints p50/p99 of a get, a catalogue-sized query and a conditional update.
//!
//! `cargo run --release -p store --example table_latency` (after `make deps`).

#[path = "../../testkit/dynamodb-local.rs"]
mod dynamodb_local;

use std::sync::Arc;
use std::time::{Duration, Instant};

use domain::ports::{Condition, Item, Key, Query, Table, Update};
use serde_json::json;
use store::{DynamoTable, SqliteTable};

const PRODUCTS: usize = 48;

fn product(i: usize) -> Item {
    let value = json!({
        "pk": "CATALOG#product", "sk": format!("PRODUCT#{i:04}"),
        "gsi1pk": "COLLECTION#spring", "gsi1sk": format!("{i:04}"),
        "name": format!("Silk evening gown {i}"), "price": 1200 + i * 35, "active": true,
        "sizes": ["XS", "S", "M", "L", "XL"], "colors": ["ivory", "midnight"],
        "description": "<p>Hand-finished silk crêpe with a bias-cut skirt.</p>".repeat(6),
    });
    match value {
        serde_json::Value::Object(item) => item,
        _ => unreachable!(),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

async fn measure<F, Fut>(rounds: usize, mut call: F) -> (Duration, Duration)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for _ in 0..rounds / 10 {
        call().await;
    }
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = Instant::now();
        call().await;
        times.push(started.elapsed());
    }
    times.sort();
    (percentile(&times, 0.50), percentile(&times, 0.99))
}

async fn bench(name: &str, table: Arc<dyn Table>, rounds: usize) {
    for i in 0..PRODUCTS {
        table.put(product(i), Condition::None).await.expect("seed");
    }
    let key = Key::new("CATALOG#product", "PRODUCT#0007");
    let get = measure(rounds, || async {
        table.get(&key).await.expect("get").expect("found");
    })
    .await;
    let query = measure(rounds, || async {
        let page = table
            .query(Query::partition("CATALOG#product").begins_with("PRODUCT#"))
            .await
            .expect("query");
        assert_eq!(page.items.len(), PRODUCTS);
    })
    .await;
    let index = measure(rounds, || async {
        table
            .query(Query::on_gsi1("COLLECTION#spring").descending().limit(12))
            .await
            .expect("index query");
    })
    .await;
    let counter = Key::new("COUNTER", "views");
    let update = measure(rounds, || async {
        let add = Update {
            add: vec![("n".into(), 1)],
            ..Update::default()
        };
        table.update(&counter, add).await.expect("update");
    })
    .await;
    for (what, (p50, p99)) in [
        ("get", get),
        ("query 48 items", query),
        ("gsi1 query 12", index),
        ("update ADD", update),
    ] {
        println!(
            "{name:<16} {what:<16} p50 {:>9.3} ms   p99 {:>9.3} ms",
            ms(p50),
            ms(p99)
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("table-latency-{}", std::process::id()));
    let sqlite = SqliteTable::open(&dir.join("shop.sqlite")).expect("embedded table");
    bench("embedded SQLite", Arc::new(sqlite), 2000).await;
    let _ = std::fs::remove_dir_all(&dir);

    let server = dynamodb_local::DynamoDbLocal::start();
    let aws = aws_env::Aws::local();
    let dynamo = DynamoTable::connect(aws.sdk_config().await, "latency", Some(&server.endpoint()));
    store::create_table(dynamo.client(), "latency")
        .await
        .expect("table");
    bench("DynamoDB Local", Arc::new(dynamo), 300).await;
}
