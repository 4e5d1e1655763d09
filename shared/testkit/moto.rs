//! moto's server for tests of the S3 and SES adapters: `.venv/bin/moto_server`
//! (PyPI `moto[server]`, installed by `make deps`), on a free loopback port.
//!
//! Include it in a test crate with
//! `#[path = "<relative path to>/shared/testkit/moto.rs"] mod moto;`
//! and keep the returned [`Moto`] alive for as long as it is used. It never
//! skips: if the server cannot start, the test fails saying so.

// Not every test uses every helper.
#![allow(dead_code)]

#[path = "test-server.rs"]
mod test_server;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

pub use test_server::workspace_root;
use test_server::TestServer;

const HINT: &str = "moto's server comes from the Python venv at .venv: run `make deps`";

pub struct Moto {
    server: TestServer,
}

impl Moto {
    pub fn start() -> Self {
        let program = workspace_root().join(".venv/bin/moto_server");
        if !program.is_file() {
            panic!("{} is missing. {HINT}", program.display());
        }
        let moto = |port: u16| {
            let mut moto = Command::new(&program);
            moto.args(["-H", "127.0.0.1", "-p", &port.to_string()]);
            moto
        };
        let server = TestServer::start_on_free_port("moto", moto, Duration::from_secs(60), HINT);
        Self { server }
    }

    /// The endpoint URL for the SDK (`S3_ENDPOINT`, `SES_ENDPOINT`).
    pub fn endpoint(&self) -> String {
        self.server.url()
    }

    /// GETs a path of moto's own API (such as `/moto-api/data.json`) and
    /// answers the body.
    pub fn get(&self, path: &str) -> String {
        let mut stream =
            TcpStream::connect(("127.0.0.1", self.server.port())).expect("moto is not reachable");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("socket timeout");
        write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            .expect("request to moto failed");
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .expect("no answer from moto");
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        assert!(
            head.starts_with("HTTP/1.0 200") || head.starts_with("HTTP/1.1 200"),
            "moto answered {head}"
        );
        body.to_string()
    }
}
