//! One catalogue item of any kind, as the table stores it: what an import
//! compares, writes and withdraws, and what an export reads back.

use domain::catalog::Status;
use domain::catalog::{Banner, Category, Collection, Kind, Listed, Menu, News, Product, Runway};
use domain::house::{House, Page};
use domain::ports::{Condition, Table, TableError};
use serde_json::Value;
use std::collections::BTreeMap;

// The house is the largest record; items are one per file, built once and
// moved a few times, so boxing it would only add noise to every match.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Category(Category),
    Menu(Menu),
    Banner(Banner),
    Collection(Collection),
    Product(Product),
    Runway(Runway),
    News(News),
    House(House),
    Page(Page),
}

/// `$body` with `$record` bound to the item's record, whatever its kind.
macro_rules! each {
    ($item:expr, $record:ident => $body:expr) => {
        match $item {
            Item::Category($record) => $body,
            Item::Menu($record) => $body,
            Item::Banner($record) => $body,
            Item::Collection($record) => $body,
            Item::Product($record) => $body,
            Item::Runway($record) => $body,
            Item::News($record) => $body,
            Item::House($record) => $body,
            Item::Page($record) => $body,
        }
    };
}

impl Item {
    pub fn kind(&self) -> Kind {
        fn kind_of<T: Listed>(_: &T) -> Kind {
            T::KIND
        }
        each!(self, r => kind_of(r))
    }

    pub fn id(&self) -> &str {
        each!(self, r => r.id())
    }

    fn status_mut(&mut self) -> &mut Status {
        each!(self, r => &mut r.status)
    }

    /// The item no longer shown, or `None` if it already is not (or is
    /// the house, which a folder without one leaves as it is).
    pub fn withdrawn(mut self) -> Option<Item> {
        if matches!(self, Item::House(_)) || !self.status_mut().is_active() {
            return None;
        }
        *self.status_mut() = Status::Inactive;
        Some(self)
    }

    /// Writes the item under its keys, over whatever was there.
    pub async fn write(&self, table: &dyn Table) -> Result<(), TableError> {
        each!(self, r => table.write(r, Condition::None).await.map(drop))
    }

    /// The fields whose values differ from `before`'s, by their API names,
    /// each with its old and new value as the house reads them; `names`
    /// gives a picture's file, as the folder writes it, by its address.
    pub fn changes(&self, before: &Item, names: &BTreeMap<String, String>) -> Vec<FieldChange> {
        let (Ok(Value::Object(after)), Ok(Value::Object(before))) = (self.json(), before.json())
        else {
            return vec![FieldChange::everything()];
        };
        let mut fields: Vec<&String> = after.keys().chain(before.keys()).collect();
        fields.sort();
        fields.dedup();
        let shown = |value: Option<&Value>, field: &str| {
            value.map_or("(none)".into(), |v| shown(v, field, names))
        };
        fields
            .into_iter()
            .filter(|f| after.get(*f) != before.get(*f))
            .map(|field| FieldChange {
                field: field.clone(),
                before: shown(before.get(field), field),
                after: shown(after.get(field), field),
            })
            .collect()
    }

    pub fn json(&self) -> serde_json::Result<Value> {
        each!(self, r => serde_json::to_value(r))
    }

    /// Every item the table holds, kind by kind: one Query each.
    pub async fn read_all(table: &dyn Table) -> Result<Vec<Item>, TableError> {
        let mut items = Vec::new();
        macro_rules! read {
            ($($variant:ident),*) => {$(
                let records: Vec<$variant> = table.read_all(<$variant as Listed>::KIND.all()).await?;
                items.extend(records.into_iter().map(Item::$variant));
            )*};
        }
        read!(Category, Menu, Banner, Collection, Product, Runway, News, House, Page);
        Ok(items)
    }
}

/// The folder of a kind, and the word for one of its items.
pub fn folder_of(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Category => ("categories", "category"),
        Kind::Menu => ("menus", "menu"),
        Kind::Banner => ("banners", "banner"),
        Kind::Collection => ("collections", "collection"),
        Kind::Product => ("products", "product"),
        Kind::Runway => ("runways", "runway"),
        Kind::News => ("news", "news article"),
        Kind::House => ("house", "house"),
        Kind::Page => ("pages", "page"),
    }
}

/// One field an import changes, its old and new value in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldChange {
    pub field: String,
    pub before: String,
    pub after: String,
}

impl FieldChange {
    fn everything() -> FieldChange {
        FieldChange {
            field: "everything".into(),
            before: String::new(),
            after: String::new(),
        }
    }
}

/// The longest text shown whole; longer ones are cut, with their length.
const TEXT_SHOWN: usize = 60;
/// The most list entries shown; longer lists say how many there are.
const LIST_SHOWN: usize = 4;

/// A stored value as the house reads it: prices as it writes them
/// (`4860.00`), pictures by their file, long texts and lists cut short.
fn shown(value: &Value, field: &str, names: &BTreeMap<String, String>) -> String {
    match value {
        Value::Number(n) if field == "price" => n
            .as_f64()
            .and_then(domain::pricing::Money::from_dollars)
            .map_or_else(|| n.to_string(), |m| m.to_decimal()),
        Value::String(url) if names.contains_key(url) || is_picture(field) => picture(url, names),
        Value::String(text) => short(text),
        Value::Array(items) => {
            let mut parts: Vec<String> = items
                .iter()
                .take(LIST_SHOWN)
                .map(|v| shown(v, field, names))
                .collect();
            if items.len() > LIST_SHOWN {
                parts.push(format!("... ({} in all)", items.len()));
            }
            format!("[{}]", parts.join(", "))
        }
        Value::Object(fields) => {
            let parts: Vec<String> = fields
                .iter()
                .map(|(k, v)| format!("{k}: {}", shown(v, k, names)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        other => other.to_string(),
    }
}

/// The fields that hold pictures or films, by their API names.
fn is_picture(field: &str) -> bool {
    matches!(
        field,
        "productGallery" | "banner" | "banners" | "imageUrl" | "poster" | "image" | "video"
    )
}

fn picture(url: &str, names: &BTreeMap<String, String>) -> String {
    match names.get(url) {
        Some(name) => name.clone(),
        None if url.is_empty() => "(none)".into(),
        None => "(an earlier picture)".into(),
    }
}

/// A text in quotes, its markup left out and cut at [`TEXT_SHOWN`] characters.
fn short(text: &str) -> String {
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                plain.push(' ');
            }
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = plain.split_whitespace().collect();
    let plain = words.join(" ");
    let count = plain.chars().count();
    if count <= TEXT_SHOWN {
        return format!("{plain:?}");
    }
    let cut: String = plain.chars().take(TEXT_SHOWN).collect();
    format!("\"{cut}...\" ({} characters)", text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_read_as_the_house_writes_them() {
        let names = BTreeMap::from([("/blobs/a".to_owned(), "p1/front.jpg".to_owned())]);
        assert_eq!(shown(&json!(4990.0), "price", &names), "4990.00");
        assert_eq!(
            shown(&json!(["/blobs/a", "/blobs/old"]), "productGallery", &names),
            "[p1/front.jpg, (an earlier picture)]"
        );
        assert_eq!(
            shown(&json!(["S", "M", "L", "XL", "XXL"]), "size", &names),
            "[\"S\", \"M\", \"L\", \"XL\", ... (5 in all)]"
        );
        let long = format!("<p>{}</p>", "silk ".repeat(30));
        assert!(shown(&json!(long), "description", &names).ends_with("...\" (157 characters)"));
    }
}
