//! `shopctl catalog validate | import | export`: the catalogue as the house's
//! data, a folder of files it edits (one TOML file per item, one folder per
//! kind, pictures beside their items), checked whole, imported with its
//! pictures as content-hashed WebP, and exported back in the same form. The
//! house itself is in the folder too: `house.toml` and `pages/<id>.md`.

mod export;
pub mod files;
mod folder;
mod house_files;
mod import;
mod items;
mod lines;
pub mod pictures;
mod sources;

use std::path::{Path, PathBuf};

pub use export::{export, Exported};
pub use folder::{Folder, Problem, Problems};
pub use import::{answer, import, Change, Imported, Options};

/// Checks the folder at `dir` as an import would, writing nothing.
pub fn validate(dir: &Path) -> Result<String, Problems> {
    let folder = Folder::read(dir, &|key| key.to_owned())?;
    Ok(format!("catalogue folder is valid: {}", folder.summary()))
}

/// The sample catalogue in the repository, the one `make dev` imports.
pub fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../sample-catalog")
}
