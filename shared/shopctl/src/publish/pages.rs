//! Which pages the publication holds and what each one's head and first
//! paint say: the site's own pages (each exported template at its own
//! address), and one page per active product, collection, runway show and
//! news item, made from its route's placeholder template (`_`) at the
//! address the site links it by.

use serde_json::{Map, Value};

use super::catalogue::{detail_key, Catalogue, HouseWords, Json};
use super::first_paint::{collection_key, detail_of, fallback_of};
use super::head::{self, Crumb, Head, OgType, Picture, Preload, Shape};
use super::words::{self, Described};

/// The lists the header, menus and footer of every page show, and the house they name.
const SHELL_KEYS: [&str; 4] = ["/menus", "/categories", "/house", "/pages"];

/// The shop's menus (the sidebar's SHOP links), each exported as its own page.
const SHOP_MENUS: [&str; 3] = ["new-arrivals", "women", "men"];

/// Folders robots.txt closes to crawlers: a visitor's own pages, links from emails, checkout and search results.
pub const DISALLOWED: [&str; 5] = [
    "/me/",
    "/checkout/",
    "/reset-password/",
    "/verify-email/",
    "/search/",
];

/// A site page's words, and whether search engines may list it.
pub struct SitePage {
    pub described: Described,
    pub private: bool,
}

fn page(title: &str, description: String) -> Option<SitePage> {
    Some(SitePage {
        described: Described {
            title: title.to_string(),
            description,
        },
        private: false,
    })
}

fn private(title: &str, description: String) -> Option<SitePage> {
    page(title, description).map(|p| SitePage { private: true, ..p })
}

/// The words of the site's own pages (not the catalogue's), by address:
/// the house's name and city where it has them, words that name none where
/// it does not.
pub fn site_page(path: &str, house: &HouseWords) -> Option<SitePage> {
    let (by, of, at, in_city) = (house.by(), house.of(), house.at(), house.in_city());
    let your = match house.name() {
        Some(name) => format!("your {name} account"),
        None => "your account".to_string(),
    };
    match path {
        "/" => {
            let tagline = house.field(&["tagline"]);
            let title = match (house.name(), tagline.is_empty()) {
                (Some(name), false) => format!("{name} — {tagline}"),
                (Some(name), true) => name,
                (None, _) => "Couture".to_string(),
            };
            let from = house.city().map(|c| format!(" from {c}")).unwrap_or_default();
            let lead = house.name().map(|n| format!("{n}: c")).unwrap_or_else(|| "C".into());
            page(&title, format!("{lead}outure, made-to-order and runway collections{from}."))
        }
        "/shop/" => page("All products", format!("Every piece{of}: gowns, bridal, dresses and tailoring, made by hand{in_city}.")),
        "/shop/new-arrivals/" => page("New arrivals", format!("The newest pieces from the atelier{of}{in_city}.")),
        "/shop/women/" => page("Women", format!("Couture for women{by}: gowns, dresses, bridal and outerwear, made{in_city}.")),
        "/shop/men/" => page("Men", format!("Tailoring for men{by}: suits, shirts and outerwear, cut and finished by hand{in_city}.")),
        "/made-to-order/" => page("Made to order", format!("Have a piece{of} made to your measurements, or book an appointment at the atelier{in_city}.")),
        "/runway/" => page("Runway", format!("The runway shows{of}: each collection's films, looks and guests.")),
        "/news/" => page("News", format!("News{}: collections, shows and stories from the atelier.", house.name().map(|n| format!(" from {n}")).unwrap_or_default())),
        "/about/" => page("About", match house.name() {
            Some(name) => format!("The story of {name}, a couture house{in_city}: the atelier, its craft and its essence."),
            None => "The story of the house: the atelier, its craft and its essence.".to_string(),
        }),
        "/support/contact/" => {
            let street = house.field(&["address", "street"]);
            let visit = match street.is_empty() {
                true => String::new(),
                false => format!(", or visit the showroom at {street}"),
            };
            page("Contact", format!("Reach{} by email or phone{visit}.", house.name().map(|n| format!(" {n}")).unwrap_or_else(|| " the house".into())))
        }
        "/support/faq/" => page("FAQ", format!("Answers about shipping and returns, showroom visits and styling, shows, press and partnerships{at}.")),
        "/privacy-policy/" => page("Privacy policy", format!("How{} collects, uses and protects your personal data, and your rights over it.", house.name().map(|n| format!(" {n}")).unwrap_or_else(|| " the shop".into()))),
        "/terms-and-conditions/" | "/termsAndConditions/" => page("Terms and conditions", format!("The terms of sale{of}: orders, prices, payment, shipping, returns and exchanges.")),
        "/search/" => private("Search", format!("Search the pieces{of}.")),
        "/sign-up/" => private("Create account", format!("Create {your}.")),
        "/forget-password/" => private("Forgot password", format!("Reset the password of {your}.")),
        "/reset-password/" => private("Reset password", format!("Choose a new password for {your}.")),
        "/verify-email/" => private("Verify your email", format!("Confirm the email of {your}.")),
        "/checkout/" => private("Checkout", format!("Your order{at}.")),
        "/checkout/notify/" => private("Payment result", format!("The result of your payment{at}.")),
        "/me/account/" => private("My Account", match house.name() {
            Some(name) => format!("Your {name} account."),
            None => "Your account.".to_string(),
        }),
        "/me/addresses/" => private("Addresses", format!("Your shipping addresses{at}.")),
        "/me/orders/" => private("My Orders", format!("Your orders{at}.")),
        "/me/wishlist/" => private("Wishlist", format!("The pieces you saved{at}.")),
        _ => None,
    }
}

/// The public site pages, for the sitemap.
pub const PUBLIC_PATHS: [&str; 13] = [
    "/",
    "/shop/",
    "/shop/new-arrivals/",
    "/shop/women/",
    "/shop/men/",
    "/made-to-order/",
    "/runway/",
    "/news/",
    "/about/",
    "/support/contact/",
    "/support/faq/",
    "/privacy-policy/",
    "/terms-and-conditions/",
];

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
    Crumb::new("All products", "/shop/")
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
        p if SHOP_MENUS.iter().any(|m| p == format!("/shop/{m}/")) => vec!["/products"],
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
            if let Some(menu) = SHOP_MENUS.iter().find(|m| path == format!("/shop/{m}/")) {
                let title = site_page(path, house)
                    .map(|p| p.described.title)
                    .unwrap_or_default();
                let _ = menu;
                head.json_ld.push(head::breadcrumb_ld(
                    &[crumbs_home(), crumbs_shop(), Crumb::new(&title, path)],
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
        t if t.starts_with("/runway/") => ("Runway", format!("A runway show of {name}.")),
        t if t.starts_with("/news/") => ("News", format!("News from {name}.")),
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
                    Crumb::new("Runway", "/runway/"),
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
                        Crumb::new("News", "/news/"),
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
