//! One catalogue item of any kind, as the table stores it: what an import
//! compares, writes and withdraws, and what an export reads back.

use domain::catalog::Status;
use domain::catalog::{Banner, Category, Collection, Kind, Listed, Menu, News, Product, Runway};
use domain::house::{House, Page};
use domain::ports::{Condition, Table, TableError};
use serde_json::Value;

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

    /// The fields whose values differ from `other`'s, by their API names.
    pub fn changed_fields(&self, other: &Item) -> Vec<String> {
        let (Ok(Value::Object(mine)), Ok(Value::Object(theirs))) = (self.json(), other.json())
        else {
            return vec!["everything".into()];
        };
        let mut names: Vec<String> = mine
            .keys()
            .chain(theirs.keys())
            .filter(|k| mine.get(*k) != theirs.get(*k))
            .cloned()
            .collect();
        names.sort();
        names.dedup();
        names
    }

    fn json(&self) -> serde_json::Result<Value> {
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
