//! `shopctl snapshot FILE`: the catalogue's lists and the details of its
//! products, collections and runways, as the site's build embeds
//! them, so a page's HTML already holds its catalogue before any request.

use std::path::Path;

use app::App;

pub async fn write(app: &App, file: &Path) -> crate::orders::CliResult {
    let lists = catalog::snapshot(app).await?;
    let text = serde_json::to_string(&lists)?;
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(file, &text)?;
    Ok(format!(
        "catalogue snapshot: {} answers (lists and details), {} bytes in {}",
        lists.as_object().map_or(0, |m| m.len()),
        text.len(),
        file.display()
    ))
}
