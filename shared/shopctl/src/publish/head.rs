//! A page's head as published: title, description, canonical address, Open
//! Graph, Twitter card, robots and JSON-LD, every address absolute on the
//! shop's public origin (SITE_URL), written as HTML to replace the template's.

pub use domain::text::escape_html as escape;
use serde_json::{json, Value};

use super::catalogue::{HouseWords, Json};
use super::first_paint::script_text;
use super::words::{self, Described};

/// `path` on the origin; an address that already names its host stays as it is.
pub fn absolute(origin: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        return path.to_string();
    }
    format!("{origin}/{}", path.trim_start_matches('/'))
}

/// The shapes the site draws catalogue pictures in (height over width).
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// Product photographs, 3:4.
    Product,
    /// Banners, 16:7.
    Banner,
    /// News posters, 3:2.
    Poster,
}

impl Shape {
    fn height(self, width: u32) -> u32 {
        let (h, w) = match self {
            Shape::Product => (4, 3),
            Shape::Banner => (7, 16),
            Shape::Poster => (2, 3),
        };
        width * h / w
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub url: String,
    pub size: Option<(u32, u32)>,
    pub alt: String,
}

impl Picture {
    /// A catalogue picture with its size: the import names each file by its
    /// width (`images/catalog/<hash>/<width>.webp`) and the site draws it in
    /// `shape`; any other address has no known size.
    pub fn of(url: &str, shape: Shape, alt: &str) -> Option<Self> {
        if url.is_empty() {
            return None;
        }
        let width = url
            .rsplit_once("/images/catalog/")
            .and_then(|(_, rest)| rest.split_once('/'))
            .filter(|(hash, _)| hash.chars().all(|c| c.is_ascii_hexdigit()))
            .and_then(|(_, file)| file.strip_suffix(".webp"))
            .and_then(|w| w.parse::<u32>().ok())
            .filter(|w| *w > 0);
        Some(Self {
            url: url.to_string(),
            size: width.map(|w| (w, shape.height(w))),
            alt: alt.to_string(),
        })
    }
}

impl Picture {
    /// The catalogue picture's srcset as the site builds it (its smaller
    /// widths, narrowest first, then itself), or none for a picture with
    /// no smaller width or of unknown size.
    pub fn srcset(&self) -> Option<String> {
        let (largest, _) = self.size?;
        let (base, _) = self.url.rsplit_once('/')?;
        let mut smaller: Vec<u32> = crate::catalog::pictures::widths(largest)
            .into_iter()
            .filter(|&w| w < largest)
            .collect();
        if smaller.is_empty() {
            return None;
        }
        smaller.sort_unstable();
        let mut set: Vec<String> = smaller
            .iter()
            .map(|w| format!("{base}/{w}.webp {w}w"))
            .collect();
        set.push(format!("{} {largest}w", self.url));
        Some(set.join(", "))
    }
}

/// The picture a page shows first and largest (home's first banner), asked
/// for from the head at high priority, with the srcset and sizes its `<img>`
/// has so the browser fetches the very file the page shows before any script
/// runs. Its address is the page's own (not on the public origin): the
/// `<img>` names it so.
#[derive(Debug, Clone, PartialEq)]
pub struct Preload {
    pub picture: Picture,
    /// The `<img>`'s sizes attribute.
    pub sizes: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OgType {
    Website,
    Article,
    Product,
}

/// Everything a published head says.
#[derive(Debug, Clone)]
pub struct Head {
    pub described: Described,
    /// The page's own address; none for a page without one (placeholders, private pages).
    pub path: Option<String>,
    pub og_type: OgType,
    pub image: Option<Picture>,
    pub noindex: bool,
    /// The title as it is, without the house's name after it (the home page).
    pub absolute_title: bool,
    /// A product's price, for `product:price:*`.
    pub price: Option<f64>,
    pub json_ld: Vec<Value>,
    pub preload: Option<Preload>,
}

impl Head {
    pub fn new(described: Described, path: Option<String>, house: &HouseWords) -> Self {
        let image = house
            .preview_picture()
            .and_then(|url| Picture::of(url, Shape::Banner, &house.name_or("")));
        Self {
            described,
            path,
            og_type: OgType::Website,
            image,
            noindex: false,
            absolute_title: false,
            price: None,
            json_ld: Vec::new(),
            preload: None,
        }
    }

    /// The document's title: the page's, then the house's name when there is one.
    pub fn title(&self, house: &HouseWords) -> String {
        match (self.absolute_title, house.name()) {
            (false, Some(name)) => format!("{} — {name}", self.described.title),
            _ => self.described.title.clone(),
        }
    }

