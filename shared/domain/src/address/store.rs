//! Where addresses live and how their rules are kept by the writes themselves.
//!
//! Addresses are `USER#<user> / ADDR#<ulid>`; beside them one marker item
//! `USER#<user> / ADDRDEFAULT { addressId, count }` names the default and
//! counts the addresses. One Query of the sort-key prefix `ADDR` reads both.
//! - a new address: one transaction that puts it where none is and adds one
//!   to the count, on condition that the count is below [`MAX_ADDRESSES`]
//!   (and names it in the marker when it becomes the default);
//! - an edit: one conditional put of the address (it must still be there), in
//!   a transaction with the marker when the default moves; giving the default
//!   up holds only while the marker still names this address;
//! - a removal: one transaction that deletes the address and takes one off
//!   the count. Removing the default leaves a marker naming nothing: no
//!   default, which the list and the next new address treat as such.

use serde::Deserialize;
use serde_json::Value;

use crate::ports::{Condition, Item, Key, Query, Table, TableError, Update, Write, SK};
use crate::records::{decode, Committed, Outcome, Transaction};
use crate::shopper::{user_pk, Owned, Shelf};

use super::{Address, AddressView, DefaultChange, Revision, MAX_ADDRESSES};

/// Sort-key prefix of the addresses and of the marker: one Query reads both.
const QUERY_PREFIX: &str = "ADDR";
const MARKER_SK: &str = "ADDRDEFAULT";
/// The marker's attribute naming the default address.
const DEFAULT_ID: &str = "addressId";
/// The marker's count of addresses.
const COUNT: &str = "count";

impl Owned for Address {
    const PREFIX: &'static str = "ADDR#";
    fn id(&self) -> &str {
        &self.id
    }
}

/// The marker as stored: either attribute may be absent (no default yet, or
/// an account from before the count).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Marker {
    #[serde(default)]
    address_id: Option<String>,
}

/// What adding an address did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewAddress {
    Added,
    /// The account already keeps [`MAX_ADDRESSES`] addresses.
    Full,
}

/// The rules the transactions check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// A new address's id is not taken.
    Fresh,
    /// The count is below the cap.
    Room,
    /// The address is (still) there.
    Stored,
    /// The marker still names the address giving the default up.
    StillDefault,
    /// A write that cannot be refused.
    Always,
}

/// One shopper's addresses in the table.
pub struct AddressBook<'a> {
    addresses: Shelf<'a, Address>,
    table: &'a dyn Table,
    user_id: &'a str,
}

impl<'a> AddressBook<'a> {
    pub fn of(table: &'a dyn Table, user_id: &'a str) -> Self {
        Self {
            addresses: Shelf::of(table, user_id),
            table,
            user_id,
        }
    }

    fn marker_key(&self) -> Key {
        Key::new(user_pk(self.user_id), MARKER_SK)
    }

    /// Every address, the default first, then in the order they were added:
    /// one Query of the addresses and the marker.
    pub async fn all(&self) -> Result<Vec<AddressView>, TableError> {
        let query = Query::partition(user_pk(self.user_id)).begins_with(QUERY_PREFIX);
        arrange(self.table.read_items(query).await?)
    }

    /// Whether the account has a default address (one that still exists).
    pub async fn has_default(&self) -> Result<bool, TableError> {
        Ok(self.all().await?.iter().any(|a| a.is_default))
    }

    /// One address with whether it is the default: one BatchGetItem of the
    /// address and the marker.
    pub async fn one(&self, id: &str) -> Result<Option<AddressView>, TableError> {
        let keys = [self.addresses.key(id), self.marker_key()];
        let items = self.table.batch_get(&keys).await?;
        Ok(arrange(items)?.into_iter().next())
    }

