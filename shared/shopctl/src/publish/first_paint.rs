//! A page's first paint: the data its SWR keys would fetch, as the site's
//! `fallbackOf` (site/src/lib/first-paint/fallback.ts) defines it, handed to
//! SWR as fallback by the page's `script#first-paint`. The cases both sides
//! must agree on are `site/src/lib/first-paint/fallback-cases.json`.

use serde_json::{Map, Value};

use super::catalogue::{item_of, list_of};

/// Keys whose hook answers one entity (fetchItem) rather than a list (fetchList).
const FIRST_OF: [&str; 2] = ["/runways/featured", "/house"];

/// Fields a list never shows, left out of every page (the detail keeps them).
const NOT_LISTED: [(&str, &[&str]); 1] = [("/products", &["description"])];

/// The data each list key's fetcher would return for its answer; keys
/// without an answer are left out, so SWR fetches them.
pub fn fallback_of(bodies: &Map<String, Value>, keys: &[&str]) -> Map<String, Value> {
    let mut fallback = Map::new();
    for key in keys {
        let Some(body) = bodies.get(*key) else {
            continue;
        };
        let data = match FIRST_OF.contains(key) {
            true => item_of(body).cloned().unwrap_or(Value::Null),
            false => {
                let hidden = NOT_LISTED
                    .iter()
                    .find(|(list, _)| list == key)
                    .map_or(&[][..], |(_, fields)| *fields);
                Value::Array(
                    list_of(body)
                        .iter()
                        .map(|item| without(item, hidden))
                        .collect(),
                )
            }
        };
        fallback.insert((*key).to_string(), data);
    }
    fallback
}

/// One detail's data under `swr_key` (its data key unless the page's hook names it otherwise).
pub fn detail_of(bodies: &Map<String, Value>, key: &str) -> Option<Value> {
    bodies.get(key).and_then(item_of).cloned()
}

fn without(item: &Value, fields: &[&str]) -> Value {
    match item {
        Value::Object(map) if !fields.is_empty() => Value::Object(
            map.iter()
                .filter(|(k, _)| !fields.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        _ => item.clone(),
    }
}

/// The SWR key of a collection page's data: `unstable_serialize(["collection", ref])`,
/// as SWR hashes an array key (each element as JSON, each followed by a comma).
pub fn collection_key(reference: &str) -> String {
    let json = |s: &str| Value::String(s.to_string()).to_string();
    format!("@{},{},", json("collection"), json(reference))
}

/// JSON as the text of a script element: `<`, `>`, `&` and the line
/// separators escaped, so no value can end the element or be read as markup.
pub fn script_text(value: &Value) -> String {
    let mut text = String::new();
    for c in value.to_string().chars() {
        match c {
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                text.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => text.push(c),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The cases the site's own test of `fallbackOf` runs too: one definition on both sides.
    #[test]
    fn fallback_matches_the_site_definition() {
        let cases: Value = serde_json::from_str(include_str!(
            "../../../../site/src/lib/first-paint/fallback-cases.json"
        ))
        .unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let bodies = case["bodies"].as_object().unwrap();
            let keys: Vec<&str> = case["keys"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_str().unwrap())
                .collect();
            assert_eq!(
                Value::Object(fallback_of(bodies, &keys)),
                case["fallback"],
                "{}",
                case["name"]
            );
        }
    }

    #[test]
    fn a_collection_key_is_swr_serialised() {
        assert_eq!(collection_key("col-a"), r#"@"collection","col-a","#);
    }

    #[test]
    fn script_text_cannot_end_its_element() {
        let text = script_text(&json!({"name": "</script><b>\"x\" & y\u{2028}"}));
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert!(text.contains("\\u003c/script\\u003e") && text.contains("\\u2028"));
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["name"], "</script><b>\"x\" & y\u{2028}");
    }
}
