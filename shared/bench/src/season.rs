//! The catalogue at a season's size: the sample catalogue grown to 2,000
//! products, each with pictures of its own, written as a catalogue folder;
//! then `shopctl catalog validate` and `import` timed (the first import, and
//! a second that changes nothing) on both table adapters, and the published
//! product list measured: its bytes, the items it is stored in, its read time
//! and table requests per read. Last, what the pictures pipeline costs for one
//! camera-sized photograph.

use std::path::Path;
use std::time::{Duration, Instant};

use app::App;
use shopctl::catalog::files::ProductFile;
use shopctl::catalog::{self, Options};

use crate::folders::copy_dir;
use crate::latency::{millis, shop_on, timed, Figures};

const PRODUCTS: usize = 2_000;
const READS: usize = 200;

pub async fn report(dynamodb_endpoint: &str) {
    let folder = tempfile::tempdir().unwrap();
    let generated = grow(&catalog::sample(), folder.path(), PRODUCTS);
    println!("\n== The catalogue at season size: {PRODUCTS} products, {generated} generated with pictures of their own ==");
    let start = Instant::now();
    let valid = catalog::validate(folder.path()).expect("the grown folder is valid");
    println!("validate: {:.2} s ({valid})", start.elapsed().as_secs_f64());
    println!(
        "{:<16} {:>14} {:>16} {:>22} {:>12} {:>10} {:>10} {:>30}",
        "table",
        "first import",
        "files uploaded",
        "import again (no-op)",
        "list bytes",
        "stored in",
        "requests",
        "GET /api/products p50 / p99"
    );
    for (name, endpoint) in [
        ("embedded", None),
        ("DynamoDB Local", Some(dynamodb_endpoint)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let app = shop_on(dir.path(), endpoint, false).await;
        let (first, first_time) = import(&app, folder.path()).await;
        let (again, again_time) = import(&app, folder.path()).await;
        assert!(again.planned.is_empty() && again.uploads == 0, "{again}");
        let bytes = list_bytes(&app).await;
        let parts = bytes.div_ceil(domain::catalog::published::PART_BYTES);
        let figures = cold_reads(&app).await;
        println!(
            "{:<16} {:>14} {:>16} {:>22} {:>12} {:>10} {:>10} {:>30}",
            name,
            format!("{:.1} s", first_time.as_secs_f64()),
            first.uploads,
            format!("{:.2} s", again_time.as_secs_f64()),
            bytes,
            format!("{parts} items"),
            format!("{:.1}", figures.requests),
            format!(
                "{:.2} ms / {:.2} ms",
                millis(figures.p50),
                millis(figures.p99)
            ),
        );
    }
    photograph();
}

async fn import(app: &App, folder: &Path) -> (catalog::Imported, Duration) {
    let start = Instant::now();
    let imported = catalog::import(app, folder, Options::default())
        .await
        .expect("imported");
    assert!(imported.failures.is_empty(), "{imported}");
    (imported, start.elapsed())
}

/// `GET /api/products` through the catalog function with no freshness
/// window, so every request reads the published document from the table, as
/// a cold Lambda's first request does.
async fn cold_reads(app: &App) -> Figures {
    let router = ::catalog::router_with(app.clone(), ::catalog::Cache::new(Duration::ZERO));
    let request = || {
        axum::http::Request::get("/api/products")
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let before = app.table.request_count();
    let mut times = Vec::with_capacity(READS);
    for _ in 0..READS {
        let (status, time) = timed(&router, request()).await;
        assert!(status.is_success());
        times.push(time);
    }
    let requests = (app.table.request_count() - before) as f64 / READS as f64;
    Figures::of(requests, times)
}

async fn list_bytes(app: &App) -> usize {
    let api = server::routes::api(app.clone());
    let request = axum::http::Request::get("/api/products")
        .body(axum::body::Body::empty())
        .unwrap();
    let (_, body) = crate::latency::answer(&api, request).await;
    body.len()
}

/// Copies the sample into `to` and adds products (copies of the sample's,
/// each with new ids and its own picture files) up to `products`; answers how
/// many it added.
fn grow(sample: &Path, to: &Path, products: usize) -> usize {
    copy_dir(sample, to);
    let dir = to.join("products");
    let mut templates: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    templates.sort();
    let added = products - templates.len();
    for n in 0..added {
        let template = &templates[n % templates.len()];
        let mut product: ProductFile =
            toml::from_str(&std::fs::read_to_string(template).unwrap()).unwrap();
        let id = format!("prod-season-{n:05}");
        product.sku = format!("SEASON-{n:05}");
        product.slug = format!("{}-{n}", product.slug);
        product.name = format!("{} {n}", product.name);
        for (i, picture) in product.gallery.iter_mut().enumerate() {
            // The sample's photograph with bytes of its own after its end:
            // a new picture to hash and upload, as a season's would be.
            let mut bytes = std::fs::read(template.parent().unwrap().join(&*picture)).unwrap();
            bytes.extend_from_slice(id.as_bytes());
            let path = format!("{id}/{}.webp", i + 1);
            std::fs::create_dir_all(dir.join(&id)).unwrap();
            std::fs::write(dir.join(&path), bytes).unwrap();
            *picture = path;
        }
        let text = toml::to_string_pretty(&product).unwrap();
        std::fs::write(dir.join(format!("{id}.toml")), text).unwrap();
    }
    added
}

/// One 4000×3000 JPEG, as a camera makes it, through the pipeline: checked
/// and hashed, then made into WebP at each width.
fn photograph() {
    let picture = image::RgbImage::from_fn(4000, 3000, |x, y| {
        image::Rgb([
            (x / 16 % 256) as u8,
            (y / 12 % 256) as u8,
            ((x + y) / 28 % 256) as u8,
        ])
    });
    let mut jpeg = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut jpeg, image::ImageFormat::Jpeg)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("photo.jpg");
    std::fs::write(&path, jpeg.get_ref()).unwrap();
    let start = Instant::now();
    let asset = catalog::pictures::picture(dir.path(), Path::new("photo.jpg")).unwrap();
    let checked = start.elapsed();
    let start = Instant::now();
    let blobs = asset.blobs(&asset.keys()).unwrap();
    let made = start.elapsed();
    let sizes: Vec<String> = blobs
        .iter()
        .map(|b| {
            format!(
                "{} {} KB",
                match b.key.starts_with("originals/") {
                    true => "the original kept",
                    false => b.key.rsplit('/').next().unwrap_or(""),
                },
                b.bytes.len() / 1024
            )
        })
        .collect();
    println!(
        "one 4000×3000 JPEG: read, decoded whole and hashed in {:.1} ms, made into {} in {:.0} ms",
        millis(checked),
        sizes.join(", "),
        millis(made)
    );
}