    /// Adds a new address, the default if `is_default`, unless the account
    /// is full: one transaction.
    pub async fn add(&self, address: &Address, is_default: bool) -> Result<NewAddress, TableError> {
        let mut count = self.count_change(1);
        count.condition = Condition::AbsentOrBelow(COUNT.into(), MAX_ADDRESSES as i64);
        if is_default {
            count
                .set
                .insert(DEFAULT_ID.into(), address.id.clone().into());
        }
        let transaction = Transaction::new()
            .with(
                Rule::Fresh,
                self.addresses.put_write(address, Condition::NotExists)?,
            )
            .with(Rule::Room, self.marker_write(count));
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(NewAddress::Added),
            Committed::Refused(Rule::Room) => Ok(NewAddress::Full),
            Committed::Refused(rule) => Err(refused(rule, &address.id)),
        }
    }

    /// Writes an edited address and moves the default as the edit says;
    /// refused when the address is no longer there. One PutItem, or one
    /// transaction when the default moves.
    pub async fn save(&self, revision: &Revision) -> Result<Outcome, TableError> {
        let address = &revision.address;
        let marker = match revision.change {
            DefaultChange::Keep => return self.addresses.put(address, Condition::Exists).await,
            DefaultChange::Take => {
                let mut take = Update::default();
                take.set
                    .insert(DEFAULT_ID.into(), address.id.clone().into());
                (Rule::Always, take)
            }
            DefaultChange::Give => {
                let give = Update {
                    remove: vec![DEFAULT_ID.into()],
                    condition: Condition::Equals(DEFAULT_ID.into(), address.id.clone().into()),
                    ..Update::default()
                };
                (Rule::StillDefault, give)
            }
        };
        let transaction = Transaction::new()
            .with(
                Rule::Stored,
                self.addresses.put_write(address, Condition::Exists)?,
            )
            .with(marker.0, self.marker_write(marker.1));
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(Outcome::Done(())),
            Committed::Refused(Rule::Stored) => Ok(Outcome::Refused),
            // The default moved to another address since it was read: this
            // one has already given it up, so only the address is written.
            Committed::Refused(Rule::StillDefault) => {
                self.addresses.put(address, Condition::Exists).await
            }
            Committed::Refused(rule) => Err(refused(rule, &address.id)),
        }
    }

    /// Removes an address; refused when there is no such address.
    pub async fn remove(&self, id: &str) -> Result<Outcome, TableError> {
        let transaction = Transaction::new()
            .with(
                Rule::Stored,
                Write::Delete {
                    key: self.addresses.key(id),
                    condition: Condition::Exists,
                },
            )
            .with(Rule::Always, self.marker_write(self.count_change(-1)));
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(Outcome::Done(())),
            Committed::Refused(Rule::Stored) => Ok(Outcome::Refused),
            Committed::Refused(rule) => Err(refused(rule, id)),
        }
    }

    /// `ADD count delta` on the marker.
    fn count_change(&self, delta: i64) -> Update {
        Update {
            add: vec![(COUNT.into(), delta)],
            ..Update::default()
        }
    }

    fn marker_write(&self, update: Update) -> Write {
        Write::Update {
            key: self.marker_key(),
            update,
        }
    }
}

/// A refusal by a rule that cannot refuse in that write: a fault, not the
/// shopper's doing.
fn refused(rule: Rule, id: &str) -> TableError {
    TableError::Backend(format!("address {id}: the write was refused by {rule:?}"))
}

/// Addresses from items under the `ADDR` prefix (addresses and the marker),
/// each with its `isDefault` from the marker, the default first, then in the
/// order they were added.
fn arrange(items: Vec<Item>) -> Result<Vec<AddressView>, TableError> {
    let (markers, stored): (Vec<Item>, Vec<Item>) = items
        .into_iter()
        .partition(|item| item.get(SK).and_then(Value::as_str) == Some(MARKER_SK));
    let marker: Marker = match markers.into_iter().next() {
        Some(item) => decode(item)?,
        None => Marker::default(),
    };
    let mut addresses: Vec<AddressView> = stored
        .into_iter()
        .map(|item| {
            let address: Address = decode(item)?;
            let is_default = marker.address_id.as_deref() == Some(address.id.as_str());
            Ok(address.view(is_default))
        })
        .collect::<Result<_, TableError>>()?;
    addresses.sort_by(|a, b| {
        b.is_default
            .cmp(&a.is_default)
            .then_with(|| a.address.created_at.cmp(&b.address.created_at))
            .then_with(|| a.address.id.cmp(&b.address.id))
    });
    Ok(addresses)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::checkout::ShippingAddress;
    use crate::records::encode;
    use crate::timestamp::Timestamp;

    fn address(id: &str, at: i64) -> Address {
        Address {
            id: id.into(),
            lines: ShippingAddress {
                title: "Home".into(),
                first_name: "Lan".into(),
                last_name: "Tran".into(),
                street: "1 Le Loi".into(),
                country: "Vietnam".into(),
                zip_code: "700000".into(),
                phone_code: "+84".into(),
                phone: "0901234567".into(),
                ..ShippingAddress::default()
            },
            created_at: Timestamp::from_unix(at).unwrap(),
            updated_at: Timestamp::from_unix(at).unwrap(),
        }
    }

    fn item(address: &Address) -> Item {
        let mut item = encode(address).unwrap();
        item.insert("pk".into(), "USER#u".into());
        item.insert(
            SK.into(),
            format!("{}{}", Address::PREFIX, address.id).into(),
        );
        item
    }

    fn marker(fields: Value) -> Item {
        let Value::Object(mut item) = fields else {
            unreachable!()
        };
        item.insert("pk".into(), "USER#u".into());
        item.insert(SK.into(), MARKER_SK.into());
        item
    }

    #[test]
    fn the_marker_names_the_single_default_listed_first() {
        let (a, b) = (address("A", 1), address("B", 2));
        let items = vec![
            item(&a),
            item(&b),
            marker(json!({ DEFAULT_ID: "B", COUNT: 2 })),
        ];
        let list = arrange(items).unwrap();
        assert_eq!(
            list.iter()
                .map(|a| (a.address.id.as_str(), a.is_default))
                .collect::<Vec<_>>(),
            vec![("B", true), ("A", false)]
        );
        for gone in [json!({ DEFAULT_ID: "GONE", COUNT: 2 }), json!({ COUNT: 2 })] {
            let list = arrange(vec![item(&b), item(&a), marker(gone)]).unwrap();
            assert_eq!(
                list.iter()
                    .map(|a| (a.address.id.as_str(), a.is_default))
                    .collect::<Vec<_>>(),
                vec![("A", false), ("B", false)],
                "no default: in the order added"
            );
        }
        assert_eq!(arrange(vec![item(&a)]).unwrap().len(), 1, "no marker yet");
    }
}
