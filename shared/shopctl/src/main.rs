//! `shopctl`: the operators' CLI, on whichever store the environment configures.

use app::App;
use shopctl::artwork::Artwork;

const USAGE: &str = "usage: shopctl seed [--drawings] | publish | snapshot FILE | orders list [--status S] | orders show ID | orders confirm ID | orders cancel ID | orders move ID STATUS | orders resend ID|--pending | orders refund ID | payments reconcile [--ahead SECONDS] | requests list | appointments list";

#[tokio::main]
async fn main() {
    shop_http::lambda::init_tracing();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let app = match App::from_env().await {
        Ok(app) => app,
        Err(e) => fail(&e.to_string()),
    };
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["seed"] => shopctl::seed::run(&app)
            .await
            .map(|()| "catalogue seeded".to_string()),
        ["seed", "--drawings"] => shopctl::seed::run_with(&app, Artwork::Drawings)
            .await
            .map(|()| "catalogue seeded, with its pictures as drawn".to_string()),
        ["publish"] => catalog::publish(&app)
            .await
            .map(|version| format!("catalogue published: version {version}"))
            .map_err(Into::into),
        ["snapshot", file] => shopctl::snapshot::write(&app, file).await,
        ["orders", rest @ ..] => shopctl::orders::run(&app, rest).await,
        ["payments", rest @ ..] => shopctl::payments::run(&app, rest).await,
        ["requests", rest @ ..] => {
            shopctl::requests::run(&app, domain::requests::RequestKind::MadeToOrder, rest).await
        }
        ["appointments", rest @ ..] => {
            shopctl::requests::run(&app, domain::requests::RequestKind::Appointment, rest).await
        }
        _ => fail(USAGE),
    };
    match result {
        Ok(message) => println!("{message}"),
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("shopctl: {message}");
    std::process::exit(2)
}
