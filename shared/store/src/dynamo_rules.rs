//! DynamoDB's rules, checked the same way by both adapters so that an item or
//! a request DynamoDB would refuse is refused by the embedded store too.
//!
//! Expiry: an item whose `expiresAt` (integer epoch seconds) is at or before
//! now, by the table's clock (the one the domain reads), is treated exactly as if it had been deleted: reads skip it, `NotExists`
//! holds for it, `Exists`/`Equals` fail on it, and an update starts from an
//! empty item. DynamoDB deletes such items within days and emulators never do,
//! so both adapters apply this rule themselves.

use std::collections::HashSet;

use domain::ports::{
    Item, Key, Query, SortKey, TableError, Update, Write, EXPIRES_AT, GSI1_PK, GSI1_SK, PK, SK,
};
use serde_json::{Number, Value};

/// DynamoDB's limits.
pub const MAX_ITEM_BYTES: usize = 400 * 1024;
pub const MAX_PK_BYTES: usize = 2048;
pub const MAX_SK_BYTES: usize = 1024;
pub const MAX_BATCH_GET: usize = 100;
pub const MAX_TRANSACT: usize = 100;
/// A query page stops once it has read this much data (DynamoDB's 1 MB).
pub const MAX_PAGE_BYTES: usize = 1024 * 1024;

fn invalid(message: impl Into<String>) -> TableError {
    TableError::InvalidItem(message.into())
}

/// The key and index columns of a valid item.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemKeys {
    pub pk: String,
    pub sk: String,
    /// Both index keys, or neither: DynamoDB leaves an item out of a GSI
    /// unless it has every key attribute of the index.
    pub gsi1: Option<(String, String)>,
    pub expires_at: Option<i64>,
}

/// Checks an item as DynamoDB's PutItem would, after [`prepare_item`].
pub fn item_keys(item: &Item) -> Result<ItemKeys, TableError> {
    let pk = key_string(item, PK, MAX_PK_BYTES)?.ok_or_else(|| invalid("the item has no pk"))?;
    let sk = key_string(item, SK, MAX_SK_BYTES)?.ok_or_else(|| invalid("the item has no sk"))?;
    let gsi1pk = key_string(item, GSI1_PK, MAX_PK_BYTES)?;
    let gsi1sk = key_string(item, GSI1_SK, MAX_SK_BYTES)?;
    let expires_at = match item.get(EXPIRES_AT) {
        None | Some(Value::Null) => None,
        Some(value) => Some(
            value
                .as_i64()
                .ok_or_else(|| invalid("expiresAt must be whole epoch seconds"))?,
        ),
    };
    Ok(ItemKeys {
        pk,
        sk,
        gsi1: gsi1pk.zip(gsi1sk),
        expires_at,
    })
}

fn key_string(item: &Item, name: &str, max: usize) -> Result<Option<String>, TableError> {
    match item.get(name) {
        None => Ok(None),
        Some(Value::String(s)) if s.is_empty() => Err(invalid(format!("{name} must not be empty"))),
        Some(Value::String(s)) if s.len() > max => {
            Err(invalid(format!("{name} is longer than {max} bytes")))
        }
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(invalid(format!("{name} must be a string"))),
    }
}

/// Normalises an item before it is written: a `null` index key means "not in
/// the index" (DynamoDB refuses NULL index keys, serde writes `None` as null),
/// and whole floats become integers, as DynamoDB's numbers read back.
pub fn prepare_item(mut item: Item) -> Item {
    for name in [GSI1_PK, GSI1_SK] {
        if item.get(name).is_some_and(Value::is_null) {
            item.remove(name);
        }
    }
    for value in item.values_mut() {
        normalize_numbers(value);
    }
    item
}

fn normalize_numbers(value: &mut Value) {
    match value {
        Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
                if f.fract() == 0.0 && f.abs() < 9.0e15 {
                    *n = Number::from(f as i64);
                }
            }
        }
        Value::Array(values) => values.iter_mut().for_each(normalize_numbers),
        Value::Object(map) => map.values_mut().for_each(normalize_numbers),
        _ => {}
    }
}

/// DynamoDB's item size: attribute names plus values, in bytes.
pub fn item_size(item: &Item) -> usize {
    item.iter()
        .map(|(name, value)| name.len() + value_size(value))
        .sum()
}

