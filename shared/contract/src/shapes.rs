//! The error body every 4xx and 5xx answers, as `shop_http::ApiError`
//! writes it. (What handlers answer on success is `domain::answers`.)

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

/// Every 4xx and 5xx answer (`shop_http::ApiError`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Error {
    /// The message to show.
    pub message: String,
    /// A stable machine code: `validation`, `bad_request`, `unauthorized`,
    /// `forbidden`, `origin_not_allowed`, `not_found`, `conflict`,
    /// `payload_too_large`, `unsupported_media_type`, `too_many_requests`,
    /// `internal`...
    pub code: String,
    /// The message of each field that broke a rule, by field name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub errors: Option<BTreeMap<String, String>>,
    /// `false` on the payment routes' refusals (the flag checkout reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub success: Option<bool>,
}
