//! The local server's rewrite (`server::site`) on the site's own
//! `site/rewrites.json`, driven by the sample cases of
//! `site/rewrites.cases.json` that the CloudFront function's test
//! (infra/test/edge-functions.test.ts) runs too, so the two cannot drift.

use std::path::PathBuf;

use serde_json::Value;
use server::site::{load_rules, serve_path, Rule};

fn site_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../site")
        .join(name)
}

fn site_rules() -> Vec<Rule> {
    let path = site_file("rewrites.json");
    let rules = load_rules(&path);
    assert!(
        !rules.is_empty(),
        "{} is missing, invalid or has no rules",
        path.display()
    );
    rules
}

fn cases_file() -> Value {
    let path = site_file("rewrites.cases.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    serde_json::from_str(&text).expect("rewrites.cases.json is JSON")
}

/// The pages the sample export has beyond the placeholders (pre-rendered detail pages).
fn sample_pages() -> Vec<String> {
    let pages = cases_file()["pages"]
        .as_array()
        .expect("rewrites.cases.json has a `pages` list")
        .iter()
        .map(|p| p.as_str().expect("each page is a path").to_string())
        .collect::<Vec<_>>();
    assert!(!pages.is_empty(), "rewrites.cases.json has no pages");
    pages
}

/// The local server's choice for `path` on the sample export.
fn served(rules: &[Rule], pages: &[String], path: &str) -> String {
    serve_path(rules, path, |page| pages.iter().any(|p| p == page))
}

/// `(path asked for, path served from)`, in the file's order.
fn sample_cases() -> Vec<(String, String)> {
    let file = cases_file();
    let cases: Vec<(String, String)> = file["cases"]
        .as_object()
        .expect("rewrites.cases.json has a `cases` object")
        .iter()
        .map(|(from, to)| {
            let to = to.as_str().expect("each case maps a path to a path");
            (from.clone(), to.to_string())
        })
        .collect();
    assert!(!cases.is_empty(), "rewrites.cases.json has no cases");
    cases
}

#[test]
fn the_server_rewrites_every_sample_case_as_the_table_says() {
    let (rules, pages) = (site_rules(), sample_pages());
    let wrong: Vec<String> = sample_cases()
        .into_iter()
        .filter_map(|(from, to)| {
            let served = served(&rules, &pages, &from);
            (served != to).then(|| format!("{from} is served from {served}, expected {to}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Each rule decides at least one case: without it some case comes out otherwise.
#[test]
fn every_rule_is_exercised_by_a_sample_case() {
    let (rules, pages) = (site_rules(), sample_pages());
    let cases = sample_cases();
    for i in 0..rules.len() {
        let mut without = rules.clone();
        let rule = without.remove(i);
        assert!(
            cases
                .iter()
                .any(|(from, _)| served(&without, &pages, from) != served(&rules, &pages, from)),
            "no sample case in rewrites.cases.json needs rule {i} ({rule:?})"
        );
    }
}

#[tokio::test]
async fn no_redirect_leaves_the_site_and_backslashes_are_refused() {
    let shop = crate::helpers::spawn_shop().await;
    let c = shop.client();
    // The CloudFront function's test cases. (`/.//evil` never leaves a
    // client as such: URL parsing makes it `//evil`; its Location `/.//evil/`
    // is path-absolute anyway.)
    for (path, expected) in [
        ("//evil%2Eexample", "/evil%2Eexample/"),
        ("///evil.example/deals", "/evil.example/deals/"),
        ("//evil", "/evil/"),
        ("/%2F%2Fevil", "/%2F%2Fevil/"),
    ] {
        let (status, headers, _) =
            crate::helpers::get_url(&c, &format!("{}{path}", shop.url)).await;
        let location = headers
            .get("location")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        assert_eq!((status, location.as_str()), (308, expected), "{path}");
    }
    // (A raw backslash never leaves an HTTP client: URL parsing makes it a
    // slash. `server::site`'s unit test covers it.)
    for path in ["/%5Cevil.example", "/%5cevil"] {
        let (status, _, _) = crate::helpers::get_url(&c, &format!("{}{path}", shop.url)).await;
        assert_eq!(status, 400, "{path}");
    }
}

#[tokio::test]
async fn a_reload_of_page_data_lands_on_the_page_with_its_query() {
    let shop = crate::helpers::spawn_shop().await;
    let reload =
        crate::helpers::client_at(&shop, [127, 0, 0, 1], &[("sec-fetch-dest", "document")]);
    let url = format!(
        "{}/checkout/notify/index.txt?status=success&_rsc=x1",
        shop.url
    );
    let (status, headers, _) = crate::helpers::get_url(&reload, &url).await;
    let location = headers.get("location").map(|v| v.to_str().unwrap());
    assert_eq!(
        (status, location),
        (307, Some("/checkout/notify/?status=success"))
    );
    // Next's own data fetch gets the data, as before.
    let (status, headers, _) = crate::helpers::get_url(&shop.client(), &url).await;
    assert!(
        status != 307 && headers.get("location").is_none(),
        "a data fetch is not redirected: {status}"
    );
}
