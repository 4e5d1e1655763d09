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

#[cfg(unix)]
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o7777
}

#[cfg(unix)]
fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut companion = path.as_os_str().to_owned();
    companion.push(suffix);
    companion.into()
}

/// The table holds every account and order: its file, SQLite's `-wal` and
/// `-shm` beside it, and the folder made for it are this user's only.
#[cfg(unix)]
#[tokio::test]
async fn the_table_files_and_a_new_folder_are_private() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let path = data.join("shop.sqlite");
    let table = SqliteTable::open(&path).expect("opens");
    let item = json!({"pk": "USER#1", "sk": "PROFILE", "name": "Ada"});
    let serde_json::Value::Object(item) = item else {
        unreachable!()
    };
    table.put(item, Condition::None).await.expect("put");
    assert_eq!(mode(&data), 0o700, "the folder made for the table");
    assert_eq!(mode(&path), 0o600);
    for suffix in ["-wal", "-shm"] {
        assert_eq!(
            mode(&beside(&path, suffix)),
            0o600,
            "{suffix} takes the file's mode"
        );
    }
}

/// A table file made before the rule (0644) is tightened when opened, with
/// what SQLite left beside it; a folder that already exists is the
/// caller's and keeps its mode (it may be `/tmp`).
#[cfg(unix)]
#[tokio::test]
async fn an_older_readable_table_is_tightened_on_open_and_its_folder_left_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = dir.path().join("shop.sqlite");
    drop(SqliteTable::open(&path).expect("first open"));
    for file in [path.clone(), beside(&path, "-wal"), beside(&path, "-shm")] {
        if !file.exists() {
            std::fs::write(&file, b"").unwrap();
        }
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let table = SqliteTable::open(&path).expect("reopens");
    table
        .get(&Key::new("USER#1", "PROFILE"))
        .await
        .expect("reads");
    assert_eq!(mode(dir.path()), 0o755);
    for file in [path.clone(), beside(&path, "-wal"), beside(&path, "-shm")] {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }
}
