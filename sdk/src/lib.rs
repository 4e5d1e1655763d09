//! The payment SDK.