fn value_size(value: &Value) -> usize {
    match value {
        Value::Null | Value::Bool(_) => 1,
        Value::String(s) => s.len(),
        Value::Number(n) => {
            let digits = n.to_string().chars().filter(char::is_ascii_digit).count();
            digits.div_ceil(2) + 1
        }
        Value::Array(values) => 3 + values.iter().map(|v| 1 + value_size(v)).sum::<usize>(),
        Value::Object(map) => {
            3 + map
                .iter()
                .map(|(k, v)| 1 + k.len() + value_size(v))
                .sum::<usize>()
        }
    }
}

pub fn check_size(item: &Item) -> Result<(), TableError> {
    if item_size(item) > MAX_ITEM_BYTES {
        return Err(invalid("Item size has exceeded the maximum allowed size"));
    }
    Ok(())
}

pub fn is_live(expires_at: Option<i64>, now: i64) -> bool {
    expires_at.is_none_or(|at| at > now)
}

/// Refuses updates DynamoDB would refuse: key attributes, overlapping paths.
pub fn check_update(update: &Update) -> Result<(), TableError> {
    let mut seen = HashSet::new();
    let names = update.set.keys().map(String::as_str);
    let names = names
        .chain(update.add.iter().map(|(n, _)| n.as_str()))
        .chain(update.remove.iter().map(String::as_str));
    for name in names {
        if name == PK || name == SK {
            return Err(invalid(format!(
                "an update cannot change the key attribute {name}"
            )));
        }
        if !seen.insert(name) {
            return Err(invalid(format!("two parts of the update change {name}")));
        }
    }
    // The attributes the index and TTL read must keep their types.
    let mut special = Item::new();
    for name in [GSI1_PK, GSI1_SK, EXPIRES_AT] {
        if let Some(value) = update.set.get(name).filter(|v| !v.is_null()) {
            special.insert(name.into(), value.clone());
        }
    }
    special.insert(PK.into(), Value::from("k"));
    special.insert(SK.into(), Value::from("k"));
    item_keys(&special).map(|_| ())
}

/// Applies an update to a copy of the current item (or to the bare key when
/// the item is absent), as UpdateItem does.
pub fn apply_update(current: Option<Item>, key: &Key, update: &Update) -> Result<Item, TableError> {
    let mut item = current.unwrap_or_else(|| key_item(key));
    for (name, value) in &update.set {
        item.insert(name.clone(), value.clone());
    }
    for (name, delta) in &update.add {
        let sum = match item.get(name) {
            None => Value::from(*delta),
            Some(Value::Number(n)) => add_number(n, *delta)?,
            Some(_) => return Err(invalid(format!("ADD needs {name} to be a number"))),
        };
        item.insert(name.clone(), sum);
    }
    for name in &update.remove {
        item.remove(name);
    }
    let item = prepare_item(item);
    item_keys(&item)?;
    check_size(&item)?;
    Ok(item)
}

fn add_number(n: &Number, delta: i64) -> Result<Value, TableError> {
    if let Some(sum) = n.as_i64().and_then(|i| i.checked_add(delta)) {
        return Ok(Value::from(sum));
    }
    let sum = n.as_f64().unwrap_or(0.0) + delta as f64;
    Number::from_f64(sum)
        .map(Value::Number)
        .ok_or_else(|| invalid("number out of range"))
}

pub fn key_item(key: &Key) -> Item {
    let mut item = Item::new();
    item.insert(PK.into(), Value::String(key.pk.clone()));
    item.insert(SK.into(), Value::String(key.sk.clone()));
    item
}

pub fn check_key(key: &Key) -> Result<(), TableError> {
    item_keys(&key_item(key)).map(|_| ())
}

/// DynamoDB compares numbers by value and everything else by type and value.
pub fn values_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => x.as_f64() == y.as_f64(),
        },
        _ => a == b,
    }
}

/// DynamoDB's `a < :n`: false for anything but a number.
pub fn number_below(value: &Value, limit: i64) -> bool {
    match value {
        Value::Number(n) => match n.as_i64() {
            Some(n) => n < limit,
            None => n.as_f64().is_some_and(|f| f < limit as f64),
        },
        _ => false,
    }
}

