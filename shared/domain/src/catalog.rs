//! The catalogue: products, categories, menus, banners, collections, runways
//! and news, and where each lives in the single table.
//!
//! Every kind is one partition (`CATALOG#<KIND>`, sort key = id), so a list
//! is one Query. A collection and its products also share a GSI1 partition
//! (`COLLECTION#<id>`), so a collection page is one Query too.

use serde::{Deserialize, Serialize};

use crate::ports::Key;

/// Content is shown only when its status is this.
pub const ACTIVE: &str = "active";

/// The category that marks new arrivals.
pub const NEW_CATEGORY: &str = "new";

/// The sizes a product line can be bought in, besides `custom`.
pub const SIZES: [&str; 8] = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL"];

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
        }
    }

    pub fn key(self, id: &str) -> Key {
        Key::new(self.partition(), id)
    }
}

/// The GSI1 partition shared by a collection and its products.
pub fn collection_partition(collection_id: &str) -> String {
    format!("COLLECTION#{collection_id}")
}

/// A part of a set, with its own price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetItem {
    pub name: String,
    pub price: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: String,
    pub sku: String,
    pub name: String,
    /// HTML, sanitised by the site before display.
    pub description: String,
    pub categories: Vec<String>,
    /// The collection's id.
    pub collection: String,
    #[serde(default)]
    pub collection_name: String,
    pub slug: String,
    pub size: Vec<String>,
    pub color: Vec<String>,
    pub price: f64,
    #[serde(default)]
    pub tag: Vec<String>,
    pub status: String,
    pub product_gallery: Vec<String>,
    #[serde(default)]
    pub items: Vec<SetItem>,
    pub created_at: String,
}

impl Product {
    pub fn is_active(&self) -> bool {
        self.status == ACTIVE
    }
    pub fn is_new(&self) -> bool {
        self.categories.iter().any(|c| c.eq_ignore_ascii_case(NEW_CATEGORY))
    }
    /// The unit price of a cart line: the set's price, or the chosen item's.
    /// `None` when the category names neither the set nor one of its items.
    pub fn unit_price(&self, category: &str) -> Option<f64> {
        let category = category.trim();
        if category.is_empty() || category.eq_ignore_ascii_case("set") || self.items.is_empty() && self.categories.iter().any(|c| c.eq_ignore_ascii_case(category)) {
            return Some(self.price);
        }
        self.items.iter().find(|i| i.name.eq_ignore_ascii_case(category)).map(|i| i.price)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Menu {
    pub id: String,
    pub title: String,
    pub url: String,
    pub status: String,
    #[serde(default)]
    pub order: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Banner {
    pub id: String,
    pub image_url: String,
    pub status: String,
    #[serde(default)]
    pub order: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Collection {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub banner: Vec<String>,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollectionRef {
    pub id: String,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Celeb {
    pub image: String,
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductRef {
    pub id: String,
    pub slug: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gallery {
    pub id: String,
    pub status: String,
    pub image: Vec<String>,
    pub product: ProductRef,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Runway {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub status: String,
    pub is_featured: bool,
    pub banners: Vec<String>,
    pub description: String,
    pub video: String,
    pub youtube_url: String,
    pub collection: CollectionRef,
    pub celebs: Vec<Celeb>,
    pub galleries: Vec<Gallery>,
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct News {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub poster: String,
    pub content: String,
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}
