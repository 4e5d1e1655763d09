//! Single-item reads and writes on the embedded table, and its transactions.

use domain::ports::{Condition, Item, Key, TableError, Write};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

use super::backend;
use crate::dynamo_rules::{self, ItemKeys};

pub(super) fn parse(body: &str) -> Result<Item, TableError> {
    serde_json::from_str(body).map_err(|e| backend(format!("stored item is not JSON: {e}")))
}

/// The live item under the key, if any: an expired item counts as absent,
/// for reads and for the conditions and updates of writes alike.
pub(super) fn get(conn: &Connection, key: &Key, now: i64) -> Result<Option<Item>, TableError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT body FROM items WHERE pk = ?1 AND sk = ?2 AND (expires_at IS NULL OR expires_at > ?3)",
        )
        .map_err(backend)?;
    let body: Option<String> = stmt
        .query_row(params![key.pk, key.sk, now], |row| row.get(0))
        .optional()
        .map_err(backend)?;
    body.as_deref().map(parse).transpose()
}

pub(super) fn condition_holds(current: Option<&Item>, condition: &Condition) -> bool {
    match condition {
        Condition::None => true,
        Condition::NotExists => current.is_none(),
        Condition::Exists => current.is_some(),
        Condition::Equals(name, expected) => current
            .and_then(|item| item.get(name))
            .is_some_and(|actual| dynamo_rules::values_equal(actual, expected)),
        Condition::Below(name, limit) => current
            .and_then(|item| item.get(name))
            .is_some_and(|actual| dynamo_rules::number_below(actual, *limit)),
        Condition::AbsentOrBelow(name, limit) => match current.and_then(|item| item.get(name)) {
            None | Some(Value::Null) => true,
            Some(actual) => dynamo_rules::number_below(actual, *limit),
        },
        Condition::All(conditions) => conditions.iter().all(|c| condition_holds(current, c)),
    }
}

pub(super) fn holds(
    conn: &Connection,
    key: &Key,
    condition: &Condition,
    now: i64,
) -> Result<bool, TableError> {
    Ok(condition_holds(get(conn, key, now)?.as_ref(), condition))
}

pub(super) fn store(conn: &Connection, item: &Item, keys: &ItemKeys) -> Result<(), TableError> {
    let body = serde_json::to_string(item).map_err(backend)?;
    let (gsi1pk, gsi1sk) = match &keys.gsi1 {
        Some((pk, sk)) => (Some(pk.as_str()), Some(sk.as_str())),
        None => (None, None),
    };
    let mut stmt = conn
        .prepare_cached(
            "INSERT OR REPLACE INTO items (pk, sk, gsi1pk, gsi1sk, expires_at, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )
        .map_err(backend)?;
    stmt.execute(params![
        keys.pk,
        keys.sk,
        gsi1pk,
        gsi1sk,
        keys.expires_at,
        body
    ])
    .map_err(backend)?;
    Ok(())
}

pub(super) fn remove(conn: &Connection, key: &Key) -> Result<(), TableError> {
    let mut stmt = conn
        .prepare_cached("DELETE FROM items WHERE pk = ?1 AND sk = ?2")
        .map_err(backend)?;
    stmt.execute(params![key.pk, key.sk]).map_err(backend)?;
    Ok(())
}

pub(super) fn sweep_expired(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM items WHERE expires_at IS NOT NULL AND expires_at <= ?1")?
        .execute([now])
}

/// What a transaction does to one item once every condition has held.
enum Effect {
    Store(Item),
    Remove(Key),
    Nothing,
}

/// Checks every condition against the state before the transaction (one
/// write per item, so order does not matter), then applies every write. Any
/// error leaves the caller's transaction to roll back.
pub(super) fn transact(conn: &Connection, writes: Vec<Write>, now: i64) -> Result<(), TableError> {
    let mut failed = Vec::with_capacity(writes.len());
    let mut effects = Vec::with_capacity(writes.len());
    for write in writes {
        let key = dynamo_rules::write_key(&write)?;
        let current = get(conn, &key, now)?;
        let (condition, effect) = match write {
            Write::Put { item, condition } => (condition, Effect::Store(item)),
            Write::Delete { condition, .. } => (condition, Effect::Remove(key.clone())),
            Write::Check { condition, .. } => (condition, Effect::Nothing),
            Write::Update { update, .. } => {
                let holds = condition_holds(current.as_ref(), &update.condition);
                let effect = if holds {
                    Effect::Store(dynamo_rules::apply_update(current.clone(), &key, &update)?)
                } else {
                    Effect::Nothing
                };
                (update.condition, effect)
            }
        };
        failed.push(!condition_holds(current.as_ref(), &condition));
        effects.push(effect);
    }
    if failed.iter().any(|f| *f) {
        return Err(TableError::TransactionCanceled { conditions: failed });
    }
    for effect in effects {
        match effect {
            Effect::Store(item) => store(conn, &item, &dynamo_rules::item_keys(&item)?)?,
            Effect::Remove(key) => remove(conn, &key)?,
            Effect::Nothing => {}
        }
    }
    Ok(())
}

/// An item's value of a string attribute, for cursors.
pub(super) fn string_attr(item: &Item, name: &str) -> Option<String> {
    item.get(name).and_then(Value::as_str).map(str::to_owned)
}
