//! Which pages the publication holds and what each one's head and first
//! paint say: the site's own pages (each exported template at its own
//! address), and one page per active product, collection, runway show and
//! news item, made from its route's placeholder template (`_`) at the
//! address the site links it by.

use std::fmt;
use std::sync::LazyLock;

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::catalogue::{detail_key, Catalogue, HouseWords, Json};
use super::first_paint::{collection_key, detail_of, fallback_of};
use super::head::{self, Crumb, Head, OgType, Picture, Preload, Shape};
use super::words::{self, Described};

/// The lists the header, menus and footer of every page show, and the house they name.
const SHELL_KEYS: [&str; 4] = ["/menus", "/categories", "/house", "/pages"];

/// The site's own pages by address, in the sitemap's order: each one's
/// title and whether it is private. The site's templates read the same file.
const SITE_PAGES_JSON: &str = include_str!("../../../site-pages.json");

#[derive(Deserialize)]
struct SitePagesFile {
    pages: Listed,
}

/// A site page as shared/site-pages.json lists it.
#[derive(Deserialize)]
struct Listed(#[serde(deserialize_with = "in_order")] Vec<(String, Titled)>);

#[derive(Deserialize)]
struct Titled {
    title: String,
    #[serde(default)]
    private: bool,
}

/// A JSON object's entries in the file's order (the sitemap's).
fn in_order<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, Titled)>, D::Error> {
    struct Entries;
    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<(String, Titled)>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("site pages by address")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut entries = Vec::new();
            while let Some(entry) = map.next_entry()? {
                entries.push(entry);
            }
            Ok(entries)
        }
    }
    d.deserialize_map(Entries)
}

static SITE_PAGES: LazyLock<Vec<(String, Titled)>> = LazyLock::new(|| {
    let file: SitePagesFile = serde_json::from_str(SITE_PAGES_JSON)
        .expect("shared/site-pages.json holds pages: each address's title and private flag");
    file.pages.0
});

/// A site page's entry in shared/site-pages.json (the older address of the terms shares the newer one's).
fn listed(path: &str) -> Option<&'static Titled> {
    let path = match path {
        "/termsAndConditions/" => "/terms-and-conditions/",
        p => p,
    };
    SITE_PAGES.iter().find(|(p, _)| p == path).map(|(_, t)| t)
}

/// A site page's title as shared/site-pages.json gives it ("" for an address it does not list).
fn title_of(path: &str) -> &'static str {
    listed(path).map_or("", |t| t.title.as_str())
}

/// Whether `path` is one of the shop's menus (the sidebar's SHOP links): a site page under /shop/.
fn is_shop_menu(path: &str) -> bool {
    path.strip_prefix("/shop/")
        .is_some_and(|menu| !menu.is_empty())
        && listed(path).is_some()
}

/// The public site pages, for the sitemap, in its order.
pub static PUBLIC_PATHS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    SITE_PAGES
        .iter()
        .filter(|(_, t)| !t.private)
        .map(|(p, _)| p.as_str())
        .collect()
});

/// Folders robots.txt closes to crawlers: a visitor's own pages, links from emails, checkout, search results and the atelier console.
pub const DISALLOWED: [&str; 6] = [
    "/me/",
    "/checkout/",
    "/reset-password/",
    "/verify-email/",
    "/search/",
    "/atelier/",
];

/// A site page's words, and whether search engines may list it.
pub struct SitePage {
    pub described: Described,
    pub private: bool,
}

/// The words of the site's own pages (not the catalogue's), by address: the
/// title shared/site-pages.json gives (the home's title names the house), and a
/// description with the house's name and city where it has them, words that
/// name none where it does not.
pub fn site_page(path: &str, house: &HouseWords) -> Option<SitePage> {
    let listed = listed(path)?;
    let title = match path {
        "/" => {
            let tagline = house.field(&["tagline"]);
            match (house.name(), tagline.is_empty()) {
                (Some(name), false) => format!("{name} — {tagline}"),
                (Some(name), true) => name,
                (None, _) => listed.title.clone(),
            }
        }
        _ => listed.title.clone(),
    };
    Some(SitePage {
        described: Described {
            title,
            description: description(path, house)?,
        },
        private: listed.private,
    })
}

