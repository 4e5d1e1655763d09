//! Client rules: request failure mapping, retry policy, version check,
//! analytics fields, vault-manager error mapping.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::constants::REQUEST_RETRIES;

/// Error code of a failed client request (`status` 0 = no response).
pub fn request_error_code(status: u32, graphql: bool, timed_out: bool) -> &'static str {
    if timed_out {
        return "CLIENT_REQUEST_TIMEOUT";
    }
    match status {
        0 => "CLIENT_GATEWAY_NETWORK",
        401 => "CLIENT_AUTHORIZATION_INVALID",
        403 => "CLIENT_AUTHORIZATION_INSUFFICIENT",
        429 => "CLIENT_RATE_LIMITED",
        s if s >= 500 => "CLIENT_GATEWAY_NETWORK",
        _ if graphql => "CLIENT_GRAPHQL_REQUEST_ERROR",
        _ => "CLIENT_REQUEST_ERROR",
    }
}

/// Whether attempt number `attempt` (0-based) that failed with `status` is
/// retried: only failures without a response, at most `REQUEST_RETRIES` times.
pub fn should_retry(status: u32, timed_out: bool, attempt: u32) -> bool {
    status == 0 && !timed_out && attempt < REQUEST_RETRIES
}

/// Extra analytics fields the logger accepts.
pub static ANALYTICS_FIELDS: [&str; 7] = [
    "context_id",
    "context_type",
    "payment_ready_button_order",
    "payment_ready_experiment_type",
    "payment_ready_page_type",
    "payment_ready_session_id",
    "button_type",
];

pub fn is_analytics_field(name: &str) -> bool {
    ANALYTICS_FIELDS.contains(&name)
}

/// Vault-manager delete failure by the GraphQL error class.
pub fn vault_delete_error_code(error_class: &str) -> &'static str {
    if error_class == "NOT_FOUND" {
        "VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND"
    } else {
        "VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_errors() {
        assert_eq!(request_error_code(0, false, true), "CLIENT_REQUEST_TIMEOUT");
        assert_eq!(
            request_error_code(0, false, false),
            "CLIENT_GATEWAY_NETWORK"
        );
        assert_eq!(
            request_error_code(401, false, false),
            "CLIENT_AUTHORIZATION_INVALID"
        );
        assert_eq!(
            request_error_code(403, true, false),
            "CLIENT_AUTHORIZATION_INSUFFICIENT"
        );
        assert_eq!(request_error_code(429, false, false), "CLIENT_RATE_LIMITED");
        assert_eq!(
            request_error_code(503, false, false),
            "CLIENT_GATEWAY_NETWORK"
        );
        assert_eq!(
            request_error_code(422, false, false),
            "CLIENT_REQUEST_ERROR"
        );
        assert_eq!(
            request_error_code(422, true, false),
            "CLIENT_GRAPHQL_REQUEST_ERROR"
        );
    }

    #[test]
    fn retries_only_network_failures_once() {
        assert!(should_retry(0, false, 0));
        assert!(!should_retry(0, false, 1));
        assert!(!should_retry(0, true, 0));
        assert!(!should_retry(500, false, 0));
    }

    #[test]
    fn analytics_allowlist() {
        for f in ANALYTICS_FIELDS {
            assert!(is_analytics_field(f));
        }
        assert!(!is_analytics_field("card_number"));
    }

    #[test]
    fn vault_errors() {
        assert_eq!(
            vault_delete_error_code("NOT_FOUND"),
            "VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND"
        );
        assert_eq!(
            vault_delete_error_code("INTERNAL"),
            "VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR"
        );
    }
}
