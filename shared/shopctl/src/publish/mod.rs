//! `shopctl publish` (and the end of every `shopctl catalog import`): the
//! pages the world reads, made from the catalogue as the API answers it and
//! the site's templates (`site/out`, a build that bakes no catalogue), into
//! a publication the shop serves before its templates (`$DATA_DIR/site`
//! locally): every exported page with its head (title, description,
//! canonical, Open Graph, JSON-LD) and its first paint (the data its lists
//! show, which SWR takes as fallback), one page per active product,
//! collection, runway show and news item at the address the site links it
//! by, sitemap.xml and robots.txt, every address on the shop's public origin
//! (SITE_URL). A search engine, a link preview or a visitor without
//! JavaScript reads the house's catalogue right after its import.

pub mod bucket;
mod catalogue;
mod first_paint;
mod head;
mod pages;
mod rewrite;
pub mod sink;
mod sitemap;
mod words;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use app::App;
use serde_json::Value;

pub use catalogue::Catalogue;
use pages::Planned;
pub use sink::{Folder, Sink, SinkError};

#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error("reading the catalogue: {0}")]
    Catalogue(#[from] catalog_answers::PublishError),
    #[error("the site's templates are not built ({0} has no index.html): run `make site-build`")]
    NoTemplates(PathBuf),
    #[error("reading the template {path}: {source}")]
    Template {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("publishing {page}: {source}")]
    Rewrite {
        page: String,
        source: rewrite::RewriteError,
    },
    #[error(transparent)]
    Sink(#[from] SinkError),
    #[error("a folder for the site's templates: {0}")]
    TemplatesFolder(std::io::Error),
}

/// What a publication wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    pub pages: usize,
    pub bytes: u64,
    pub took: Duration,
}

impl fmt::Display for Published {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "site published: {} pages, {} bytes in {} ms",
            self.pages,
            self.bytes,
            self.took.as_millis()
        )
    }
}

/// The site's templates: `site/out` of the repository holding `cdk.json`
/// (found from the working directory, as the server finds it), else of the
/// repository shopctl was built in.
pub fn templates() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let found = cwd.ancestors().find(|d| d.join("cdk.json").is_file());
    match found {
        Some(root) => root.join("site/out"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site/out"),
    }
}

/// The local publication's folder, which the shop server serves first.
pub fn folder(app: &App) -> PathBuf {
    app.config.data_dir.join("site")
}

/// Publishes the configured shop's catalogue: into the stage's site bucket
/// when the configuration names one (`Config::publication`), else into the
/// local data folder.
pub async fn publish(app: &App) -> Result<Published, PublishError> {
    match &app.config.publication {
        Some(target) => publish_to_bucket(app, target.clone()).await,
        None => publish_locally(app).await,
    }
}

async fn publish_locally(app: &App) -> Result<Published, PublishError> {
    let templates = templates();
    if !templates.join("index.html").is_file() {
        return Err(PublishError::NoTemplates(templates));
    }
    let catalogue = read_catalogue(app).await?;
    let sink = Folder::replacing(&folder(app))?;
    publish_to(&catalogue, &templates, &app.config.site_url, sink).await
}

/// In AWS the templates are the deployed build's, read from the bucket, so a
/// published page names only scripts the bucket holds, whatever the
/// operator's own checkout has built.
async fn publish_to_bucket(
    app: &App,
    target: app::PublicationTarget,
) -> Result<Published, PublishError> {
    let s3_endpoint = match &app.config.blobs {
        blobs::BlobsConfig::S3 { endpoint, .. } => endpoint.as_deref(),
        _ => None,
    };
    let clients = bucket::Clients::connect(app.aws.sdk_config().await, s3_endpoint);
    let sink = bucket::Bucket::new(clients, target);
    let folder = tempfile::tempdir().map_err(PublishError::TemplatesFolder)?;
    sink.fetch_templates(folder.path()).await?;
    let catalogue = read_catalogue(app).await?;
    publish_to(&catalogue, folder.path(), &app.config.site_url, sink).await
}

/// The catalogue as the catalogue function answers it.
pub async fn read_catalogue(app: &App) -> Result<Catalogue, PublishError> {
    let bodies = match catalog_answers::snapshot(app).await? {
        Value::Object(bodies) => bodies,
        _ => Default::default(),
    };
    Ok(Catalogue::new(bodies))
}

