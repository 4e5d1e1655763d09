//! The seed catalogue.

use app::App;

pub async fn run(_app: &App) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    Ok(())
}
