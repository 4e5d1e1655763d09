//! The API test kit: a whole shop on an ephemeral port with its own data
//! folder, seeded with the catalogue, reached over real HTTP with a cookie jar.
#![allow(dead_code)]

use std::path::PathBuf;

use app::{App, Config};
use reqwest::header::{HeaderMap, HeaderValue, ORIGIN};
use serde_json::Value;

pub struct TestShop {
    pub url: String,
    pub app: App,
    pub data_dir: PathBuf,
    _dir: tempfile::TempDir,
}

/// Starts a shop on 127.0.0.1 at a free port, seeded with the catalogue.
pub async fn start() -> TestShop {
    let dir = tempfile::tempdir().expect("temp dir");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}", listener.local_addr().unwrap());
    let config = Config::local(dir.path().to_path_buf(), &url).expect("config");
    let app = App::with_config(config).await.expect("app");
    shopctl::seed::run(&app).await.expect("seed");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let router = server::router(app.clone(), &server::Paths::under(&root));
    tokio::spawn(async move { axum::serve(listener, router).await.expect("serve") });
    TestShop {
        url,
        app,
        data_dir: dir.path().to_path_buf(),
        _dir: dir,
    }
}

impl TestShop {
    /// A browser-like client: its own cookie jar, and the site's Origin on every request.
    pub fn client(&self) -> Client {
        let mut headers = HeaderMap::new();
        headers.insert(ORIGIN, HeaderValue::from_str(&self.url).unwrap());
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Client {
            http,
            base: self.url.clone(),
        }
    }

    /// The emails written to the outbox so far, as raw text.
    pub fn outbox(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.data_dir.join("outbox")) else {
            return Vec::new();
        };
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    }
}

pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
}

/// An answer: status and JSON body (Null when the body is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub headers: reqwest::header::HeaderMap,
}

impl Answer {
    /// The answer's list, whatever shape holds it (`[..]`, `{data}`, `{data:{data}}`).
    pub fn list(&self) -> Vec<Value> {
        let mut v = &self.body;
        while let Some(inner) = v.get("data") {
            v = inner;
        }
        v.as_array().cloned().unwrap_or_default()
    }
}

impl Client {
    pub async fn get(&self, path: &str) -> Answer {
        answer(
            self.http
                .get(format!("{}{path}", self.base))
                .send()
                .await
                .unwrap(),
        )
        .await
    }
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        answer(
            self.http
                .post(format!("{}{path}", self.base))
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }
    pub async fn patch(&self, path: &str, body: Value) -> Answer {
        answer(
            self.http
                .patch(format!("{}{path}", self.base))
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }
    pub async fn delete(&self, path: &str) -> Answer {
        answer(
            self.http
                .delete(format!("{}{path}", self.base))
                .send()
                .await
                .unwrap(),
        )
        .await
    }
    /// A raw request for bad-input cases (wrong content type, broken JSON, huge bodies).
    pub async fn raw(
        &self,
        method: reqwest::Method,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> Answer {
        let req = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("content-type", content_type)
            .body(body);
        answer(req.send().await.unwrap()).await
    }
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.unwrap_or_default();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    Answer {
        status,
        body,
        headers,
    }
}
