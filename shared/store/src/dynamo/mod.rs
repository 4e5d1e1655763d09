//! The production table: DynamoDB through aws-sdk-dynamodb, items converted
//! with serde_dynamo. One client per process, built by [`DynamoTable::connect`].

mod expr;
mod setup;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use aws_sdk_dynamodb::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::delete_item::builders::DeleteItemFluentBuilder;
use aws_sdk_dynamodb::operation::put_item::builders::PutItemFluentBuilder;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder;
use aws_sdk_dynamodb::operation::update_item::UpdateItemError;
use aws_sdk_dynamodb::types::builders::{
    ConditionCheckBuilder, DeleteBuilder, PutBuilder, UpdateBuilder,
};
use aws_sdk_dynamodb::types::{
    AttributeValue, CancellationReason, ConditionCheck, ConsumedCapacity, Delete,
    KeysAndAttributes, Put, ReturnConsumedCapacity, ReturnValue,
    ReturnValuesOnConditionCheckFailure, TransactWriteItem, Update as UpdateWrite,
};
use aws_sdk_dynamodb::Client;
use domain::ports::{
    is_expired, Clock, Condition, Cursor, Index, Item, Key, Page, Query, SortKey, Table,
    TableError, Update, Write, GSI1_PK, GSI1_SK, PK, SK,
};

use self::expr::Expr;
use crate::clock::SystemClock;
use crate::dynamo_rules;

pub use setup::{create_table, GSI1_NAME};

type AttributeMap = HashMap<String, AttributeValue>;

/// A conditional write's builder (single or in a transaction): takes the
/// condition and the names and values its expressions use.
trait Conditioned {
    fn conditioned(self, condition: Option<String>, expr: Expr) -> Self;
}

/// The SDK's builders share the setters but no trait, so each gets one.
macro_rules! conditioned {
    ($($builder:ty),*) => {$(
        impl Conditioned for $builder {
            fn conditioned(self, condition: Option<String>, expr: Expr) -> Self {
                let (names, values) = expr.into_parts();
                self.set_condition_expression(condition)
                    .set_expression_attribute_names(names)
                    .set_expression_attribute_values(values)
            }
        }
    )*};
}

conditioned!(
    PutItemFluentBuilder,
    UpdateItemFluentBuilder,
    DeleteItemFluentBuilder,
    PutBuilder,
    UpdateBuilder,
    DeleteBuilder,
    ConditionCheckBuilder
);

/// Attempts at an update or transaction that meets expired items to clear.
const ATTEMPTS: u32 = 4;

pub struct DynamoTable {
    client: Client,
    table: String,
    requests: Arc<AtomicU64>,
    /// Read capacity units consumed by gets and queries, in thousandths, as
    /// DynamoDB reports them (`ReturnConsumedCapacity`, which costs nothing).
    read_milliunits: Arc<AtomicU64>,
    /// What "now" is when expiry is judged (the system's unless `on_clock`).
    clock: Arc<dyn Clock>,
}

fn backend(error: impl std::fmt::Display) -> TableError {
    TableError::Backend(error.to_string())
}

/// Conditions and validation errors become the port's errors; the rest keeps
/// the SDK's full context for the log.
fn sdk_error<E, R>(error: SdkError<E, R>) -> TableError
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    match error.code() {
        Some("ConditionalCheckFailedException") => TableError::ConditionFailed,
        Some("ValidationException") => {
            TableError::InvalidItem(error.message().unwrap_or("invalid request").into())
        }
        _ => TableError::Backend(DisplayErrorContext(&error).to_string()),
    }
}

fn to_map(item: &Item) -> Result<AttributeMap, TableError> {
    serde_dynamo::to_item(item).map_err(|e| TableError::InvalidItem(e.to_string()))
}

fn from_map(map: AttributeMap) -> Result<Item, TableError> {
    serde_dynamo::from_item(map).map_err(|e| backend(format!("stored item does not convert: {e}")))
}

fn key_map(key: &Key) -> AttributeMap {
    HashMap::from([
        (PK.into(), AttributeValue::S(key.pk.clone())),
        (SK.into(), AttributeValue::S(key.sk.clone())),
    ])
}

/// Items as the port answers them: converted, expired ones left out.
fn live_items(maps: Vec<AttributeMap>, now: i64) -> Result<Vec<Item>, TableError> {
    let mut items = Vec::with_capacity(maps.len());
    for map in maps {
        let item = from_map(map)?;
        if !is_expired(&item, now) {
            items.push(item);
        }
    }
    Ok(items)
}

