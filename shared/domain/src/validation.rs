//! Field errors carrying the spec's exact messages.

use std::collections::BTreeMap;

use serde::Serialize;

/// Messages by field name, in field order of first failure.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` for `field` unless the field already has one:
    /// the first broken rule of a field is the one shown.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_string())
            .or_insert_with(|| message.into());
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
        self.0.get(field).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
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