/// A site page's description, by address.
fn description(path: &str, house: &HouseWords) -> Option<String> {
    let (by, of, at, in_city) = (house.by(), house.of(), house.at(), house.in_city());
    let your = match house.name() {
        Some(name) => format!("your {name} account"),
        None => "your account".to_string(),
    };
    match path {
        "/" => {
            let from = house.city().map(|c| format!(" from {c}")).unwrap_or_default();
            let lead = house.name().map(|n| format!("{n}: c")).unwrap_or_else(|| "C".into());
            Some(format!("{lead}outure, made-to-order and runway collections{from}."))
        }
        "/shop/" => Some(format!("Every piece{of}: gowns, bridal, dresses and tailoring, made by hand{in_city}.")),
        "/shop/new-arrivals/" => Some(format!("The newest pieces from the atelier{of}{in_city}.")),
        "/shop/women/" => Some(format!("Couture for women{by}: gowns, dresses, bridal and outerwear, made{in_city}.")),
        "/shop/men/" => Some(format!("Tailoring for men{by}: suits, shirts and outerwear, cut and finished by hand{in_city}.")),
        "/made-to-order/" => Some(format!("Have a piece{of} made to your measurements, or book an appointment at the atelier{in_city}.")),
        "/runway/" => Some(format!("The runway shows{of}: each collection's films, looks and guests.")),
        "/news/" => Some(format!("News{}: collections, shows and stories from the atelier.", house.name().map(|n| format!(" from {n}")).unwrap_or_default())),
        "/about/" => Some(match house.name() {
            Some(name) => format!("The story of {name}, a couture house{in_city}: the atelier, its craft and its essence."),
            None => "The story of the house: the atelier, its craft and its essence.".to_string(),
        }),
        "/support/contact/" => {
            let street = house.field(&["address", "street"]);
            let visit = match street.is_empty() {
                true => String::new(),
                false => format!(", or visit the showroom at {street}"),
            };
            Some(format!("Reach{} by email or phone{visit}.", house.name().map(|n| format!(" {n}")).unwrap_or_else(|| " the house".into())))
        }
        "/support/faq/" => Some(format!("Answers about shipping and returns, showroom visits and styling, shows, press and partnerships{at}.")),
        "/privacy-policy/" => Some(format!("How{} collects, uses and protects your personal data, and your rights over it.", house.name().map(|n| format!(" {n}")).unwrap_or_else(|| " the shop".into()))),
        "/terms-and-conditions/" | "/termsAndConditions/" => Some(format!("The terms of sale{of}: orders, prices, payment, shipping, returns and exchanges.")),
        "/search/" => Some(format!("Search the pieces{of}.")),
        "/sign-up/" => Some(format!("Create {your}.")),
        "/forget-password/" => Some(format!("Reset the password of {your}.")),
        "/reset-password/" => Some(format!("Choose a new password for {your}.")),
        "/verify-email/" => Some(format!("Confirm the email of {your}.")),
        "/checkout/" => Some(format!("Your order{at}.")),
        "/checkout/notify/" => Some(format!("The result of your payment{at}.")),
        "/me/account/" => Some(match house.name() {
            Some(name) => format!("Your {name} account."),
            None => "Your account.".to_string(),
        }),
        "/me/addresses/" => Some(format!("Your shipping addresses{at}.")),
        "/me/orders/" => Some(format!("Your orders{at}.")),
        "/me/wishlist/" => Some(format!("The pieces you saved{at}.")),
        _ => None,
    }
}

/// The house's page each site page shows, by address.
pub fn house_page(path: &str) -> Option<&'static str> {
    match path {
        "/about/" => Some("about"),
        "/made-to-order/" => Some("made-to-order"),
        "/support/faq/" => Some("faq"),
        "/support/contact/" => Some("contact"),
        "/privacy-policy/" => Some("privacy"),
        "/terms-and-conditions/" | "/termsAndConditions/" => Some("terms"),
        _ => None,
    }
}

/// One page to publish: where, from which template, its head (none: the
/// template's stays) and its first paint.
pub struct Planned {
    pub path: String,
    pub template: String,
    pub head: Option<Head>,
    pub first_paint: Map<String, Value>,
}

/// The first paint of a page: the shell's lists and the page's own keys.
fn first_paint(
    catalogue: &Catalogue,
    keys: &[&str],
    details: &[(String, String)],
) -> Map<String, Value> {
    let all: Vec<&str> = SHELL_KEYS.iter().chain(keys).copied().collect();
    let mut paint = fallback_of(&catalogue.bodies, &all);
    for (key, swr_key) in details {
        if let Some(data) = detail_of(&catalogue.bodies, key) {
            paint.insert(swr_key.clone(), data);
        }
    }
    paint
}

