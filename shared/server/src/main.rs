//! `shop-server`: the whole shop on http://127.0.0.1:3000 (`PORT` overrides).

use std::net::SocketAddr;

use app::App;
use server::Paths;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = std::env::var("PORT")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(3000);
    if std::env::var_os("SITE_URL").is_none() {
        // Before any thread starts: links and the Origin check follow the port.
        std::env::set_var("SITE_URL", format!("http://127.0.0.1:{port}"));
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(port))
}

async fn serve(port: u16) -> Result<(), Box<dyn std::error::Error>> {
    shop_http::lambda::init_tracing();
    let app = App::from_env().await?;
    let router = server::router(app.clone(), &Paths::discover());
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await?;
    println!("The shop is ready on {}", app.config.site_url);
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown())
        .await?;
    Ok(())
}

async fn shutdown() {
    let _ = tokio::signal::ctrl_c().await;
}
