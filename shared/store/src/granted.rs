//! A function's table grant, enforced locally as IAM enforces it in AWS.
//!
//! A [`TableGrant`] says which DynamoDB item actions a function may send
//! under which partition-key prefixes, and which GSI1 partitions it may
//! query: each function's `table` in `shared/function-access.json`, from
//! which the CDK app makes the IAM statements (`infra/lib/function-access.ts`)
//! and `app` these grants. [`Granted`] wraps a function's table port and
//! refuses, before the request reaches the
//! table, what those statements would deny: every key a request names must
//! fall under a prefix granting its action (`ForAllValues:StringLike` on
//! `dynamodb:LeadingKeys`), a transaction is authorised write by write
//! (PutItem, UpdateItem, DeleteItem, ConditionCheckItem), and an index
//! query by its index partition. A write of an item that expires, whose
//! condition holds for an absent item, may also send the DeleteItem of an
//! expired item in its way (the DynamoDB adapter does), so it needs that
//! grant too. The refusal names the function, the action and the key.

use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use domain::ports::{
    Clock, Condition, Index, Item, Key, Page, Query, Table, TableError, Update, Write, EXPIRES_AT,
};
use serde::Deserialize;

/// One function's table grant.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct TableGrant {
    /// Partition-key prefix -> the item actions allowed under it.
    #[serde(default)]
    items: BTreeMap<String, Vec<String>>,
    /// GSI1 partition-key prefixes it may query.
    #[serde(default)]
    gsi1: Vec<String>,
}

impl TableGrant {
    /// This grant without the one action under one prefix: what a test
    /// uses to show that a missing grant fails.
    pub fn without(mut self, prefix: &str, action: &str) -> TableGrant {
        if let Some(actions) = self.items.get_mut(prefix) {
            actions.retain(|a| a != action);
        }
        self
    }

    fn allows(&self, action: &str, pk: &str) -> bool {
        self.items
            .iter()
            .any(|(prefix, actions)| pk.starts_with(prefix) && actions.iter().any(|a| a == action))
    }

    fn allows_index(&self, pk: &str) -> bool {
        self.gsi1.iter().any(|prefix| pk.starts_with(prefix))
    }
}

/// A function's table, refusing what its grant does not allow.
pub struct Granted {
    inner: Arc<dyn Table>,
    function: String,
    grant: TableGrant,
}

impl Granted {
    /// `function`'s view of `table` under its `grant`.
    pub fn new(function: &str, grant: TableGrant, table: Arc<dyn Table>) -> Self {
        Self {
            inner: table,
            function: function.to_string(),
            grant,
        }
    }

    fn check(&self, action: &str, pk: &str) -> Result<(), TableError> {
        if self.grant.allows(action, pk) {
            return Ok(());
        }
        Err(self.denied(action, pk, ""))
    }

    fn denied(&self, action: &str, pk: &str, on: &str) -> TableError {
        TableError::Backend(format!(
            "AccessDeniedException: function '{}' is not granted dynamodb:{action}{on} on partition '{pk}' (shared/function-access.json)",
            self.function
        ))
    }

    /// A write of an item that expires, whose condition holds for an absent
    /// item, may first delete an expired item in its way.
    fn check_expiring_write(
        &self,
        pk: &str,
        expires: bool,
        condition: &Condition,
    ) -> Result<(), TableError> {
        if expires && condition.holds_when_absent() {
            self.check("DeleteItem", pk)?;
        }
        Ok(())
    }

    fn check_put(&self, item: &Item, condition: &Condition) -> Result<(), TableError> {
        let pk = partition(item);
        self.check("PutItem", pk)?;
        self.check_expiring_write(pk, item.contains_key(EXPIRES_AT), condition)
    }

    fn check_update(&self, key: &Key, update: &Update) -> Result<(), TableError> {
        self.check("UpdateItem", &key.pk)?;
        let expires = update.set.contains_key(EXPIRES_AT);
        self.check_expiring_write(&key.pk, expires, &update.condition)
    }