/// The sort-key part of a key condition.
fn sort_condition(expr: &mut Expr, sk: &str, sort_key: &SortKey) -> String {
    let mut string = |s: &str| expr.value(AttributeValue::S(s.to_owned()));
    match sort_key {
        SortKey::Any => String::new(),
        SortKey::Equals(value) => format!("{sk} = {}", string(value)),
        SortKey::BeginsWith(prefix) => format!("begins_with({sk}, {})", string(prefix)),
        // DynamoDB refuses an empty key value, and every key is above "".
        SortKey::Between(from, to) if from.is_empty() => format!("{sk} <= {}", string(to)),
        SortKey::Between(from, to) => {
            let from = string(from);
            format!("{sk} BETWEEN {from} AND {}", string(to))
        }
    }
}

/// Whether absence would satisfy the condition, so that an expired item in
/// the way may be cleared and the write tried again.
fn absence_satisfies(condition: &Condition) -> bool {
    condition.holds_when_absent()
}

fn old_item_expired(old: Option<&AttributeMap>, now: i64) -> Result<bool, TableError> {
    match old {
        Some(map) => Ok(is_expired(&from_map(map.clone())?, now)),
        None => Ok(false),
    }
}

impl DynamoTable {
    /// Builds the process's client on the shared AWS configuration;
    /// `endpoint` points it at a local server (DynamoDB Local).
    pub fn connect(sdk: &aws_env::SdkConfig, table: &str, endpoint: Option<&str>) -> Self {
        Self::new(Client::new(&aws_env::with_endpoint(sdk, endpoint)), table)
    }

    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            requests: Arc::default(),
            read_milliunits: Arc::default(),
            clock: Arc::new(SystemClock),
        }
    }

    /// Now by the table's clock, in epoch seconds (as `expiresAt`).
    fn now(&self) -> i64 {
        self.clock.now().unix()
    }

    /// The read capacity units this table's gets and queries have consumed.
    pub fn read_units(&self) -> f64 {
        self.read_milliunits.load(Ordering::Relaxed) as f64 / 1000.0
    }

    fn consumed(&self, capacity: Option<ConsumedCapacity>) {
        let units = capacity.and_then(|c| c.capacity_units).unwrap_or(0.0);
        let milliunits = (units * 1000.0).round() as u64;
        self.read_milliunits
            .fetch_add(milliunits, Ordering::Relaxed);
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn table_name(&self) -> &str {
        &self.table
    }

    fn count(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }

    /// Deletes the item if it is (still) expired, making way for a write
    /// that treats it as absent.
    async fn clear_expired(&self, key: &Key, now: i64) -> Result<(), TableError> {
        let mut expr = Expr::default();
        let condition = expr.expired(now);
        let result = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .conditioned(Some(condition), expr)
            .send()
            .await;
        match result.map_err(sdk_error) {
            Ok(_) | Err(TableError::ConditionFailed) => Ok(()),
            Err(other) => Err(other),
        }
    }

    async fn update_once(
        &self,
        key: &Key,
        update: &Update,
        now: i64,
    ) -> Result<Result<Item, Option<AttributeMap>>, TableError> {
        let mut expr = Expr::default();
        let expression = expr.update(update)?;
        let condition = expr.update_condition(&update.condition, now)?;
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .update_expression(expression)
            .conditioned(Some(condition), expr)
            .return_values(ReturnValue::AllNew)
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
            .send()
            .await;
        match result {
            Ok(output) => Ok(Ok(from_map(output.attributes.unwrap_or_default())?)),
            Err(error) => match error.as_service_error() {
                Some(UpdateItemError::ConditionalCheckFailedException(failed)) => {
                    Ok(Err(failed.item.clone()))
                }
                _ => Err(sdk_error(error)),
            },
        }
    }

    fn transact_item(&self, write: &Write, now: i64) -> Result<TransactWriteItem, TableError> {
        let mut expr = Expr::default();
        let on_failure = ReturnValuesOnConditionCheckFailure::AllOld;
        let item = match write {
            Write::Put { item, condition } => {
                let condition = expr.condition(condition, now)?;
                let put = Put::builder()
                    .table_name(&self.table)
                    .set_item(Some(to_map(item)?))
                    .conditioned(condition, expr)
                    .return_values_on_condition_check_failure(on_failure);
                TransactWriteItem::builder().put(put.build().map_err(backend)?)
            }
            Write::Update { key, update } => {
                let expression = expr.update(update)?;
                let condition = expr.update_condition(&update.condition, now)?;
                let update = UpdateWrite::builder()
                    .table_name(&self.table)
                    .set_key(Some(key_map(key)))
                    .update_expression(expression)
                    .conditioned(Some(condition), expr)
                    .return_values_on_condition_check_failure(on_failure);
                TransactWriteItem::builder().update(update.build().map_err(backend)?)
            }
            Write::Delete { key, condition } => {
                let condition = expr.condition(condition, now)?;
                let delete = Delete::builder()
                    .table_name(&self.table)
                    .set_key(Some(key_map(key)))
                    .conditioned(condition, expr)
                    .return_values_on_condition_check_failure(on_failure);
                TransactWriteItem::builder().delete(delete.build().map_err(backend)?)
            }
            Write::Check { key, condition } => {
                // A check needs an expression; with no condition it holds always.
                let condition = match expr.condition(condition, now)? {
                    Some(condition) => condition,
                    None => {
                        let pk = expr.name(PK);
                        format!("attribute_exists({pk}) OR attribute_not_exists({pk})")
                    }
                };
                let check = ConditionCheck::builder()
                    .table_name(&self.table)
                    .set_key(Some(key_map(key)))
                    .conditioned(Some(condition), expr)
                    .return_values_on_condition_check_failure(on_failure);
                TransactWriteItem::builder().condition_check(check.build().map_err(backend)?)
            }
        };
        Ok(item.build())
    }

    /// Decides what a canceled transaction means: `Ok` to try again (expired
    /// items were cleared, or it met a concurrent transaction), else the error.
    async fn canceled(
        &self,
        writes: &[Write],
        reasons: &[CancellationReason],
        now: i64,
        last: bool,
    ) -> Result<(), TableError> {
        if let Some(invalid) = reasons.iter().find(|r| r.code() == Some("ValidationError")) {
            return Err(TableError::InvalidItem(
                invalid.message().unwrap_or("invalid write").into(),
            ));
        }
        let failed: Vec<bool> = reasons
            .iter()
            .map(|r| r.code() == Some("ConditionalCheckFailed"))
            .collect();
        let mut cleared = false;
        for ((write, reason), failed) in writes.iter().zip(reasons).zip(&failed) {
            if let (Write::Update { key, update }, true) = (write, *failed) {
                if absence_satisfies(&update.condition) && old_item_expired(reason.item(), now)? {
                    self.clear_expired(key, now).await?;
                    cleared = true;
                }
            }
        }
        if cleared && !last {
            return Ok(());
        }
        let conflict = reasons
            .iter()
            .any(|r| r.code() == Some("TransactionConflict"));
        if conflict && !failed.contains(&true) && !last {
            tokio::time::sleep(Duration::from_millis(20)).await;
            return Ok(());
        }
        Err(TableError::TransactionCanceled { conditions: failed })
    }
}