fn crumbs_home() -> Crumb {
    Crumb::new("Home", "/")
}

fn crumbs_shop() -> Crumb {
    Crumb::new(title_of("/shop/"), "/shop/")
}

/// A site page exported at `path` (its template is itself).
pub fn site(catalogue: &Catalogue, path: &str, origin: &str) -> Planned {
    let house = &catalogue.house;
    let keys: Vec<&str> = match path {
        "/" => vec![
            "/banners",
            "/runways/featured",
            "/runways",
            "/products",
            "/news",
        ],
        "/shop/" => vec!["/products"],
        "/news/" => vec!["/news"],
        "/runway/" => vec!["/runways"],
        p if is_shop_menu(p) => vec!["/products"],
        _ => vec![],
    };
    // The house's page the site page shows is one entity (its detail), not a list.
    let details: Vec<(String, String)> = house_page(path)
        .map(|id| format!("/pages/{id}"))
        .map(|key| (key.clone(), key))
        .into_iter()
        .collect();
    let head = match path {
        "/404.html" => Some(Head {
            noindex: true,
            ..Head::new(
                Described {
                    title: "Page not found".into(),
                    description: "The page you are looking for does not exist or has moved.".into(),
                },
                None,
                house,
            )
        }),
        _ => site_page(path, house).map(|page| {
            // The older address of the terms names the newer one as its own.
            let canonical = match path {
                "/termsAndConditions/" => "/terms-and-conditions/",
                p => p,
            };
            let mut head = Head::new(
                page.described,
                (!page.private).then(|| canonical.to_string()),
                house,
            );
            head.noindex = page.private;
            head.absolute_title = path == "/";
            if path == "/" {
                let banners = catalogue.active("/banners");
                let mut banners: Vec<&Value> = banners.into_iter().collect();
                banners.sort_by(|a, b| a.number("order").total_cmp(&b.number("order")));
                let title = head.described.title.clone();
                if let Some(picture) = banners
                    .first()
                    .and_then(|b| Picture::of(b.text("imageUrl"), Shape::Banner, &title))
                {
                    head.preload = Some(Preload {
                        picture: picture.clone(),
                        sizes: crate::catalog::pictures::full_width_sizes(),
                    });
                    head.image = Some(picture);
                }
                head.json_ld.push(head::organization_ld(house, origin));
            }
            if is_shop_menu(path) {
                head.json_ld.push(head::breadcrumb_ld(
                    &[
                        crumbs_home(),
                        crumbs_shop(),
                        Crumb::new(title_of(path), path),
                    ],
                    origin,
                ));
            }
            head
        }),
    };
    Planned {
        path: path.to_string(),
        template: path.to_string(),
        head,
        first_paint: first_paint(catalogue, &keys, &details),
    }
}

/// A placeholder page (ids unknown to the publication): the route's generic
/// words, no address of its own, and the shell's first paint.
pub fn placeholder(catalogue: &Catalogue, template: &str) -> Planned {
    let house = &catalogue.house;
    let name = house.name_or("the house");
    let (title, description) = match template {
        t if t.starts_with("/shop/product/") => ("Product", format!("A piece from {name}.")),
        t if t.starts_with("/collection/") => ("Collection", format!("A collection of {name}.")),
        t if t.starts_with("/runway/") => {
            (title_of("/runway/"), format!("A runway show of {name}."))
        }
        t if t.starts_with("/news/") => (title_of("/news/"), format!("News from {name}.")),
        _ => (
            "Shop",
            site_page("/shop/", house)
                .map(|p| p.described.description)
                .unwrap_or_default(),
        ),
    };
    let described = Described {
        title: title.into(),
        description,
    };
    Planned {
        path: template.to_string(),
        template: template.to_string(),
        head: Some(Head::new(described, None, house)),
        first_paint: first_paint(catalogue, &[], &[]),
    }
}

/// The placeholder templates of the detail routes.
pub const PRODUCT_TEMPLATE: &str = "/shop/product/_/_/";
pub const COLLECTION_TEMPLATE: &str = "/collection/_/_/";
pub const RUNWAY_TEMPLATE: &str = "/runway/_/_/";
pub const NEWS_TEMPLATE: &str = "/news/_/_/";

