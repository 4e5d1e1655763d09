//! Reading and creating accounts in the table.

use app::App;
use axum::http::StatusCode;
use domain::accounts::records::{
    credentials_key, identity_key, profile_key, Credentials, Identity, UserProfile,
};
use domain::ports::{from_item, Condition, TableError, Write};
use shop_http::ApiError;

pub const EMAIL_TAKEN: &str = "An account with this email already exists.";

/// The credentials item of an address (lower-cased by the caller).
pub async fn credentials(
    app: &App,
    canonical_email: &str,
) -> Result<Option<Credentials>, ApiError> {
    match app.table.get(&credentials_key(canonical_email)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

pub async fn profile(app: &App, user_id: &str) -> Result<Option<UserProfile>, ApiError> {
    match app.table.get(&profile_key(user_id)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

pub async fn identity(
    app: &App,
    provider: &str,
    subject: &str,
) -> Result<Option<Identity>, ApiError> {
    match app.table.get(&identity_key(provider, subject)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Creates profile and credentials (and a social identity) in one
/// transaction: the address's `NotExists` condition makes a second account
/// for the same address (in any letter case) a 409, with nothing written.
pub async fn create(
    app: &App,
    profile: &UserProfile,
    credentials: &Credentials,
    identity: Option<&Identity>,
) -> Result<(), ApiError> {
    let mut writes = vec![
        Write::Put {
            item: credentials.to_item()?,
            condition: Condition::NotExists,
        },
        Write::Put {
            item: profile.to_item()?,
            condition: Condition::NotExists,
        },
    ];
    if let Some(identity) = identity {
        writes.push(Write::Put {
            item: identity.to_item()?,
            condition: Condition::NotExists,
        });
    }
    match app.table.transact(writes).await {
        Ok(()) => Ok(()),
        Err(TableError::TransactionCanceled { conditions })
            if conditions.first() == Some(&true) =>
        {
            let mut errors = domain::validation::FieldErrors::new();
            errors.add("email", EMAIL_TAKEN);
            // A 409 that still names the field, so the form shows it under the email.
            Err(ApiError {
                status: StatusCode::CONFLICT,
                code: "conflict",
                ..ApiError::validation(errors)
            })
        }
        Err(e) => Err(e.into()),
    }
}

/// Links a social identity to an existing account; linking twice is fine.
pub async fn link(app: &App, identity: &Identity) -> Result<(), ApiError> {
    match app
        .table
        .put(identity.to_item()?, Condition::NotExists)
        .await
    {
        Ok(()) | Err(TableError::ConditionFailed) => Ok(()),
        Err(e) => Err(e.into()),
    }
}
