//! The catalogue: products, categories, menus, banners, collections, runways
//! and news, and where each lives in the single table.
//!
//! Every kind is one partition (`CATALOG#<KIND>`, sort key = id), so a list
//! is one Query. A collection and its products also share a GSI1 partition
//! (`COLLECTION#<id>`), so a collection page is one Query too.

use serde::{Deserialize, Serialize};

pub mod published;
pub mod rules;

use crate::ports::{Key, Query, Table, TableError};
use crate::pricing::Money;
use crate::records::Record;
use crate::timestamp::Timestamp;

/// Whether the shop shows a piece of content (a product, a collection, a
/// menu...): stored, sent and written in catalogue folders as `"active"` or
/// `"inactive"`, and read into this type wherever it comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    #[default]
    Inactive,
}

impl Status {
    pub fn is_active(self) -> bool {
        self == Status::Active
    }

    /// As a catalogue folder writes it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Inactive => "inactive",
        }
    }

    /// The status a catalogue folder names, if it is one.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "active" => Some(Status::Active),
            "inactive" => Some(Status::Inactive),
            _ => None,
        }
    }
}

/// The category that marks new arrivals.
pub const NEW_CATEGORY: &str = "new";

pub const CATEGORY_NOT_FOUND: &str = "Category not found.";
pub const PRODUCT_NOT_FOUND: &str = "Product not found.";
pub const COLLECTION_NOT_FOUND: &str = "Collection not found.";
pub const RUNWAY_NOT_FOUND: &str = "Runway not found.";
pub const NO_FEATURED_RUNWAY: &str = "No featured runway.";
pub const NEWS_NOT_FOUND: &str = "News article not found.";
pub const COLLECTION_NAME_REQUIRED: &str = "Give the collection's name.";
pub const QUERY_STRING_INVALID: &str = "The query string is not valid.";

/// A size the house cuts a product in, as the house writes it: `M`, `3XL`,
/// `38`, `One size`. A label, not a fixed list: a house has its own sizes
/// (the spec's XXS..3XL are the sample's). Trimmed, short and printable, so
/// a size can never break a page, a bag line or an email.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "M")]
pub struct Size(String);

/// The longest size label: a size, not a sentence.
pub const MAX_SIZE_LEN: usize = 20;

impl Size {
    /// The spec's sizes, the sample house's.
    pub const STANDARD: [&'static str; 8] = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL"];

    /// The size a house writes, trimmed, if it is one: 1 to
    /// [`MAX_SIZE_LEN`] characters, none of them a control character.
    pub fn label(text: &str) -> Option<Size> {
        let text = text.trim();
        let fits = (1..=MAX_SIZE_LEN).contains(&text.chars().count());
        (fits && !text.chars().any(char::is_control)).then(|| Size(text.to_owned()))
    }

    /// The size as the house writes it: `3XL`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether a shopper's choice names this size, in any case: `3xl` is `3XL`.
    pub fn is_chosen_by(&self, text: &str) -> bool {
        self.0.eq_ignore_ascii_case(text.trim())
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Size {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        Size::label(&text).ok_or_else(|| format!("{text:?} is not a size"))
    }
}

impl From<Size> for String {
    fn from(size: Size) -> String {
        size.0
    }
}

/// The kinds of catalogue item, each one table partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Product,
    Category,
    Menu,
    Banner,
    Collection,
    Runway,
    News,
    /// The house's identity: one item (`crate::house`).
    House,
    /// The house's pages.
    Page,
}

impl Kind {
    pub fn partition(self) -> &'static str {
        match self {
            Kind::Product => "CATALOG#PRODUCT",
            Kind::Category => "CATALOG#CATEGORY",
            Kind::Menu => "CATALOG#MENU",
            Kind::Banner => "CATALOG#BANNER",
            Kind::Collection => "CATALOG#COLLECTION",
            Kind::Runway => "CATALOG#RUNWAY",
            Kind::News => "CATALOG#NEWS",
            Kind::House => "CATALOG#HOUSE",
            Kind::Page => "CATALOG#PAGE",
        }
    }

    pub fn key(self, id: &str) -> Key {
        Key::new(self.partition(), id)
    }

    /// Every item of the kind: one partition.
    pub fn all(self) -> Query {
        Query::partition(self.partition())
    }
}

