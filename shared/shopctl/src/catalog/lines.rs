//! Where a field is written in its file: a field path such as `gallery[2]`
//! or `items[0].price` mapped to its line, and back from a place in the
//! text (a parse error's span) to the field written there, so every problem
//! names the line a person opens their editor at.

use std::ops::Range;

use toml::de::{DeArray, DeTable, DeValue};
use toml::Spanned;

/// One file's text and its parsed fields with their places.
pub struct Lines<'t> {
    text: &'t str,
    root: Option<Spanned<DeTable<'t>>>,
}

/// One step of a field path: a key, or an index into a list.
#[derive(Debug, PartialEq)]
enum Step<'p> {
    Key(&'p str),
    Index(usize),
}

impl<'t> Lines<'t> {
    /// The fields of `text`; none if it is not TOML (its parse error says where).
    pub fn of(text: &'t str) -> Lines<'t> {
        Lines {
            text,
            root: DeTable::parse(text).ok(),
        }
    }

    /// The line (from 1) a place in the text is on.
    pub fn line_at(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())]
            .matches('\n')
            .count()
            + 1
    }

    /// The line of the field at `path` (`galleries[0].image[2]`), if it is written.
    pub fn line(&self, path: &str) -> Option<usize> {
        let steps = steps(path)?;
        let root = self.root.as_ref()?;
        let (mut value, mut span): (Option<&DeValue>, Range<usize>) = (None, 0..0);
        let mut table = Some(root.get_ref());
        for step in steps {
            let (next, next_span) = match (step, table, value) {
                (Step::Key(key), Some(table), _) => {
                    let (name, found) = table.get_key_value(key)?;
                    // A field's line is its key's: where the person wrote it.
                    (found.get_ref(), name.span())
                }
                (Step::Index(i), _, Some(DeValue::Array(items))) => {
                    let found = items.get(i)?;
                    (found.get_ref(), found.span())
                }
                _ => return None,
            };
            table = match next {
                DeValue::Table(t) => Some(t),
                _ => None,
            };
            value = Some(next);
            span = next_span;
        }
        Some(self.line_at(span.start))
    }

    /// The path of the deepest field written at `span` (a key or a value),
    /// if any: where a parse error points, as a field name.
    pub fn field_at(&self, span: &Range<usize>) -> Option<String> {
        let root = self.root.as_ref()?;
        let mut path = String::new();
        let mut table = Some(root.get_ref());
        let mut array: Option<&DeArray> = None;
        loop {
            let found = if let Some(table) = table {
                table.iter().find_map(|(k, v)| {
                    if inside(&k.span(), span) {
                        Some((format!("{}", k.get_ref()), None))
                    } else if covers(v, span) {
                        Some((format!("{}", k.get_ref()), Some(v.get_ref())))
                    } else {
                        None
                    }
                })
            } else if let Some(items) = array {
                items
                    .iter()
                    .enumerate()
                    .find(|(_, v)| covers(v, span))
                    .map(|(i, v)| (format!("[{i}]"), Some(v.get_ref())))
            } else {
                None
            };
            let Some((step, value)) = found else { break };
            if !path.is_empty() && !step.starts_with('[') {
                path.push('.');
            }
            path.push_str(&step);
            (table, array) = match value {
                Some(DeValue::Table(t)) => (Some(t), None),
                Some(DeValue::Array(items)) => (None, Some(items)),
                _ => (None, None),
            };
            if table.is_none() && array.is_none() {
                break;
            }
        }
        (!path.is_empty()).then_some(path)
    }
}

fn inside(outer: &Range<usize>, span: &Range<usize>) -> bool {
    outer.start <= span.start && span.end <= outer.end
}

/// Whether `span` is within a value: its own span, or (for a table written
/// under its own `[[header]]`, whose span is the header's) one of its fields.
fn covers(value: &Spanned<DeValue>, span: &Range<usize>) -> bool {
    inside(&value.span(), span)
        || match value.get_ref() {
            DeValue::Table(table) => table
                .iter()
                .any(|(k, v)| inside(&k.span(), span) || covers(v, span)),
            DeValue::Array(items) => items.iter().any(|v| covers(v, span)),
            _ => false,
        }
}

/// `galleries[0].image[2]` as its steps./// `galleries[0].image[2]` as its steps.
fn steps(path: &str) -> Option<Vec<Step<'_>>> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            steps.push(Step::Key(key));
        }
        while !rest.is_empty() {
            let (index, after) = rest.split_once(']')?;
            steps.push(Step::Index(index.parse().ok()?));
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"sku = "A-1"
gallery = [
    "1.jpg",
    "2.jpg",
    "3.jpg",
]
price = 690.00

[[items]]
name = "Jacket"
price = "100.00"
"#;

    #[test]
    fn a_field_path_names_its_line() {
        let lines = Lines::of(TEXT);
        assert_eq!(lines.line("sku"), Some(1));
        assert_eq!(lines.line("gallery"), Some(2));
        assert_eq!(lines.line("gallery[2]"), Some(5));
        assert_eq!(lines.line("items[0].price"), Some(11));
        assert_eq!(lines.line("name"), None);
        assert_eq!(lines.line("gallery[9]"), None);
    }

    #[test]
    fn a_place_names_its_field() {
        let lines = Lines::of(TEXT);
        let at = |needle: &str| {
            let start = TEXT.find(needle).unwrap();
            lines.field_at(&(start..start + needle.len()))
        };
        assert_eq!(at("690.00").as_deref(), Some("price"));
        assert_eq!(at("\"3.jpg\"").as_deref(), Some("gallery[2]"));
        assert_eq!(at("\"100.00\"").as_deref(), Some("items[0].price"));
    }
}
