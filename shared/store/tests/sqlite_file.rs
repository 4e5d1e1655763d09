//! What only the embedded table has: a file shared by several handles (the
//! local server and `cargo lambda watch` functions open the same one).

use std::sync::Arc;

use domain::ports::{Condition, Key, Query, Table, Update};
use serde_json::json;
use store::{SqliteTable, TableConfig};

fn add_one() -> Update {
    Update {
        add: vec![("n".into(), 1)],
        ..Update::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn handles_on_one_file_share_writes_without_losing_any() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("shop.sqlite");
    let first: Arc<dyn Table> = Arc::new(SqliteTable::open(&path).expect("first handle"));
    let second: Arc<dyn Table> = Arc::new(SqliteTable::open(&path).expect("second handle"));
    let key = Key::new("COUNTER", "hits");
    let mut tasks = Vec::new();
    for i in 0..60 {
        let (table, key) = (
            if i % 2 == 0 {
                first.clone()
            } else {
                second.clone()
            },
            key.clone(),
        );
        tasks.push(tokio::spawn(
            async move { table.update(&key, add_one()).await },
        ));
    }
    for task in tasks {
        task.await.expect("task").expect("update");
    }
    assert_eq!(
        first.get(&key).await.expect("get").expect("counter")["n"],
        json!(60)
    );
    assert_eq!(
        second.get(&key).await.expect("get").expect("counter")["n"],
        json!(60)
    );
}

#[tokio::test]
async fn data_survives_reopening_and_open_creates_folders() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("a/b/.data/shop.sqlite");
    let config = TableConfig::Sqlite { path: path.clone() };
    {
        let table = store::open(&config, &aws_env::Aws::local())
            .await
            .expect("opens, creating folders");
        let item = json!({"pk": "USER#1", "sk": "PROFILE", "name": "Ada"});
        let serde_json::Value::Object(item) = item else {
            unreachable!()
        };
        table.put(item, Condition::NotExists).await.expect("put");
    }
    let table = store::open(&config, &aws_env::Aws::local())
        .await
        .expect("reopens");
    let page = table
        .query(Query::partition("USER#1"))
        .await
        .expect("query");
    assert_eq!(page.items[0]["name"], json!("Ada"));
    assert!(path.is_file());
}
