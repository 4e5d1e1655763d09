//! sitemap.xml and robots.txt: every active product, collection, runway show
//! and news item at the address the site links it by, each dated by its own
//! dates; the public site pages, the listing ones dated by the newest entity
//! they list, the others undated (a publication's date would claim a change
//! that did not happen). Every address absolute on the shop's origin.

use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::catalogue::{detail_key, Catalogue, Json};
use super::head::{absolute, escape};
use super::pages::{self, DISALLOWED, PUBLIC_PATHS};

/// A date as the sitemap writes it (UTC, milliseconds, as JavaScript's `toISOString`).
fn iso_date(value: &str) -> Option<String> {
    let time = OffsetDateTime::parse(value.trim(), &Rfc3339).ok()?;
    let utc = time.to_offset(time::UtcOffset::UTC);
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        utc.year(),
        u8::from(utc.month()),
        utc.day(),
        utc.hour(),
        utc.minute(),
        utc.second(),
        utc.millisecond()
    ))
}

fn newest<'a>(dates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    dates.into_iter().filter_map(iso_date).max()
}

/// The categories each special menu stands for (the site's `menu-match`).
fn matches_menu(product: &Value, menu: &str) -> bool {
    let wanted: &[&str] = match menu {
        "men" => &["men", "man"],
        "women" => &["women", "woman"],
        "new-arrivals" => &["new"],
        _ => &[],
    };
    product
        .texts("categories")
        .iter()
        .any(|c| wanted.contains(&c.trim().to_lowercase().as_str()))
}

struct Entry {
    path: String,
    lastmod: Option<String>,
    image: Option<String>,
}

pub fn sitemap(catalogue: &Catalogue, origin: &str) -> String {
    let products = catalogue.active("/products");
    let collections = catalogue.active("/collections");
    let runways = catalogue.active("/runways");
    let news = catalogue.active("/news");
    let product_dates = |list: &[&Value]| newest(list.iter().map(|p| p.text("createdAt")));
    let news_date = |n: &Value| {
        let updated = n.text("updatedAt");
        iso_date(if updated.is_empty() {
            n.text("createdAt")
        } else {
            updated
        })
    };

    // Each listing page, the newest date of what it lists, and whether it lists anything.
    let mut listed: Vec<(String, Option<String>, bool)> = vec![
        ("/shop/".into(), product_dates(&products), true),
        (
            "/runway/".into(),
            newest(runways.iter().map(|r| r.text("createdAt"))),
            !runways.is_empty(),
        ),
        (
            "/news/".into(),
            news.iter().filter_map(|n| news_date(n)).max(),
            !news.is_empty(),
        ),
    ];
    for menu in ["new-arrivals", "women", "men"] {
        let in_menu: Vec<&Value> = products
            .iter()
            .copied()
            .filter(|p| matches_menu(p, menu))
            .collect();
        listed.push((
            format!("/shop/{menu}/"),
            product_dates(&in_menu),
            !in_menu.is_empty(),
        ));
    }
    let home = listed.iter().filter_map(|(_, d, _)| d.clone()).max();
    listed.push(("/".into(), home, true));
    let listing = |path: &str| listed.iter().find(|(p, _, _)| p == path);
    // A section the house has nothing in is hidden from its menus, and a
    // page it does not give says so: neither is listed.
    let given: Vec<&str> = catalogue
        .active("/pages")
        .iter()
        .map(|p| p.text("id"))
        .collect();
    let empty = |path: &str| {
        listing(path).is_some_and(|(_, _, any)| !any)
            || pages::house_page(path).is_some_and(|id| !given.contains(&id))
    };

    let first = |v: &Value, field: &str| v.texts(field).first().map(|s| s.to_string());
    let mut entries: Vec<Entry> = PUBLIC_PATHS
        .iter()
        .filter(|p| !empty(p))
        .map(|p| Entry {
            path: p.to_string(),
            lastmod: listing(p).and_then(|(_, d, _)| d.clone()),
            image: None,
        })
        .collect();
    entries.extend(products.iter().map(|p| Entry {
        path: pages::product_path(p),
        lastmod: iso_date(p.text("createdAt")),
        image: first(p, "productGallery"),
    }));
    entries.extend(collections.iter().map(|c| {
        // The collection's detail lists its products; the shop's list may hold more of them.
        let detail = catalogue
            .detail(&detail_key("/collections", c.text("id")))
            .unwrap_or(c);
        let own = detail
            .get("products")
            .and_then(Value::as_array)
            .map(|v| v.iter().collect::<Vec<_>>())
            .unwrap_or_default();
        let mut members: Vec<&Value> = own.into_iter().filter(|p| p.is_active()).collect();
        members.extend(
            products
                .iter()
                .copied()
                .filter(|p| p.text("collection") == c.text("id")),
        );
        Entry {
            path: pages::collection_path(c),
            lastmod: product_dates(&members),
            image: first(detail, "banner"),
        }
    }));
    entries.extend(runways.iter().map(|r| Entry {
        path: pages::runway_path(r),
        lastmod: iso_date(r.text("createdAt")),
        image: first(r, "banners"),
    }));
    entries.extend(news.iter().map(|n| Entry {
        path: pages::news_path(n),
        lastmod: news_date(n),
        image: Some(n.text("poster").to_string()).filter(|p| !p.is_empty()),
    }));

    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n",
    );
    for entry in entries {
        xml.push_str("<url>\n<loc>");
        xml.push_str(&escape(&absolute(origin, &entry.path)));
        xml.push_str("</loc>\n");
        if let Some(date) = entry.lastmod {
            xml.push_str(&format!("<lastmod>{date}</lastmod>\n"));
        }
        if let Some(image) = entry.image {
            xml.push_str(&format!(
                "<image:image>\n<image:loc>{}</image:loc>\n</image:image>\n",
                escape(&absolute(origin, &image))
            ));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// Every crawler may read the site but a visitor's own pages; the sitemap is named.
pub fn robots(origin: &str) -> String {
    let mut text = String::from("User-Agent: *\nAllow: /\n");
    for path in DISALLOWED {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!(
        "\nSitemap: {}\n",
        absolute(origin, "/sitemap.xml")
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_javascript_writes_them() {
        assert_eq!(
            iso_date("2025-01-14T09:00:00Z").as_deref(),
            Some("2025-01-14T09:00:00.000Z")
        );
        assert_eq!(
            iso_date("2025-01-14T16:00:00+07:00").as_deref(),
            Some("2025-01-14T09:00:00.000Z")
        );
        assert_eq!(iso_date("yesterday"), None);
    }
}
