//! The cases of the conformance suite: each gets a fresh, empty table.

use std::sync::Arc;

use domain::ports::{
    Condition, Cursor, Item, Key, Page, Query, SortKey, Table, TableError, Update, Write, GSI1_PK,
    GSI1_SK, PK, SK,
};
use serde_json::{json, Value};

type T = Arc<dyn Table>;

/// Now by the system's clock, the tables' own until they are given another.
fn now() -> i64 {
    domain::timestamp::Timestamp::now().unix()
}

fn item(value: Value) -> Item {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

async fn put(table: &T, value: Value) {
    table.put(item(value), Condition::None).await.expect("put");
}

async fn get(table: &T, pk: &str, sk: &str) -> Option<Item> {
    table.get(&Key::new(pk, sk)).await.expect("get")
}

fn sks(items: &[Item]) -> Vec<String> {
    items
        .iter()
        .map(|i| i[SK].as_str().expect("sk").to_owned())
        .collect()
}

async fn query(table: &T, query: Query) -> Page {
    table.query(query).await.expect("query")
}

/// Every item of a query, following cursors; also answers the page count.
async fn all_pages(table: &T, first: Query) -> (Vec<Item>, usize) {
    let mut items = Vec::new();
    let mut pages = 0;
    let mut next = None;
    loop {
        let page = query(table, first.clone().start_after(next)).await;
        pages += 1;
        assert!(pages < 200, "pagination does not end");
        items.extend(page.items);
        match page.next {
            Some(cursor) => next = Some(cursor),
            None => return (items, pages),
        }
    }
}

fn set(pairs: Value) -> Update {
    Update {
        set: item(pairs),
        ..Update::default()
    }
}

fn invalid(result: Result<impl std::fmt::Debug, TableError>) {
    assert!(
        matches!(result, Err(TableError::InvalidItem(_))),
        "expected InvalidItem, got {result:?}"
    );
}

pub async fn put_get_round_trip(t: T) {
    let stored = json!({"pk": "USER#1", "sk": "PROFILE", "name": "Ada", "tags": ["a", "b"], "address": {"city": "Paris", "zip": "75001"}});
    put(&t, stored.clone()).await;
    assert_eq!(get(&t, "USER#1", "PROFILE").await, Some(item(stored)));
    assert_eq!(get(&t, "USER#1", "OTHER").await, None);
    assert_eq!(get(&t, "USER#2", "PROFILE").await, None);
}

pub async fn put_replaces_the_whole_item(t: T) {
    put(&t, json!({"pk": "P", "sk": "S", "a": 1})).await;
    put(&t, json!({"pk": "P", "sk": "S", "b": 2})).await;
    assert_eq!(
        get(&t, "P", "S").await,
        Some(item(json!({"pk": "P", "sk": "S", "b": 2})))
    );
}

pub async fn values_keep_their_types(t: T) {
    let stored = json!({
        "pk": "P", "sk": "S", "null": null, "yes": true, "no": false, "empty": "", "list": [], "map": {},
        "nested": [{"a": [1, "x", null, {"b": -2.5}]}], "big": 9007199254740993u64, "negative": -42,
        "fraction": 0.1, "whole": 3.0, "accents": "Crème brûlée — 日本 😀",
    });
    put(&t, stored).await;
    let read = Value::Object(get(&t, "P", "S").await.expect("stored"));
    // Whole floats read back as integers, as DynamoDB's numbers do.
    assert_eq!(read["whole"], json!(3));
    assert!(read["whole"].is_i64());
    assert_eq!(read["fraction"], json!(0.1));
    assert_eq!(read["big"], json!(9007199254740993u64));
    assert_eq!(read["null"], Value::Null);
    assert_eq!(read["nested"], json!([{"a": [1, "x", null, {"b": -2.5}]}]));
    assert_eq!(
        (
            read["yes"].clone(),
            read["no"].clone(),
            read["empty"].clone()
        ),
        (json!(true), json!(false), json!(""))
    );
    assert_eq!(
        (read["list"].clone(), read["map"].clone()),
        (json!([]), json!({}))
    );
    assert_eq!(read["accents"], json!("Crème brûlée — 日本 😀"));
}

pub async fn invalid_items_are_refused(t: T) {
    for bad in [
        json!({"sk": "S"}),
        json!({"pk": "P"}),
        json!({"pk": 1, "sk": "S"}),
        json!({"pk": "", "sk": "S"}),
        json!({"pk": "P", "sk": ""}),
        json!({"pk": "P", "sk": "S", "gsi1pk": ""}),
        json!({"pk": "P", "sk": "S", "gsi1pk": 5, "gsi1sk": "x"}),
        json!({"pk": "P", "sk": "S", "expiresAt": "tomorrow"}),
        json!({"pk": "x".repeat(2049), "sk": "S"}),
        json!({"pk": "P", "sk": "x".repeat(1025)}),
    ] {
        invalid(t.put(item(bad), Condition::None).await);
    }
    invalid(t.get(&Key::new("", "S")).await);
    // A null index key (serde's None) means "not in the index".
    put(
        &t,
        json!({"pk": "P", "sk": "S", "gsi1pk": null, "gsi1sk": null, "expiresAt": null}),
    )
    .await;
    assert_eq!(
        get(&t, "P", "S").await,
        Some(item(json!({"pk": "P", "sk": "S", "expiresAt": null})))
    );
}

pub async fn put_conditions(t: T) {
    let first = json!({"pk": "EMAIL#a@b.c", "sk": "EMAIL", "user": "1", "version": 1});
    t.put(item(first.clone()), Condition::NotExists)
        .await
        .expect("first put");
    let second = item(json!({"pk": "EMAIL#a@b.c", "sk": "EMAIL", "user": "2"}));
    assert_eq!(
        t.put(second.clone(), Condition::NotExists).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(get(&t, "EMAIL#a@b.c", "EMAIL").await, Some(item(first)));

    let absent = item(json!({"pk": "ABSENT", "sk": "S"}));
    assert_eq!(
        t.put(absent.clone(), Condition::Exists).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        t.put(absent, Condition::Equals("version".into(), json!(1)))
            .await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(get(&t, "ABSENT", "S").await, None);

    let v2 = item(json!({"pk": "EMAIL#a@b.c", "sk": "EMAIL", "user": "1", "version": 2}));
    assert_eq!(
        t.put(v2.clone(), Condition::Equals("version".into(), json!(2)))
            .await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        t.put(v2.clone(), Condition::Equals("version".into(), json!("1")))
            .await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        t.put(v2.clone(), Condition::Equals("missing".into(), json!(1)))
            .await,
        Err(TableError::ConditionFailed)
    );
    t.put(v2.clone(), Condition::Equals("version".into(), json!(1)))
        .await
        .expect("version matches");
    t.put(second, Condition::Exists).await.expect("exists");
    assert_eq!(
        get(&t, "EMAIL#a@b.c", "EMAIL").await.expect("item")["user"],
        json!("2")
    );
    t.put(v2, Condition::Equals("user".into(), json!("2")))
        .await
        .expect("string matches");
}

pub async fn delete_conditions(t: T) {
    t.delete(&Key::new("NONE", "S"), Condition::None)
        .await
        .expect("deleting nothing is fine");
    assert_eq!(
        t.delete(&Key::new("NONE", "S"), Condition::Exists).await,
        Err(TableError::ConditionFailed)
    );
    put(&t, json!({"pk": "RESET#h", "sk": "RESET", "user": "1"})).await;
    let key = Key::new("RESET#h", "RESET");
    assert_eq!(
        t.delete(&key, Condition::Equals("user".into(), json!("2")))
            .await,
        Err(TableError::ConditionFailed)
    );
    assert!(get(&t, "RESET#h", "RESET").await.is_some());
    t.delete(&key, Condition::Equals("user".into(), json!("1")))
        .await
        .expect("matching delete");
    assert_eq!(get(&t, "RESET#h", "RESET").await, None);
    // Used once: a second conditional delete fails.
    assert_eq!(
        t.delete(&key, Condition::Exists).await,
        Err(TableError::ConditionFailed)
    );
}

pub async fn update_set_add_remove(t: T) {
    let key = Key::new("USER#1", "CART#a");
    let update = Update {
        set: item(json!({"name": "Coat"})),
        add: vec![("qty".into(), 2)],
        ..Update::default()
    };
    let created = t.update(&key, update).await.expect("update creates");
    assert_eq!(
        created,
        item(json!({"pk": "USER#1", "sk": "CART#a", "name": "Coat", "qty": 2}))
    );
    let update = Update {
        add: vec![("qty".into(), -5), ("seen".into(), 1)],
        remove: vec!["name".into(), "none".into()],
        ..Update::default()
    };
    let changed = t.update(&key, update).await.expect("update changes");
    assert_eq!(
        changed,
        item(json!({"pk": "USER#1", "sk": "CART#a", "qty": -3, "seen": 1}))
    );
    assert_eq!(get(&t, "USER#1", "CART#a").await, Some(changed));
    let nested = t
        .update(
            &key,
            set(json!({"snapshot": {"price": 120.5, "sizes": ["S", "M"]}})),
        )
        .await
        .expect("set map");
    assert_eq!(
        nested["snapshot"],
        json!({"price": 120.5, "sizes": ["S", "M"]})
    );
}

pub async fn update_conditions(t: T) {
    let key = Key::new("ORDER", "1");
    let guarded = |condition| Update {
        set: item(json!({"status": "paid"})),
        condition,
        ..Update::default()
    };
    assert_eq!(
        t.update(&key, guarded(Condition::Exists)).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        get(&t, "ORDER", "1").await,
        None,
        "a failed update creates nothing"
    );
    put(
        &t,
        json!({"pk": "ORDER", "sk": "1", "status": "new", "version": 3}),
    )
    .await;
    assert_eq!(
        t.update(&key, guarded(Condition::NotExists)).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        t.update(&key, guarded(Condition::Equals("version".into(), json!(2))))
            .await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        get(&t, "ORDER", "1").await.expect("order")["status"],
        json!("new")
    );
    let mut update = guarded(Condition::Equals("version".into(), json!(3)));
    update.add.push(("version".into(), 1));
    let paid = t.update(&key, update).await.expect("version matches");
    assert_eq!(
        (paid["status"].clone(), paid["version"].clone()),
        (json!("paid"), json!(4))
    );
    let fresh = t
        .update(&Key::new("ORDER", "2"), guarded(Condition::NotExists))
        .await
        .expect("not exists");
    assert_eq!(fresh["status"], json!("paid"));
}

pub async fn update_refuses_key_changes_and_bad_adds(t: T) {
    put(&t, json!({"pk": "P", "sk": "S", "name": "x"})).await;
    let key = Key::new("P", "S");
    invalid(t.update(&key, set(json!({"pk": "Q"}))).await);
    invalid(
        t.update(
            &key,
            Update {
                remove: vec!["sk".into()],
                ..Update::default()
            },
        )
        .await,
    );
    invalid(
        t.update(
            &key,
            Update {
                add: vec![("name".into(), 1)],
                ..Update::default()
            },
        )
        .await,
    );
    invalid(t.update(&key, set(json!({"gsi1pk": ""}))).await);
    invalid(
        t.update(
            &key,
            Update {
                set: item(json!({"a": 1})),
                remove: vec!["a".into()],
                ..Update::default()
            },
        )
        .await,
    );
    assert_eq!(
        get(&t, "P", "S").await,
        Some(item(json!({"pk": "P", "sk": "S", "name": "x"})))
    );
}

pub async fn update_with_nothing_creates_the_key(t: T) {
    let created = t
        .update(&Key::new("P", "S"), Update::default())
        .await
        .expect("empty update");
    assert_eq!(created, item(json!({"pk": "P", "sk": "S"})));
    assert_eq!(get(&t, "P", "S").await, Some(created));
}

async fn seed_orders(t: &T) {
    for sk in [
        "ADDR#1", "CART#1", "ORDER#1", "ORDER#10", "ORDER#2", "ORDER#3", "PROFILE", "WISH#9",
    ] {
        put(t, json!({"pk": "USER#1", "sk": sk})).await;
    }
    put(t, json!({"pk": "USER#2", "sk": "ORDER#1"})).await;
    put(t, json!({"pk": "USER#10", "sk": "ORDER#1"})).await;
}

pub async fn query_sort_key_conditions(t: T) {
    seed_orders(&t).await;
    let user = || Query::partition("USER#1");
    let all = query(&t, user()).await;
    assert_eq!(
        sks(&all.items),
        ["ADDR#1", "CART#1", "ORDER#1", "ORDER#10", "ORDER#2", "ORDER#3", "PROFILE", "WISH#9"]
    );
    assert_eq!(all.next, None);
    assert_eq!(
        sks(&query(&t, user().begins_with("ORDER#")).await.items),
        ["ORDER#1", "ORDER#10", "ORDER#2", "ORDER#3"]
    );
    assert_eq!(
        sks(&query(&t, user().begins_with("ORDER#1")).await.items),
        ["ORDER#1", "ORDER#10"]
    );
    assert_eq!(
        sks(&query(&t, user().between("CART#1", "ORDER#2")).await.items),
        ["CART#1", "ORDER#1", "ORDER#10", "ORDER#2"]
    );
    let exact = Query {
        sk: SortKey::Equals("PROFILE".into()),
        ..user()
    };
    assert_eq!(sks(&query(&t, exact).await.items), ["PROFILE"]);
    assert!(query(&t, Query::partition("USER#3")).await.items.is_empty());
    assert_eq!(query(&t, Query::partition("USER#10")).await.items.len(), 1);
}

pub async fn query_descending(t: T) {
    seed_orders(&t).await;
    let newest = query(
        &t,
        Query::partition("USER#1")
            .begins_with("ORDER#")
            .descending(),
    )
    .await;
    assert_eq!(
        sks(&newest.items),
        ["ORDER#3", "ORDER#2", "ORDER#10", "ORDER#1"]
    );
    let top2 = query(
        &t,
        Query::partition("USER#1")
            .begins_with("ORDER#")
            .descending()
            .limit(2),
    )
    .await;
    assert_eq!(sks(&top2.items), ["ORDER#3", "ORDER#2"]);
    assert!(top2.next.is_some());
}

pub async fn query_edge_cases(t: T) {
    seed_orders(&t).await;
    invalid(t.query(Query::partition("USER#1").limit(0)).await);
    assert_eq!(
        query(&t, Query::partition("USER#1").begins_with(""))
            .await
            .items
            .len(),
        8
    );
    assert!(query(&t, Query::partition("USER#1").between("Z", "A"))
        .await
        .items
        .is_empty());
    assert_eq!(
        sks(&query(&t, Query::partition("USER#1").between("", "B"))
            .await
            .items),
        ["ADDR#1"]
    );
    assert!(query(&t, Query::partition("")).await.items.is_empty());
    assert!(query(&t, Query::on_gsi1("")).await.items.is_empty());
    let prefix_past_everything = Query::partition("USER#1").begins_with("\u{10FFFF}");
    assert!(query(&t, prefix_past_everything).await.items.is_empty());
}

pub async fn table_pagination(t: T) {
    for i in 0..23 {
        put(
            &t,
            json!({"pk": "CATALOG#product", "sk": format!("P#{i:03}"), "n": i}),
        )
        .await;
    }
    let (items, pages) = all_pages(&t, Query::partition("CATALOG#product").limit(5)).await;
    let expected: Vec<String> = (0..23).map(|i| format!("P#{i:03}")).collect();
    assert_eq!(sks(&items), expected);
    assert!((5..=6).contains(&pages), "{pages} pages of 5 for 23 items");
    let (items, _) = all_pages(
        &t,
        Query::partition("CATALOG#product").descending().limit(4),
    )
    .await;
    let reversed: Vec<String> = expected.iter().rev().cloned().collect();
    assert_eq!(sks(&items), reversed);
    let (items, _) = all_pages(
        &t,
        Query::partition("CATALOG#product")
            .between("P#005", "P#014")
            .limit(3),
    )
    .await;
    assert_eq!(sks(&items), expected[5..15]);
    // A page that ends exactly at the limit says where it stopped.
    let page = query(&t, Query::partition("CATALOG#product").limit(23)).await;
    assert_eq!(page.items.len(), 23);
    if let Some(next) = page.next {
        assert!(query(
            &t,
            Query::partition("CATALOG#product").start_after(Some(next))
        )
        .await
        .items
        .is_empty());
    }
}

pub async fn index_queries(t: T) {
    put(&t, json!({"pk": "PRODUCT#1", "sk": "PRODUCT", "gsi1pk": "COLLECTION#spring", "gsi1sk": "2024-03-01#1"})).await;
    put(&t, json!({"pk": "PRODUCT#2", "sk": "PRODUCT", "gsi1pk": "COLLECTION#spring", "gsi1sk": "2024-01-15#2"})).await;
    put(&t, json!({"pk": "PRODUCT#3", "sk": "PRODUCT", "gsi1pk": "COLLECTION#fall", "gsi1sk": "2024-02-01#3"})).await;
    put(&t, json!({"pk": "PRODUCT#4", "sk": "PRODUCT"})).await;
    // An item with only half of the index key is not in the index.
    put(
        &t,
        json!({"pk": "PRODUCT#5", "sk": "PRODUCT", "gsi1pk": "COLLECTION#spring"}),
    )
    .await;
    let spring = query(&t, Query::on_gsi1("COLLECTION#spring")).await;
    let pks: Vec<&str> = spring
        .items
        .iter()
        .map(|i| i[PK].as_str().expect("pk"))
        .collect();
    assert_eq!(pks, ["PRODUCT#2", "PRODUCT#1"]);
    assert_eq!(
        spring.items[0]["gsi1sk"],
        json!("2024-01-15#2"),
        "the index projects every attribute"
    );
    let newest = query(
        &t,
        Query::on_gsi1("COLLECTION#spring").descending().limit(1),
    )
    .await;
    assert_eq!(newest.items[0][PK], json!("PRODUCT#1"));
    assert_eq!(
        query(
            &t,
            Query::on_gsi1("COLLECTION#spring").begins_with("2024-01")
        )
        .await
        .items
        .len(),
        1
    );
    assert_eq!(
        query(
            &t,
            Query::on_gsi1("COLLECTION#spring").between("2024-02", "2024-04")
        )
        .await
        .items
        .len(),
        1
    );
    // The index follows updates: in, moved, and out.
    let key4 = Key::new("PRODUCT#4", "PRODUCT");
    t.update(
        &key4,
        set(json!({"gsi1pk": "COLLECTION#spring", "gsi1sk": "2024-04-01#4"})),
    )
    .await
    .expect("into index");
    assert_eq!(
        query(&t, Query::on_gsi1("COLLECTION#spring"))
            .await
            .items
            .len(),
        3
    );
    t.update(&key4, set(json!({"gsi1pk": "COLLECTION#fall"})))
        .await
        .expect("moved");
    assert_eq!(
        query(&t, Query::on_gsi1("COLLECTION#fall"))
            .await
            .items
            .len(),
        2
    );
    t.update(
        &key4,
        Update {
            remove: vec![GSI1_PK.into()],
            ..Update::default()
        },
    )
    .await
    .expect("out");
    t.update(
        &Key::new("PRODUCT#1", "PRODUCT"),
        set(json!({"gsi1pk": null})),
    )
    .await
    .expect("null leaves");
    assert_eq!(
        query(&t, Query::on_gsi1("COLLECTION#fall"))
            .await
            .items
            .len(),
        1
    );
    assert_eq!(
        query(&t, Query::on_gsi1("COLLECTION#spring"))
            .await
            .items
            .len(),
        1
    );
    t.delete(&Key::new("PRODUCT#3", "PRODUCT"), Condition::None)
        .await
        .expect("delete");
    assert!(query(&t, Query::on_gsi1("COLLECTION#fall"))
        .await
        .items
        .is_empty());
}

pub async fn index_pagination_with_ties(t: T) {
    for i in 0..14 {
        let status = ["PAID", "SHIPPED", "NEW"][i % 3];
        put(&t, json!({"pk": format!("USER#{}", i % 4), "sk": format!("ORDER#{i:02}"), "gsi1pk": "ORDERS", "gsi1sk": status})).await;
    }
    for descending in [false, true] {
        let mut first = Query::on_gsi1("ORDERS").limit(4);
        if descending {
            first = first.descending();
        }
        let (items, _) = all_pages(&t, first).await;
        let mut keys: Vec<(String, String)> = items
            .iter()
            .map(|i| {
                (
                    i[PK].as_str().unwrap().into(),
                    i[SK].as_str().unwrap().into(),
                )
            })
            .collect();
        let statuses: Vec<&str> = items.iter().map(|i| i[GSI1_SK].as_str().unwrap()).collect();
        let mut sorted = statuses.clone();
        sorted.sort();
        if descending {
            sorted.reverse();
        }
        assert_eq!(statuses, sorted, "index order");
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 14, "every item once across pages");
    }
    let (shipped, _) = all_pages(&t, Query::on_gsi1("ORDERS").begins_with("SHIP").limit(2)).await;
    assert_eq!(shipped.len(), 5);
}

pub async fn cursors_are_keys(t: T) {
    put(
        &t,
        json!({"pk": "A", "sk": "1", "gsi1pk": "G", "gsi1sk": "x", "body": "text"}),
    )
    .await;
    put(
        &t,
        json!({"pk": "A", "sk": "2", "gsi1pk": "G", "gsi1sk": "y", "body": "text"}),
    )
    .await;
    let page = query(&t, Query::partition("A").limit(1)).await;
    assert_eq!(page.next, Some(Cursor(item(json!({"pk": "A", "sk": "1"})))));
    let page = query(&t, Query::on_gsi1("G").limit(1)).await;
    assert_eq!(
        page.next,
        Some(Cursor(item(
            json!({"pk": "A", "sk": "1", "gsi1pk": "G", "gsi1sk": "x"})
        )))
    );
    // A cursor written by hand (e.g. decoded from an API token) works too.
    let hand = Cursor(item(
        json!({"pk": "A", "sk": "1", "gsi1pk": "G", "gsi1sk": "x"}),
    ));
    assert_eq!(
        sks(&query(&t, Query::on_gsi1("G").start_after(Some(hand)))
            .await
            .items),
        ["2"]
    );
}

pub async fn batch_get(t: T) {
    for i in 0..5 {
        put(
            &t,
            json!({"pk": "CATALOG#product", "sk": format!("P#{i}"), "n": i}),
        )
        .await;
    }
    let keys: Vec<Key> = ["P#1", "P#3", "P#9", "P#1", "P#4"]
        .iter()
        .map(|sk| Key::new("CATALOG#product", *sk))
        .collect();
    let mut found = sks(&t.batch_get(&keys).await.expect("batch get"));
    found.sort();
    assert_eq!(found, ["P#1", "P#3", "P#4"]);
    assert!(t.batch_get(&[]).await.expect("empty batch").is_empty());
    let hundred: Vec<Key> = (0..100)
        .map(|i| Key::new("CATALOG#product", format!("P#{i}")))
        .collect();
    assert_eq!(t.batch_get(&hundred).await.expect("100 keys").len(), 5);
    let too_many: Vec<Key> = (0..101)
        .map(|i| Key::new("CATALOG#product", format!("P#{i}")))
        .collect();
    invalid(t.batch_get(&too_many).await);
}

pub async fn transact_all_or_nothing(t: T) {
    put(&t, json!({"pk": "USER#1", "sk": "ADDR#a", "default": true})).await;
    put(&t, json!({"pk": "USER#1", "sk": "CART#x", "qty": 1})).await;
    put(&t, json!({"pk": "USER#1", "sk": "PROFILE", "version": 7})).await;
    let writes = vec![
        Write::Put {
            item: item(json!({"pk": "USER#1", "sk": "ADDR#b", "default": true})),
            condition: Condition::NotExists,
        },
        Write::Update {
            key: Key::new("USER#1", "ADDR#a"),
            update: set(json!({"default": false})),
        },
        Write::Delete {
            key: Key::new("USER#1", "CART#x"),
            condition: Condition::Exists,
        },
        Write::Check {
            key: Key::new("USER#1", "PROFILE"),
            condition: Condition::Equals("version".into(), json!(7)),
        },
    ];
    t.transact(writes).await.expect("transaction");
    assert_eq!(
        get(&t, "USER#1", "ADDR#a").await.expect("a")["default"],
        json!(false)
    );
    assert_eq!(
        get(&t, "USER#1", "ADDR#b").await.expect("b")["default"],
        json!(true)
    );
    assert_eq!(get(&t, "USER#1", "CART#x").await, None);

    let before = query(&t, Query::partition("USER#1")).await.items;
    let writes = vec![
        Write::Put {
            item: item(json!({"pk": "USER#1", "sk": "ADDR#c"})),
            condition: Condition::NotExists,
        },
        Write::Update {
            key: Key::new("USER#1", "ADDR#b"),
            update: Update {
                set: item(json!({"default": false})),
                add: vec![("n".into(), 1)],
                condition: Condition::Equals("default".into(), json!(false)),
                ..Update::default()
            },
        },
        Write::Delete {
            key: Key::new("USER#1", "ADDR#a"),
            condition: Condition::None,
        },
        Write::Check {
            key: Key::new("USER#1", "PROFILE"),
            condition: Condition::Equals("version".into(), json!(8)),
        },
        Write::Check {
            key: Key::new("USER#1", "NOTHING"),
            condition: Condition::None,
        },
    ];
    let refused = t.transact(writes).await;
    assert_eq!(
        refused,
        Err(TableError::TransactionCanceled {
            conditions: vec![false, true, false, true, false]
        })
    );
    assert_eq!(
        query(&t, Query::partition("USER#1")).await.items,
        before,
        "nothing of a canceled transaction is written"
    );
    t.transact(Vec::new())
        .await
        .expect("an empty transaction does nothing");
}

pub async fn transact_refusals(t: T) {
    let twice = vec![
        Write::Put {
            item: item(json!({"pk": "P", "sk": "S"})),
            condition: Condition::None,
        },
        Write::Delete {
            key: Key::new("P", "S"),
            condition: Condition::None,
        },
    ];
    invalid(t.transact(twice).await);
    let bad_item = vec![Write::Put {
        item: item(json!({"pk": "P"})),
        condition: Condition::None,
    }];
    invalid(t.transact(bad_item).await);
    let too_many: Vec<Write> = (0..101)
        .map(|i| Write::Check {
            key: Key::new("P", format!("{i}")),
            condition: Condition::None,
        })
        .collect();
    invalid(t.transact(too_many).await);
    put(&t, json!({"pk": "P", "sk": "name", "name": "x"})).await;
    let bad_add = vec![
        Write::Put {
            item: item(json!({"pk": "P", "sk": "other"})),
            condition: Condition::None,
        },
        Write::Update {
            key: Key::new("P", "name"),
            update: Update {
                add: vec![("name".into(), 1)],
                ..Update::default()
            },
        },
    ];
    invalid(t.transact(bad_add).await);
    assert_eq!(get(&t, "P", "other").await, None);
    let hundred: Vec<Write> = (0..100)
        .map(|i| Write::Put {
            item: item(json!({"pk": "H", "sk": format!("{i:03}")})),
            condition: Condition::None,
        })
        .collect();
    t.transact(hundred).await.expect("100 writes");
    assert_eq!(all_pages(&t, Query::partition("H")).await.0.len(), 100);
}

pub async fn expired_items_are_absent(t: T) {
    let past = now() - 10;
    let future = now() + 3600;
    put(&t, json!({"pk": "S", "sk": "old", "expiresAt": past, "gsi1pk": "G", "gsi1sk": "old", "secret": "x"})).await;
    put(
        &t,
        json!({"pk": "S", "sk": "new", "expiresAt": future, "gsi1pk": "G", "gsi1sk": "new"}),
    )
    .await;
    put(
        &t,
        json!({"pk": "S", "sk": "none", "expiresAt": null, "gsi1pk": "G", "gsi1sk": "none"}),
    )
    .await;
    assert_eq!(get(&t, "S", "old").await, None);
    assert!(get(&t, "S", "new").await.is_some());
    assert_eq!(
        sks(&query(&t, Query::partition("S")).await.items),
        ["new", "none"]
    );
    assert_eq!(query(&t, Query::on_gsi1("G")).await.items.len(), 2);
    let keys = [Key::new("S", "old"), Key::new("S", "new")];
    assert_eq!(sks(&t.batch_get(&keys).await.expect("batch")), ["new"]);
    let (paged, _) = all_pages(&t, Query::partition("S").limit(1)).await;
    assert_eq!(sks(&paged), ["new", "none"]);

    let old = Key::new("S", "old");
    assert_eq!(
        t.delete(&old, Condition::Exists).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        t.update(&old, set(json!({"a": 1})).with(Condition::Exists))
            .await,
        Err(TableError::ConditionFailed)
    );
    // An update starts from nothing: the expired item lends no attributes.
    let fresh = t
        .update(
            &old,
            Update {
                add: vec![("n".into(), 1)],
                ..Update::default()
            },
        )
        .await
        .expect("update");
    assert_eq!(fresh, item(json!({"pk": "S", "sk": "old", "n": 1})));
    put(&t, json!({"pk": "S", "sk": "old2", "expiresAt": past})).await;
    t.put(
        item(json!({"pk": "S", "sk": "old2", "v": 2})),
        Condition::NotExists,
    )
    .await
    .expect("not exists over expired");
    put(
        &t,
        json!({"pk": "S", "sk": "old3", "expiresAt": past, "v": 1}),
    )
    .await;
    let equals = Condition::Equals("v".into(), json!(1));
    assert_eq!(
        t.put(item(json!({"pk": "S", "sk": "old3"})), equals).await,
        Err(TableError::ConditionFailed)
    );
    put(&t, json!({"pk": "S", "sk": "old4", "expiresAt": past})).await;
    let created = t
        .update(
            &Key::new("S", "old4"),
            set(json!({"v": 1})).with(Condition::NotExists),
        )
        .await
        .expect("update not exists");
    assert_eq!(created, item(json!({"pk": "S", "sk": "old4", "v": 1})));
}

/// The table judges expiry by the clock it is given (the domain's, as
/// `App::set_clock` gives it): moved past an item's `expiresAt`, that clock
/// expires it for every operation, while the system's clock still reads it.
pub async fn a_moved_clock_expires_items(t: T) {
    let hour = 3600;
    let expiring = |sk: &str| json!({"pk": "C", "sk": sk, "expiresAt": now() + hour, "gsi1pk": "CG", "gsi1sk": sk});
    put(&t, expiring("a")).await;
    put(&t, expiring("b")).await;
    let ahead = store::AheadClock(std::time::Duration::from_secs(hour as u64 + 1));
    let later = t.on_clock(Arc::new(ahead));
    assert!(get(&later, "C", "a").await.is_none(), "get");
    assert!(query(&later, Query::partition("C")).await.items.is_empty());
    assert!(query(&later, Query::on_gsi1("CG")).await.items.is_empty());
    let both = [Key::new("C", "a"), Key::new("C", "b")];
    assert!(later.batch_get(&both).await.expect("batch").is_empty());
    later
        .put(
            item(json!({"pk": "C", "sk": "a", "v": 2})),
            Condition::NotExists,
        )
        .await
        .expect("an expired item counts as absent");
    let updated = later
        .update(
            &Key::new("C", "b"),
            Update {
                add: vec![("n".into(), 1)],
                ..Update::default()
            },
        )
        .await
        .expect("update");
    assert_eq!(
        updated,
        item(json!({"pk": "C", "sk": "b", "n": 1})),
        "starts empty"
    );
    put(&t, expiring("c")).await;
    assert!(
        get(&t, "C", "c").await.is_some(),
        "the system's clock reads it"
    );
    assert!(get(&later, "C", "c").await.is_none(), "the same data");
    assert_eq!(later.request_count(), t.request_count(), "the same table");
}

pub async fn expired_items_in_transactions(t: T) {
    let past = now() - 10;
    put(
        &t,
        json!({"pk": "T", "sk": "a", "expiresAt": past, "stale": true}),
    )
    .await;
    put(&t, json!({"pk": "T", "sk": "b", "expiresAt": past})).await;
    put(&t, json!({"pk": "T", "sk": "c", "expiresAt": past})).await;
    let writes = vec![
        Write::Update {
            key: Key::new("T", "a"),
            update: Update {
                add: vec![("n".into(), 1)],
                ..Update::default()
            },
        },
        Write::Put {
            item: item(json!({"pk": "T", "sk": "b"})),
            condition: Condition::NotExists,
        },
        Write::Check {
            key: Key::new("T", "c"),
            condition: Condition::NotExists,
        },
    ];
    t.transact(writes)
        .await
        .expect("expired items count as absent");
    assert_eq!(
        get(&t, "T", "a").await,
        Some(item(json!({"pk": "T", "sk": "a", "n": 1})))
    );
    let check = vec![Write::Check {
        key: Key::new("T", "c"),
        condition: Condition::Exists,
    }];
    assert_eq!(
        t.transact(check).await,
        Err(TableError::TransactionCanceled {
            conditions: vec![true]
        })
    );
}

pub async fn unicode_keys_sort_by_bytes(t: T) {
    for sk in ["Z", "a", "z", "é", "日本", "😀", "e\u{301}", "ß"] {
        put(
            &t,
            json!({"pk": "ÜSER#ünïcödé", "sk": sk, "label": format!("«{sk}»")}),
        )
        .await;
    }
    let items = query(&t, Query::partition("ÜSER#ünïcödé")).await.items;
    // UTF-8 byte order (code point order), as DynamoDB compares strings.
    assert_eq!(
        sks(&items),
        ["Z", "a", "e\u{301}", "z", "ß", "é", "日本", "😀"]
    );
    assert_eq!(
        get(&t, "ÜSER#ünïcödé", "日本").await.expect("cjk")["label"],
        json!("«日本»")
    );
    assert_eq!(
        sks(
            &query(&t, Query::partition("ÜSER#ünïcödé").begins_with("日"))
                .await
                .items
        ),
        ["日本"]
    );
    assert_eq!(
        sks(
            &query(&t, Query::partition("ÜSER#ünïcödé").between("ß", "日本"))
                .await
                .items
        ),
        ["ß", "é", "日本"]
    );
    assert_eq!(get(&t, "USER#unicode", "日本").await, None);
}

pub async fn large_items(t: T) {
    let big = "ab".repeat(150 * 1024);
    put(&t, json!({"pk": "BIG", "sk": "1", "text": big})).await;
    assert_eq!(
        get(&t, "BIG", "1").await.expect("big")["text"]
            .as_str()
            .map(str::len),
        Some(300 * 1024)
    );
    let too_big = "x".repeat(410 * 1024);
    invalid(
        t.put(
            item(json!({"pk": "BIG", "sk": "2", "text": too_big})),
            Condition::None,
        )
        .await,
    );
    let grow = Update {
        set: item(json!({"more": "y".repeat(150 * 1024)})),
        ..Update::default()
    };
    invalid(t.update(&Key::new("BIG", "1"), grow).await);
    assert_eq!(get(&t, "BIG", "2").await, None);
}

pub async fn pages_stop_at_one_megabyte(t: T) {
    for i in 0..5 {
        put(
            &t,
            json!({"pk": "HUGE", "sk": format!("{i}"), "text": "z".repeat(300 * 1024)}),
        )
        .await;
    }
    let first = query(&t, Query::partition("HUGE")).await;
    assert!(
        first.items.len() < 5 && first.next.is_some(),
        "a page holds at most 1 MB: got {}",
        first.items.len()
    );
    let (items, pages) = all_pages(&t, Query::partition("HUGE")).await;
    assert_eq!(sks(&items), ["0", "1", "2", "3", "4"]);
    assert!(pages >= 2);
}

pub async fn concurrent_adds_are_not_lost(t: T) {
    let key = Key::new("COUNTER", "hits");
    let tasks: Vec<_> = (0..40)
        .map(|_| {
            let (t, key) = (t.clone(), key.clone());
            tokio::spawn(async move {
                t.update(
                    &key,
                    Update {
                        add: vec![("n".into(), 1)],
                        ..Update::default()
                    },
                )
                .await
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task").expect("add");
    }
    assert_eq!(
        get(&t, "COUNTER", "hits").await.expect("counter")["n"],
        json!(40)
    );
}

pub async fn concurrent_creates_have_one_winner(t: T) {
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let t = t.clone();
            tokio::spawn(async move {
                t.put(
                    item(json!({"pk": "EMAIL#x", "sk": "EMAIL", "user": i})),
                    Condition::NotExists,
                )
                .await
            })
        })
        .collect();
    let mut winners = 0;
    for task in tasks {
        match task.await.expect("task") {
            Ok(()) => winners += 1,
            Err(TableError::ConditionFailed) => {}
            Err(other) => panic!("unexpected {other}"),
        }
    }
    assert_eq!(winners, 1);
}

pub async fn requests_are_counted(t: T) {
    let before = t.request_count();
    put(&t, json!({"pk": "P", "sk": "S"})).await;
    get(&t, "P", "S").await;
    query(&t, Query::partition("P")).await;
    t.batch_get(&[Key::new("P", "S"), Key::new("P", "T")])
        .await
        .expect("batch");
    assert_eq!(t.request_count() - before, 4, "one request per call");
}

trait WithCondition {
    fn with(self, condition: Condition) -> Self;
}

impl WithCondition for Update {
    fn with(mut self, condition: Condition) -> Self {
        self.condition = condition;
        self
    }
}

fn add(name: &str, delta: i64, condition: Condition) -> Update {
    Update {
        add: vec![(name.into(), delta)],
        condition,
        ..Update::default()
    }
}

/// Caps enforced by the write: `Below` needs the item, `AbsentOrBelow` starts from zero.
pub async fn counter_caps(t: T) {
    let line = Key::new("BAG", "line");
    assert_eq!(
        t.update(
            &line,
            add("quantity", 2, Condition::Below("quantity".into(), 9))
        )
        .await,
        Err(TableError::ConditionFailed),
        "Below needs the item"
    );
    put(&t, json!({"pk": "BAG", "sk": "line", "quantity": 7})).await;
    let below = |limit| add("quantity", 2, Condition::Below("quantity".into(), limit));
    assert_eq!(
        t.update(&line, below(8)).await.expect("7 < 8")["quantity"],
        json!(9)
    );
    assert_eq!(
        t.update(&line, below(9)).await,
        Err(TableError::ConditionFailed)
    );
    assert_eq!(
        get(&t, "BAG", "line").await.expect("line")["quantity"],
        json!(9)
    );

    let count = Key::new("BAG", "count");
    let up = || add("lines", 1, Condition::AbsentOrBelow("lines".into(), 2));
    assert_eq!(
        t.update(&count, up()).await.expect("absent")["lines"],
        json!(1)
    );
    assert_eq!(
        t.update(&count, up()).await.expect("1 < 2")["lines"],
        json!(2)
    );
    assert_eq!(
        t.update(&count, up()).await,
        Err(TableError::ConditionFailed)
    );
    put(&t, json!({"pk": "BAG", "sk": "words", "lines": "two"})).await;
    assert_eq!(
        t.update(&Key::new("BAG", "words"), up()).await,
        Err(TableError::ConditionFailed),
        "a string is never below a number"
    );
    put(&t, json!({"pk": "BAG", "sk": "other"})).await;
    assert_eq!(
        t.update(&Key::new("BAG", "other"), up())
            .await
            .expect("attribute absent")["lines"],
        json!(1)
    );
}

/// The caps in a transaction, and an expired counter that counts as absent.
pub async fn counter_caps_in_transactions(t: T) {
    let count = Key::new("BAG", "count");
    let new_line = |sk: &str| Write::Put {
        item: item(json!({"pk": "BAG", "sk": sk, "quantity": 1})),
        condition: Condition::NotExists,
    };
    let count_up = || Write::Update {
        key: count.clone(),
        update: add("lines", 1, Condition::AbsentOrBelow("lines".into(), 2)),
    };
    for sk in ["a", "b"] {
        t.transact(vec![new_line(sk), count_up()])
            .await
            .expect("room");
    }
    assert_eq!(
        t.transact(vec![new_line("c"), count_up()]).await,
        Err(TableError::TransactionCanceled {
            conditions: vec![false, true]
        })
    );
    assert_eq!(get(&t, "BAG", "c").await, None, "all or nothing");

    put(
        &t,
        json!({"pk": "BAG", "sk": "count", "lines": 2, "expiresAt": now() - 10}),
    )
    .await;
    t.transact(vec![new_line("c"), count_up()])
        .await
        .expect("an expired counter is absent");
    assert_eq!(
        get(&t, "BAG", "count").await.expect("count")["lines"],
        json!(1)
    );
    let stale = Key::new("BAG", "stale");
    put(
        &t,
        json!({"pk": "BAG", "sk": "stale", "lines": 5, "expiresAt": now() - 10}),
    )
    .await;
    let updated = t
        .update(
            &stale,
            add("lines", 1, Condition::AbsentOrBelow("lines".into(), 2)),
        )
        .await
        .expect("an expired item lends nothing");
    assert_eq!(updated["lines"], json!(1));
    assert_eq!(
        t.update(&stale, add("lines", 1, Condition::Below("lines".into(), 9)))
            .await
            .expect("live now")["lines"],
        json!(2)
    );
}

/// Concurrent adds under a cap: exactly as many succeed as the cap allows.
pub async fn concurrent_adds_respect_a_cap(t: T) {
    let key = Key::new("BAG", "line");
    put(&t, json!({"pk": "BAG", "sk": "line", "quantity": 0})).await;
    let adds = (0..12).map(|_| {
        let t = t.clone();
        let key = key.clone();
        tokio::spawn(async move {
            t.update(
                &key,
                add("quantity", 1, Condition::Below("quantity".into(), 5)),
            )
            .await
        })
    });
    let mut done = 0;
    for add in adds.collect::<Vec<_>>() {
        match add.await.expect("task") {
            Ok(_) => done += 1,
            Err(TableError::ConditionFailed) => {}
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(done, 5);
    assert_eq!(
        get(&t, "BAG", "line").await.expect("line")["quantity"],
        json!(5)
    );
}

// ---------------------------------------------------------------- accounts on each adapter
//
// The account rules the table keeps by its writes, held to both adapters:
// the bound on a shopper's sessions, revocation in one transaction, and
// reset links voided by a later reset or change.

mod accounts {
    use domain::accounts::{Accounts, Register, Reset, Sessions, MAX_SESSIONS};
    use domain::accounts::{Credentials, NewSession, PasswordReset, Session, UserProfile};
    use domain::ports::Query;
    use domain::timestamp::Timestamp;

    use super::{now, T};

    pub fn at(offset: i64) -> Timestamp {
        Timestamp::from_unix(now() + offset).expect("a time")
    }

    /// Ada's account, its password hashing to `h0`.
    pub async fn ada(t: &T) -> Credentials {
        let profile = UserProfile::social(
            "u-ada".into(),
            &domain::accounts::EmailAddress::parse("ada@example.com").expect("an address"),
            "Ada",
            "Lovelace",
            at(-100),
        );
        let credentials = profile.credentials(Some("h0".into()));
        let created = Accounts::of(&**t)
            .register(&profile, &credentials, None)
            .await
            .expect("register");
        assert_eq!(created, Register::Created);
        credentials
    }

    /// A new session of Ada's (family `family`), signed in at `created`.
    pub fn session(family: &str, created: Timestamp) -> Session {
        let who = NewSession {
            user_id: "u-ada".into(),
            email: "ada@example.com".into(),
            remember: true,
            provider: None,
            provider_token: None,
        };
        Session::start(who, family.into(), format!("hash-{family}"), created)
    }

    /// Every session item of Ada's in the table.
    pub async fn held(t: &T) -> Vec<Session> {
        t.read_all(Query::partition("USER#u-ada").begins_with("SESSION#"))
            .await
            .expect("sessions")
    }

    /// Signs Ada in `MAX_SESSIONS` times, a second apart, oldest first.
    pub async fn fill(t: &T) {
        for i in 0..MAX_SESSIONS {
            let opened = Sessions::of(&**t)
                .open(&session(&format!("f{i}"), at(i as i64 - 50)))
                .await;
            assert!(opened.is_ok(), "sign-in {i}: {opened:?}");
        }
        assert_eq!(held(t).await.len(), MAX_SESSIONS);
    }

    /// A reset link of Ada's, read back as the reset route reads it.
    /// Sent `issued` seconds from now.
    pub async fn link(t: &T, credentials: &Credentials, token: &str, issued: i64) -> PasswordReset {
        let accounts = Accounts::of(&**t);
        let reset = PasswordReset::new(credentials, token.into(), at(issued));
        accounts.request_reset(&reset).await.expect("stored");
        accounts
            .pending_reset(token)
            .await
            .expect("read")
            .expect("pending")
    }

    pub fn is_done(reset: &Result<Reset, domain::ports::TableError>) -> bool {
        matches!(reset, Ok(Reset::Done { .. }))
    }
}

/// Sign-ins racing on a shopper who holds the most sessions never leave
/// more than [`MAX_SESSIONS`]: the bound is held by the writes (one slot
/// each), not by a count read before them. The oldest goes first.
pub async fn sessions_stay_bounded_under_racing_sign_ins(t: T) {
    use domain::accounts::{Sessions, MAX_SESSIONS};
    accounts::ada(&t).await;
    accounts::fill(&t).await;
    // Read back, not worked out again from the clock: `at` moves with it,
    // and a slow run would name another session.
    let oldest = accounts::held(&t)
        .await
        .iter()
        .map(|s| s.created_at.unix())
        .min();
    let racing: Vec<_> = (0..6)
        .map(|i| {
            let t = t.clone();
            tokio::spawn(async move {
                let s = accounts::session(&format!("r{i}"), accounts::at(0));
                Sessions::of(&*t).open(&s).await.map(|_| ())
            })
        })
        .collect();
    let mut opened = 0;
    for race in racing {
        match race.await.expect("task") {
            Ok(()) => opened += 1,
            Err(TableError::ConditionFailed) => {}
            Err(other) => panic!("unexpected {other}"),
        }
    }
    assert!(opened >= 1, "some racing sign-in gets in");
    let held = accounts::held(&t).await;
    assert_eq!(held.len(), MAX_SESSIONS, "{held:#?}");
    assert!(
        held.iter().all(|s| Some(s.created_at.unix()) != oldest),
        "the oldest was evicted"
    );
}

/// A reset revokes every session in the one transaction that uses the link:
/// one request, however many sessions the shopper had.
pub async fn a_reset_revokes_every_session_in_one_request(t: T) {
    use domain::accounts::Accounts;
    let credentials = accounts::ada(&t).await;
    accounts::fill(&t).await;
    let pending = accounts::link(&t, &credentials, "t1", 0).await;
    let before = t.request_count();
    let reset = Accounts::of(&*t)
        .reset_password(&pending, "h1", accounts::at(5))
        .await;
    assert!(accounts::is_done(&reset));
    assert_eq!(t.request_count() - before, 1, "one transaction");
    assert!(accounts::held(&t).await.is_empty(), "every session ended");
}

/// Two links read as pending (two tabs, or a race): the newer voids the
/// older, using it voids it too, and a password change voids the links sent
/// before it. The credentials' write holds it, not the read before it.
pub async fn a_reset_or_change_voids_every_earlier_link(t: T) {
    use domain::accounts::{Accounts, Sessions};
    let credentials = accounts::ada(&t).await;
    let accounts_ = Accounts::of(&*t);
    let first = accounts::link(&t, &credentials, "t1", 0).await;
    let second = accounts::link(&t, &credentials, "t2", 0).await;
    let older = accounts_
        .reset_password(&first, "h0", accounts::at(5))
        .await;
    assert!(
        !accounts::is_done(&older),
        "a newer link voided it: {older:?}"
    );
    let used = accounts_
        .reset_password(&second, "h1", accounts::at(5))
        .await;
    assert!(accounts::is_done(&used));
    let again = accounts_
        .reset_password(&second, "h2", accounts::at(6))
        .await;
    assert!(!accounts::is_done(&again), "a link works once: {again:?}");
    let stored = accounts_.credentials("ada@example.com").await.unwrap();
    assert_eq!(stored.unwrap().password_hash.as_deref(), Some("h1"));

    // A link sent (and read) before a password change.
    let Some(credentials) = accounts_.credentials("ada@example.com").await.unwrap() else {
        panic!("credentials")
    };
    let third = accounts::link(&t, &credentials, "t3", 10).await;
    let _ = Sessions::of(&*t)
        .open(&accounts::session("keep", accounts::at(0)))
        .await
        .expect("signed in");
    let keep = accounts::held(&t).await.remove(0).session_id;
    accounts_
        .change_password(&credentials, "h1", "h3", &keep, accounts::at(20))
        .await
        .expect("changed");
    let late = accounts_
        .reset_password(&third, "h4", accounts::at(21))
        .await;
    assert!(!accounts::is_done(&late), "the change voided it: {late:?}");
}

/// The owner of an address takes a pre-claimed account over in one
/// transaction, however many sessions it had: the address moved to a fresh
/// account (the creator's profile gone, what they left under the old id
/// unreachable), verified, the owner's password set, every session revoked,
/// a new trust epoch, the identity linked, links sent before void, the
/// claim recorded.
pub async fn an_owners_claim_is_one_transaction(t: T) {
    use domain::accounts::Accounts;
    use domain::accounts::{AddressProof, Identity};
    let credentials = accounts::ada(&t).await;
    accounts::fill(&t).await;
    let earlier = accounts::link(&t, &credentials, "t-old", 0).await;
    let accounts_ = Accounts::of(&*t);
    // One instant for every use: `at` reads the clock each time.
    let when = accounts::at(1);
    let fresh = credentials.claimed_profile("u-owner".into(), "Ada", "L", when);
    let identity = Identity {
        user_id: "u-owner".into(),
        provider: domain::accounts::SocialProvider::Google,
        subject: "g-1".into(),
    };
    let before = t.request_count();
    let epoch = accounts_
        .claim(
            &credentials,
            AddressProof::Google,
            &fresh,
            Some("h-owner"),
            Some(&identity),
            when,
        )
        .await
        .expect("claimed");
    assert_eq!(t.request_count() - before, 1, "one transaction");
    assert!(accounts::held(&t).await.is_empty(), "every session ended");
    let stored = accounts_
        .credentials("ada@example.com")
        .await
        .unwrap()
        .expect("credentials");
    assert_eq!(stored.user_id, "u-owner", "the address has a fresh account");
    assert!(stored.email_verified);
    assert_eq!(stored.password_hash.as_deref(), Some("h-owner"));
    assert_eq!(stored.claimed_via, Some(AddressProof::Google));
    assert_eq!(stored.claimed_at, Some(when.unix()));
    assert_eq!(stored.trust_epoch(), epoch);
    assert_ne!(epoch, credentials.trust_epoch(), "a new trust epoch");
    assert_eq!(
        accounts_.profile("u-ada").await.unwrap(),
        None,
        "the creator's profile is gone"
    );
    assert_eq!(accounts_.profile("u-owner").await.unwrap(), Some(fresh));
    let linked = accounts_
        .linked_profile(domain::accounts::SocialProvider::Google, "g-1")
        .await
        .unwrap();
    assert_eq!(
        linked.map(|p| p.id).as_deref(),
        Some("u-owner"),
        "the identity is linked"
    );
    let old = accounts_
        .reset_password(&earlier, "h-attacker", accounts::at(2))
        .await;
    assert!(
        !accounts::is_done(&old),
        "links sent before are void: {old:?}"
    );

    let again = accounts_
        .claim(
            &credentials,
            AddressProof::Google,
            &credentials.claimed_profile("u-third".into(), "", "", accounts::at(4)),
            None,
            None,
            accounts::at(4),
        )
        .await;
    assert!(
        again.is_err(),
        "the address changed hands: a stale claim is refused"
    );
}

/// Sixteen wrong guesses sent at once against an account are sixteen
/// counted guesses: each takes its slot of the run by one conditional write
/// before the password is checked, so only the five free failures go ahead
/// at once and the others wait. A success's undo ends the run.
pub async fn sign_in_guesses_sent_at_once_are_counted_one_by_one(t: T) {
    use domain::limits::{Attempts, FREE_FAILURES};
    let when = accounts::at(0);
    let racing: Vec<_> = (0..16)
        .map(|_| {
            let t = t.clone();
            tokio::spawn(async move { Attempts::of(&*t).take_guess("acct-1", when).await })
        })
        .collect();
    let mut taken = Vec::new();
    for race in racing {
        if let Some(run) = race.await.expect("task").expect("table") {
            taken.push(run.failures);
        }
    }
    taken.sort_unstable();
    let expected: Vec<i64> = (1..=FREE_FAILURES + 1).collect();
    assert_eq!(
        taken, expected,
        "the free failures and the one that starts the wait, each counted once"
    );
    let attempts = Attempts::of(&*t);
    assert_eq!(
        attempts.take_guess("acct-1", when).await.unwrap(),
        None,
        "waiting"
    );
    let later = accounts::at(1);
    let next = attempts.take_guess("acct-1", later).await.unwrap();
    assert_eq!(
        next.map(|r| r.failures),
        Some(FREE_FAILURES + 2),
        "after the wait"
    );
    attempts.forget_failures("acct-1").await.unwrap();
    let fresh = attempts.take_guess("acct-1", later).await.unwrap();
    assert_eq!(
        fresh.map(|r| r.failures),
        Some(1),
        "a success ended the run"
    );
}

/// An attempt counted under a cap and given back leaves room for another:
/// N attempts at once never pass the cap, and a give-back reopens one slot.
pub async fn counted_attempts_given_back_reopen_their_slot(t: T) {
    use domain::limits::{Attempts, Limit};
    use domain::records::Outcome;
    const CAP: Limit = Limit {
        scope: "test-cap",
        max: 3,
        window: 900,
    };
    let when = accounts::at(0);
    let racing: Vec<_> = (0..16)
        .map(|_| {
            let t = t.clone();
            tokio::spawn(async move { Attempts::of(&*t).count(CAP, "who", when).await })
        })
        .collect();
    let mut counted = 0;
    for race in racing {
        if let Outcome::Done(()) = race.await.expect("task").expect("table") {
            counted += 1;
        }
    }
    assert_eq!(counted, 3, "sixteen at once, three counted");
    let attempts = Attempts::of(&*t);
    attempts.give_back(CAP, "who", when).await.unwrap();
    assert!(matches!(
        attempts.count(CAP, "who", when).await.unwrap(),
        Outcome::Done(())
    ));
    assert!(matches!(
        attempts.count(CAP, "who", when).await.unwrap(),
        Outcome::Refused
    ));
    attempts.give_back(CAP, "nobody", when).await.unwrap();
    assert!(
        !attempts.reached(CAP, "nobody", when).await.unwrap(),
        "no counter made by a give-back"
    );
}

/// A payment's claim moves only from the state it was read in, and is on
/// the index of open claims, by deadline, until it is placed or released:
/// the reconciler's one Query finds exactly the claims past their deadline.
pub async fn payment_claims_move_and_leave_the_index(t: T) {
    use domain::checkout::{payment_key, Claim, ClaimState, Claimed, Claims, Provider};
    use domain::pricing::Money;
    use domain::records::Outcome;
    use domain::timestamp::Timestamp;
    let at = |seconds: i64| Timestamp::from_unix(1_800_000_000 + seconds).unwrap();
    let claim = |key: &str, state, deadline| Claim {
        key: payment_key(Provider::Card, key),
        user_id: "u-claims".into(),
        provider: Provider::Card,
        provider_order: None,
        order_id: format!("order-{key}"),
        state,
        version: 1,
        amount: Money::from_cents(1000),
        address: None,
        created_at: at(0),
        deadline,
    };
    let claims = Claims::of(&*t);
    let charging = claim("a", ClaimState::Charging, at(60));
    let created = claim("b", ClaimState::Created, at(3 * 3600));
    assert_eq!(claims.open(&charging).await.unwrap(), Claimed::New);
    assert_eq!(claims.open(&created).await.unwrap(), Claimed::New);
    assert!(
        matches!(claims.open(&charging).await.unwrap(), Claimed::Existing(c) if *c == charging)
    );
    assert!(claims.due(at(59)).await.unwrap().is_empty());
    assert_eq!(claims.due(at(61)).await.unwrap(), vec![charging.clone()]);
    let moved = claims
        .advance(&charging, ClaimState::Unknown, at(90), None)
        .await
        .unwrap();
    let Outcome::Done(unknown) = moved else {
        panic!("moved")
    };
    assert_eq!(
        (unknown.state, unknown.deadline),
        (ClaimState::Unknown, at(90))
    );
    let stale = claims
        .advance(&charging, ClaimState::Created, at(99), None)
        .await
        .unwrap();
    assert_eq!(
        stale,
        Outcome::Refused,
        "only from the state it was read in"
    );
    assert!(
        claims.due(at(61)).await.unwrap().is_empty(),
        "its deadline moved"
    );
    assert_eq!(claims.due(at(91)).await.unwrap(), vec![unknown.clone()]);
    let placed = claims
        .advance(&unknown, ClaimState::Placed, at(90), None)
        .await
        .unwrap();
    assert!(matches!(placed, Outcome::Done(_)));
    let far = at(10 * 3600);
    assert_eq!(
        claims.due(far).await.unwrap(),
        vec![created.clone()],
        "placed: off the index"
    );
    assert_eq!(claims.release(&unknown).await.unwrap(), Outcome::Refused);
    assert_eq!(claims.release(&created).await.unwrap(), Outcome::Done(()));
    assert!(claims.due(far).await.unwrap().is_empty());
    assert_eq!(claims.find("u-claims", &created.key).await.unwrap(), None);

    // Claimed again under the same key, in the same state at the same
    // version: a copy of the first claim moves nothing (another order id).
    let again = Claim {
        order_id: "order-b-again".into(),
        ..created.clone()
    };
    assert_eq!(claims.open(&again).await.unwrap(), Claimed::New);
    let stale = claims
        .advance(&created, ClaimState::Charging, at(60), None)
        .await
        .unwrap();
    assert_eq!(stale, Outcome::Refused, "a stale copy of a released claim");
    assert_eq!(claims.release(&created).await.unwrap(), Outcome::Refused);
    // Moved away and back to the same state, an older copy is stale too.
    let Outcome::Done(taken) = claims
        .advance(&again, ClaimState::Reconciling, at(70), None)
        .await
        .unwrap()
    else {
        panic!("taken")
    };
    assert_eq!(taken.version, again.version + 1);
    let Outcome::Done(back) = claims
        .advance(&taken, ClaimState::Created, at(3 * 3600), None)
        .await
        .unwrap()
    else {
        panic!("back")
    };
    assert_eq!((back.state, back.version), (ClaimState::Created, 3));
    assert_eq!(
        claims.release(&again).await.unwrap(),
        Outcome::Refused,
        "version 1 is gone"
    );
    assert_eq!(claims.release(&back).await.unwrap(), Outcome::Done(()));
}

pub async fn leases_have_one_holder_at_a_time(t: T) {
    use domain::checkout::Lease;
    use domain::timestamp::Timestamp;
    use std::time::Duration;
    let at = |seconds: i64| Timestamp::from_unix(1_800_000_000 + seconds).unwrap();
    let minute = Duration::from_secs(60);
    // Sixteen runs at once: one holds it.
    let takers = (0..16).map(|_| {
        let t = t.clone();
        tokio::spawn(async move { Lease::take(&*t, "runs", at(0), minute).await.unwrap() })
    });
    let mut held = Vec::new();
    for taker in takers {
        held.extend(taker.await.unwrap());
    }
    assert_eq!(held.len(), 1, "one holder of sixteen");
    assert_eq!(
        Lease::take(&*t, "runs", at(59), minute).await.unwrap(),
        None,
        "still held"
    );
    assert!(
        Lease::take(&*t, "other", at(1), minute)
            .await
            .unwrap()
            .is_some(),
        "leases are by name"
    );
    // Given back, it is free at once; a holder that died frees it when its lease ends.
    held[0].give_back(&*t).await.unwrap();
    let next = Lease::take(&*t, "runs", at(2), minute)
        .await
        .unwrap()
        .expect("free after give-back");
    assert_eq!(
        Lease::take(&*t, "runs", at(61), minute).await.unwrap(),
        None
    );
    let after = Lease::take(&*t, "runs", at(63), minute)
        .await
        .unwrap()
        .expect("its lease ended");
    // The dead holder's give-back cannot free the new holder's lease.
    next.give_back(&*t).await.unwrap();
    assert_eq!(
        Lease::take(&*t, "runs", at(64), minute).await.unwrap(),
        None
    );
    after.give_back(&*t).await.unwrap();
}
