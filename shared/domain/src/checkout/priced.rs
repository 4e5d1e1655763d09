//! The bag priced from the catalogue as it is now: the one price the bag
//! panel shows, the checkout compares with what the shopper saw, charges,
//! and the order records. A line keeps the price it was added at only as
//! history; its product's current price (or its set item's) is what counts,
//! and a product withdrawn since (gone, inactive, or no longer sold in that
//! category) makes its line unavailable: out of the quote, and a checkout
//! with it in the bag is refused.

use std::collections::HashMap;

use serde::Serialize;

use crate::cart::{category_price, CartLine};
use crate::catalog::{Kind, Product};
use crate::ports::{Table, TableError};
use crate::records::decode;

use super::Quote;

/// A bag line as priced now.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PricedLine {
    #[serde(flatten)]
    pub line: CartLine,
    /// Whether the product can still be bought in this category.
    pub available: bool,
}

/// The bag priced now: every line, and the quote of the available ones
/// (`None` when none is).
#[derive(Debug, Clone, PartialEq)]
pub struct PricedBag {
    pub lines: Vec<PricedLine>,
    pub quote: Option<Quote>,
}

impl PricedBag {
    /// Prices the lines against the catalogue: one BatchGet of their
    /// products (a bag holds at most 100 lines, BatchGet's limit).
    pub async fn of(
        table: &dyn Table,
        lines: Vec<CartLine>,
        tax_basis_points: u32,
    ) -> Result<PricedBag, TableError> {
        let mut ids: Vec<&str> = lines.iter().map(|l| l.product.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        let keys: Vec<_> = ids.iter().map(|id| Kind::Product.key(id)).collect();
        let mut products = HashMap::new();
        if !keys.is_empty() {
            for item in table.batch_get(&keys).await? {
                let product: Product = decode(item)?;
                products.insert(product.id.clone(), product);
            }
        }
        Ok(Self::priced(lines, &products, tax_basis_points))
    }

    /// The lines priced against these products (pure: the rule itself).
    pub fn priced(
        lines: Vec<CartLine>,
        products: &HashMap<String, Product>,
        tax_basis_points: u32,
    ) -> PricedBag {
        let lines: Vec<PricedLine> = lines
            .into_iter()
            .map(|mut line| {
                let current = products
                    .get(&line.product.id)
                    .filter(|p| p.is_active())
                    .and_then(|p| category_price(p, &line.category));
                if let Some((_, price)) = current {
                    line.price = price;
                }
                PricedLine {
                    available: current.is_some(),
                    line,
                }
            })
            .collect();
        let available = Self::available_of(&lines);
        let quote = Quote::of(&available, tax_basis_points);
        PricedBag { lines, quote }
    }

    fn available_of(lines: &[PricedLine]) -> Vec<CartLine> {
        lines
            .iter()
            .filter(|l| l.available)
            .map(|l| l.line.clone())
            .collect()
    }

    /// The lines that can be bought, at their current prices.
    pub fn available(&self) -> Vec<CartLine> {
        Self::available_of(&self.lines)
    }

    pub fn all_available(&self) -> bool {
        self.lines.iter().all(|l| l.available)
    }

    pub fn count(&self) -> u32 {
        self.lines.iter().map(|l| l.line.quantity).sum()
    }
}
