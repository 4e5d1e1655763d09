//! `shop-server`: the whole shop on http://127.0.0.1:3000 (`PORT` overrides),
//! and the payment SDK's assets on an origin of their own, by default
//! http://127.0.0.1:3001 (`ASSETS_PORT`, `ASSETS_URL`). With
//! `LAMBDA_EVENTS=1` every API call goes through its function's
//! `lambda_http` entry as an API Gateway v2 event, as in AWS.

use std::future::IntoFuture;
use std::net::SocketAddr;

use axum::serve::{ListenerExt, TapIo};
use tokio::net::{TcpListener, TcpStream};

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
    let assets = config.assets.clone();
    let path = match config.lambda_events {
        true => server::routes::Path::LambdaEvents,
        false => server::routes::Path::Direct,
    };
    let app = App::with_config(config).await?;
    let paths = Paths::discover();
    let shop = server::router_through(app.clone(), &paths, &assets.url, path);
    let assets_router = server::assets::router(&app, &paths, &assets.url);
    let (shop_listener, assets_listener) = (listen(port).await?, listen(assets.port).await?);
    println!("The shop is ready on {}", app.config.site_url);
    println!("The payment SDK's assets are on {}", assets.url);
    // The peer address names the client for the abuse limits.
    let shop = axum::serve(
        shop_listener,
        shop.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown());
    let assets = axum::serve(assets_listener, assets_router.into_make_service())
        .with_graceful_shutdown(shutdown());
    tokio::try_join!(shop.into_future(), assets.into_future())?;
    Ok(())
}

/// A loopback listener whose responses go out when written, not after the
/// client's next ACK.
async fn listen(port: u16) -> std::io::Result<TapIo<TcpListener, fn(&mut TcpStream)>> {
    let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await?;
    Ok(listener.tap_io(no_delay as fn(&mut TcpStream)))
}

fn no_delay(tcp: &mut TcpStream) {
    let _ = tcp.set_nodelay(true);
}

async fn shutdown() {
    let _ = tokio::signal::ctrl_c().await;
}