/// Writes the publication of `catalogue` from `templates` into `sink`, every
/// address on `origin`, and makes it visible at once.
pub async fn publish_to<S: Sink>(
    catalogue: &Catalogue,
    templates: &Path,
    origin: &str,
    mut sink: S,
) -> Result<Published, PublishError> {
    let started = Instant::now();
    let origin = origin.trim_end_matches('/');
    let plan = plan(catalogue, &exported_pages(templates)?, origin);
    let mut read: HashMap<String, String> = HashMap::new();
    let (mut bytes, mut written) = (0u64, 0usize);
    for page in &plan {
        let Some(file) = file_of(&page.path) else {
            tracing::warn!(page = %page.path, "not published: its address is not a plain path");
            continue;
        };
        if !read.contains_key(&page.template) {
            let path = templates.join(template_file(&page.template));
            let text = std::fs::read_to_string(&path)
                .map_err(|source| PublishError::Template { path, source })?;
            read.insert(page.template.clone(), text);
        }
        let html = render(page, &read[&page.template], catalogue, origin)?;
        bytes += html.len() as u64;
        written += 1;
        sink.put(&file, html.as_bytes(), "text/html; charset=utf-8")
            .await?;
    }
    let sitemap = sitemap::sitemap(catalogue, origin);
    let robots = sitemap::robots(origin);
    bytes += (sitemap.len() + robots.len()) as u64;
    sink.put("sitemap.xml", sitemap.as_bytes(), "application/xml")
        .await?;
    sink.put("robots.txt", robots.as_bytes(), "text/plain; charset=utf-8")
        .await?;
    sink.finish().await?;
    Ok(Published {
        pages: written,
        bytes,
        took: started.elapsed(),
    })
}

fn render(
    page: &Planned,
    template: &str,
    catalogue: &Catalogue,
    origin: &str,
) -> Result<String, PublishError> {
    let head = page.head.as_ref().map(|h| h.html(&catalogue.house, origin));
    let paint = first_paint::script_text(&Value::Object(page.first_paint.clone()));
    rewrite::publish_page(template, head.as_deref(), &paint).map_err(|source| {
        PublishError::Rewrite {
            page: page.path.clone(),
            source,
        }
    })
}

/// Every page the export holds, as its address (`/`, `/shop/`, `/404.html`).
fn exported_pages(templates: &Path) -> Result<Vec<String>, PublishError> {
    if !templates.join("index.html").is_file() {
        return Err(PublishError::NoTemplates(templates.to_path_buf()));
    }
    let mut found = Vec::new();
    let mut folders = vec![templates.to_path_buf()];
    while let Some(dir) = folders.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|source| PublishError::Template {
            path: dir.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            // Next's hashed assets and payloads are served from the templates as they are.
            if name == "_next" {
                continue;
            }
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(path),
                Ok(kind) if kind.is_file() && name == "index.html" => {
                    let relative = dir.strip_prefix(templates).unwrap_or(Path::new(""));
                    let route = relative
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect::<Vec<_>>()
                        .join("/");
                    found.push(match route.is_empty() {
                        true => "/".to_string(),
                        false => format!("/{route}/"),
                    });
                }
                _ => {}
            }
        }
    }
    if templates.join("404.html").is_file() {
        found.push("/404.html".to_string());
    }
    found.sort();
    Ok(found)
}

/// The pages to publish: the exported ones (placeholders with their route's
/// generic words), then one per entity whose route's template is exported.
fn plan(catalogue: &Catalogue, exported: &[String], origin: &str) -> Vec<Planned> {
    let mut plan: Vec<Planned> = exported
        .iter()
        .map(|path| match path.split('/').any(|s| s == "_") {
            true => pages::placeholder(catalogue, path),
            false => pages::site(catalogue, path, origin),
        })
        .collect();
    let has = |template: &str| exported.iter().any(|p| p == template);
    if has(pages::PRODUCT_TEMPLATE) {
        plan.extend(pages::products(catalogue, origin));
    }
    if has(pages::COLLECTION_TEMPLATE) {
        plan.extend(pages::collections(catalogue, origin));
    }
    if has(pages::RUNWAY_TEMPLATE) {
        plan.extend(pages::runways(catalogue, origin));
    }
    if has(pages::NEWS_TEMPLATE) {
        plan.extend(pages::news(catalogue, origin));
    }
    plan
}

/// A template's file under the export.
fn template_file(route: &str) -> String {
    match route.strip_suffix('/') {
        Some(dir) => format!("{}index.html", format!("{dir}/").trim_start_matches('/')),
        None => route.trim_start_matches('/').to_string(),
    }
}

/// The file a page's address is served from, as the server decodes the
/// address (`/shop/product/a%20b/x/` → `shop/product/a b/x/index.html`);
/// none when a segment would not be one plain folder name.
fn file_of(route: &str) -> Option<String> {
    let mut segments = Vec::new();
    for segment in route.split('/').filter(|s| !s.is_empty()) {
        let decoded = urlencoding::decode(segment).ok()?;
        let plain = !decoded.is_empty()
            && decoded != "."
            && decoded != ".."
            && !decoded.contains(['/', '\\', '\0']);
        if !plain {
            return None;
        }
        segments.push(decoded.into_owned());
    }
    let joined = segments.join("/");
    match route.ends_with('/') {
        true if joined.is_empty() => Some("index.html".to_string()),
        true => Some(format!("{joined}/index.html")),
        false => Some(joined),
    }
}

#[cfg(test)]
mod tests;
