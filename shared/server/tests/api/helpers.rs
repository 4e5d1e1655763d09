//! The API tests' one kit: a whole shop spawned in-process on an ephemeral
//! port with its own data folder, seeded with the catalogue, reached over
//! real HTTP; accounts (sign-up, sign-in, cookies), test products written
//! straight to the table, and table-request counting.

use std::future::Future;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use app::{App, Config};
use domain::atelier::{ConsoleSession, ConsoleSessions, Opening, Role, Staff, StaffMember};
use domain::catalog::{Product, ProductCard, SetItem, Size, Status};
use domain::ports::Condition;
use domain::pricing::Money;
use domain::records::Outcome;
use domain::timestamp::Timestamp;
use reqwest::header::{HeaderMap, HeaderValue, ORIGIN, SET_COOKIE};
use serde_json::{json, Value};
use shop_http::session::{access_cookie_name, issue_access, AccessClaims};

#[path = "../../../testkit/mail-switch.rs"]
mod mail_switch;

pub struct TestShop {
    pub url: String,
    /// The payment SDK's assets host: an origin of its own.
    pub assets_url: String,
    pub app: App,
    pub data_dir: PathBuf,
    /// The blobs folder: shared by every test shop (see [`shared_blobs`]).
    pub blobs_dir: PathBuf,
    _dir: tempfile::TempDir,
}

/// One blobs folder for every test shop. The catalogue's pictures are named
/// by their content, so the first shop to import the sample catalogue makes
/// them and every later one finds them stored and uploads nothing, as a
/// second import in AWS would: a shop starts in a fraction of a second
/// instead of re-encoding every picture. Other blobs (invoices) are named by
/// ids no two tests share.
fn shared_blobs(config: &mut Config) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("test-shop-blobs");
    if let blobs::BlobsConfig::Folder { dir: folder, .. } = &mut config.blobs {
        *folder = dir.clone();
    }
    dir
}

/// A clock that stands still until the test moves it forward: a deadline
/// the handlers read from `app.clock` is reached without waiting for it, and
/// a wait the test checks is never over early because the machine was slow.
pub struct TestClock {
    start: Timestamp,
    ahead_ms: std::sync::atomic::AtomicU64,
}

impl Default for TestClock {
    fn default() -> Self {
        Self {
            start: Timestamp::now(),
            ahead_ms: Default::default(),
        }
    }
}

impl TestClock {
    pub fn advance(&self, by: std::time::Duration) {
        let ms = u64::try_from(by.as_millis()).expect("a short step");
        self.ahead_ms
            .fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
    }
}

#[async_trait::async_trait]
impl domain::ports::Clock for TestClock {
    fn now(&self) -> Timestamp {
        let ahead = self.ahead_ms.load(std::sync::atomic::Ordering::SeqCst);
        Timestamp::at(self.start.instant() + std::time::Duration::from_millis(ahead))
    }

    async fn sleep(&self, duration: std::time::Duration) {
        tokio::time::sleep(duration).await
    }
}

/// A shop whose clock the test moves (see [`TestClock`]).
pub async fn spawn_shop_with_clock() -> (TestShop, Arc<TestClock>) {
    let clock = Arc::new(TestClock::default());
    let theirs = clock.clone();
    let shop = spawn_shop_with(move |mut app| {
        app.set_clock(theirs);
        app
    })
    .await;
    (shop, clock)
}

/// A shop whose emails fail while the answered switch is on.
pub async fn spawn_shop_with_mail_switch() -> (TestShop, Arc<AtomicBool>) {
    let refusing = Arc::new(AtomicBool::new(false));
    let switch = refusing.clone();
    let shop = spawn_shop_with(move |mut app| {
        mail_switch::switch_mail(&mut app, switch);
        app
    })
    .await;
    (shop, refusing)
}

/// Starts a shop on 127.0.0.1 at a free port, seeded with the catalogue.
pub async fn spawn_shop() -> TestShop {
    spawn_shop_with(|app| app).await
}

