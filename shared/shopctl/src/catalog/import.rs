//! `shopctl catalog import DIR [--dry-run] [--prune]`: the folder read and
//! checked whole (any problem, nothing written), compared with the table,
//! and each added or changed item written after its pictures are stored, so
//! no record ever links to a picture that is not there yet. Unchanged items
//! cost nothing, so a second import writes and uploads nothing. An item that
//! fails is reported and the rest go on. The catalogue's lists are published
//! last: their version moves only once the import is over.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use app::App;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::folder::{Entry, Folder};
use super::items::{folder_of, FieldChange, Item};
use super::pictures::{Asset, Form, MEGAPIXELS_AT_ONCE};
use super::sources;
use crate::cli::{CliError, CliResult};

#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Show what would change; write nothing.
    pub dry_run: bool,
    /// Withdraw (make inactive, never delete) what the folder no longer holds.
    pub prune: bool,
    /// Leave the site's pages as they are (`shopctl::seed` for the tests'
    /// shops, which read the API); an operator's import always publishes them.
    pub no_site: bool,
}

/// What an import did to one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Added,
    /// The fields that changed, by their API names, with their old and new values.
    Changed(Vec<FieldChange>),
    Withdrawn,
}

/// One item an import writes.
#[derive(Debug, Clone)]
pub struct Planned {
    pub change: Change,
    /// The item's file, or `kind/id` for one the folder no longer holds.
    pub name: String,
    item: Item,
    assets: Vec<(PathBuf, Asset)>,
}

/// What an import found and did.
#[derive(Debug, Default)]
pub struct Imported {
    pub summary: String,
    pub planned: Vec<Planned>,
    pub unchanged: usize,
    /// Active items in the shop that the folder does not hold, left as they are.
    pub kept: Vec<String>,
    pub dry_run: bool,
    /// Files stored in the blob store (pictures at each width, originals, films).
    pub uploads: usize,
    pub failures: Vec<String>,
    pub version: Option<String>,
    /// The site's publication (`shopctl publish`), or why there is none.
    pub site: Option<Result<crate::publish::Published, String>>,
}

impl Imported {
    pub fn count(&self, change: fn(&Change) -> bool) -> usize {
        self.planned.iter().filter(|p| change(&p.change)).count()
    }
}

/// Reads, compares and (unless a dry run) writes the folder at `dir`.
pub async fn import(app: &App, dir: &Path, options: Options) -> Result<Imported, CliError> {
    let folder = Folder::read(dir, &|key| app.blobs.public_url(key))?;
    let stored = Item::read_all(app.table.as_ref()).await?;
    let mut imported = plan(&folder, stored, options);
    if options.dry_run {
        return Ok(imported);
    }
    write_all(app, &folder.root, &mut imported).await;
    keep_sources(app, &folder, &mut imported).await;
    match catalog_answers::publish(app).await {
        Ok(version) => imported.version = Some(version),
        Err(e) => imported.failures.push(format!("publishing the lists: {e}")),
    }
    if !options.no_site {
        imported.site = Some(publish_site(app, &mut imported.failures).await);
    }
    Ok(imported)
}

/// The pages the world reads, from what was just written: a site not built
/// yet is said, not failed (the import itself stands); any other error fails.
async fn publish_site(
    app: &App,
    failures: &mut Vec<String>,
) -> Result<crate::publish::Published, String> {
    use crate::publish::PublishError;
    match crate::publish::publish(app).await {
        Ok(published) => Ok(published),
        Err(e @ PublishError::NoTemplates(_)) => Err(e.to_string()),
        Err(e) => {
            failures.push(format!("publishing the site: {e}"));
            Err(e.to_string())
        }
    }
}