    fn check_write(&self, write: &Write) -> Result<(), TableError> {
        match write {
            Write::Put { item, condition } => self.check_put(item, condition),
            Write::Update { key, update } => self.check_update(key, update),
            Write::Delete { key, .. } => self.check("DeleteItem", &key.pk),
            Write::Check { key, .. } => self.check("ConditionCheckItem", &key.pk),
        }
    }
}

fn partition(item: &Item) -> &str {
    item.get(domain::ports::PK)
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default()
}

#[async_trait]
impl Table for Granted {
    async fn get(&self, key: &Key) -> Result<Option<Item>, TableError> {
        self.check("GetItem", &key.pk)?;
        self.inner.get(key).await
    }

    async fn put(&self, item: Item, condition: Condition) -> Result<(), TableError> {
        self.check_put(&item, &condition)?;
        self.inner.put(item, condition).await
    }

    async fn update(&self, key: &Key, update: Update) -> Result<Item, TableError> {
        self.check_update(key, &update)?;
        self.inner.update(key, update).await
    }

    async fn delete(&self, key: &Key, condition: Condition) -> Result<(), TableError> {
        self.check("DeleteItem", &key.pk)?;
        self.inner.delete(key, condition).await
    }

    async fn query(&self, query: Query) -> Result<Page, TableError> {
        match query.index {
            Index::Table => self.check("Query", &query.pk)?,
            Index::Gsi1 if self.grant.allows_index(&query.pk) => {}
            Index::Gsi1 => return Err(self.denied("Query", &query.pk, " on index gsi1")),
        }
        self.inner.query(query).await
    }

    async fn batch_get(&self, keys: &[Key]) -> Result<Vec<Item>, TableError> {
        for key in keys {
            self.check("BatchGetItem", &key.pk)?;
        }
        self.inner.batch_get(keys).await
    }

    async fn transact(&self, writes: Vec<Write>) -> Result<(), TableError> {
        for write in &writes {
            self.check_write(write)?;
        }
        self.inner.transact(writes).await
    }

    fn request_count(&self) -> u64 {
        self.inner.request_count()
    }

