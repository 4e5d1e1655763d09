//! The sample catalogue in the repository (`shared/sample-catalog`), imported
//! as an operator imports theirs: what `make dev`, the tests and the benches
//! start from.

use app::App;

use crate::catalog::{self, Imported, Options};
use crate::cli::CliError;

/// Imports the sample catalogue into the configured store and blobs, and
/// publishes its lists (not the site's pages: the tests' shops read the API,
/// and `make seed` runs the CLI, which does). Importing it again changes nothing.
pub async fn run(app: &App) -> Result<Imported, CliError> {
    let options = Options {
        no_site: true,
        ..Options::default()
    };
    let imported = catalog::import(app, &catalog::sample(), options).await?;
    match imported.failures.is_empty() {
        true => Ok(imported),
        false => Err(imported.to_string().into()),
    }
}
