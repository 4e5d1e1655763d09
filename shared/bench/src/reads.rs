//! DynamoDB read units per product-list request, as DynamoDB Local reports
//! them (`ReturnConsumedCapacity`), for the seed's catalogue and for 500
//! products: a strongly consistent Query of the whole product partition (what
//! every list request cost before publishing) beside the published document
//! through the catalog function, cold and warm.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use tower::ServiceExt;

use app::{App, Config};
use catalog::Cache;
use domain::catalog::{Kind, Product};
use domain::ports::Condition;
use store::DynamoTable;

const WARM_REQUESTS: usize = 100;

async fn catalogue(endpoint: &str, products: usize) -> (App, Arc<DynamoTable>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("reads-{products}");
    let aws = aws_env::Aws::local();
    let table = Arc::new(DynamoTable::connect(
        aws.sdk_config().await,
        &name,
        Some(endpoint),
    ));
    store::create_table(table.client(), &name)
        .await
        .expect("create table");
    let config = Config::local(dir.path().to_path_buf(), "http://127.0.0.1:3000").expect("config");
    let mut app = App::with_config(config).await.expect("app");
    app.table = table.clone();
    shopctl::seed::run(&app).await.expect("seed");
    let seeded: Vec<Product> = app.table.read_all(Kind::Product.all()).await.unwrap();
    for n in seeded.len()..products {
        let mut copy = seeded[n % seeded.len()].clone();
        copy.card.id = format!("{}-{n}", copy.id);
        let _ = app.table.write(&copy, Condition::None).await.unwrap();
    }
    catalog_answers::publish(&app).await.expect("publish");
    (app, table, dir)
}

/// The read units `work` consumed.
async fn units<F: std::future::Future>(table: &DynamoTable, work: F) -> f64 {
    let before = table.read_units();
    work.await;
    table.read_units() - before
}

async fn list(router: &axum::Router) {
    let request = Request::get("/api/products").body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert!(response.status().is_success());
}

pub async fn report(endpoint: &str) {
    println!("\n== API: DynamoDB read units per GET /api/products (DynamoDB Local's ConsumedCapacity) ==");
    println!(
        "{:<10} {:>24} {:>24} {:>24}",
        "products", "whole partition (before)", "published, cold process", "published, warm"
    );
    for size in [40, 500] {
        let (app, table, _dir) = catalogue(endpoint, size).await;
        let count: Vec<Product> = app.table.read_all(Kind::Product.all()).await.unwrap();
        let partition = units(&table, app.table.read_all::<Product>(Kind::Product.all())).await;
        // A long freshness: the warm figure is what requests cost between
        // two readings of the version (one GetItem of 1 unit per second).
        let router = catalog::router_with(app.clone(), Cache::new(Duration::from_secs(3600)));
        let cold = units(&table, list(&router)).await;
        let warm = units(&table, async {
            for _ in 0..WARM_REQUESTS {
                list(&router).await;
            }
        })
        .await;
        println!(
            "{:<10} {:>24} {:>24} {:>24}",
            count.len(),
            format!("{partition:.1} RCU"),
            format!("{cold:.1} RCU"),
            format!("{:.2} RCU (+1 RCU/s)", warm / WARM_REQUESTS as f64),
        );
    }
}