/// A catalogue record: one item of its kind's partition, keyed by its id.
pub trait Listed {
    const KIND: Kind;
    fn id(&self) -> &str;
}

macro_rules! listed {
    ($($ty:ty => $kind:expr),* $(,)?) => {$(
        impl Listed for $ty {
            const KIND: Kind = $kind;
            fn id(&self) -> &str {
                &self.id
            }
        }
    )*};
}

listed! {
    Product => Kind::Product,
    Category => Kind::Category,
    Menu => Kind::Menu,
    Banner => Kind::Banner,
    Collection => Kind::Collection,
    Runway => Kind::Runway,
    News => Kind::News,
}

macro_rules! stored_by_id {
    ($($ty:ty),*) => {$(
        impl Record for $ty {
            fn key(&self) -> Key {
                Self::KIND.key(self.id())
            }
        }
    )*};
}

stored_by_id!(Category, Menu, Banner, Runway, News);

/// The sort key of a collection in its GSI1 partition, before its products.
pub const COLLECTION_INDEX_SK: &str = "#COLLECTION";

impl Record for Collection {
    fn key(&self) -> Key {
        Kind::Collection.key(&self.id)
    }
    fn index_key(&self) -> Option<Key> {
        Some(Key::new(
            collection_partition(&self.id),
            COLLECTION_INDEX_SK,
        ))
    }
}

impl Record for Product {
    fn key(&self) -> Key {
        Kind::Product.key(&self.id)
    }
    fn index_key(&self) -> Option<Key> {
        Some(Key::new(
            collection_partition(&self.collection),
            format!("PRODUCT#{}", self.id),
        ))
    }
}

/// The product a shopper may buy or keep: known and active. An id that
/// cannot name a product is refused before any table request.
pub async fn active_product(table: &dyn Table, id: &str) -> Result<Option<Product>, TableError> {
    if !is_plausible_id(id) {
        return Ok(None);
    }
    let product: Option<Product> = table.read(&Kind::Product.key(id)).await?;
    Ok(product.filter(|p| p.is_active()))
}

/// What a shopper's record (a bag line, a wishlist entry, an order item)
/// shows of a product, taken when the record is written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSnapshot {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub product_gallery: Vec<String>,
}

impl From<&Product> for ProductSnapshot {
    fn from(p: &Product) -> Self {
        Self {
            id: p.id.clone(),
            slug: p.slug.clone(),
            name: p.name.clone(),
            product_gallery: p.product_gallery.clone(),
        }
    }
}

/// The GSI1 partition shared by a collection and its products.
pub fn collection_partition(collection_id: &str) -> String {
    format!("COLLECTION#{collection_id}")
}

/// A collection and its products: one GSI1 partition.
pub fn collection_with_products(collection_id: &str) -> Query {
    Query::on_gsi1(collection_partition(collection_id))
}

/// A collection's GSI1 partition read back: the collection (if stored) and
/// its products, told apart by their partition.
pub fn split_collection(
    items: Vec<crate::ports::Item>,
) -> Result<(Option<Collection>, Vec<Product>), TableError> {
    let mut collection = None;
    let mut products = Vec::new();
    for item in items {
        let is_collection = item.get(crate::ports::PK).and_then(|v| v.as_str())
            == Some(Kind::Collection.partition());
        if is_collection {
            collection = Some(crate::records::decode(item)?);
        } else {
            products.push(crate::records::decode(item)?);
        }
    }
    Ok((collection, products))
}

/// A part of a set, with its own price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct SetItem {
    pub name: String,
    pub price: Money,
}

/// A product as lists show it: everything but its description, which only
/// its own page shows (a third of a list's bytes otherwise).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub categories: Vec<String>,
    /// The collection's id.
    pub collection: String,
    #[serde(default)]
    pub collection_name: String,
    pub slug: String,
    pub size: Vec<Size>,
    pub color: Vec<String>,
    pub price: Money,
    #[serde(default)]
    pub tag: Vec<String>,
    pub status: Status,
    pub product_gallery: Vec<String>,
    #[serde(default)]
    pub items: Vec<SetItem>,
    pub created_at: Timestamp,
    /// Made to order only: the shop offers it through a made-to-order
    /// request, never the bag.
    #[serde(default)]
    pub made_to_order: bool,
}

impl ProductCard {
    pub fn is_active(&self) -> bool {
        self.status.is_active()
    }
}

