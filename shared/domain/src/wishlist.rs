//! The wishlist: `USER#<user> / WISH#<productId>`, one entry per product, with
//! the product snapshot the account page shows. Keyed by product, so adding
//! twice or removing twice changes nothing, and a wishlist can never hold
//! more entries than the catalogue has products. The whole list is one Query.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::{is_plausible_id, Product, ProductSnapshot};
use crate::ports::{Condition, Table, TableError};
use crate::shopper::{Owned, Shelf};
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

pub const LOGIN_REQUIRED: &str = "Please log in to add products to your wishlist.";
pub const PRODUCT_REQUIRED: &str = "Please select a product.";
pub const PRODUCT_UNAVAILABLE: &str = "This product is no longer available.";
pub const NOT_IN_WISHLIST: &str = "This product is not in your wishlist.";
pub const ADDED: &str = "Added to your wishlist.";
pub const REMOVED: &str = "Removed from your wishlist.";

/// One wishlist entry; its id is the product's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistEntry {
    pub id: String,
    pub product: ProductSnapshot,
    pub created_at: Timestamp,
}

impl WishlistEntry {
    pub fn of(product: &Product, now: Timestamp) -> Self {
        Self {
            id: product.id.clone(),
            product: product.into(),
            created_at: now,
        }
    }
}

impl Owned for WishlistEntry {
    const PREFIX: &'static str = "WISH#";
    fn id(&self) -> &str {
        &self.id
    }
}

/// The body of `POST /api/wishlist/add`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddToWishlist {
    #[schema(value_type = String, required = true)]
    pub product_id: Value,
}

impl AddToWishlist {
    pub fn product_id(&self) -> Result<String, FieldErrors> {
        let id = match &self.product_id {
            Value::String(s) => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        let mut errors = FieldErrors::new();
        errors.check(!id.is_empty(), "productId", PRODUCT_REQUIRED);
        errors.into_result(id)
    }
}

/// Whether `id` could name an entry (a product id); anything else is refused unread.
pub fn is_entry_id(id: &str) -> bool {
    is_plausible_id(id)
}

/// Entries newest first, and the product ids the site keeps as the wishlist.
pub fn newest_first(mut entries: Vec<WishlistEntry>) -> (Vec<WishlistEntry>, Vec<String>) {
    entries.sort_by(|a, b| {
        b.created_at
            .cmp(&a.created_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    let ids = entries.iter().map(|e| e.id.clone()).collect();
    (entries, ids)
}

/// One shopper's wishlist in the table.
pub struct Wishlist<'a> {
    entries: Shelf<'a, WishlistEntry>,
}

impl<'a> Wishlist<'a> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self {
            entries: Shelf::of(table, user_id),
        }
    }

    /// Every entry: one Query.
    pub async fn entries(&self) -> Result<Vec<WishlistEntry>, TableError> {
        self.entries.all().await
    }

    /// Keeps the entry: a plain put, so adding twice leaves one entry (with
    /// a fresh snapshot).
    pub async fn keep(&self, entry: &WishlistEntry) -> Result<(), TableError> {
        let _always = self.entries.put(entry, Condition::None).await?;
        Ok(())
    }

    /// Forgets the product: unconditional, as removing what is not there is
    /// already done.
    pub async fn forget(&self, product_id: &str) -> Result<(), TableError> {
        let _always = self.entries.delete(product_id, Condition::None).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn product_ids_are_required() {
        let body: AddToWishlist = serde_json::from_value(json!({})).unwrap();
        assert_eq!(
            body.product_id().unwrap_err().get("productId"),
            Some(PRODUCT_REQUIRED)
        );
        let body: AddToWishlist = serde_json::from_value(json!({ "productId": " p7 " })).unwrap();
        assert_eq!(body.product_id().unwrap(), "p7");
        let body: AddToWishlist = serde_json::from_value(json!({ "productId": 12 })).unwrap();
        assert_eq!(body.product_id().unwrap(), "12");
        assert!(is_entry_id("p7") && !is_entry_id("../x"));
    }

    #[test]
    fn entries_are_keyed_by_product_and_listed_newest_first() {
        let snapshot = |id: &str| ProductSnapshot {
            id: id.into(),
            slug: "s".into(),
            name: "n".into(),
            product_gallery: vec![],
        };
        let at = |text| Timestamp::parse(text).unwrap();
        let old = WishlistEntry {
            id: "a".into(),
            product: snapshot("a"),
            created_at: at("2025-01-01T00:00:00Z"),
        };
        let new = WishlistEntry {
            id: "b".into(),
            product: snapshot("b"),
            created_at: at("2025-02-01T00:00:00Z"),
        };
        assert_eq!(WishlistEntry::PREFIX, "WISH#");
        let item = crate::records::encode(&old).unwrap();
        assert_eq!(item["createdAt"], "2025-01-01T00:00:00.000000Z");
        let (entries, ids) = newest_first(vec![old, new]);
        assert_eq!(entries[0].id, "b");
        assert_eq!(ids, vec!["b", "a"]);
    }
}
