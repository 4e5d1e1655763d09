//! The embedded table's schema and its queries.

use domain::ports::{
    Cursor, Index, Item, Page, Query, SortKey, TableError, GSI1_PK, GSI1_SK, PK, SK,
};
use rusqlite::types::Value as Sql;
use rusqlite::Connection;

use super::backend;
use super::rows::{parse, string_attr};
use crate::dynamo_rules;

pub(super) fn configure(conn: &Connection) -> rusqlite::Result<()> {
    // WAL lets readers of every process run beside one writer; NORMAL syncs at
    // checkpoints, which is durable against process crashes.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(())
}

pub(super) fn create_schema(conn: &Connection) -> rusqlite::Result<()> {
    // Strings compare by their UTF-8 bytes under SQLite's default collation,
    // exactly as DynamoDB orders string sort keys.
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS items (
             pk TEXT NOT NULL,
             sk TEXT NOT NULL,
             gsi1pk TEXT,
             gsi1sk TEXT,
             expires_at INTEGER,
             body TEXT NOT NULL,
             PRIMARY KEY (pk, sk)
         ) WITHOUT ROWID;
         CREATE INDEX IF NOT EXISTS items_gsi1 ON items (gsi1pk, gsi1sk, pk, sk) WHERE gsi1pk IS NOT NULL;
         CREATE INDEX IF NOT EXISTS items_expiry ON items (expires_at) WHERE expires_at IS NOT NULL;",
    )
}

/// Reads one page of a query whose sort-key condition can match something.
pub(super) fn query(
    conn: &Connection,
    query: &Query,
    sort_key: &SortKey,
    now: i64,
) -> Result<Page, TableError> {
    let (sql, params) = statement(query, sort_key, now)?;
    let mut stmt = conn.prepare_cached(&sql).map_err(backend)?;
    let mut rows = stmt
        .query(rusqlite::params_from_iter(params))
        .map_err(backend)?;
    let mut page = Page::default();
    let mut bytes = 0;
    while let Some(row) = rows.next().map_err(backend)? {
        let body = row.get_ref(0).map_err(backend)?.as_str().map_err(backend)?;
        bytes += body.len();
        page.items.push(parse(body)?);
        // DynamoDB stops a page at its limit, or once it has read 1 MB, and
        // then answers where it stopped even if nothing follows.
        if query
            .limit
            .is_some_and(|limit| page.items.len() >= limit as usize)
            || bytes >= dynamo_rules::MAX_PAGE_BYTES
        {
            page.next = page.items.last().map(|last| cursor(query.index, last));
            break;
        }
    }
    Ok(page)
}

fn columns(index: Index) -> (&'static str, &'static str) {
    match index {
        Index::Table => (PK, SK),
        Index::Gsi1 => (GSI1_PK, GSI1_SK),
    }
}

/// The SQL and parameters of a query. The SQL depends only on the query's
/// shape, so the prepared-statement cache holds a handful of statements.
fn statement(
    query: &Query,
    sort_key: &SortKey,
    now: i64,
) -> Result<(String, Vec<Sql>), TableError> {
    let (pk_col, sk_col) = columns(query.index);
    let mut sql = format!("SELECT body FROM items WHERE {pk_col} = ?");
    let mut params = vec![Sql::Text(query.pk.clone())];
    let mut bind = |sql: &mut String, clause: &str, value: &str| {
        sql.push_str(clause);
        params.push(Sql::Text(value.to_owned()));
    };
    match sort_key {
        SortKey::Any => {}
        SortKey::Equals(sk) => bind(&mut sql, &format!(" AND {sk_col} = ?"), sk),
        SortKey::BeginsWith(prefix) => {
            bind(&mut sql, &format!(" AND {sk_col} >= ?"), prefix);
            if let Some(end) = dynamo_rules::prefix_end(prefix) {
                bind(&mut sql, &format!(" AND {sk_col} < ?"), &end);
            }
        }
        SortKey::Between(from, to) => {
            bind(&mut sql, &format!(" AND {sk_col} >= ?"), from);
            bind(&mut sql, &format!(" AND {sk_col} <= ?"), to);
        }
    }
    let op = if query.ascending { ">" } else { "<" };
    if let Some(Cursor(after)) = &query.start_after {
        let attr = |name: &str| string_attr(after, name).ok_or_else(|| invalid_cursor(name));
        match query.index {
            Index::Table => bind(&mut sql, &format!(" AND sk {op} ?"), &attr(SK)?),
            // Index keys need not be unique: the table key breaks ties, as in
            // DynamoDB's index cursors.
            Index::Gsi1 => {
                bind(
                    &mut sql,
                    &format!(" AND (gsi1sk, pk, sk) {op} (?"),
                    &attr(GSI1_SK)?,
                );
                bind(&mut sql, ", ?", &attr(PK)?);
                bind(&mut sql, ", ?)", &attr(SK)?);
            }
        }
    }
    sql.push_str(" AND (expires_at IS NULL OR expires_at > ?)");
    params.push(Sql::Integer(now));
    let order = if query.ascending { "ASC" } else { "DESC" };
    match query.index {
        Index::Table => sql.push_str(&format!(" ORDER BY sk {order}")),
        Index::Gsi1 => sql.push_str(&format!(" ORDER BY gsi1sk {order}, pk {order}, sk {order}")),
    }
    sql.push_str(" LIMIT ?");
    params.push(Sql::Integer(query.limit.map_or(-1, i64::from)));
    Ok((sql, params))
}

fn invalid_cursor(name: &str) -> TableError {
    TableError::InvalidItem(format!("the query's start key has no {name}"))
}

/// The cursor DynamoDB would answer: the table key, plus the index key on an index.
fn cursor(index: Index, item: &Item) -> Cursor {
    let names: &[&str] = match index {
        Index::Table => &[PK, SK],
        Index::Gsi1 => &[PK, SK, GSI1_PK, GSI1_SK],
    };
    let key = names
        .iter()
        .filter_map(|n| item.get(*n).map(|v| (n.to_string(), v.clone())))
        .collect();
    Cursor(key)
}
