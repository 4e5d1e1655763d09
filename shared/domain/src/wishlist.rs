//! The wishlist: `USER#<user> / WISH#<productId>`, one entry per product, with
//! the product snapshot the account page shows. Keyed by product, so adding
//! twice or removing twice changes nothing, and a wishlist can never hold
//! more entries than the catalogue has products. The whole list is one Query.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cart::ProductSnapshot;
use crate::catalog::Product;
use crate::ports::{to_item, Item, Key, TableError, PK, SK};
use crate::shopper::user_pk;
use crate::validation::FieldErrors;

pub const ENTRY_PREFIX: &str = "WISH#";
pub const LOGIN_REQUIRED: &str = "Please log in to add products to your wishlist.";
pub const PRODUCT_REQUIRED: &str = "Please select a product.";
pub const PRODUCT_UNAVAILABLE: &str = "This product is no longer available.";

/// One wishlist entry; its id is the product's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistEntry {
    pub id: String,
    pub product: ProductSnapshot,
    pub created_at: String,
}

impl WishlistEntry {
    pub fn of(product: &Product, now: &str) -> Self {
        Self {
            id: product.id.clone(),
            product: product.into(),
            created_at: now.to_string(),
        }
    }
}

pub fn entry_key(user_id: &str, product_id: &str) -> Key {
    Key::new(user_pk(user_id), format!("{ENTRY_PREFIX}{product_id}"))
}

pub fn entry_item(user_id: &str, entry: &WishlistEntry) -> Result<Item, TableError> {
    let key = entry_key(user_id, &entry.id);
    let mut item = to_item(entry)?;
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    Ok(item)
}

/// The body of `POST /api/wishlist/add`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddToWishlist {
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
    }

    #[test]
    fn entries_are_keyed_by_product_and_listed_newest_first() {
        let snapshot = |id: &str| ProductSnapshot {
            id: id.into(),
            slug: "s".into(),
            name: "n".into(),
            product_gallery: vec![],
        };
        let old = WishlistEntry {
            id: "a".into(),
            product: snapshot("a"),
            created_at: "2025-01-01T00:00:00Z".into(),
        };
        let new = WishlistEntry {
            id: "b".into(),
            product: snapshot("b"),
            created_at: "2025-02-01T00:00:00Z".into(),
        };
        let item = entry_item("u1", &old).unwrap();
        assert_eq!(
            (item["pk"].as_str(), item["sk"].as_str()),
            (Some("USER#u1"), Some("WISH#a"))
        );
        let (entries, ids) = newest_first(vec![old, new]);
        assert_eq!(entries[0].id, "b");
        assert_eq!(ids, vec!["b", "a"]);
    }
}
