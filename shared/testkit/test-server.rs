//! A server process that a test starts and owns: it listens on a free
//! loopback port, is killed when dropped, and is killed by a small watchdog
//! if the test process dies first, so no server outlives its test.
//!
//! Included with `#[path]` by `dynamodb-local.rs` and `moto.rs`.

#![allow(dead_code)]

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The repository root: the nearest folder above the including crate that
/// holds `Cargo.lock`.
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(&manifest)
        .to_path_buf()
}

/// A port nobody listens on now (the OS picks it).
pub fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("no free loopback port");
    listener.local_addr().expect("no local address").port()
}

pub struct TestServer {
    name: &'static str,
    child: Child,
    port: u16,
    log: PathBuf,
}

/// How a start went wrong: the server died (perhaps its port was taken
/// between our pick and its bind), or it never listened.
enum NotReady {
    Exited(String),
    Silent(String),
}

impl TestServer {
    /// Starts the server `command(port)` builds on a free port. The port is
    /// free when picked but another process may bind it before the server
    /// does; a server that dies while starting is started again on another
    /// port (three tries). Panics with its log and `hint` otherwise.
    pub fn start_on_free_port(
        name: &'static str,
        command: impl Fn(u16) -> Command,
        timeout: Duration,
        hint: &str,
    ) -> Self {
        let mut tries = 0;
        loop {
            tries += 1;
            let port = free_port();
            match Self::try_start(name, command(port), port, timeout) {
                Ok(server) => return server,
                Err(NotReady::Exited(why)) if tries < 3 => {
                    eprintln!(
                        "{name} died while starting on port {port}; trying another port\n{why}"
                    );
                }
                Err(NotReady::Exited(why) | NotReady::Silent(why)) => panic!("{why}. {hint}"),
            }
        }
    }

    /// Spawns the command and waits until its port accepts connections.
    fn try_start(
        name: &'static str,
        mut command: Command,
        port: u16,
        timeout: Duration,
    ) -> Result<Self, NotReady> {
        let log = std::env::temp_dir().join(format!(
            "{}-{}-{port}.log",
            name.replace(' ', "-"),
            std::process::id()
        ));
        let out = std::fs::File::create(&log).expect("cannot create the server log");
        let err = out.try_clone().expect("cannot share the server log");
        let child = command.stdin(Stdio::null()).stdout(out).stderr(err).spawn();
        let child = child.map_err(|e| NotReady::Silent(format!("{name} could not start: {e}")))?;
        let mut server = Self {
            name,
            child,
            port,
            log,
        };
        server.watch();
        server.wait_ready(timeout)?;
        Ok(server)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Kills the server if this process dies without dropping it.
    fn watch(&self) {
        let script = format!(
            "while kill -0 {me} 2>/dev/null && kill -0 {server} 2>/dev/null; do sleep 1; done; kill {server} 2>/dev/null",
            me = std::process::id(),
            server = self.child.id()
        );
        let watchdog = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Err(e) = watchdog {
            eprintln!("warning: no watchdog for {}: {e}", self.name);
        }
    }

    fn wait_ready(&mut self, timeout: Duration) -> Result<(), NotReady> {
        let started = Instant::now();
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        while started.elapsed() < timeout {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(NotReady::Exited(format!(
                    "{} exited while starting ({status})\n--- its log ---\n{}",
                    self.name,
                    self.log_tail()
                )));
            }
            if TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_ok() {
                eprintln!(
                    "{} ready on port {} after {:?}",
                    self.name,
                    self.port,
                    started.elapsed()
                );
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(NotReady::Silent(format!(
            "{} did not listen on port {} within {timeout:?}\n--- its log ---\n{}",
            self.name,
            self.port,
            self.log_tail()
        )))
    }

    pub fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}
