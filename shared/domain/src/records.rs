//! The typed storage layer between the shop's functions and the [`Table`]
//! port: each entity says once how it is stored ([`Record`]: its keys, index
//! keys and expiry next to its fields), and these methods do the rest: encode
//! and decode, read every page of a query, and turn a refused condition into a
//! named outcome instead of an error to inspect.
//!
//! Entity modules build on it with the writes their rules need (a cart line's
//! capped add, an order's state move), so a handler reads as named steps and
//! never spells an attribute, a key prefix or a condition.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::ports::{
    Condition, Item, Key, Query, Table, TableError, Update, Write, EXPIRES_AT, GSI1_PK, GSI1_SK,
    PK, SK,
};

/// A record stored as one item: its fields plus the keys it lives under.
pub trait Record: Serialize + DeserializeOwned + Send + Sync {
    /// The primary key.
    fn key(&self) -> Key;
    /// The first index's keys, for records found through GSI1.
    fn index_key(&self) -> Option<Key> {
        None
    }
    /// When the table may forget the record (epoch seconds).
    fn expires_at(&self) -> Option<i64> {
        None
    }

    /// The stored item: the fields, the keys and the expiry.
    fn to_item(&self) -> Result<Item, TableError> {
        let mut item = item_at(self, self.key())?;
        if let Some(index) = self.index_key() {
            item.insert(GSI1_PK.into(), index.pk.into());
            item.insert(GSI1_SK.into(), index.sk.into());
        }
        if let Some(at) = self.expires_at() {
            item.insert(EXPIRES_AT.into(), at.into());
        }
        Ok(item)
    }
}

/// A value's fields under its primary key: what the table stores of it.
pub fn item_at<T: Serialize + ?Sized>(value: &T, key: Key) -> Result<Item, TableError> {
    let mut item = encode(value)?;
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    Ok(item)
}

/// A value's fields as item attributes (no keys): for records and for the
/// `SET` part of updates.
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Item, TableError> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(TableError::InvalidItem("not an object".into())),
        Err(e) => Err(TableError::InvalidItem(e.to_string())),
    }
}

/// A stored item as a typed value. An item that does not decode is a fault
/// of the stored data, reported with its key (a 500, never the shopper's fault).
pub fn decode<T: DeserializeOwned>(item: Item) -> Result<T, TableError> {
    let key = format!(
        "{}/{}",
        item.get(PK).and_then(Value::as_str).unwrap_or("?"),
        item.get(SK).and_then(Value::as_str).unwrap_or("?")
    );
    serde_json::from_value(Value::Object(item))
        .map_err(|e| TableError::Backend(format!("stored item {key} does not decode: {e}")))
}

/// What a conditional write did: done, or refused by its condition.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<T = ()> {
    Done(T),
    Refused,
}

impl<T> Outcome<T> {
    fn of(result: Result<T, TableError>) -> Result<Self, TableError> {
        match result {
            Ok(value) => Ok(Outcome::Done(value)),
            Err(TableError::ConditionFailed) => Ok(Outcome::Refused),
            Err(other) => Err(other),
        }
    }

    /// The outcome with its value changed.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Done(value) => Outcome::Done(f(value)),
            Outcome::Refused => Outcome::Refused,
        }
    }

    /// The value, or `refused` when the condition did not hold.
    pub fn or<E>(self, refused: E) -> Result<T, E> {
        match self {
            Outcome::Done(value) => Ok(value),
            Outcome::Refused => Err(refused),
        }
    }
}

/// A transaction whose writes carry names, so that a refusal says which rule
/// stopped it (`Committed::Refused(BagRule::Full)`), not an index to inspect.
#[derive(Debug, Clone)]
pub struct Transaction<R> {
    writes: Vec<(R, Write)>,
}

impl<R: Copy> Default for Transaction<R> {
    fn default() -> Self {
        Self { writes: Vec::new() }
    }
}

impl<R: Copy> Transaction<R> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a write; `rule` names what its condition guards.
    pub fn with(mut self, rule: R, write: Write) -> Self {
        self.writes.push((rule, write));
        self
    }

    pub fn push(&mut self, rule: R, write: Write) {
        self.writes.push((rule, write));
    }

    pub fn is_empty(&self) -> bool {
        self.writes.is_empty()
    }
}

