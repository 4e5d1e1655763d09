//! `shopctl catalog import DIR [--dry-run] [--prune]`: the folder read and
//! checked whole (any problem, nothing written), compared with the table,
//! and each added or changed item written after its pictures are stored, so
//! no record ever links to a picture that is not there yet. Unchanged items
//! cost nothing, so a second import writes and uploads nothing. An item that
//! fails is reported and the rest go on. The catalogue's lists are published
//! last: their version moves only once the import is over.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use app::App;

use super::folder::{Entry, Folder};
use super::items::{folder_of, Item};
use super::pictures::Asset;
use crate::orders::CliResult;

#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Show what would change; write nothing.
    pub dry_run: bool,
    /// Withdraw (make inactive, never delete) what the folder no longer holds.
    pub prune: bool,
}

/// What an import did to one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Added,
    /// The fields that changed, by their API names.
    Changed(Vec<String>),
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
}

impl Imported {
    pub fn count(&self, change: fn(&Change) -> bool) -> usize {
        self.planned.iter().filter(|p| change(&p.change)).count()
    }
}

/// Reads, compares and (unless a dry run) writes the folder at `dir`.
pub async fn import(
    app: &App,
    dir: &Path,
    options: Options,
) -> Result<Imported, crate::orders::CliError> {
    let folder = Folder::read(dir, &|key| app.blobs.public_url(key))?;
    let stored = Item::read_all(app.table.as_ref()).await?;
    let mut imported = plan(&folder, stored, options);
    if options.dry_run {
        return Ok(imported);
    }
    let mut stored_keys = HashMap::new();
    for planned in &imported.planned {
        match write(app, planned, &mut stored_keys).await {
            Ok(uploads) => imported.uploads += uploads,
            Err(e) => imported.failures.push(format!("{}: {e}", planned.name)),
        }
    }
    match catalog::publish(app).await {
        Ok(version) => imported.version = Some(version),
        Err(e) => imported.failures.push(format!("publishing the lists: {e}")),
    }
    Ok(imported)
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
    for Entry { file, item, assets } in &folder.entries {
        let change = match stored.remove(&(item.kind().partition(), item.id().to_owned())) {
            None => Change::Added,
            Some(before) if before == *item => {
                imported.unchanged += 1;
                continue;
            }
            Some(before) => Change::Changed(item.changed_fields(&before)),
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

/// Stores an item's pictures that are not stored yet, then the item; the
/// number of files uploaded.
async fn write(
    app: &App,
    planned: &Planned,
    stored_keys: &mut HashMap<String, bool>,
) -> Result<usize, crate::orders::CliError> {
    let mut uploads = 0;
    for (path, asset) in &planned.assets {
        let mut missing = Vec::new();
        for key in asset.keys() {
            let stored = match stored_keys.get(&key) {
                Some(stored) => *stored,
                None => {
                    let stored = app.blobs.exists(&key).await?;
                    stored_keys.insert(key.clone(), stored);
                    stored
                }
            };
            if !stored {
                missing.push(key);
            }
        }
        if missing.is_empty() {
            continue;
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let blobs = asset
            .blobs(bytes, &missing)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for blob in blobs {
            app.blobs
                .put(&blob.key, blob.bytes, blob.content_type)
                .await?;
            stored_keys.insert(blob.key, true);
            uploads += 1;
        }
    }
    planned.item.write(app.table.as_ref()).await?;
    Ok(uploads)
}

impl fmt::Display for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "catalogue folder: {}", self.summary)?;
        for planned in &self.planned {
            match &planned.change {
                Change::Added => writeln!(f, "  added      {}", planned.name)?,
                Change::Changed(fields) => {
                    writeln!(f, "  changed    {} ({})", planned.name, fields.join(", "))?
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
            Some(version) => write!(f, "; catalogue published: version {version}"),
            None => write!(f, "; the lists were not published"),
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
