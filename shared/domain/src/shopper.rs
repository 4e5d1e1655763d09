//! The signed-in shopper's partition and the small helpers every
//! user-scoped record shares.
//!
//! Every cart line, wishlist entry, address, order and signed-in request
//! lives under `USER#<id>`, and that id always comes from the session, never
//! from the request: one customer's keys cannot name another's items, so
//! ownership holds by construction and a foreign id is simply a 404.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::ports::{Condition, Item, Key, Query, Table, TableError, Update, Write};
use crate::records::{item_at, Outcome};

/// The partition of everything a shopper owns.
pub fn user_pk(user_id: &str) -> String {
    format!("USER#{user_id}")
}

/// A record kept in its owner's partition, as `USER#<owner> / <PREFIX><id>`.
/// The owner is never a field: it is the signed-in user, given by the session.
pub trait Owned: Serialize + DeserializeOwned + Send + Sync {
    /// The sort-key prefix of the kind, e.g. `CART#`.
    const PREFIX: &'static str;
    fn id(&self) -> &str;
}

/// The records of one kind that one shopper owns.
pub struct Shelf<'a, T> {
    table: &'a dyn Table,
    user_id: &'a str,
    kind: PhantomData<T>,
}

impl<'a, T: Owned> Shelf<'a, T> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self {
            table,
            user_id,
            kind: PhantomData,
        }
    }

    /// The table the shelf is in.
    pub fn table(&self) -> &'a dyn Table {
        self.table
    }

    pub fn key(&self, id: &str) -> Key {
        Key::new(user_pk(self.user_id), format!("{}{id}", T::PREFIX))
    }

    /// The stored item of a record: its fields and its owner's keys.
    pub fn item(&self, record: &T) -> Result<Item, TableError> {
        item_at(record, self.key(record.id()))
    }

    /// Every record of the kind: one Query of the owner's partition.
    pub async fn all(&self) -> Result<Vec<T>, TableError> {
        let query = Query::partition(user_pk(self.user_id)).begins_with(T::PREFIX);
        self.table.read_all(query).await
    }

    pub async fn get(&self, id: &str) -> Result<Option<T>, TableError> {
        self.table.read(&self.key(id)).await
    }

    /// Writes the record whole, if the condition holds.
    pub async fn put(&self, record: &T, condition: Condition) -> Result<Outcome, TableError> {
        match self.table.put(self.item(record)?, condition).await {
            Ok(()) => Ok(Outcome::Done(())),
            Err(TableError::ConditionFailed) => Ok(Outcome::Refused),
            Err(other) => Err(other),
        }
    }

    /// A put of the record, for a transaction.
    pub fn put_write(&self, record: &T, condition: Condition) -> Result<Write, TableError> {
        Ok(Write::Put {
            item: self.item(record)?,
            condition,
        })
    }

    /// Applies an update to the record, if its condition holds.
    pub async fn change(&self, id: &str, update: Update) -> Result<Outcome<T>, TableError> {
        self.table.change(&self.key(id), update).await
    }

    /// Deletes the record, if the condition holds.
    pub async fn delete(&self, id: &str, condition: Condition) -> Result<Outcome, TableError> {
        self.table.erase(&self.key(id), condition).await
    }
}

/// Whether `id` has the shape of a ULID (26 Crockford base-32 characters):
/// ids the shop mints for addresses, orders and requests. Anything else cannot
/// name one, so it is refused before any table request.
pub fn is_ulid(id: &str) -> bool {
    id.len() == 26
        && id.bytes().all(|b| {
            b.is_ascii_digit()
                || (b.is_ascii_uppercase() && !matches!(b, b'I' | b'L' | b'O' | b'U'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_partition_and_ids() {
        assert_eq!(user_pk("u1"), "USER#u1");
        assert!(is_ulid("01JD0000000000000000000000"));
        assert!(!is_ulid("01jd0000000000000000000000"));
        assert!(!is_ulid("01JD00000000000000000000#X"));
        assert!(!is_ulid("short"));
    }
}
