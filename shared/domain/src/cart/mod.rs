//! The shopping bag: what a line is, how an "add to cart" is checked against
//! the catalogue, and where lines live in the table.
//!
//! A line carries a snapshot of the product (id, slug, name, productGallery)
//! and its catalogue unit price, so the bag is one Query. The line id is
//! derived from (product, color, size, category): adding the same thing again
//! names the same line, so the add is one atomic `ADD quantity` and concurrent
//! adds never lose an update. How the caps hold is in [`store`].

mod store;

pub use store::{AddOutcome, Bag};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::{Product, ProductSnapshot, Size};
use crate::pricing::Money;
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

/// The size of a made-to-measure line.
pub const CUSTOM_SIZE: &str = "custom";

/// A bag line's size, written as the house writes it (`M`, `3XL`), `custom`
/// for made to measure, or empty when none was chosen (the spec leaves the
/// size optional on the product page).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum LineSize {
    Unchosen,
    Cut(Size),
    Custom,
}

impl LineSize {
    pub fn as_str(&self) -> &str {
        match self {
            LineSize::Unchosen => "",
            LineSize::Cut(size) => size.as_str(),
            LineSize::Custom => CUSTOM_SIZE,
        }
    }

    /// A shopper's choice (`3xl`, `Custom`, `38`); blank is none. Which
    /// sizes a product has is the product's: see [`AddRequest::against`].
    pub fn chosen(text: &str) -> Option<LineSize> {
        let text = text.trim();
        if text.is_empty() {
            Some(LineSize::Unchosen)
        } else if text.eq_ignore_ascii_case(CUSTOM_SIZE) {
            Some(LineSize::Custom)
        } else {
            Size::label(text).map(LineSize::Cut)
        }
    }
}

impl std::fmt::Display for LineSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TryFrom<String> for LineSize {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        LineSize::chosen(&text).ok_or_else(|| format!("{text:?} is not a size"))
    }
}

impl From<LineSize> for String {
    fn from(size: LineSize) -> String {
        size.as_str().to_string()
    }
}

/// On the wire and in the table: the size's text (one of the product's
/// sizes, `custom`, or empty).
impl utoipa::PartialSchema for LineSize {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .examples(["M", "38", CUSTOM_SIZE, ""])
            .into()
    }
}

impl utoipa::ToSchema for LineSize {}
/// The category of a line that buys a whole set (a product with parts); a
/// product without parts is bought with no category at all.
pub const SET_CATEGORY: &str = "Set";
/// No line holds more than this many pieces.
pub const MAX_QUANTITY: u32 = 99;
/// No bag holds more than this many lines.
pub const MAX_LINES: usize = 100;

pub const LOGIN_REQUIRED: &str = "Log in to start building your cart and enjoy a faster checkout!";
pub const PRODUCT_REQUIRED: &str = "Please select a product.";
pub const PRODUCT_UNAVAILABLE: &str = "This product is no longer available.";
pub const COLOR_REQUIRED: &str = "Please select the color.";
pub const SIZE_INVALID: &str = "Please select one of the sizes of this piece, or custom.";
pub const MADE_TO_ORDER_ONLY: &str =
    "This piece is made to order only: request it with CUSTOM TO ORDER on its page.";
pub const CATEGORY_INVALID: &str = "Please select the set or one of its items.";
pub const QUANTITY_REQUIRED: &str = "Please enter a quantity.";
pub const QUANTITY_WHOLE: &str = "Quantity must be a whole number.";
pub const QUANTITY_MIN: &str = "Quantity must be at least 1.";
pub const QUANTITY_MAX: &str = "Quantity cannot be more than 99.";
pub const LINE_FULL: &str = "You can have at most 99 pieces of one item in your shopping bag.";
pub const CART_FULL: &str = "Your shopping bag is full: it holds at most 100 different items.";
pub const PRICE_NOT_NUMBER: &str = "Price must be a number.";
pub const PRICE_CHANGED: &str =
    "The price of this product has changed. Please refresh the page and try again.";
pub const LINE_NOT_FOUND: &str = "This item is no longer in your shopping bag.";
pub const ADDED: &str = "Add to cart successfully!";
pub const UPDATED: &str = "Quantity updated.";
pub const REMOVED: &str = "Item removed from your shopping bag.";

