//! The catalogue as the publication reads it: each catalogue route's answer
//! (`catalog_answers::snapshot`, the very answers the catalogue function serves),
//! keyed as the site's data keys name them (`/products`, `/products/{id}`),
//! and the house those answers name.

use serde_json::{Map, Value};

/// Reading the API's JSON answers, field by field, forgivingly: a missing
/// field reads as empty, as the site reads it.
pub trait Json {
    fn text(&self, field: &str) -> &str;
    fn number(&self, field: &str) -> f64;
    fn texts(&self, field: &str) -> Vec<&str>;
    /// Active unless it says otherwise (the site's `isActive`).
    fn is_active(&self) -> bool;
}

impl Json for Value {
    fn text(&self, field: &str) -> &str {
        self.get(field).and_then(Value::as_str).unwrap_or_default()
    }

    fn number(&self, field: &str) -> f64 {
        self.get(field).and_then(Value::as_f64).unwrap_or_default()
    }

    fn texts(&self, field: &str) -> Vec<&str> {
        self.get(field)
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    fn is_active(&self) -> bool {
        self.get("status")
            .and_then(Value::as_str)
            .is_none_or(|s| s.eq_ignore_ascii_case("active"))
    }
}

/// A list body as its fetcher returns it: bare, in `data`, or in `data.data`.
pub fn list_of(body: &Value) -> &[Value] {
    let empty: &[Value] = &[];
    if let Some(items) = body.as_array() {
        return items;
    }
    match body.get("data") {
        Some(Value::Array(items)) => items,
        Some(data) => data
            .get("data")
            .and_then(Value::as_array)
            .map_or(empty, Vec::as_slice),
        None => empty,
    }
}

/// One entity as its fetcher returns it: bare, or unwrapped from `data`; none for a list.
pub fn item_of(body: &Value) -> Option<&Value> {
    match body {
        Value::Object(map) => match map.get("data") {
            Some(inner) => item_of(inner),
            None => Some(body),
        },
        _ => None,
    }
}

/// The house's words for the heads: its name as the site shows it in
/// titles (upper case), its city, and what a page names when it names it.
/// Without a house every accessor is empty, and the wording names none.
#[derive(Debug, Clone, Default)]
pub struct HouseWords {
    pub house: Option<Value>,
}

impl HouseWords {
    /// The house's name as titles carry it (`MAISON LAN ANH`), if it has one.
    pub fn name(&self) -> Option<String> {
        let name = self.house.as_ref()?.text("name").trim().to_uppercase();
        (!name.is_empty()).then_some(name)
    }

    pub fn name_or(&self, neutral: &str) -> String {
        self.name().unwrap_or_else(|| neutral.to_string())
    }

    pub fn field(&self, path: &[&str]) -> &str {
        let mut value = match &self.house {
            Some(house) => house,
            None => return "",
        };
        for step in path {
            match value.get(step) {
                Some(next) => value = next,
                None => return "",
            }
        }
        value.as_str().unwrap_or_default().trim()
    }

    pub fn city(&self) -> Option<&str> {
        Some(self.field(&["address", "city"])).filter(|c| !c.is_empty())
    }

    /// ` in Lyon`, or nothing.
    pub fn in_city(&self) -> String {
        self.city().map(|c| format!(" in {c}")).unwrap_or_default()
    }

    /// ` by ATELIER OPALE`, or nothing.
    pub fn by(&self) -> String {
        self.name().map(|n| format!(" by {n}")).unwrap_or_default()
    }

    /// ` of ATELIER OPALE`, or nothing.
    pub fn of(&self) -> String {
        self.name().map(|n| format!(" of {n}")).unwrap_or_default()
    }

    /// ` at ATELIER OPALE`, or nothing.
    pub fn at(&self) -> String {
        self.name().map(|n| format!(" at {n}")).unwrap_or_default()
    }

    /// The picture a page without one of its own shows: the house's, if it names one.
    pub fn preview_picture(&self) -> Option<&str> {
        Some(self.field(&["previewPicture"])).filter(|p| !p.is_empty())
    }
}

/// What the publication is made from.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    /// Data key → the answer's body.
    pub bodies: Map<String, Value>,
    pub house: HouseWords,
}

impl Catalogue {
    pub fn new(bodies: Map<String, Value>) -> Self {
        let house = bodies
            .get("/house")
            .and_then(item_of)
            .filter(|h| !h.text("name").trim().is_empty())
            .cloned();
        Self {
            bodies,
            house: HouseWords { house },
        }
    }

    /// The active items of a list.
    pub fn active(&self, key: &str) -> Vec<&Value> {
        self.bodies
            .get(key)
            .map(list_of)
            .unwrap_or_default()
            .iter()
            .filter(|item| item.is_active())
            .collect()
    }

    /// One entity's detail (`/products/{id}`), when the answers hold it.
    pub fn detail(&self, key: &str) -> Option<&Value> {
        self.bodies.get(key).and_then(item_of)
    }
}

/// An entity's detail key, as the site's data keys name it (`/products/{id}`).
pub fn detail_key(list: &str, id: &str) -> String {
    format!("{list}/{}", urlencoding::encode(id))
}