/// A product as stored and as its page shows it: its card and its description.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct Product {
    #[serde(flatten)]
    pub card: ProductCard,
    /// HTML, sanitised by the site before display.
    pub description: String,
}

impl std::ops::Deref for Product {
    type Target = ProductCard;
    fn deref(&self) -> &ProductCard {
        &self.card
    }
}

impl std::ops::DerefMut for Product {
    fn deref_mut(&mut self) -> &mut ProductCard {
        &mut self.card
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub status: Status,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct Menu {
    pub id: String,
    pub title: String,
    /// Where the entry leads (`url` in records written before links had kinds).
    #[serde(alias = "url", deserialize_with = "MenuLink::stored")]
    pub link: MenuLink,
    pub status: Status,
    #[serde(default)]
    pub order: i64,
}

/// Where a menu entry leads, one of three kinds, so the site builds each
/// link right and never guesses from the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum MenuLink {
    /// A collection of the catalogue: its page is `/collection/{id}/{slug}`.
    Collection { id: String, slug: String },
    /// A page of the shop, by its path: `/made-to-order`, `/shop/women`.
    Page { path: String },
    /// Another site, over https, opened in a new tab.
    Outside { url: String },
}

impl MenuLink {
    /// A link as stored: kinded, or a bare `url` of older records (an
    /// https address, `/{collection id}/{slug}` or a path of the shop).
    fn stored<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Kinded(MenuLink),
            Url(String),
        }
        Ok(match Stored::deserialize(deserializer)? {
            Stored::Kinded(link) => link,
            Stored::Url(url) => MenuLink::from_url(&url),
        })
    }

    fn from_url(url: &str) -> MenuLink {
        if url.starts_with("https://") {
            return MenuLink::Outside { url: url.into() };
        }
        let parts: Vec<&str> = url.trim_matches('/').split('/').collect();
        match parts.as_slice() {
            [id, slug] if is_plausible_id(id) && rules::is_slug(slug) => MenuLink::Collection {
                id: (*id).into(),
                slug: (*slug).into(),
            },
            _ => MenuLink::Page { path: url.into() },
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Banner {
    pub id: String,
    pub image_url: String,
    pub status: Status,
    #[serde(default)]
    pub order: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct Collection {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub banner: Vec<String>,
    pub status: Status,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct CollectionRef {
    pub id: String,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Celeb {
    pub image: String,
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct ProductRef {
    pub id: String,
    pub slug: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub struct Gallery {
    pub id: String,
    pub status: Status,
    pub image: Vec<String>,
    pub product: ProductRef,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Runway {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub status: Status,
    pub is_featured: bool,
    pub banners: Vec<String>,
    pub description: String,
    pub video: String,
    pub youtube_url: String,
    pub collection: CollectionRef,
    pub celebs: Vec<Celeb>,
    pub galleries: Vec<Gallery>,
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct News {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub poster: String,
    pub content: String,
    pub status: Status,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// The longest search text accepted: longer text cannot match a product name.
pub const MAX_SEARCH_LEN: usize = 200;

/// Whether a product matches a search, ignoring case and accents, over its
/// name, categories and collection name. `folded_query` comes from [`crate::text::fold`].
pub fn matches_search(product: &Product, folded_query: &str) -> bool {
    let hay = |s: &str| crate::text::fold(s).contains(folded_query);
    hay(&product.name) || product.categories.iter().any(|c| hay(c)) || hay(&product.collection_name)
}

/// Menus a visitor sees: active ones by `order` ascending.
pub fn visible_menus(mut menus: Vec<Menu>) -> Vec<Menu> {
    menus.retain(|m| m.status.is_active());
    menus.sort_by_key(|m| m.order);
    menus
}

/// Banners a visitor sees: active ones by `order` ascending.
pub fn visible_banners(mut banners: Vec<Banner>) -> Vec<Banner> {
    banners.retain(|b| b.status.is_active());
    banners.sort_by_key(|b| b.order);
    banners
}

/// News a visitor sees: active articles, newest first by `createdAt`.
pub fn visible_news(mut news: Vec<News>) -> Vec<News> {
    news.retain(|n| n.status.is_active());
    news.sort_by_key(|n| std::cmp::Reverse(n.created_at));
    news
}

/// A runway as a visitor sees it: celebs oldest first, active galleries only.
pub fn public_runway(mut runway: Runway) -> Runway {
    runway.celebs.sort_by_key(|c| c.created_at);
    runway.galleries.retain(|g| g.status.is_active());
    runway
}

/// Products a visitor sees: active ones, newest first.
pub fn visible_products(mut products: Vec<Product>) -> Vec<Product> {
    products.retain(|p| p.is_active());
    products.sort_by(|a, b| {
        b.created_at
            .cmp(&a.created_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    products
}

/// Ids are short printable tokens; anything else cannot name an item.
pub fn is_plausible_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fold;

    fn product(name: &str, categories: &[&str], collection: &str) -> Product {
        Product {
            description: String::new(),
            card: ProductCard {
                id: "p1".into(),
                sku: "SKU".into(),
                name: name.into(),
                categories: categories.iter().map(|c| c.to_string()).collect(),
                collection: "c1".into(),
                collection_name: collection.into(),
                slug: "p".into(),
                size: vec![],
                color: vec![],
                price: Money::from_cents(10_000),
                tag: vec![],
                status: Status::Active,
                product_gallery: vec![],
                items: vec![
                    SetItem {
                        name: "Jacket".into(),
                        price: Money::from_cents(6_000),
                    },
                    SetItem {
                        name: "Trousers".into(),
                        price: Money::from_cents(4_000),
                    },
                ],
                created_at: Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
                made_to_order: false,
            },
        }
    }

    #[test]
    fn search_ignores_case_and_accents_over_name_category_and_collection() {
        let p = product("Áo Dài Lụa", &["women"], "Saigon Nocturne");
        assert!(matches_search(&p, &fold("ao dai")));
        assert!(matches_search(&p, &fold("WOMEN")));
        assert!(matches_search(&p, &fold("nocturne")));
        assert!(!matches_search(&p, &fold("tuxedo")));
    }

    #[test]
    fn unit_price_is_the_sets_or_the_chosen_items() {
        let p = product("Tuxedo", &["men"], "");
        let unit_price = |category| crate::cart::category_price(&p, category).map(|(_, m)| m);
        let dollars = |d| crate::pricing::Money::from_dollars(d);
        assert_eq!(unit_price("Set"), dollars(100.0));
        assert_eq!(unit_price(""), dollars(100.0));
        assert_eq!(unit_price("jacket"), dollars(60.0));
        assert_eq!(unit_price("Scarf"), None);
    }

    #[test]
    fn menus_and_banners_are_active_and_ordered() {
        let menu = |id: &str, status: Status, order| Menu {
            id: id.into(),
            title: id.into(),
            link: MenuLink::Page { path: "/".into() },
            status,
            order,
        };
        let menus = visible_menus(vec![
            menu("b", Status::Active, 2),
            menu("x", Status::Inactive, 0),
            menu("a", Status::Active, 1),
        ]);
        assert_eq!(
            menus.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
    }

    #[test]
    fn menus_stored_with_a_bare_url_keep_their_link() {
        let stored = |url: &str| {
            let record =
                serde_json::json!({ "id": "m", "title": "T", "url": url, "status": "active" });
            serde_json::from_value::<Menu>(record).unwrap().link
        };
        assert_eq!(
            stored("/col-ete/ete"),
            MenuLink::Collection {
                id: "col-ete".into(),
                slug: "ete".into()
            }
        );
        assert_eq!(
            stored("/archive"),
            MenuLink::Page {
                path: "/archive".into()
            }
        );
        assert_eq!(
            stored("https://example.com/x"),
            MenuLink::Outside {
                url: "https://example.com/x".into()
            }
        );
        let kinded = serde_json::json!({ "id": "m", "title": "T", "link": { "kind": "page", "path": "/about" }, "status": "active" });
        let menu: Menu = serde_json::from_value(kinded.clone()).unwrap();
        assert_eq!(serde_json::to_value(&menu).unwrap()["link"], kinded["link"]);
    }

    #[test]
    fn ids_with_odd_characters_are_not_plausible() {
        assert!(is_plausible_id("prod-001"));
        assert!(!is_plausible_id("../etc"));
        assert!(!is_plausible_id(""));
        assert!(!is_plausible_id(&"a".repeat(129)));
        assert!(!is_plausible_id("p1'; DROP"));
    }
}
