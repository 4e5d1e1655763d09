//! `/api/*` dispatched by `shared/routes.json`, the routing table infra also
//! builds the HTTP API from: a route a function defines but the table does not
//! send to it is unreachable here, exactly as in AWS.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::response::IntoResponse;
use axum::Router;
use serde::Deserialize;
use tower::{service_fn, ServiceExt};

use app::App;
use shop_http::ApiError;

const ROUTES_JSON: &str = include_str!("../../routes.json");

#[derive(Debug, Deserialize)]
struct RouteTable {
    functions: Vec<FunctionRoutes>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct FunctionRoutes {
    pub name: String,
    pub prefixes: Vec<String>,
}

/// The functions and their prefixes, as `shared/routes.json` lists them.
pub fn functions() -> Vec<FunctionRoutes> {
    serde_json::from_str::<RouteTable>(ROUTES_JSON)
        .expect("shared/routes.json is valid")
        .functions
}

/// A function's router, by its name in the routing table.
pub fn function_router(name: &str, app: App) -> Option<Router> {
    let router = match name {
        "catalog" => catalog::router,
        "auth" => auth::router,
        "users" => users::router,
        "cart" => cart::router,
        "wishlist" => wishlist::router,
        "addresses" => addresses::router,
        "orders" => orders::router,
        "requests" => requests::router,
        "payment" => payment::router,
        "atelier" => atelier::router,
        _ => return None,
    };
    // Locally nothing stands between a function and the table: its grant
    // does, as IAM does in AWS.
    let app = app.as_function(name);
    Some(shop_http::serve(router(app.clone()), app))
}

/// Which function serves a path: the longest prefix that matches whole segments.
pub fn function_for<'a>(table: &'a [(String, String)], path: &str) -> Option<&'a str> {
    table
        .iter()
        .find(|(prefix, _)| {
            path == prefix
                || path
                    .strip_prefix(prefix.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
        })
        .map(|(_, name)| name.as_str())
}

/// (prefix, function) pairs, longest prefix first.
fn prefix_table() -> Vec<(String, String)> {
    let mut table: Vec<(String, String)> = functions()
        .into_iter()
        .flat_map(|f| f.prefixes.into_iter().map(move |p| (p, f.name.clone())))
        .collect();
    table.sort_by_key(|(prefix, _)| std::cmp::Reverse(prefix.len()));
    table
}

/// How each function's router is reached: directly (the local server's
/// default), or as AWS reaches it, through an API Gateway v2 event and the
/// function's `lambda_http` entry ([`crate::lambda_path`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Path {
    #[default]
    Direct,
    LambdaEvents,
}

/// The `/api` service: one router per function, built once.
pub fn api(app: App) -> impl crate::HttpService {
    api_through(app, Path::Direct)
}

/// The `/api` service, each function reached by `path`.
pub fn api_through(app: App, path: Path) -> impl crate::HttpService {
    let table = Arc::new(prefix_table());
    let routers: Arc<HashMap<String, Router>> = Arc::new(
        functions()
            .into_iter()
            .map(|f| {
                let router = function_router(&f.name, app.clone()).unwrap_or_else(|| {
                    panic!(
                        "routes.json names function {} that the server does not mount",
                        f.name
                    )
                });
                (f.name, router)
            })
            .collect(),
    );
    service_fn(move |req: Request<Body>| {
        let target = function_for(&table, req.uri().path())
            .and_then(|name| routers.get(name))
            .cloned();
        async move {
            match (target, path) {
                (Some(router), Path::Direct) => router.oneshot(req).await,
                (Some(router), Path::LambdaEvents) => {
                    Ok(crate::lambda_path::invoke(router, req).await)
                }
                (None, _) => Ok(ApiError::not_found("No such API route.").into_response()),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatches_by_whole_segments_longest_prefix_first() {
        let table = prefix_table();
        assert_eq!(function_for(&table, "/api/cart"), Some("cart"));
        assert_eq!(function_for(&table, "/api/cart/add"), Some("cart"));
        assert_eq!(function_for(&table, "/api/cartography"), None);
        assert_eq!(
            function_for(&table, "/api/products/search"),
            Some("catalog")
        );
        assert_eq!(function_for(&table, "/api/made-to-order"), Some("requests"));
        assert_eq!(function_for(&table, "/api"), None);
    }

    #[test]
    fn every_function_crate_is_in_the_routing_table() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../functions");
        let mut crates: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join("Cargo.toml").is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        crates.sort();
        // The reconciler answers no route: EventBridge runs it (infra).
        let scheduled = ["reconcile".to_string()];
        let mut named: Vec<String> = functions().into_iter().map(|f| f.name).collect();
        named.extend(scheduled);
        named.sort();
        assert_eq!(crates, named);
    }
}

#[cfg(test)]
mod watch_router {
    use super::functions;

    /// `cargo lambda watch` routes by Cargo.toml's metadata: it must say what routes.json says.
    #[test]
    fn cargo_lambda_watch_routes_match_the_routing_table() {
        let manifest =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml"))
                .unwrap();
        let section = manifest
            .split("[workspace.metadata.lambda.watch.router]")
            .nth(1)
            .expect("watch router section");
        let section = section.split("\n[").next().unwrap();
        let mut declared: Vec<String> = section
            .lines()
            .filter(|l| l.starts_with('"'))
            .map(|l| l.replace(' ', ""))
            .collect();
        let mut expected: Vec<String> = functions()
            .iter()
            .flat_map(|f| {
                f.prefixes.iter().flat_map(move |p| {
                    [
                        format!("\"{p}\"=\"{}\"", f.name),
                        format!("\"{p}/{{*rest}}\"=\"{}\"", f.name),
                    ]
                })
            })
            .collect();
        declared.sort();
        expected.sort();
        assert_eq!(declared, expected);
    }
}
