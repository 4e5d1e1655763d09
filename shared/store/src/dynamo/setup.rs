//! The table's definition.

use std::time::Duration;

use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection,
    ProjectionType, ScalarAttributeType, TableStatus, TimeToLiveSpecification,
};
use aws_sdk_dynamodb::Client;
use domain::ports::{TableError, EXPIRES_AT, GSI1_PK, GSI1_SK, PK, SK};

use super::sdk_error;

/// The name of the first global secondary index.
pub const GSI1_NAME: &str = "gsi1";

fn string_attribute(name: &str) -> Result<AttributeDefinition, TableError> {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .map_err(super::backend)
}

fn key_schema(pk: &str, sk: &str) -> Result<Vec<KeySchemaElement>, TableError> {
    let element = |name: &str, key_type| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(key_type)
            .build()
            .map_err(super::backend)
    };
    Ok(vec![
        element(pk, KeyType::Hash)?,
        element(sk, KeyType::Range)?,
    ])
}

/// Creates the single table if it is missing: keys `pk`/`sk`, index `gsi1`
/// on `gsi1pk`/`gsi1sk` projecting every attribute, on-demand billing, TTL on
/// `expiresAt`. Waits until the table is active. Safe to call again.
pub async fn create_table(client: &Client, table: &str) -> Result<(), TableError> {
    let index = GlobalSecondaryIndex::builder()
        .index_name(GSI1_NAME)
        .set_key_schema(Some(key_schema(GSI1_PK, GSI1_SK)?))
        .projection(
            Projection::builder()
                .projection_type(ProjectionType::All)
                .build(),
        )
        .build()
        .map_err(super::backend)?;
    let attributes = [PK, SK, GSI1_PK, GSI1_SK]
        .into_iter()
        .map(string_attribute)
        .collect::<Result<Vec<_>, _>>()?;
    let created = client
        .create_table()
        .table_name(table)
        .set_attribute_definitions(Some(attributes))
        .set_key_schema(Some(key_schema(PK, SK)?))
        .global_secondary_indexes(index)
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await;
    match created {
        Ok(_) => {}
        Err(error) if error.code() == Some("ResourceInUseException") => {}
        Err(error) => return Err(sdk_error(error)),
    }
    wait_until_active(client, table).await?;
    let ttl = TimeToLiveSpecification::builder()
        .enabled(true)
        .attribute_name(EXPIRES_AT)
        .build()
        .map_err(super::backend)?;
    match client
        .update_time_to_live()
        .table_name(table)
        .time_to_live_specification(ttl)
        .send()
        .await
    {
        Ok(_) => Ok(()),
        // Answered when TTL is already on.
        Err(error) if error.code() == Some("ValidationException") => Ok(()),
        Err(error) => Err(sdk_error(error)),
    }
}

async fn wait_until_active(client: &Client, table: &str) -> Result<(), TableError> {
    for _ in 0..120 {
        let described = client
            .describe_table()
            .table_name(table)
            .send()
            .await
            .map_err(sdk_error)?;
        if described.table().and_then(|t| t.table_status()) == Some(&TableStatus::Active) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    Err(TableError::Backend(format!(
        "table {table} did not become active"
    )))
}