/// An entity's address as the site links it: `/{route}/{id}/{slug or the route's word}/`.
pub fn entity_path(route: &str, entity: &Value, empty_slug: &str) -> String {
    let slug = Some(entity.text("slug"))
        .filter(|s| !s.is_empty())
        .unwrap_or(empty_slug);
    format!(
        "/{route}/{}/{}/",
        urlencoding::encode(entity.text("id")),
        urlencoding::encode(slug)
    )
}

pub fn product_path(p: &Value) -> String {
    entity_path("shop/product", p, "item")
}
pub fn collection_path(c: &Value) -> String {
    entity_path("collection", c, "collection")
}
pub fn runway_path(r: &Value) -> String {
    entity_path("runway", r, "show")
}
pub fn news_path(n: &Value) -> String {
    entity_path("news", n, "article")
}

/// Every active product with its detail: its page, head and first paint.
pub fn products(catalogue: &Catalogue, origin: &str) -> Vec<Planned> {
    let house = &catalogue.house;
    catalogue
        .active("/products")
        .into_iter()
        .filter_map(|listed| {
            let key = detail_key("/products", listed.text("id"));
            let product = catalogue.detail(&key)?.clone();
            let path = product_path(&product);
            let collection_id = product.text("collection");
            let collection = (!collection_id.is_empty())
                .then(|| detail_key("/collections", collection_id))
                .and_then(|k| catalogue.detail(&k).cloned());
            let name = product.text("name").trim().to_string();
            let mut head = Head::new(
                words::describe_product(&product, house),
                Some(path.clone()),
                house,
            );
            head.og_type = OgType::Product;
            head.price = Some(product.number("price"));
            if let Some(picture) = product
                .texts("productGallery")
                .first()
                .and_then(|u| Picture::of(u, Shape::Product, &name))
            {
                head.image = Some(picture);
            }
            let in_collection = match (
                collection
                    .as_ref()
                    .map(|c| c.text("name").trim())
                    .filter(|n| !n.is_empty()),
                product.text("collectionName").trim(),
            ) {
                (Some(name), _) => Some(name.to_string()),
                (None, name) if !name.is_empty() => Some(name.to_string()),
                _ => None,
            };
            let mut crumbs = vec![crumbs_home(), crumbs_shop()];
            if let (false, Some(collection_name)) = (collection_id.is_empty(), in_collection) {
                let reference = serde_json::json!({
                    "id": collection_id,
                    "slug": collection.as_ref().map(|c| c.text("slug")).unwrap_or_default(),
                });
                crumbs.push(Crumb::new(&collection_name, &collection_path(&reference)));
            }
            crumbs.push(Crumb::new(&name, &path));
            head.json_ld = vec![
                head::product_ld(&product, &path, house, origin),
                head::breadcrumb_ld(&crumbs, origin),
            ];
            let mut details = vec![(key.clone(), key)];
            if !collection_id.is_empty() {
                let k = detail_key("/collections", collection_id);
                details.push((k.clone(), k));
            }
            Some(Planned {
                path,
                template: PRODUCT_TEMPLATE.into(),
                head: Some(head),
                first_paint: first_paint(catalogue, &[], &details),
            })
        })
        .collect()
}

pub fn collections(catalogue: &Catalogue, origin: &str) -> Vec<Planned> {
    let house = &catalogue.house;
    catalogue
        .active("/collections")
        .into_iter()
        .filter_map(|listed| {
            let id = listed.text("id");
            let key = detail_key("/collections", id);
            let collection = catalogue.detail(&key)?.clone();
            let path = collection_path(&collection);
            let name = collection.text("name").trim().to_string();
            let mut head = Head::new(
                words::describe_collection(&collection, house),
                Some(path.clone()),
                house,
            );
            if let Some(picture) = collection
                .texts("banner")
                .first()
                .and_then(|u| Picture::of(u, Shape::Banner, &name))
            {
                head.image = Some(picture);
            }
            head.json_ld = vec![head::breadcrumb_ld(
                &[crumbs_home(), crumbs_shop(), Crumb::new(&name, &path)],
                origin,
            )];
            Some(Planned {
                path,
                template: COLLECTION_TEMPLATE.into(),
                head: Some(head),
                first_paint: first_paint(catalogue, &[], &[(key, collection_key(id))]),
            })
        })
        .collect()
}