/// The folder against the table: what to add, change and withdraw.
fn plan(folder: &Folder, stored: Vec<Item>, options: Options) -> Imported {
    let mut stored: HashMap<(&'static str, String), Item> = stored
        .into_iter()
        .map(|item| ((item.kind().partition(), item.id().to_owned()), item))
        .collect();
    let mut imported = Imported {
        summary: folder.summary(),
        dry_run: options.dry_run,
        ..Imported::default()
    };
    for entry in &folder.entries {
        let Entry {
            file, item, assets, ..
        } = entry;
        let change = match stored.remove(&(item.kind().partition(), item.id().to_owned())) {
            None => Change::Added,
            Some(before) if before == *item => {
                imported.unchanged += 1;
                continue;
            }
            Some(before) => {
                // A picture by the name this item gives it, else another's.
                let mut names = folder.names.clone();
                names.extend(entry.pictures.iter().map(|(p, u)| (u.clone(), p.clone())));
                Change::Changed(item.changes(&before, &names))
            }
        };
        imported.planned.push(Planned {
            change,
            name: file.display().to_string(),
            item: item.clone(),
            assets: assets.clone(),
        });
    }
    let mut gone: Vec<Item> = stored.into_values().collect();
    gone.sort_by(|a, b| (a.kind().partition(), a.id()).cmp(&(b.kind().partition(), b.id())));
    for item in gone {
        let name = format!("{}/{}", folder_of(item.kind()).0, item.id());
        match (options.prune, item.withdrawn()) {
            (_, None) => {}
            (true, Some(withdrawn)) => imported.planned.push(Planned {
                change: Change::Withdrawn,
                name,
                item: withdrawn,
                assets: Vec::new(),
            }),
            (false, Some(_)) => imported.kept.push(name),
        }
    }
    imported
}

/// Pictures stored, and items written, at once: some are made while others
/// wait on the network. How many are made at once is bounded by their
/// pixels ([`MEGAPIXELS_AT_ONCE`]), so memory is bounded too.
const AT_ONCE: usize = 8;

/// Stores every picture the planned items need (each once, however many
/// items show it), then writes each item whose pictures are all stored: no
/// record ever links to a picture that is not there.
async fn write_all(app: &App, root: &Path, imported: &mut Imported) {
    let mut assets = BTreeMap::new();
    for (path, asset) in imported.planned.iter().flat_map(|p| &p.assets) {
        let name = path.strip_prefix(root).unwrap_or(path).to_path_buf();
        assets
            .entry(asset.hash.clone())
            .or_insert((name, asset.clone()));
    }
    let progress = Progress::new(assets.len());
    let making = Arc::new(Semaphore::new(MEGAPIXELS_AT_ONCE as usize));
    let store = |app, asset| store(app, asset, making.clone(), progress.clone());
    let mut unstored = HashMap::new();
    for (hash, stored) in at_once(app, assets.into_iter().collect(), store).await {
        match stored {
            Ok(uploads) => imported.uploads += uploads,
            Err(e) => {
                unstored.insert(hash, e);
            }
        }
    }
    let mut ready = Vec::new();
    for planned in &imported.planned {
        match planned
            .assets
            .iter()
            .find_map(|(_, a)| unstored.get(&a.hash))
        {
            Some(e) => imported.failures.push(format!("{}: {e}", planned.name)),
            None => ready.push((planned.name.clone(), planned.item.clone())),
        }
    }
    let written = at_once(app, ready, |app, item: Item| async move {
        item.write(app.table.as_ref())
            .await
            .map_err(|e| e.to_string())
    })
    .await;
    for (name, result) in written {
        if let Err(e) = result {
            imported.failures.push(format!("{name}: {e}"));
        }
    }
    imported.failures.sort();
}

/// Keeps each written or unchanged item's file as the house wrote it, so an
/// export gives it back (see [`sources`]); an item that failed keeps its old one.
async fn keep_sources(app: &App, folder: &Folder, imported: &mut Imported) {
    let failed = |entry: &Entry| {
        let name = entry.file.display().to_string();
        imported
            .failures
            .iter()
            .any(|f| f.starts_with(&format!("{name}: ")))
    };
    let entries: Vec<(String, Entry)> = folder
        .entries
        .iter()
        .filter(|entry| !failed(entry))
        .map(|entry| (entry.file.display().to_string(), entry.clone()))
        .collect();
    let kept = at_once(app, entries, |app, entry: Entry| async move {
        sources::keep(&app, &entry).await
    })
    .await;
    for (name, result) in kept {
        if let Err(e) = result {
            imported
                .failures
                .push(format!("{name}: keeping its file for export: {e}"));
        }
    }
}

/// `work` on each named input, [`AT_ONCE`] at a time: each name with its result.
async fn at_once<T, R, F, Fut>(
    app: &App,
    inputs: Vec<(String, T)>,
    work: F,
) -> Vec<(String, Result<R, String>)>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(App, T) -> Fut,
    Fut: std::future::Future<Output = Result<R, String>> + Send + 'static,
{
    let mut running = JoinSet::new();
    let mut done = Vec::new();
    for (name, input) in inputs {
        if running.len() >= AT_ONCE {
            done.extend(running.join_next().await);
        }
        let work = work(app.clone(), input);
        running.spawn(async move { (name, work.await) });
    }
    while let Some(finished) = running.join_next().await {
        done.push(finished);
    }
    done.into_iter()
        .map(|finished| finished.unwrap_or_else(|e| (String::new(), Err(e.to_string()))))
        .collect()
}

/// Stores what a picture or film is stored as that is not stored yet (made on
/// a blocking thread, once its pixels fit in what is being made at once);
/// the number of files uploaded.
async fn store(
    app: App,
    (name, asset): (PathBuf, Asset),
    making: Arc<Semaphore>,
    progress: Progress,
) -> Result<usize, String> {
    let mut missing = Vec::new();
    for key in asset.keys() {
        if !app.blobs.exists(&key).await.map_err(|e| e.to_string())? {
            missing.push(key);
        }
    }
    if missing.is_empty() {
        progress.done(&name, &asset, Instant::now(), "already stored");
        return Ok(0);
    }
    let permit = making
        .acquire_many_owned(asset.megapixels())
        .await
        .map_err(|e| e.to_string())?;
    // The time it took, not the time it waited for its turn.
    let started = Instant::now();
    let made = asset.clone();
    let blobs = tokio::task::spawn_blocking(move || made.blobs(&missing))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("{}: {e}", name.display()))?;
    drop(permit);
    let uploads = blobs.len();
    for blob in blobs {
        app.blobs
            .put(&blob.key, blob.bytes, blob.content_type)
            .await
            .map_err(|e| e.to_string())?;
    }
    progress.done(&name, &asset, started, "");
    Ok(uploads)
}