/// A shop whose API is reached as AWS reaches it: every call an API Gateway
/// v2 event through its function's `lambda_http` entry.
pub async fn spawn_lambda_shop() -> TestShop {
    spawn_shop_through(|app| app, server::routes::Path::LambdaEvents).await
}

/// A shop whose adapters `wrap` may replace (to inject faults through the ports).
pub async fn spawn_shop_with(wrap: impl FnOnce(App) -> App) -> TestShop {
    spawn_shop_through(wrap, server::routes::Path::Direct).await
}

async fn spawn_shop_through(wrap: impl FnOnce(App) -> App, path: server::routes::Path) -> TestShop {
    let dir = tempfile::tempdir().expect("temp dir");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}", listener.local_addr().unwrap());
    let mut config = Config::local(dir.path().to_path_buf(), &url).expect("config");
    let blobs_dir = shared_blobs(&mut config);
    let app = App::with_config(config).await.expect("app");
    shopctl::seed::run(&app).await.expect("seed");
    let app = wrap(app);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let paths = server::Paths::under(&root);
    let assets_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let assets_url = format!("http://{}", assets_listener.local_addr().unwrap());
    let router = server::router_through(app.clone(), &paths, &assets_url, path);
    let assets = server::assets::router(&app, &paths, &assets_url);
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await.expect("serve") });
    tokio::spawn(async move { axum::serve(assets_listener, assets).await.expect("serve") });
    TestShop {
        url,
        assets_url,
        app,
        data_dir: dir.path().to_path_buf(),
        blobs_dir,
        _dir: dir,
    }
}

impl TestShop {
    /// A browser-like client: its own cookie jar, and the site's Origin on every request.
    pub fn client(&self) -> Client {
        client_of(
            self,
            HeaderMap::new(),
            reqwest::Client::builder().cookie_store(true),
        )
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

#[derive(Clone)]
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
    /// A list answer's items: `{ data: [...] }`, the contract's list shape.
    pub fn list(&self) -> Vec<Value> {
        self.body["data"].as_array().cloned().unwrap_or_default()
    }
}

impl Client {
    pub async fn get(&self, path: &str) -> Answer {
        self.send(reqwest::Method::GET, path, None).await
    }
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }
    pub async fn patch(&self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::PATCH, path, Some(body)).await
    }
    pub async fn delete(&self, path: &str) -> Answer {
        self.send(reqwest::Method::DELETE, path, None).await
    }
    /// `POST /api/auth/login` with an email and a password.
    pub async fn sign_in(&self, email: &str, password: &str) -> Answer {
        let body = json!({ "email": email, "password": password });
        self.post("/api/auth/login", body).await
    }

    /// Sends the request; every answer of the API must match its schema in
    /// the API contract (`shared/openapi.json`).
    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Answer {
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = answer(request.send().await.unwrap()).await;
        keeps_the_contract(&method, path, &answer);
        answer
    }

    /// A raw request for bad-input cases (wrong content type, broken JSON,
    /// huge bodies); checked against the contract too, except for a method
    /// the route does not have (axum's 405, on purpose undocumented).
    pub async fn raw(
        &self,
        method: reqwest::Method,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> Answer {
        let req = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .header("content-type", content_type)
            .body(body);
        let answer = answer(req.send().await.unwrap()).await;
        if answer.status != 405 {
            keeps_the_contract(&method, path, &answer);
        }
        answer
    }
}