/// One line of the bag, as stored and as answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub id: String,
    pub product: ProductSnapshot,
    pub category: String,
    pub color: String,
    pub size: LineSize,
    pub quantity: u32,
    /// The unit price from the catalogue.
    pub price: Money,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl CartLine {
    /// The line's cost: unit price times quantity.
    pub fn cost(&self) -> Option<Money> {
        self.price.times(self.quantity)
    }
}

/// A line id: 32 hex digits of the 128-bit FNV-1a hash of the line's
/// canonical (product, color, size, category). Stable across processes and
/// releases; only the shopper's own lines share the partition, so a
/// collision could at worst merge two of their own lines.
pub fn line_id(product_id: &str, color: &str, size: &str, category: &str) -> String {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;
    let mut hash = OFFSET;
    for part in [product_id, color, size, category] {
        for byte in part.bytes().chain(std::iter::once(0x1f)) {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    format!("{hash:032x}")
}

/// Whether `id` has the shape of a line id; anything else is refused unread.
pub fn is_line_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The body of `POST /api/cart/add`, fields as sent so each gets its own message.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddToCart {
    #[schema(value_type = String, required = true)]
    pub product_id: Value,
    #[schema(value_type = String)]
    pub size: Value,
    #[schema(value_type = String, required = true)]
    pub color: Value,
    #[schema(value_type = u32, required = true)]
    pub quantity: Value,
    #[schema(value_type = String)]
    pub category: Value,
    #[schema(value_type = f64)]
    pub price: Value,
}

/// An add whose shape is right; the product decides the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct AddRequest {
    pub product_id: String,
    pub size: LineSize,
    pub color: String,
    pub category: String,
    pub quantity: u32,
    /// The price the shopper saw, if sent.
    pub price: Option<Money>,
}

impl AddToCart {
    /// The rules that need no catalogue.
    pub fn check(&self) -> Result<AddRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let product_id = match &self.product_id {
            Value::String(s) if !s.trim().is_empty() => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        errors.check(!product_id.is_empty(), "productId", PRODUCT_REQUIRED);
        // The spec leaves the size optional on the product page; one that is
        // given must be a size label (the product's own are checked by `against`).
        let size = match nonblank_string(&self.size) {
            None => Some(LineSize::Unchosen),
            Some(size) => LineSize::chosen(&size),
        };
        errors.check(size.is_some(), "size", SIZE_INVALID);
        let quantity = parse_quantity(&self.quantity)
            .map_err(|m| errors.add("quantity", m))
            .ok();
        let price = match &self.price {
            Value::Null => None,
            Value::Number(n) => {
                let price = n.as_f64().and_then(Money::from_dollars);
                errors.check(price.is_some(), "price", PRICE_NOT_NUMBER);
                price
            }
            _ => {
                errors.add("price", PRICE_NOT_NUMBER);
                None
            }
        };
        let request = AddRequest {
            product_id,
            size: size.unwrap_or(LineSize::Unchosen),
            color: nonblank_string(&self.color).unwrap_or_default(),
            category: nonblank_string(&self.category).unwrap_or_default(),
            quantity: quantity.unwrap_or(0),
            price,
        };
        errors.into_result(request)
    }
}

/// The body of `PATCH /api/cart/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(default)]
pub struct SetQuantity {
    #[schema(value_type = u32, required = true)]
    pub quantity: Value,
}

impl AddRequest {
    /// Checks the request against the product: active, one of its colors,
    /// the set or one of its items, and the price the shopper saw (if sent)
    /// equal to the catalogue's, so a stale price is never silently charged.
    /// The line is new at `now`, with canonical values from the catalogue.
    pub fn against(&self, product: &Product, now: Timestamp) -> Result<CartLine, FieldErrors> {
        let mut errors = FieldErrors::new();
        if !product.is_active() {
            errors.add("productId", PRODUCT_UNAVAILABLE);
            return Err(errors);
        }
        if product.made_to_order {
            errors.add("productId", MADE_TO_ORDER_ONLY);
            return Err(errors);
        }
        let size = canonical_size(product, &self.size);
        errors.check(size.is_some(), "size", SIZE_INVALID);
        let color = canonical_color(product, &self.color);
        errors.check(color.is_some(), "color", COLOR_REQUIRED);
        let priced = category_price(product, &self.category);
        errors.check(priced.is_some(), "category", CATEGORY_INVALID);
        if let (Some((_, unit)), Some(seen)) = (&priced, self.price) {
            errors.check(*unit == seen, "price", PRICE_CHANGED);
        }
        errors.into_result(())?;
        let (color, (category, price)) = (color.unwrap_or_default(), priced.unwrap_or_default());
        let size = size.unwrap_or(LineSize::Unchosen);
        Ok(CartLine {
            id: line_id(&product.id, &color, size.as_str(), &category),
            product: product.into(),
            category,
            color,
            size,
            quantity: self.quantity,
            price,
            created_at: now,
            updated_at: now,
        })
    }
}

/// A quantity: a whole number from 1 to [`MAX_QUANTITY`]; `2.0` counts as
/// whole, `"2"`, `1.5`, `0`, `-1` and `1e9` do not pass.
pub fn parse_quantity(value: &Value) -> Result<u32, &'static str> {
    let number = match value {
        Value::Null => return Err(QUANTITY_REQUIRED),
        Value::Number(n) => n,
        _ => return Err(QUANTITY_WHOLE),
    };
    let as_float = number.as_f64().unwrap_or(f64::NAN);
    let whole = number
        .as_i64()
        .map(|n| n as f64)
        .or_else(|| number.as_u64().map(|n| n as f64))
        .unwrap_or(as_float);
    if !whole.is_finite() || whole.fract() != 0.0 {
        return Err(QUANTITY_WHOLE);
    }
    if whole < 1.0 {
        return Err(QUANTITY_MIN);
    }
    if whole > f64::from(MAX_QUANTITY) {
        return Err(QUANTITY_MAX);
    }
    Ok(whole as u32)
}

