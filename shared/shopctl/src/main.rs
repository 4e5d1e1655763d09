//! `shopctl`: the operators' CLI, on whichever store the environment configures.

use app::App;
use clap::Parser;
use shopctl::cli::{CatalogCommand, Cli, Command};

#[tokio::main]
async fn main() {
    // Logs on stderr: stdout is the command's answer, which scripts read.
    shop_http::lambda::init_tracing_to(std::io::stderr);
    let cli = Cli::parse();
    // Checking a folder needs no shop: it works before any store is set up.
    let result = match cli.command {
        Command::Catalog(CatalogCommand::Validate { dir }) => {
            shopctl::catalog::validate(&dir).map_err(Into::into)
        }
        command => match App::from_env().await {
            Ok(app) => shopctl::cli::run(&app, command).await,
            Err(e) => Err(e.into()),
        },
    };
    match result {
        Ok(message) => println!("{message}"),
        Err(e) => {
            eprintln!("shopctl: {e}");
            std::process::exit(1)
        }
    }
}
