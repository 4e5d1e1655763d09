//! The error body every 4xx and 5xx answers, as `shop_http::ApiError`
//! writes it. (What handlers answer on success is `domain::answers`.)

use std::collections::BTreeMap;

use domain::answers::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;

/// Every 4xx and 5xx answer (`shop_http::ApiError`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Error {
    /// The message to show.
    pub message: String,
    /// A stable machine code, one of `ErrorCode`'s.
    pub code: ErrorCode,
    /// The message of each field that broke a rule, by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub errors: Option<BTreeMap<String, String>>,
    /// `false` on the payment routes' refusals (the flag checkout reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub success: Option<bool>,
}