    /// The head's elements as HTML, every address absolute on `origin`.
    pub fn html(&self, house: &HouseWords, origin: &str) -> String {
        let mut out = String::new();
        let title = self.title(house);
        let description = &self.described.description;
        out.push_str(&format!("<title>{}</title>", escape(&title)));
        meta(&mut out, "name", "description", description);
        if self.noindex {
            meta(&mut out, "name", "robots", "noindex, follow");
        }
        let url = self.path.as_deref().map(|p| absolute(origin, p));
        if let Some(url) = &url {
            out.push_str(&format!(
                "<link rel=\"canonical\" href=\"{}\"/>",
                escape(url)
            ));
        }
        let og_type = match self.og_type {
            OgType::Website => "website",
            OgType::Article => "article",
            OgType::Product => "product",
        };
        meta(&mut out, "property", "og:type", og_type);
        if let Some(name) = house.name() {
            meta(&mut out, "property", "og:site_name", &name);
        }
        meta(&mut out, "property", "og:locale", "en_US");
        meta(&mut out, "property", "og:title", &self.described.title);
        meta(&mut out, "property", "og:description", description);
        if let Some(url) = &url {
            meta(&mut out, "property", "og:url", url);
        }
        let image = self.image.as_ref().map(|p| (absolute(origin, &p.url), p));
        if let Some((src, picture)) = &image {
            meta(&mut out, "property", "og:image", src);
            if let Some((w, h)) = picture.size {
                meta(&mut out, "property", "og:image:width", &w.to_string());
                meta(&mut out, "property", "og:image:height", &h.to_string());
            }
            if !picture.alt.is_empty() {
                meta(&mut out, "property", "og:image:alt", &picture.alt);
            }
        }
        if let Some(price) = self.price {
            meta(
                &mut out,
                "property",
                "product:price:amount",
                &words::amount(price),
            );
            meta(&mut out, "property", "product:price:currency", CURRENCY);
        }
        let card = match image {
            Some(_) => "summary_large_image",
            None => "summary",
        };
        meta(&mut out, "name", "twitter:card", card);
        meta(&mut out, "name", "twitter:title", &self.described.title);
        meta(&mut out, "name", "twitter:description", description);
        if let Some((src, _)) = &image {
            meta(&mut out, "name", "twitter:image", src);
        }
        if let Some(preload) = &self.preload {
            out.push_str(&preload_link(preload));
        }
        if !self.json_ld.is_empty() {
            let data = match self.json_ld.as_slice() {
                [one] => one.clone(),
                many => Value::Array(many.to_vec()),
            };
            out.push_str(&format!(
                "<script type=\"application/ld+json\">{}</script>",
                script_text(&data)
            ));
        }
        out
    }
}

/// Every price is in US dollars, at checkout as in the catalogue.
pub const CURRENCY: &str = "USD";

fn preload_link(preload: &Preload) -> String {
    let srcset = preload
        .picture
        .srcset()
        .map(|set| {
            format!(
                " imagesrcset=\"{}\" imagesizes=\"{}\"",
                escape(&set),
                escape(preload.sizes)
            )
        })
        .unwrap_or_default();
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{}\"{srcset} fetchpriority=\"high\"/>",
        escape(&preload.picture.url)
    )
}

fn meta(out: &mut String, attribute: &str, key: &str, content: &str) {
    out.push_str(&format!(
        "<meta {attribute}=\"{key}\" content=\"{}\"/>",
        escape(content)
    ));
}

// schema.org structured data, from the entities as the API sends them.

const CONTEXT: &str = "https://schema.org";

fn house_ref(house: &HouseWords, origin: &str) -> Value {
    json!({
        "@type": "Organization",
        "name": house.name_or(""),
        "url": absolute(origin, "/"),
        "logo": { "@type": "ImageObject", "url": absolute(origin, "/icon.svg") },
    })
}

/// The house itself (the home page): name, address, contacts and networks.
pub fn organization_ld(house: &HouseWords, origin: &str) -> Value {
    let mut ld = house_ref(house, origin);
    ld["@context"] = json!(CONTEXT);
    ld["address"] = json!({
        "@type": "PostalAddress",
        "streetAddress": house.field(&["address", "street"]),
        "addressLocality": house.field(&["address", "city"]),
        "addressCountry": house.field(&["address", "country"]),
    });
    ld["telephone"] = json!(house.field(&["phone", "e164"]));
    ld["email"] = json!(house.field(&["emails", "contact"]));
    let same_as: Vec<&str> = ["facebook", "instagram", "youtube"]
        .iter()
        .map(|n| house.field(&["social", n]))
        .filter(|s| !s.is_empty())
        .collect();
    ld["sameAs"] = json!(same_as);
    ld
}

/// A product and its one offer: the catalogue's price in the shop's currency.
pub fn product_ld(product: &Value, path: &str, house: &HouseWords, origin: &str) -> Value {
    let url = absolute(origin, path);
    let description = match words::plain_text(product.text("description")) {
        t if !t.is_empty() => t,
        _ => words::describe_product(product, house).description,
    };
    let images: Vec<String> = product
        .texts("productGallery")
        .into_iter()
        .map(|src| absolute(origin, src))
        .collect();
    let availability = match product.is_active() {
        true => "https://schema.org/InStock",
        false => "https://schema.org/Discontinued",
    };
    let mut ld = json!({
        "@context": CONTEXT,
        "@type": "Product",
        "name": product.text("name").trim(),
        "description": description,
        "sku": product.text("sku"),
        "image": images,
        "url": url,
        "brand": { "@type": "Brand", "name": house.name_or("") },
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": words::amount(product.number("price")),
            "priceCurrency": CURRENCY,
            "availability": availability,
            "itemCondition": "https://schema.org/NewCondition",
            "seller": { "@type": "Organization", "name": house.name_or("") },
        },
    });
    let colours = product.texts("color");
    if !colours.is_empty() {
        ld["color"] = json!(colours.join(", "));
    }
    ld
}

