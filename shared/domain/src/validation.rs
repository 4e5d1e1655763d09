//! Field errors carrying the spec's exact messages, and the formats a
//! field's text is checked against.

use serde::{Serialize, Serializer};

/// A format a text must have: a length and the characters it may hold. The
/// API checks it here; the site reads the same values from
/// `shared/rules.json` (`make rules`) and checks them the same way, so the
/// browser and the server cannot disagree on what is valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Format {
    /// The fewest characters.
    pub min: usize,
    /// The most characters.
    pub max: usize,
    /// Every character it may hold.
    pub characters: &'static str,
}

impl Format {
    /// Whether `text` (as sent, trimmed) has this format.
    pub fn admits(&self, text: &str) -> bool {
        (self.min..=self.max).contains(&text.chars().count())
            && text.chars().all(|c| self.characters.contains(c))
    }
}

/// Messages by field name, in the order the fields first failed: a 400's
/// `message` is the first failure's, and the body lists them in that order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(Vec<(String, String)>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` unless the field already has one:
    /// the first broken rule of a field is the one shown.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        if self.get(field).is_none() {
            self.0.push((field.to_string(), message.into()));
        }
    }

    /// Records the message when `ok` is false.
    pub fn check(&mut self, ok: bool, field: &str, message: &str) {
        if !ok {
            self.add(field, message);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds another set of errors (a field keeps its first message).
    pub fn merge(&mut self, other: FieldErrors) {
        for (field, message) in other.0 {
            self.add(&field, message);
        }
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| f == field)
            .map(|(_, m)| m.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The first failure's message.
    pub fn first(&self) -> Option<&str> {
        self.0.first().map(|(_, m)| m.as_str())
    }

    /// `Ok(value)` when no rule failed.
    pub fn into_result<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

/// A JSON object of field → message, in the order of failure.
impl Serialize for FieldErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(f, m)| (f, m)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_stay_in_the_order_they_first_failed_each_with_its_first_message() {
        let mut errors = FieldErrors::new();
        errors.check(false, "title", "Title is required");
        errors.add("email", "Email is required");
        let mut later = FieldErrors::new();
        later.add("birthday", "Date of birth is required");
        later.add("title", "Please choose a title: Ms or Mr.");
        errors.merge(later);
        let fields: Vec<_> = errors.iter().collect();
        assert_eq!(
            fields,
            [
                ("title", "Title is required"),
                ("email", "Email is required"),
                ("birthday", "Date of birth is required")
            ]
        );
        assert_eq!(errors.first(), Some("Title is required"));
        assert_eq!(
            serde_json::to_string(&errors).unwrap(),
            r#"{"title":"Title is required","email":"Email is required","birthday":"Date of birth is required"}"#
        );
    }
}
