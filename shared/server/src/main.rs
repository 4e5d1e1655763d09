//! `shop-server`: the whole shop on http://127.0.0.1:3000 (`PORT` overrides).

use std::net::SocketAddr;

use axum::serve::ListenerExt;

use app::{App, Config};
use server::Paths;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The site's default address follows the port (see `Config::port`).
    let config = Config::from_env()?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(config))
}

async fn serve(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    shop_http::lambda::init_tracing();
    let port = config.port;
    let app = App::with_config(config).await?;
    let router = server::router(app.clone(), &Paths::discover());
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port)))
        .await?
        // A response goes out when written, not after the client's next ACK.
        .tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
    println!("The shop is ready on {}", app.config.site_url);
    // The peer address names the client for the abuse limits.
    let service = router.into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(shutdown())
        .await?;
    Ok(())
}

async fn shutdown() {
    let _ = tokio::signal::ctrl_c().await;
}