/// A step of a page's trail from home.
#[derive(Debug, Clone)]
pub struct Crumb {
    pub name: String,
    pub path: String,
}

impl Crumb {
    pub fn new(name: &str, path: &str) -> Self {
        Self {
            name: name.trim().to_string(),
            path: path.to_string(),
        }
    }
}

pub fn breadcrumb_ld(crumbs: &[Crumb], origin: &str) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({ "@type": "ListItem", "position": i + 1, "name": c.name, "item": absolute(origin, &c.path) })
        })
        .collect();
    json!({ "@context": CONTEXT, "@type": "BreadcrumbList", "itemListElement": items })
}

pub fn news_article_ld(news: &Value, path: &str, house: &HouseWords, origin: &str) -> Value {
    let modified = Some(news.text("updatedAt"))
        .filter(|d| !d.is_empty())
        .unwrap_or(news.text("createdAt"));
    let mut ld = json!({
        "@context": CONTEXT,
        "@type": "NewsArticle",
        "headline": news.text("title").trim(),
        "description": words::describe_news(news, house).description,
        "datePublished": news.text("createdAt"),
        "dateModified": modified,
        "mainEntityOfPage": absolute(origin, path),
        "author": house_ref(house, origin),
        "publisher": house_ref(house, origin),
    });
    let poster = news.text("poster");
    if !poster.is_empty() {
        ld["image"] = json!([absolute(origin, poster)]);
    }
    ld
}

/// A YouTube address as its embed address, or none for any other.
pub fn youtube_embed(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host
        .trim_start_matches("www.")
        .trim_start_matches("m.")
        .to_ascii_lowercase();
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let id = if host == "youtu.be" {
        Some(path.split('/').next().unwrap_or_default().to_string())
    } else if host.ends_with("youtube.com") || host.ends_with("youtube-nocookie.com") {
        query
            .split('&')
            .find_map(|p| p.strip_prefix("v="))
            .map(str::to_string)
            .or_else(|| {
                ["embed/", "shorts/", "live/"]
                    .iter()
                    .find_map(|p| path.strip_prefix(p))
                    .map(|id| id.split('/').next().unwrap_or_default().to_string())
            })
    } else {
        None
    };
    id.filter(|id| !id.is_empty())
        .map(|id| format!("https://www.youtube.com/embed/{id}"))
}

/// A runway show's films as the page plays them: the show's (YouTube, else its file) and the campaign's.
pub fn runway_videos_ld(
    runway: &Value,
    path: &str,
    house: &HouseWords,
    origin: &str,
) -> Vec<Value> {
    let description = words::describe_runway(runway, house).description;
    let name = runway.text("name").trim().to_string();
    let banners = runway.texts("banners");
    let hero = banners.first().copied();
    let campaign = banners.get(1).copied().or(hero);
    let film = |title: String, thumbnail: Option<&str>, source: (&str, String)| {
        let mut ld = json!({
            "@context": CONTEXT,
            "@type": "VideoObject",
            "name": title,
            "description": description,
            "uploadDate": runway.text("createdAt"),
            "url": absolute(origin, path),
        });
        if let Some(t) = thumbnail {
            ld["thumbnailUrl"] = json!([absolute(origin, t)]);
        }
        ld[source.0] = json!(source.1);
        ld
    };
    let video = runway.text("video");
    let file = (!video.is_empty()).then(|| absolute(origin, video));
    let embed = youtube_embed(runway.text("youtubeUrl"));
    let mut films = Vec::new();
    match (&embed, &file) {
        (Some(embed), _) => films.push(film(
            format!("{name} — the film"),
            hero,
            ("embedUrl", embed.clone()),
        )),
        (None, Some(file)) => films.push(film(
            format!("{name} — the film"),
            hero,
            ("contentUrl", file.clone()),
        )),
        (None, None) => {}
    }
    if let (Some(file), Some(_)) = (&file, &embed) {
        films.push(film(
            format!("{name} — the campaign film"),
            campaign,
            ("contentUrl", file.clone()),
        ));
    }
    films
}
