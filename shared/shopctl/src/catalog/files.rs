//! The catalogue folder's files: one TOML file per item, its name the item's
//! id, in one folder per kind. TOML because it is the plainest format a
//! person edits by hand that still has types: no indentation to get wrong, no
//! value that silently changes type (YAML's `no` or `1.10`), comments, and
//! long HTML as multi-line strings. Prices are decimal strings ("4860.00"),
//! never TOML numbers, which are binary floats. Pictures are paths relative
//! to the item's file.
//!
//! Unknown fields are refused, so a misspelt field is an error, not a field
//! silently left out.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

/// The folders of a catalogue, one per kind, in the order they are read:
/// what an item refers to is read before it.
pub const KINDS: [&str; 7] = [
    "categories",
    "collections",
    "menus",
    "banners",
    "products",
    "runways",
    "news",
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CategoryFile {
    pub name: String,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuFile {
    pub title: String,
    /// Where the entry leads: exactly one of `collection`, `page` and `url`.
    /// A collection's id (its file's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection: Option<String>,
    /// A page of the shop: "/made-to-order", "/shop/women".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    /// Another site: an https:// address, opened in a new tab.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub status: String,
    /// Entries show lowest first.
    #[serde(default)]
    pub order: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BannerFile {
    pub image: String,
    pub status: String,
    /// Slides show lowest first.
    #[serde(default)]
    pub order: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionFile {
    pub slug: String,
    pub name: String,
    pub status: String,
    pub banner: Vec<String>,
    /// HTML.
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductFile {
    pub sku: String,
    pub name: String,
    pub slug: String,
    /// The collection's id (its file's name).
    pub collection: String,
    pub status: String,
    /// A decimal amount in USD; a set's is the sum of its items'.
    pub price: Decimal,
    /// Categories by id (the file's name) or name; "new" marks new arrivals.
    pub categories: Vec<String>,
    /// The house's sizes, in the order the page lists them ("36", "M").
    #[serde(default)]
    pub size: Vec<String>,
    pub color: Vec<String>,
    #[serde(default)]
    pub tag: Vec<String>,
    pub gallery: Vec<String>,
    /// RFC 3339; lists show the newest first.
    pub created_at: String,
    /// HTML.
    pub description: String,
    /// The parts of a set, each with its own price.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<SetItemFile>,
    /// Made to order only: requested through the made-to-order form, never
    /// put in the bag.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub made_to_order: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetItemFile {
    pub name: String,
    pub price: Decimal,
}

/// A price as written: a decimal string such as "4860.00". A bare TOML
/// number is read too, so the reader can refuse it with the fix in words
/// (TOML's decimals are binary floats).
#[derive(Debug, Clone, PartialEq)]
pub enum Decimal {
    Quoted(String),
    /// A bare number, as it reads with two decimals: `690.00`.
    Bare(String),
}

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Decimal::Quoted(text) | Decimal::Bare(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = Decimal;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a decimal amount in quotes, such as \"4860.00\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Decimal, E> {
                Ok(Decimal::Quoted(v.to_owned()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Decimal, E> {
                Ok(Decimal::Bare(format!("{v:.2}")))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Decimal, E> {
                self.visit_f64(v as f64)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Decimal, E> {
                self.visit_f64(v as f64)
            }
        }
        deserializer.deserialize_any(Text)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunwayFile {
    pub slug: String,
    pub name: String,
    pub status: String,
    #[serde(default)]
    pub is_featured: bool,
    /// The collection's id.
    pub collection: String,
    pub created_at: String,
    pub banners: Vec<String>,
    /// An MP4 beside the file.
    pub video: String,
    pub youtube_url: String,
    /// HTML.
    pub description: String,
    #[serde(default)]
    pub celebs: Vec<CelebFile>,
    #[serde(default)]
    pub galleries: Vec<LookFile>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CelebFile {
    pub image: String,
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LookFile {
    pub id: String,
    pub status: String,
    /// The product's id.
    pub product: String,
    pub image: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewsFile {
    pub slug: String,
    pub title: String,
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
    pub poster: String,
    pub description: String,
    /// HTML.
    pub content: String,
}