/// A non-blank string, trimmed: a number or anything else is not one.
fn nonblank_string(value: &Value) -> Option<String> {
    value
        .as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// The product's own spelling of the chosen color. A product listing no
/// colors takes none.
/// The product's own size a shopper chose, as the house writes it (`3xl` is
/// `3XL`); no size and `custom` are always possible.
fn canonical_size(product: &Product, size: &LineSize) -> Option<LineSize> {
    match size {
        LineSize::Cut(chosen) => product
            .size
            .iter()
            .find(|s| s.is_chosen_by(chosen.as_str()))
            .cloned()
            .map(LineSize::Cut),
        other => Some(other.clone()),
    }
}

fn canonical_color(product: &Product, color: &str) -> Option<String> {
    if product.color.is_empty() {
        return color.is_empty().then(String::new);
    }
    product
        .color
        .iter()
        .find(|c| c.trim().eq_ignore_ascii_case(color))
        .cloned()
}

/// The canonical category of a line and its unit price: the whole set (an
/// empty category or "Set") at the product's price, or one of the set's items
/// at its own price. A product without items is not a set: bought whole it
/// has no category (an older client's "Set" included), or it may name one
/// of its categories.
pub fn category_price(product: &Product, category: &str) -> Option<(String, Money)> {
    let category = category.trim();
    let whole = |name: &str| Some((name.to_string(), product.price));
    let is_set = !product.items.is_empty();
    if category.is_empty() || category.eq_ignore_ascii_case(SET_CATEGORY) {
        return whole(if is_set { SET_CATEGORY } else { "" });
    }
    if !is_set {
        return product
            .categories
            .iter()
            .find(|c| c.eq_ignore_ascii_case(category))
            .and_then(|c| whole(c));
    }
    let item = product
        .items
        .iter()
        .find(|i| i.name.eq_ignore_ascii_case(category))?;
    Some((item.name.clone(), item.price))
}

/// Lines in the order they were first added.
pub fn in_added_order(mut lines: Vec<CartLine>) -> Vec<CartLine> {
    lines.sort_by(|a, b| {
        a.created_at
            .cmp(&b.created_at)
            .then_with(|| a.id.cmp(&b.id))
    });
    lines
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::catalog::{ProductCard, SetItem};

    pub(crate) fn product() -> Product {
        Product {
            description: String::new(),
            card: ProductCard {
                id: "p1".into(),
                sku: "SKU1".into(),
                name: "Silk Set".into(),
                categories: vec!["women".into()],
                collection: "c1".into(),
                collection_name: String::new(),
                slug: "silk-set".into(),
                size: ["S", "M", "38"].map(|s| Size::label(s).unwrap()).to_vec(),
                color: vec!["Ivory".into(), "Black".into()],
                price: Money::from_cents(120_050),
                tag: vec![],
                status: crate::catalog::Status::Active,
                product_gallery: vec!["/blobs/a.jpg".into()],
                items: vec![
                    SetItem {
                        name: "Jacket".into(),
                        price: Money::from_cents(80_000),
                    },
                    SetItem {
                        name: "Skirt".into(),
                        price: Money::from_cents(45_025),
                    },
                ],
                created_at: Timestamp::parse("2025-01-01T00:00:00Z").unwrap(),
                made_to_order: false,
            },
        }
    }

    fn add(body: Value) -> Result<AddRequest, FieldErrors> {
        serde_json::from_value::<AddToCart>(body).unwrap().check()
    }

    #[test]
    fn quantities_must_be_whole_and_in_range() {
        assert_eq!(parse_quantity(&json!(1)), Ok(1));
        assert_eq!(parse_quantity(&json!(99)), Ok(99));
        assert_eq!(parse_quantity(&json!(2.0)), Ok(2));
        assert_eq!(parse_quantity(&Value::Null), Err(QUANTITY_REQUIRED));
        assert_eq!(parse_quantity(&json!("2")), Err(QUANTITY_WHOLE));
        assert_eq!(parse_quantity(&json!(1.5)), Err(QUANTITY_WHOLE));
        assert_eq!(parse_quantity(&json!(true)), Err(QUANTITY_WHOLE));
        assert_eq!(parse_quantity(&json!(0)), Err(QUANTITY_MIN));
        assert_eq!(parse_quantity(&json!(-3)), Err(QUANTITY_MIN));
        assert_eq!(parse_quantity(&json!(100)), Err(QUANTITY_MAX));
        assert_eq!(parse_quantity(&json!(1e300)), Err(QUANTITY_MAX));
        assert_eq!(parse_quantity(&json!(u64::MAX)), Err(QUANTITY_MAX));
    }

    #[test]
    fn shape_rules_name_each_field() {
        let errors = add(json!({ "size": "X\u{7}L", "quantity": "1", "price": "12" })).unwrap_err();
        assert_eq!(errors.get("productId"), Some(PRODUCT_REQUIRED));
        assert_eq!(errors.get("size"), Some(SIZE_INVALID));
        assert_eq!(errors.get("quantity"), Some(QUANTITY_WHOLE));
        assert_eq!(errors.get("price"), Some(PRICE_NOT_NUMBER));
        let sub_cent =
            add(json!({ "productId": "p1", "size": "M", "quantity": 1, "price": 1099.999 }));
        assert_eq!(sub_cent.unwrap_err().get("price"), Some(PRICE_NOT_NUMBER));
        let ok =
            add(json!({ "productId": "p1", "size": "custom", "color": "ivory", "quantity": 2 }))
                .unwrap();
        assert_eq!(
            (ok.size.as_str(), ok.quantity, ok.price),
            ("custom", 2, None)
        );
        assert_eq!(
            add(json!({ "productId": "p1", "size": "3xl", "quantity": 1 }))
                .unwrap()
                .size,
            LineSize::Cut(Size::label("3xl").unwrap())
        );
    }

    #[test]
    fn the_catalogue_decides_color_category_and_price() {
        let p = product();
        let request = add(json!({ "productId": "p1", "size": "M", "color": "ivory", "quantity": 1, "category": "skirt", "price": 450.25 })).unwrap();
        let line = request.against(&p, Timestamp::now()).unwrap();
        assert_eq!(
            (line.color.as_str(), line.category.as_str(), line.price),
            ("Ivory", "Skirt", Money::from_cents(45_025))
        );
        let set = add(json!({ "productId": "p1", "size": "M", "color": "Black", "quantity": 1 }))
            .unwrap()
            .against(&p, Timestamp::now())
            .unwrap();
        assert_eq!(
            (set.category.as_str(), set.price),
            (SET_CATEGORY, Money::from_cents(120_050))
        );

        let bad = add(json!({ "productId": "p1", "size": "M", "color": "Red", "quantity": 1, "category": "Hat", "price": 1.0 })).unwrap();
        let errors = bad.against(&p, Timestamp::now()).unwrap_err();
        assert_eq!(errors.get("color"), Some(COLOR_REQUIRED));
        assert_eq!(errors.get("category"), Some(CATEGORY_INVALID));
        let stale = add(json!({ "productId": "p1", "size": "M", "color": "Black", "quantity": 1, "price": 1100 })).unwrap();
        assert_eq!(
            stale
                .against(&p, Timestamp::now())
                .unwrap_err()
                .get("price"),
            Some(PRICE_CHANGED)
        );
        let no_color = add(json!({ "productId": "p1", "size": "M", "quantity": 1 })).unwrap();
        assert_eq!(
            no_color
                .against(&p, Timestamp::now())
                .unwrap_err()
                .get("color"),
            Some(COLOR_REQUIRED)
        );
    }

    #[test]
    fn a_size_is_one_of_the_products_own() {
        let p = product();
        let size = |text: &str| {
            add(json!({ "productId": "p1", "size": text, "color": "Black", "quantity": 1 }))
                .unwrap()
                .against(&p, Timestamp::now())
                .map(|line| line.size.as_str().to_owned())
                .map_err(|e| e.get("size").map(str::to_owned))
        };
        assert_eq!(size("38"), Ok("38".into()));
        assert_eq!(size("m"), Ok("M".into()));
        assert_eq!(size("custom"), Ok("custom".into()));
        assert_eq!(size(""), Ok("".into()));
        assert_eq!(size("XL"), Err(Some(SIZE_INVALID.into())));
    }

    #[test]
    fn a_made_to_order_only_piece_cannot_be_added() {
        let mut p = product();
        p.made_to_order = true;
        let request =
            add(json!({ "productId": "p1", "size": "M", "color": "Black", "quantity": 1 }))
                .unwrap();
        let errors = request.against(&p, Timestamp::now()).unwrap_err();
        assert_eq!(errors.get("productId"), Some(MADE_TO_ORDER_ONLY));
    }

    #[test]
    fn inactive_products_cannot_be_added() {
        let mut p = product();
        p.status = crate::catalog::Status::Inactive;
        let request =
            add(json!({ "productId": "p1", "size": "M", "color": "Black", "quantity": 1 }))
                .unwrap();
        assert_eq!(
            request
                .against(&p, Timestamp::now())
                .unwrap_err()
                .get("productId"),
            Some(PRODUCT_UNAVAILABLE)
        );
    }

    #[test]
    fn category_prices_agree_with_the_catalogue() {
        let p = product();
        let price = |category| category_price(&p, category).map(|(_, m)| m.cents());
        assert_eq!(price(""), Some(120_050));
        assert_eq!(price("set"), Some(120_050));
        assert_eq!(price("Jacket"), Some(80_000));
        assert_eq!(price("skirt"), Some(45_025));
        assert_eq!(price("Hat"), None);
        let mut plain = product();
        plain.items.clear();
        assert_eq!(
            category_price(&plain, "Women"),
            Some(("women".into(), Money::from_cents(120_050)))
        );
        assert_eq!(category_price(&plain, "Men"), None);
        // Not a set: bought whole with no category, whatever an older client sent.
        for whole in ["", "Set", " set "] {
            assert_eq!(
                category_price(&plain, whole),
                Some((String::new(), Money::from_cents(120_050)))
            );
        }
    }

    #[test]
    fn line_ids_are_stable_and_distinct() {
        let a = line_id("p1", "Ivory", "M", "Set");
        assert_eq!(a, line_id("p1", "Ivory", "M", "Set"));
        assert!(is_line_id(&a));
        assert_ne!(a, line_id("p1", "Ivory", "L", "Set"));
        assert_ne!(a, line_id("p1", "Ivory", "M", "Jacket"));
        assert_ne!(
            line_id("p1", "ab", "c", "Set"),
            line_id("p1", "a", "bc", "Set")
        );
        assert!(!is_line_id("../x"));
    }

    #[test]
    fn lines_cost_price_times_quantity() {
        let request =
            add(json!({ "productId": "p1", "size": "M", "color": "Black", "quantity": 3 }))
                .unwrap();
        let at = Timestamp::parse("2025-01-01T00:00:00Z").unwrap();
        let line = request.against(&product(), at).unwrap();
        let back: CartLine = serde_json::from_value(serde_json::to_value(&line).unwrap()).unwrap();
        assert_eq!(back, line);
        assert_eq!(back.cost(), Some(Money::from_cents(360_150)));
    }
}