/// A line on stderr for each picture stored, so a long import is not silent:
/// `pictures: 12/30 prod-ete-03/front.jpg (6028×3391) 1.2 s`.
#[derive(Clone)]
struct Progress {
    done: Arc<AtomicUsize>,
    of: usize,
}

impl Progress {
    fn new(of: usize) -> Self {
        Progress {
            done: Arc::new(AtomicUsize::new(0)),
            of,
        }
    }

    fn done(&self, name: &Path, asset: &Asset, started: Instant, note: &str) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let size = match asset.form {
            Form::Picture { width, height, .. } => format!(" ({width}×{height})"),
            Form::Film => String::new(),
        };
        let took = match note {
            "" => format!("{:.1} s", started.elapsed().as_secs_f32()),
            note => note.to_owned(),
        };
        eprintln!(
            "pictures: {done}/{} {}{size} {took}",
            self.of,
            name.display()
        );
    }
}

impl fmt::Display for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "catalogue folder: {}", self.summary)?;
        for planned in &self.planned {
            match &planned.change {
                Change::Added => writeln!(f, "  added      {}", planned.name)?,
                Change::Changed(changes) => {
                    let fields: Vec<&str> = changes.iter().map(|c| c.field.as_str()).collect();
                    writeln!(f, "  changed    {} ({})", planned.name, fields.join(", "))?;
                    for change in changes {
                        writeln!(
                            f,
                            "               {}: {} -> {}",
                            change.field, change.before, change.after
                        )?;
                    }
                }
                Change::Withdrawn => writeln!(f, "  withdrawn  {}", planned.name)?,
            }
        }
        for name in &self.kept {
            writeln!(
                f,
                "  kept       {name} (not in the folder; --prune withdraws it)"
            )?;
        }
        let counts = format!(
            "{} added, {} changed, {} withdrawn, {} unchanged",
            self.count(|c| *c == Change::Added),
            self.count(|c| matches!(c, Change::Changed(_))),
            self.count(|c| *c == Change::Withdrawn),
            self.unchanged
        );
        if self.dry_run {
            return write!(f, "dry run: {counts}; nothing was written");
        }
        for failure in &self.failures {
            writeln!(f, "  FAILED     {failure}")?;
        }
        write!(f, "{counts}; {} files uploaded", self.uploads)?;
        match &self.version {
            Some(version) => write!(f, "; catalogue published: version {version}")?,
            None => write!(f, "; the lists were not published")?,
        }
        match &self.site {
            Some(Ok(published)) => write!(f, "\n{published}"),
            Some(Err(why)) => write!(f, "\nsite not published: {why}"),
            None => Ok(()),
        }
    }
}

/// The CLI's answer: the report, failing if any item failed.
pub fn answer(imported: Imported) -> CliResult {
    if imported.failures.is_empty() {
        Ok(imported.to_string())
    } else {
        Err(format!("{imported}\n{} items failed", imported.failures.len()).into())
    }
}
