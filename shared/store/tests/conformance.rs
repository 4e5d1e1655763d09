//! One conformance suite for both table adapters. Every case runs on the
//! embedded SQLite table (one test per case, each on a fresh file) and on
//! AWS's DynamoDB Local (one test that starts the server once and runs every
//! case on its own table, concurrently: a JVM per case would be far too slow).

#[path = "../../testkit/dynamodb-local.rs"]
mod dynamodb_local;

#[path = "conformance/cases.rs"]
mod cases;

use std::sync::Arc;

use domain::ports::Table;
use store::{DynamoTable, SqliteTable};

fn sqlite_table() -> (Arc<dyn Table>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let table =
        SqliteTable::open(&dir.path().join("nested/shop.sqlite")).expect("embedded table opens");
    (Arc::new(table), dir)
}

async fn dynamo_table(endpoint: &str, name: &str) -> Arc<dyn Table> {
    let aws = aws_env::Aws::local();
    let table = DynamoTable::connect(aws.sdk_config().await, name, Some(endpoint));
    store::create_table(table.client(), name)
        .await
        .expect("table is created");
    Arc::new(table)
}

macro_rules! conformance {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let (table, _dir) = super::sqlite_table();
                    super::cases::$case(table).await;
                }
            )*
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
        async fn dynamodb_local() {
            let server = dynamodb_local::DynamoDbLocal::start();
            let endpoint = server.endpoint();
            let mut running = Vec::new();
            $(
                let table = dynamo_table(&endpoint, stringify!($case)).await;
                running.push((stringify!($case), tokio::spawn(cases::$case(table))));
            )*
            let mut failed = Vec::new();
            for (name, case) in running {
                match case.await {
                    Ok(()) => eprintln!("dynamodb_local::{name} ... ok"),
                    Err(_) => failed.push(name),
                }
            }
            assert!(failed.is_empty(), "cases failing on DynamoDB Local (panics above): {failed:?}");
        }
    };
}

conformance!(
    put_get_round_trip,
    put_replaces_the_whole_item,
    values_keep_their_types,
    invalid_items_are_refused,
    put_conditions,
    delete_conditions,
    update_set_add_remove,
    update_conditions,
    update_refuses_key_changes_and_bad_adds,
    update_with_nothing_creates_the_key,
    query_sort_key_conditions,
    query_descending,
    query_edge_cases,
    table_pagination,
    index_queries,
    index_pagination_with_ties,
    cursors_are_keys,
    batch_get,
    transact_all_or_nothing,
    transact_refusals,
    expired_items_are_absent,
    a_moved_clock_expires_items,
    expired_items_in_transactions,
    unicode_keys_sort_by_bytes,
    large_items,
    pages_stop_at_one_megabyte,
    concurrent_adds_are_not_lost,
    concurrent_creates_have_one_winner,
    requests_are_counted,
    counter_caps,
    counter_caps_in_transactions,
    concurrent_adds_respect_a_cap,
    sessions_stay_bounded_under_racing_sign_ins,
    a_reset_revokes_every_session_in_one_request,
    a_reset_or_change_voids_every_earlier_link,
    an_owners_claim_is_one_transaction,
    sign_in_guesses_sent_at_once_are_counted_one_by_one,
    counted_attempts_given_back_reopen_their_slot,
    payment_claims_move_and_leave_the_index,
    leases_have_one_holder_at_a_time,
);
