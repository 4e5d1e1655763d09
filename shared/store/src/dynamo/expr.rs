//! DynamoDB expressions with their name and value placeholders.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use domain::ports::{Condition, TableError, Update, EXPIRES_AT, GSI1_PK, GSI1_SK, PK};
use serde_json::Value;

pub(super) type Names = HashMap<String, String>;
pub(super) type Values = HashMap<String, AttributeValue>;

/// Collects `#n` names and `:v` values while expressions are written.
#[derive(Debug, Default)]
pub(super) struct Expr {
    pub names: Names,
    pub values: Values,
}

pub(super) fn to_attribute(value: &Value) -> Result<AttributeValue, TableError> {
    serde_dynamo::to_attribute_value(value).map_err(|e| TableError::InvalidItem(e.to_string()))
}

impl Expr {
    pub fn name(&mut self, attribute: &str) -> String {
        if let Some((placeholder, _)) = self.names.iter().find(|(_, a)| *a == attribute) {
            return placeholder.clone();
        }
        let placeholder = format!("#n{}", self.names.len());
        self.names.insert(placeholder.clone(), attribute.to_owned());
        placeholder
    }

    pub fn value(&mut self, value: AttributeValue) -> String {
        let placeholder = format!(":v{}", self.values.len());
        self.values.insert(placeholder.clone(), value);
        placeholder
    }

    pub fn number(&mut self, n: i64) -> String {
        self.value(AttributeValue::N(n.to_string()))
    }

    /// `expiresAt <= now`: false when the attribute is absent or not a number.
    pub fn expired(&mut self, now: i64) -> String {
        let ttl = self.name(EXPIRES_AT);
        let now = self.number(now);
        format!("{ttl} <= {now}")
    }

    /// A put's, delete's or check's condition, where an expired item counts as absent.
    pub fn condition(
        &mut self,
        condition: &Condition,
        now: i64,
    ) -> Result<Option<String>, TableError> {
        Ok(Some(match condition {
            Condition::None => return Ok(None),
            Condition::NotExists => format!(
                "attribute_not_exists({}) OR {}",
                self.name(PK),
                self.expired(now)
            ),
            Condition::Exists => format!(
                "attribute_exists({}) AND NOT {}",
                self.name(PK),
                self.expired(now)
            ),
            Condition::Equals(name, value) => {
                let name = self.name(name);
                let value = self.value(to_attribute(value)?);
                format!("{name} = {value} AND NOT {}", self.expired(now))
            }
            Condition::Below(name, limit) => {
                let name = self.name(name);
                let limit = self.number(*limit);
                format!("{name} < {limit} AND NOT {}", self.expired(now))
            }
            Condition::AbsentOrBelow(name, limit) => {
                let (pk, expired) = (self.name(PK), self.expired(now));
                let below = self.absent_or_below(name, *limit);
                format!("attribute_not_exists({pk}) OR {expired} OR {below}")
            }
            Condition::All(conditions) => {
                let mut each = Vec::new();
                for condition in conditions {
                    if let Some(expression) = self.condition(condition, now)? {
                        each.push(format!("({expression})"));
                    }
                }
                if each.is_empty() {
                    return Ok(None);
                }
                each.join(" AND ")
            }
        }))
    }

    /// `attribute_not_exists(a) OR attribute_type(a, NULL) OR a < :n`: an
    /// attribute stored as null counts as absent.
    fn absent_or_below(&mut self, attribute: &str, limit: i64) -> String {
        let name = self.name(attribute);
        let null = self.value(AttributeValue::S("NULL".into()));
        let limit = self.number(limit);
        format!(
            "(attribute_not_exists({name}) OR attribute_type({name}, {null}) OR {name} < {limit})"
        )
    }

    /// An update's condition. An expired item must not lend its attributes
    /// to the updated one, so a live-or-absent item is required even with no
    /// condition; the caller deletes an expired item it meets and tries again.
    pub fn update_condition(
        &mut self,
        condition: &Condition,
        now: i64,
    ) -> Result<String, TableError> {
        Ok(match condition {
            Condition::None => format!(
                "attribute_not_exists({}) OR NOT {}",
                self.name(PK),
                self.expired(now)
            ),
            Condition::NotExists => format!("attribute_not_exists({})", self.name(PK)),
            // An expired item must fail here, to be cleared and the update tried again.
            Condition::AbsentOrBelow(name, limit) => {
                let (pk, expired) = (self.name(PK), self.expired(now));
                let below = self.absent_or_below(name, *limit);
                format!("attribute_not_exists({pk}) OR (NOT {expired} AND {below})")
            }
            other => self.condition(other, now)?.unwrap_or_default(),
        })
    }

    /// `SET … ADD … REMOVE …`. A null index key is removed (the item leaves
    /// the index) since DynamoDB refuses NULL index keys. An empty update
    /// removes an attribute nobody has, so that it still creates the item.
    pub fn update(&mut self, update: &Update) -> Result<String, TableError> {
        let mut set = Vec::new();
        let mut remove: Vec<&str> = update.remove.iter().map(String::as_str).collect();
        for (name, value) in &update.set {
            if value.is_null() && (name == GSI1_PK || name == GSI1_SK) {
                remove.push(name);
                continue;
            }
            let name = self.name(name);
            let value = self.value(to_attribute(value)?);
            set.push(format!("{name} = {value}"));
        }
        let mut add = Vec::new();
        for (name, delta) in &update.add {
            let name = self.name(name);
            let value = self.number(*delta);
            add.push(format!("{name} {value}"));
        }
        let remove: Vec<String> = remove.into_iter().map(|n| self.name(n)).collect();
        let mut clauses = Vec::new();
        for (verb, parts) in [("SET", set), ("ADD", add), ("REMOVE", remove)] {
            if !parts.is_empty() {
                clauses.push(format!("{verb} {}", parts.join(", ")));
            }
        }
        if clauses.is_empty() {
            clauses.push(format!("REMOVE {}", self.name("__none")));
        }
        Ok(clauses.join(" "))
    }

    /// The placeholders, as the SDK's builders take them (none rather than empty).
    pub fn into_parts(self) -> (Option<Names>, Option<Values>) {
        let names = (!self.names.is_empty()).then_some(self.names);
        let values = (!self.values.is_empty()).then_some(self.values);
        (names, values)
    }
}