pub fn runways(catalogue: &Catalogue, origin: &str) -> Vec<Planned> {
    let house = &catalogue.house;
    catalogue
        .active("/runways")
        .into_iter()
        .filter_map(|listed| {
            let key = detail_key("/runways", listed.text("id"));
            let runway = catalogue.detail(&key)?.clone();
            let path = runway_path(&runway);
            let name = runway.text("name").trim().to_string();
            let mut head = Head::new(
                words::describe_runway(&runway, house),
                Some(path.clone()),
                house,
            );
            if let Some(picture) = runway
                .texts("banners")
                .first()
                .and_then(|u| Picture::of(u, Shape::Banner, &name))
            {
                head.image = Some(picture);
            }
            head.json_ld = head::runway_videos_ld(&runway, &path, house, origin);
            head.json_ld.push(head::breadcrumb_ld(
                &[
                    crumbs_home(),
                    Crumb::new(title_of("/runway/"), "/runway/"),
                    Crumb::new(&name, &path),
                ],
                origin,
            ));
            Some(Planned {
                path,
                template: RUNWAY_TEMPLATE.into(),
                head: Some(head),
                first_paint: first_paint(catalogue, &[], &[(key.clone(), key)]),
            })
        })
        .collect()
}

/// News items: the list carries each article whole, so the list is its detail.
pub fn news(catalogue: &Catalogue, origin: &str) -> Vec<Planned> {
    let house = &catalogue.house;
    catalogue
        .active("/news")
        .into_iter()
        .map(|news| {
            let path = news_path(news);
            let title = news.text("title").trim().to_string();
            let mut head = Head::new(words::describe_news(news, house), Some(path.clone()), house);
            head.og_type = OgType::Article;
            if let Some(picture) = Picture::of(news.text("poster"), Shape::Poster, &title) {
                head.image = Some(picture);
            }
            head.json_ld = vec![
                head::news_article_ld(news, &path, house, origin),
                head::breadcrumb_ld(
                    &[
                        crumbs_home(),
                        Crumb::new(title_of("/news/"), "/news/"),
                        Crumb::new(&title, &path),
                    ],
                    origin,
                ),
            ];
            let mut paint = first_paint(catalogue, &[], &[]);
            paint.insert(detail_key("/news", news.text("id")), news.clone());
            Planned {
                path,
                template: NEWS_TEMPLATE.into(),
                head: Some(head),
                first_paint: paint,
            }
        })
        .collect()
}

#[cfg(test)]
mod site_pages_tests {
    use super::*;

    #[test]
    fn the_site_pages_are_shared_site_pages_json_in_its_order() {
        assert_eq!(PUBLIC_PATHS.first(), Some(&"/"));
        assert!(PUBLIC_PATHS.contains(&"/terms-and-conditions/"));
        assert!(
            !PUBLIC_PATHS.contains(&"/me/orders/"),
            "a private page is not public"
        );
        assert!(listed("/me/orders/").is_some_and(|t| t.private && !t.title.is_empty()));
        assert_eq!(
            title_of("/termsAndConditions/"),
            title_of("/terms-and-conditions/")
        );
        let menus: Vec<&str> = SITE_PAGES
            .iter()
            .map(|(p, _)| p.as_str())
            .filter(|p| is_shop_menu(p))
            .collect();
        assert_eq!(menus, ["/shop/new-arrivals/", "/shop/women/", "/shop/men/"]);
        assert!(!is_shop_menu("/shop/") && !is_shop_menu(PRODUCT_TEMPLATE));
    }

    /// Every .rs file under `dir` but the tests (which state what they expect).
    fn sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .flat_map(|e| {
                let path = e.path();
                if path.is_dir() {
                    sources(&path)
                } else if path.extension().is_some_and(|x| x == "rs")
                    && path.file_name().is_some_and(|n| n != "tests.rs")
                {
                    vec![path]
                } else {
                    vec![]
                }
            })
            .collect()
    }

    #[test]
    fn no_site_page_title_is_written_again_in_shopctl() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let found: Vec<String> = sources(&src)
            .iter()
            .flat_map(|file| {
                let text = std::fs::read_to_string(file).unwrap();
                SITE_PAGES
                    .iter()
                    .filter(|(_, t)| text.contains(&format!("\"{}\"", t.title)))
                    .map(|(_, t)| format!("{}: {:?}", file.display(), t.title))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(
            found.is_empty(),
            "read the site pages' titles from shared/site-pages.json (title_of) instead: {found:?}"
        );
    }
}
