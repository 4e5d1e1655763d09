//! The house's own files, kept: each imported item's TOML text, as written
//! (comments, order, spacing), and its pictures' paths as the file names
//! them, stored beside the original pictures (`originals/`, which the shop
//! never serves). An export gives them back verbatim while the stored item
//! is still what that text says, so "start the next season from an export"
//! keeps the house's comments and picture names.

use std::collections::BTreeMap;

use app::App;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::folder::Entry;
use super::items::{folder_of, Item};

/// One item's file as the house wrote it, and the item it became.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    pub text: String,
    /// The item as the import wrote it: the text is its source while the
    /// stored item still equals this.
    pub item: Value,
    /// The address of each picture and film, by its path as the file writes it.
    pub pictures: BTreeMap<String, String>,
}

fn key(item: &Item) -> String {
    format!(
        "originals/sources/{}/{}.json",
        folder_of(item.kind()).0,
        item.id()
    )
}

fn json(item: &Item) -> Value {
    item.json().unwrap_or(Value::Null)
}

/// Keeps an entry's source, unless the store already holds this very one:
/// a second import writes nothing. Whether it was written.
pub async fn keep(app: &App, entry: &Entry) -> Result<bool, String> {
    let source = Source {
        text: entry.text.clone(),
        item: json(&entry.item),
        pictures: entry.pictures.clone(),
    };
    let bytes = serde_json::to_vec(&source).map_err(|e| e.to_string())?;
    let key = key(&entry.item);
    let stored = app.blobs.get(&key).await.map_err(|e| e.to_string())?;
    if stored.as_deref() == Some(bytes.as_slice()) {
        return Ok(false);
    }
    app.blobs
        .put(&key, bytes, "application/json")
        .await
        .map_err(|e| e.to_string())?;
    Ok(true)
}

/// The kept source of a stored item, if there is one.
pub async fn of(app: &App, item: &Item) -> Option<Source> {
    let bytes = app.blobs.get(&key(item)).await.ok()??;
    serde_json::from_slice(&bytes).ok()
}

impl Source {
    /// Whether the stored item is still what the text says.
    pub fn says(&self, item: &Item) -> bool {
        self.item == json(item)
    }
}