/// What a query can match once DynamoDB's refusals of empty key values are
/// taken into account: `None` means it matches nothing.
pub fn effective_sort_key(query: &Query) -> Result<Option<SortKey>, TableError> {
    if query.limit == Some(0) {
        return Err(invalid("a query limit must be at least 1"));
    }
    if query.pk.is_empty() {
        return Ok(None);
    }
    Ok(match &query.sk {
        SortKey::Any => Some(SortKey::Any),
        SortKey::Equals(sk) if sk.is_empty() => None,
        SortKey::BeginsWith(prefix) if prefix.is_empty() => Some(SortKey::Any),
        SortKey::Between(from, to) if from > to || to.is_empty() => None,
        other => Some(other.clone()),
    })
}

/// The smallest string above every string that starts with `prefix`, if any:
/// the end of a prefix range an index can seek to. Strings compare by their
/// UTF-8 bytes, which is code point order.
pub fn prefix_end(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        let next = match last as u32 + 1 {
            0xD800 => Some('\u{E000}'),
            code => char::from_u32(code),
        };
        if let Some(next) = next {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

/// Batch gets: at most 100 keys; duplicates are read once (DynamoDB refuses them).
pub fn unique_keys(keys: &[Key]) -> Result<Vec<Key>, TableError> {
    let mut seen = HashSet::new();
    let unique: Vec<Key> = keys.iter().filter(|k| seen.insert(*k)).cloned().collect();
    if unique.len() > MAX_BATCH_GET {
        return Err(invalid(format!(
            "a batch get reads at most {MAX_BATCH_GET} keys"
        )));
    }
    unique.iter().try_for_each(check_key)?;
    Ok(unique)
}

pub fn write_key(write: &Write) -> Result<Key, TableError> {
    match write {
        Write::Put { item, .. } => {
            let keys = item_keys(item)?;
            Ok(Key::new(keys.pk, keys.sk))
        }
        Write::Update { key, .. } | Write::Delete { key, .. } | Write::Check { key, .. } => {
            check_key(key)?;
            Ok(key.clone())
        }
    }
}

/// Prepares the items a transaction puts, as [`prepare_item`].
pub fn prepare_writes(writes: Vec<Write>) -> Vec<Write> {
    let prepare = |write| match write {
        Write::Put { item, condition } => Write::Put {
            item: prepare_item(item),
            condition,
        },
        other => other,
    };
    writes.into_iter().map(prepare).collect()
}

/// Transactions: at most 100 writes, one per item; items and updates valid.
pub fn check_transaction(writes: &[Write]) -> Result<(), TableError> {
    if writes.len() > MAX_TRANSACT {
        return Err(invalid(format!(
            "a transaction holds at most {MAX_TRANSACT} writes"
        )));
    }
    let mut seen = HashSet::new();
    for write in writes {
        if !seen.insert(write_key(write)?) {
            return Err(invalid(
                "a transaction cannot include more than one write to one item",
            ));
        }
        match write {
            Write::Update { update, .. } => check_update(update)?,
            Write::Put { item, .. } => check_size(item)?,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_end_bounds_every_string_with_the_prefix() {
        assert_eq!(prefix_end("ab").as_deref(), Some("ac"));
        assert_eq!(prefix_end("a\u{10FFFF}").as_deref(), Some("b"));
        assert_eq!(prefix_end("\u{D7FF}").as_deref(), Some("\u{E000}"));
        assert_eq!(prefix_end("\u{10FFFF}"), None);
        assert_eq!(prefix_end(""), None);
    }

    #[test]
    fn whole_floats_become_integers_and_null_index_keys_vanish() {
        let item =
            serde_json::json!({"pk": "a", "sk": "b", "gsi1pk": null, "n": 2.0, "m": [1.5, 3.0]});
        let Value::Object(item) = item else {
            unreachable!()
        };
        let item = prepare_item(item);
        assert_eq!(
            Value::Object(item),
            serde_json::json!({"pk": "a", "sk": "b", "n": 2, "m": [1.5, 3]})
        );
    }

    #[test]
    fn numbers_compare_by_value() {
        assert!(values_equal(&serde_json::json!(1), &serde_json::json!(1.0)));
        assert!(!values_equal(
            &serde_json::json!("1"),
            &serde_json::json!(1)
        ));
    }
}