#[async_trait]
impl Table for DynamoTable {
    async fn get(&self, key: &Key) -> Result<Option<Item>, TableError> {
        dynamo_rules::check_key(key)?;
        self.count();
        let output = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .consistent_read(true)
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .send()
            .await
            .map_err(sdk_error)?;
        self.consumed(output.consumed_capacity);
        Ok(live_items(output.item.into_iter().collect(), self.now())?.pop())
    }

    async fn put(&self, item: Item, condition: Condition) -> Result<(), TableError> {
        let item = dynamo_rules::prepare_item(item);
        dynamo_rules::item_keys(&item)?;
        self.count();
        let mut expr = Expr::default();
        let condition = expr.condition(&condition, self.now())?;
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(to_map(&item)?))
            .conditioned(condition, expr)
            .send()
            .await
            .map_err(sdk_error)?;
        Ok(())
    }

    async fn update(&self, key: &Key, update: Update) -> Result<Item, TableError> {
        dynamo_rules::check_key(key)?;
        dynamo_rules::check_update(&update)?;
        self.count();
        for _ in 0..ATTEMPTS {
            let now = self.now();
            match self.update_once(key, &update, now).await? {
                Ok(item) => return Ok(item),
                Err(old)
                    if absence_satisfies(&update.condition)
                        && old_item_expired(old.as_ref(), now)? =>
                {
                    self.clear_expired(key, now).await?;
                }
                Err(_) => return Err(TableError::ConditionFailed),
            }
        }
        Err(backend("the update kept meeting expired items"))
    }

    async fn delete(&self, key: &Key, condition: Condition) -> Result<(), TableError> {
        dynamo_rules::check_key(key)?;
        self.count();
        let mut expr = Expr::default();
        let condition = expr.condition(&condition, self.now())?;
        self.client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_map(key)))
            .conditioned(condition, expr)
            .send()
            .await
            .map_err(sdk_error)?;
        Ok(())
    }

    async fn query(&self, query: Query) -> Result<Page, TableError> {
        self.count();
        let Some(sort_key) = dynamo_rules::effective_sort_key(&query)? else {
            return Ok(Page::default());
        };
        let now = self.now();
        let (pk_name, sk_name) = match query.index {
            Index::Table => (PK, SK),
            Index::Gsi1 => (GSI1_PK, GSI1_SK),
        };
        let mut expr = Expr::default();
        let pk = expr.name(pk_name);
        let pk_value = expr.value(AttributeValue::S(query.pk.clone()));
        let mut key_condition = format!("{pk} = {pk_value}");
        if sort_key != SortKey::Any {
            let sk = expr.name(sk_name);
            key_condition = format!(
                "{key_condition} AND {}",
                sort_condition(&mut expr, &sk, &sort_key)
            );
        }
        let filter = format!("NOT {}", expr.expired(now));
        let start = query
            .start_after
            .as_ref()
            .map(|Cursor(key)| to_map(key))
            .transpose()?;
        let (names, values) = expr.into_parts();
        let mut request = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression(key_condition)
            .filter_expression(filter)
            .set_expression_attribute_names(names)
            .set_expression_attribute_values(values)
            .scan_index_forward(query.ascending)
            .set_limit(query.limit.map(|l| l.min(i32::MAX as u32) as i32))
            .set_exclusive_start_key(start)
            .return_consumed_capacity(ReturnConsumedCapacity::Total);
        request = match query.index {
            Index::Table => request.consistent_read(true),
            Index::Gsi1 => request.index_name(GSI1_NAME),
        };
        let output = request.send().await.map_err(sdk_error)?;
        self.consumed(output.consumed_capacity);
        let items = live_items(output.items.unwrap_or_default(), now)?;
        let next = output
            .last_evaluated_key
            .map(from_map)
            .transpose()?
            .map(Cursor);
        Ok(Page { items, next })
    }

    async fn batch_get(&self, keys: &[Key]) -> Result<Vec<Item>, TableError> {
        let keys = dynamo_rules::unique_keys(keys)?;
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        self.count();
        let mut pending: Vec<AttributeMap> = keys.iter().map(key_map).collect();
        let mut items = Vec::with_capacity(keys.len());
        // DynamoDB may leave keys unprocessed under load: ask again with backoff.
        for attempt in 0..8 {
            let request = KeysAndAttributes::builder()
                .set_keys(Some(pending))
                .consistent_read(true);
            let output = self
                .client
                .batch_get_item()
                .request_items(&self.table, request.build().map_err(backend)?)
                .send()
                .await
                .map_err(sdk_error)?;
            let found = output
                .responses
                .and_then(|mut r| r.remove(&self.table))
                .unwrap_or_default();
            items.extend(live_items(found, self.now())?);
            pending = output
                .unprocessed_keys
                .and_then(|mut u| u.remove(&self.table))
                .map(|k| k.keys)
                .unwrap_or_default();
            if pending.is_empty() {
                return Ok(items);
            }
            tokio::time::sleep(Duration::from_millis(10 << attempt)).await;
        }
        Err(backend("the batch get left keys unprocessed"))
    }

    async fn transact(&self, writes: Vec<Write>) -> Result<(), TableError> {
        let writes = dynamo_rules::prepare_writes(writes);
        dynamo_rules::check_transaction(&writes)?;
        if writes.is_empty() {
            return Ok(());
        }
        self.count();
        for attempt in 1..=ATTEMPTS {
            let now = self.now();
            let items = writes
                .iter()
                .map(|w| self.transact_item(w, now))
                .collect::<Result<Vec<_>, _>>()?;
            let result = self
                .client
                .transact_write_items()
                .set_transact_items(Some(items))
                .send()
                .await;
            let error = match result {
                Ok(_) => return Ok(()),
                Err(error) => error,
            };
            let Some(TransactWriteItemsError::TransactionCanceledException(canceled)) =
                error.as_service_error()
            else {
                return Err(sdk_error(error));
            };
            self.canceled(
                &writes,
                canceled.cancellation_reasons(),
                now,
                attempt == ATTEMPTS,
            )
            .await?;
        }
        Err(backend("the transaction kept being canceled"))
    }

    fn request_count(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    fn on_clock(&self, clock: Arc<dyn Clock>) -> Arc<dyn Table> {
        Arc::new(Self {
            client: self.client.clone(),
            table: self.table.clone(),
            requests: self.requests.clone(),
            read_milliunits: self.read_milliunits.clone(),
            clock,
        })
    }
}