    fn on_clock(&self, clock: Arc<dyn Clock>) -> Arc<dyn Table> {
        Arc::new(Self {
            inner: self.inner.on_clock(clock),
            function: self.function.clone(),
            grant: self.grant.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A table that answers nothing: what matters is whether a request gets past the grant.
    struct Nothing;

    #[async_trait]
    impl Table for Nothing {
        async fn get(&self, _: &Key) -> Result<Option<Item>, TableError> {
            Ok(None)
        }
        async fn put(&self, _: Item, _: Condition) -> Result<(), TableError> {
            Ok(())
        }
        async fn update(&self, _: &Key, _: Update) -> Result<Item, TableError> {
            Ok(Item::new())
        }
        async fn delete(&self, _: &Key, _: Condition) -> Result<(), TableError> {
            Ok(())
        }
        async fn query(&self, _: Query) -> Result<Page, TableError> {
            Ok(Page::default())
        }
        async fn batch_get(&self, _: &[Key]) -> Result<Vec<Item>, TableError> {
            Ok(Vec::new())
        }
        async fn transact(&self, _: Vec<Write>) -> Result<(), TableError> {
            Ok(())
        }
        fn request_count(&self) -> u64 {
            0
        }
        fn on_clock(&self, _: Arc<dyn Clock>) -> Arc<dyn Table> {
            Arc::new(Nothing)
        }
    }

    /// Grants shaped as shared/function-access.json writes them.
    fn grant_of(name: &str) -> TableGrant {
        let grant = match name {
            "catalog" => {
                json!({ "items": { "CATALOG#": ["GetItem", "Query"] }, "gsi1": ["COLLECTION#"] })
            }
            "orders" => json!({ "items": { "USER#": ["GetItem", "Query", "UpdateItem"] } }),
            "cart" => {
                json!({ "items": { "USER#": ["GetItem", "Query"], "CATALOG#PRODUCT": ["GetItem", "BatchGetItem"] } })
            }
            "payment" => {
                json!({ "items": { "USER#": ["GetItem", "PutItem", "UpdateItem"], "MAIL#CONFIRMATION": ["PutItem"] } })
            }
            "requests" => json!({ "items": { "RATE#": ["UpdateItem", "DeleteItem"] } }),
            _ => json!({}),
        };
        serde_json::from_value(grant).unwrap()
    }

    fn as_function(name: &str) -> Granted {
        Granted::new(name, grant_of(name), Arc::new(Nothing))
    }

    fn item(value: serde_json::Value) -> Item {
        value.as_object().unwrap().clone()
    }

    fn denied<T: std::fmt::Debug>(result: Result<T, TableError>, says: &str) {
        match result {
            Err(TableError::Backend(message)) => {
                assert!(
                    message.contains("AccessDeniedException") && message.contains(says),
                    "{message}"
                )
            }
            other => panic!("expected a denial naming {says}, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn each_action_needs_its_prefix() {
        let catalog = as_function("catalog");
        assert!(catalog
            .get(&Key::new("CATALOG#PRODUCT", "p1"))
            .await
            .is_ok());
        denied(
            catalog.get(&Key::new("USER#u1", "PROFILE")).await,
            "'catalog' is not granted dynamodb:GetItem on partition 'USER#u1'",
        );
        denied(
            catalog
                .put(
                    item(json!({"pk": "CATALOG#PRODUCT", "sk": "p1"})),
                    Condition::None,
                )
                .await,
            "PutItem",
        );
        let orders = as_function("orders");
        assert!(orders.query(Query::partition("USER#u1")).await.is_ok());
        denied(
            orders
                .delete(&Key::new("USER#u1", "ORDER#1"), Condition::None)
                .await,
            "DeleteItem",
        );
    }

    #[tokio::test]
    async fn a_batch_needs_every_key_and_an_index_query_its_index_partition() {
        let cart = as_function("cart");
        let keys = [
            Key::new("CATALOG#PRODUCT", "p1"),
            Key::new("EMAIL#a@b.c", "CREDENTIALS"),
        ];
        denied(
            cart.batch_get(&keys[..]).await,
            "BatchGetItem on partition 'EMAIL#a@b.c'",
        );
        assert!(cart.batch_get(&keys[..1]).await.is_ok());
        let catalog = as_function("catalog");
        assert!(catalog.query(Query::on_gsi1("COLLECTION#c1")).await.is_ok());
        denied(
            catalog.query(Query::on_gsi1("ORDERS#pending")).await,
            "Query on index gsi1",
        );
        denied(
            catalog.query(Query::partition("COLLECTION#c1")).await,
            "dynamodb:Query on partition",
        );
    }

    #[tokio::test]
    async fn a_transaction_is_authorised_write_by_write() {
        let payment = as_function("payment");
        let order = Write::Put {
            item: item(json!({"pk": "USER#u1", "sk": "ORDER#1"})),
            condition: Condition::NotExists,
        };
        let marker = Write::Put {
            item: item(json!({"pk": "MAIL#CONFIRMATION", "sk": "1"})),
            condition: Condition::None,
        };
        assert!(payment.transact(vec![order.clone(), marker]).await.is_ok());
        let check = Write::Check {
            key: Key::new("USER#u1", "PROFILE"),
            condition: Condition::Exists,
        };
        denied(
            payment.transact(vec![order, check]).await,
            "ConditionCheckItem",
        );
    }

    #[tokio::test]
    async fn an_expiring_write_that_may_replace_an_expired_item_needs_delete_too() {
        let requests = as_function("requests");
        let counter = Update {
            set: item(json!({"expiresAt": 1})),
            add: vec![("n".into(), 1)],
            condition: Condition::AbsentOrBelow("n".into(), 5),
            ..Update::default()
        };
        assert!(requests
            .update(&Key::new("RATE#request#1", "N"), counter.clone())
            .await
            .is_ok());
        let without_delete = Granted::new(
            "requests",
            grant_of("requests").without("RATE#", "DeleteItem"),
            Arc::new(Nothing),
        );
        denied(
            without_delete
                .update(&Key::new("RATE#request#1", "N"), counter)
                .await,
            "DeleteItem",
        );
    }

    #[tokio::test]
    async fn no_grant_touches_nothing() {
        let stranger = as_function("gift-cards");
        denied(
            stranger.get(&Key::new("CATALOG#PRODUCT", "p1")).await,
            "'gift-cards'",
        );
    }
}