/// What a transaction did: all of it, or none because the named rule's
/// condition did not hold (the first such, in the order the writes were added).
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Committed<R> {
    Done,
    Refused(R),
}

/// A put of a record under a condition, for a transaction.
pub fn put<T: Record>(record: &T, condition: Condition) -> Result<Write, TableError> {
    Ok(Write::Put {
        item: record.to_item()?,
        condition,
    })
}

impl<'t> dyn Table + 't {
    /// The record under `key`, if any.
    pub async fn read<T: DeserializeOwned>(&self, key: &Key) -> Result<Option<T>, TableError> {
        self.get(key).await?.map(decode).transpose()
    }

    /// Every item a query selects, all pages followed.
    pub async fn read_items(&self, query: Query) -> Result<Vec<Item>, TableError> {
        let mut items = Vec::new();
        let mut next = None;
        loop {
            let page = self.query(query.clone().start_after(next)).await?;
            items.extend(page.items);
            match page.next {
                Some(cursor) => next = Some(cursor),
                None => return Ok(items),
            }
        }
    }

    /// Every record a query selects, all pages followed.
    pub async fn read_all<T: DeserializeOwned>(&self, query: Query) -> Result<Vec<T>, TableError> {
        self.read_items(query)
            .await?
            .into_iter()
            .map(decode)
            .collect()
    }

    /// Writes the record whole, if the condition holds.
    pub async fn write<T: Record>(
        &self,
        record: &T,
        condition: Condition,
    ) -> Result<Outcome, TableError> {
        Outcome::of(self.put(record.to_item()?, condition).await)
    }

    /// Applies an update, if its condition holds, and answers the record as
    /// it is afterwards.
    pub async fn change<T: DeserializeOwned>(
        &self,
        key: &Key,
        update: Update,
    ) -> Result<Outcome<T>, TableError> {
        match Outcome::of(self.update(key, update).await)? {
            Outcome::Done(item) => Ok(Outcome::Done(decode(item)?)),
            Outcome::Refused => Ok(Outcome::Refused),
        }
    }

    /// Deletes the item, if the condition holds.
    pub async fn erase(&self, key: &Key, condition: Condition) -> Result<Outcome, TableError> {
        Outcome::of(self.delete(key, condition).await)
    }

    /// Commits the writes, all or none.
    pub async fn commit<R: Copy>(
        &self,
        transaction: Transaction<R>,
    ) -> Result<Committed<R>, TableError> {
        let rules: Vec<R> = transaction.writes.iter().map(|(rule, _)| *rule).collect();
        let writes = transaction.writes.into_iter().map(|(_, w)| w).collect();
        match self.transact(writes).await {
            Ok(()) => Ok(Committed::Done),
            Err(TableError::TransactionCanceled { conditions }) => {
                let refused = conditions.iter().position(|failed| *failed);
                match refused.and_then(|i| rules.get(i)) {
                    Some(rule) => Ok(Committed::Refused(*rule)),
                    // Canceled with no condition failing: a conflict that
                    // outlasted the adapter's retries.
                    None => Err(TableError::TransactionCanceled { conditions }),
                }
            }
            Err(other) => Err(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Note {
        id: String,
        text: String,
    }

    impl Record for Note {
        fn key(&self) -> Key {
            Key::new("NOTE", &self.id)
        }
        fn index_key(&self) -> Option<Key> {
            Some(Key::new("NOTES", &self.text))
        }
        fn expires_at(&self) -> Option<i64> {
            Some(99)
        }
    }

    #[test]
    fn records_carry_their_keys_and_read_back() {
        let note = Note {
            id: "1".into(),
            text: "hi".into(),
        };
        let item = note.to_item().unwrap();
        assert_eq!(
            Value::Object(item.clone()),
            json!({"id": "1", "text": "hi", "pk": "NOTE", "sk": "1",
                   "gsi1pk": "NOTES", "gsi1sk": "hi", "expiresAt": 99})
        );
        assert_eq!(decode::<Note>(item).unwrap(), note);
    }

    #[test]
    fn undecodable_items_name_their_key() {
        let Value::Object(item) = json!({"pk": "NOTE", "sk": "2", "id": 5}) else {
            unreachable!()
        };
        let error = decode::<Note>(item).unwrap_err();
        assert!(
            matches!(&error, TableError::Backend(m) if m.contains("NOTE/2")),
            "{error}"
        );
    }
}