fn keeps_the_contract(method: &reqwest::Method, path: &str, answer: &Answer) {
    if path.starts_with("/api/") {
        if let Err(broken) = contract::check(method.as_str(), path, answer.status, &answer.body) {
            panic!("{method} {path} broke the API contract: {broken}");
        }
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

// ---------------------------------------------------------------- accounts

pub const PASSWORD: &str = "couture1!";

pub fn registration(email: &str) -> Value {
    json!({
        "email": email,
        "password": PASSWORD,
        "confirmPassword": PASSWORD,
        "title": "Ms",
        "firstname": "Ada",
        "lastname": "Lovelace",
        "birthday": "1990-12-10",
        "agreeToUpdates": true,
    })
}

/// Signs up through the API and signs in with the same client (its jar
/// keeps the cookies); answers the new account's id.
pub async fn sign_up_and_sign_in(c: &Client, email: &str) -> String {
    let created = c.post("/api/auth/register", registration(email)).await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let login = c.sign_in(email, PASSWORD).await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    created.body["user"]["id"].as_str().unwrap().to_string()
}

/// Runs the futures at once (each on its own task), answering their
/// outputs in order.
pub async fn concurrently<F>(futures: impl IntoIterator<Item = F>) -> Vec<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let tasks: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut outputs = Vec::new();
    for task in tasks {
        outputs.push(task.await.expect("a task"));
    }
    outputs
}

/// The Set-Cookie header for a cookie name, whole.
pub fn set_cookie(answer: &Answer, name: &str) -> Option<String> {
    answer
        .headers
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(str::to_string)
}

/// A cookie's value from the answer's Set-Cookie headers.
pub fn cookie_value(answer: &Answer, name: &str) -> Option<String> {
    set_cookie(answer, name).map(|c| {
        c.split(';')
            .next()
            .unwrap()
            .split_once('=')
            .unwrap()
            .1
            .to_string()
    })
}

/// A client without a cookie jar: sends exactly `cookies` (and the site's Origin).
pub fn bare_client(shop: &TestShop, cookies: &str) -> Client {
    let mut headers = HeaderMap::new();
    if !cookies.is_empty() {
        headers.insert(
            reqwest::header::COOKIE,
            HeaderValue::from_str(cookies).unwrap(),
        );
    }
    client_of(shop, headers, reqwest::Client::builder())
}

/// A browser-like client connecting from `local` (any 127.0.0.0/8 address
/// is this machine), with `headers` on every request: another shopper, as
/// far as the socket can tell.
pub fn client_at(shop: &TestShop, local: [u8; 4], headers: &[(&'static str, &str)]) -> Client {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        map.insert(*name, HeaderValue::from_str(value).unwrap());
    }
    let builder = reqwest::Client::builder()
        .cookie_store(true)
        .local_address(std::net::IpAddr::from(local));
    client_of(shop, map, builder)
}

/// A client of `shop` like a browser's: the site's Origin on every request
/// beside `headers`, and redirects answered rather than followed.
fn client_of(shop: &TestShop, mut headers: HeaderMap, builder: reqwest::ClientBuilder) -> Client {
    headers.insert(ORIGIN, HeaderValue::from_str(&shop.url).unwrap());
    let http = builder
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    Client {
        http,
        base: shop.url.clone(),
    }
}

/// A GET of an absolute address: status, headers and body text.
pub async fn get_url(c: &Client, url: &str) -> (u16, HeaderMap, String) {
    let response = c.http.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

pub fn location(headers: &HeaderMap) -> String {
    headers
        .get(reqwest::header::LOCATION)
        .expect("a redirect")
        .to_str()
        .unwrap()
        .to_string()
}

// ---------------------------------------------------------------- shopping

/// A client signed in as `user_id`: an access token minted with the shop's
/// key in the cookie the auth function sets.
pub async fn client_with_access_token(shop: &TestShop, user_id: &str) -> Client {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    // The live session the token names, as a sign-in stores it.
    let who = domain::accounts::NewSession {
        user_id: user_id.into(),
        email: format!("{user_id}@example.com"),
        remember: false,
        provider: None,
        provider_token: None,
    };
    let session = domain::accounts::Session::start(
        who,
        format!("s-{user_id}"),
        "unused".into(),
        Timestamp::now(),
    );
    let _ = shop
        .app
        .table
        .write(&session, Condition::None)
        .await
        .expect("session stored");
    let claims = AccessClaims {
        sub: user_id.into(),
        email: format!("{user_id}@example.com"),
        sid: format!("s-{user_id}"),
        iat: now,
        exp: now + 900,
    };
    let token = issue_access(&shop.app.config, &claims);
    let cookie = format!("{}={token}; Path=/", access_cookie_name(&shop.app.config));
    client_with_cookie(shop, &cookie)
}

/// A browser-like client whose jar holds `cookie` (a `Set-Cookie` value).
fn client_with_cookie(shop: &TestShop, cookie: &str) -> Client {
    let jar = reqwest::cookie::Jar::default();
    jar.add_cookie_str(cookie, &shop.url.parse().unwrap());
    let builder = reqwest::Client::builder().cookie_provider(Arc::new(jar));
    client_of(shop, HeaderMap::new(), builder)
}

/// A product of the tests' own, so they do not depend on the seed.
pub fn test_product(id: &str, status: &str, price: f64, items: &[(&str, f64)]) -> Product {
    Product {
        description: "<p>test</p>".into(),
        card: ProductCard {
            id: id.into(),
            sku: format!("SKU-{id}"),
            name: format!("Test {id}"),
            categories: vec!["women".into()],
            collection: "test-collection".into(),
            collection_name: "Test".into(),
            slug: format!("test-{id}"),
            size: ["S", "M", "L"].map(|s| Size::label(s).unwrap()).to_vec(),
            color: vec!["Ivory".into(), "Black".into()],
            price: Money::from_dollars(price).unwrap(),
            tag: vec![],
            status: Status::from_name(status).expect("active or inactive"),
            product_gallery: vec![format!("/blobs/{id}.jpg")],
            items: items
                .iter()
                .map(|(name, price)| SetItem {
                    name: name.to_string(),
                    price: Money::from_dollars(*price).unwrap(),
                })
                .collect(),
            created_at: Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
            made_to_order: false,
        },
    }
}

pub async fn put_product(shop: &TestShop, product: &Product) {
    let written = shop
        .app
        .table
        .write(product, Condition::None)
        .await
        .unwrap();
    assert_eq!(written, Outcome::Done(()));
}

/// The answer of `call` and how many table requests it cost.
pub async fn count_table_requests<T>(shop: &TestShop, call: impl Future<Output = T>) -> (T, u64) {
    let before = shop.app.table.request_count();
    let answer = call.await;
    (answer, shop.app.table.request_count() - before)
}

/// `n` identical POSTs in flight at once, each on its own task.
pub async fn post_concurrently(
    client: &Client,
    n: usize,
    path: &str,
    body: serde_json::Value,
) -> Vec<Answer> {
    let posts = (0..n).map(|_| {
        let (client, path, body) = (client.clone(), path.to_string(), body.clone());
        async move { client.post(&path, body).await }
    });
    concurrently(posts).await
}

// ---------------------------------------------------------------- atelier

/// A staff member of `role` (a fresh one each call) and a client signed in
/// to the console as them: the member and the session made through the
/// domain (the passkey ceremony is the browser journeys'), the console's
/// cookie in the client's jar, the site's Origin on every request.
pub async fn console_client(shop: &TestShop, role: Role) -> (Client, StaffMember) {
    let id = ulid::Ulid::new().to_string();
    let member = StaffMember {
        email: format!(
            "{}-{}@atelier.example.com",
            role.as_str(),
            id.to_lowercase()
        ),
        name: format!("Test {}", role.as_str()),
        role,
        since: shop.app.clock.now(),
        id,
    };
    let table = &*shop.app.table;
    Staff::of(table).add(&member).await.expect("member stored");
    let token = atelier::console::new_token();
    let session = ConsoleSession::start(&member.id, &token, shop.app.clock.now());
    // Opened as an enrolment opens it: no sign-in on the audit log the tests read.
    assert!(ConsoleSessions::of(table)
        .open(&session, &member, Opening::Enrolment)
        .await
        .expect("session stored"));
    let value = atelier::console::cookie_value(&member.id, &token);
    let cookie = format!(
        "{}={value}; Path=/api/atelier",
        atelier::console::cookie_name(&shop.app.config)
    );
    (client_with_cookie(shop, &cookie), member)
}
