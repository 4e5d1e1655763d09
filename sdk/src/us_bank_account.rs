//! US bank account rules (spec sections 5 and 8): tokenize's checks in the
//! reference's order, the bank-login environment, the tokenization failure
//! mapping and the description. The rules are tables: the JS applies them as
//! the build prints them into the constants (`push_json`), so they add
//! nothing to the wasm module the four core components load.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::constants::{push_json_list, push_json_str, push_u32};

/// The description of a tokenized account: this, then the last four digits.
pub const DESCRIPTION_PREFIX: &str = "US bank account ending in - ";

/// What tokenize is given, one flag bit each (in this order in the JS too).
pub const MANDATE_TEXT: u32 = 1;
pub const BANK_DETAILS: u32 = 2;
pub const BANK_LOGIN: u32 = 4;
/// `bankLogin.displayName`.
pub const DISPLAY_NAME: u32 = 8;
/// The configuration's `usBankAccount.plaid`.
pub const PLAID: u32 = 16;
/// A bank login is already under way.
pub const LOGIN_ACTIVE: u32 = 32;

const OPTION_REQUIRED: &str = "US_BANK_ACCOUNT_OPTION_REQUIRED";

/// tokenize's checks in order: (mask, value, code, message). The first whose
/// masked flags equal its value decides: its code is the error (the message
/// fills an OPTION_REQUIRED's), an empty code goes on with the bank details.
/// Past every check a bank login starts.
pub static CHECKS: [(u32, u32, &str, &str); 7] = [
    (
        MANDATE_TEXT,
        0,
        OPTION_REQUIRED,
        "mandateText property is required.",
    ),
    (
        BANK_DETAILS | BANK_LOGIN,
        BANK_DETAILS | BANK_LOGIN,
        "US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS",
        "",
    ),
    (BANK_DETAILS, BANK_DETAILS, "", ""),
    (
        BANK_LOGIN,
        0,
        OPTION_REQUIRED,
        "tokenize must be called with bankDetails or bankLogin.",
    ),
    (
        DISPLAY_NAME,
        0,
        OPTION_REQUIRED,
        "displayName property is required when using bankLogin.",
    ),
    (PLAID, 0, "US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED", ""),
    (
        LOGIN_ACTIVE,
        LOGIN_ACTIVE,
        "US_BANK_ACCOUNT_LOGIN_REQUEST_ACTIVE",
        "",
    ),
];

/// The deciding check's (code, message), or None when a bank login starts.
pub fn tokenize_check(flags: u32) -> Option<(&'static str, &'static str)> {
    CHECKS
        .iter()
        .find(|(mask, value, ..)| flags & mask == *value)
        .map(|(_, _, code, message)| (*code, *message))
}

/// A failed tokenization by HTTP status range (inclusive; 0: no response):
/// 401 is the API-access restriction, other statuses below 500 the
/// customer's data, anything else the network.
pub static STATUSES: [(u32, u32, &str); 3] = [
    (401, 401, "BRAINTREE_API_ACCESS_RESTRICTED"),
    (1, 499, "US_BANK_ACCOUNT_FAILED_TOKENIZATION"),
    (0, u32::MAX, "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR"),
];

pub fn tokenize_error_code(status: u32) -> &'static str {
    STATUSES
        .iter()
        .find(|(low, high, _)| (*low..=*high).contains(&status))
        .map_or("", |(.., code)| code)
}

/// The bank login by gateway environment: (login environment, account id
/// to send, "" for the chosen account's own). Production logs in to
/// production; anything else to the sandbox with its fixed account id.
pub static PRODUCTION_LOGIN: (&str, &str) = ("production", "");
pub static SANDBOX_LOGIN: (&str, &str) = ("sandbox", "plaid_account_id");

pub fn login(gateway_environment: &str) -> (&'static str, &'static str) {
    if gateway_environment == "production" {
        PRODUCTION_LOGIN
    } else {
        SANDBOX_LOGIN
    }
}

/// Appends `,"US_BANK_CHECKS":[[mask,value,code,message]…],
/// "US_BANK_STATUSES":[[low,high,code]…],"US_BANK_LOGINS":{"production":
/// [env,accountId],"":[env,accountId]},"US_BANK_DESCRIPTION":prefix`.
pub fn push_json(s: &mut String) {
    s.push_str(",\"US_BANK_CHECKS\":[");
    for (i, (mask, value, code, message)) in CHECKS.iter().enumerate() {
        s.push_str(if i > 0 { ",[" } else { "[" });
        push_u32(s, *mask);
        s.push(',');
        push_u32(s, *value);
        s.push(',');
        push_json_str(s, code);
        s.push(',');
        push_json_str(s, message);
        s.push(']');
    }
    s.push_str("],\"US_BANK_STATUSES\":[");
    for (i, (low, high, code)) in STATUSES.iter().enumerate() {
        s.push_str(if i > 0 { ",[" } else { "[" });
        push_u32(s, *low);
        s.push(',');
        push_u32(s, *high);
        s.push(',');
        push_json_str(s, code);
        s.push(']');
    }
    s.push_str("],\"US_BANK_LOGINS\":{\"production\":");
    push_json_list(s, &[PRODUCTION_LOGIN.0, PRODUCTION_LOGIN.1]);
    s.push_str(",\"\":");
    push_json_list(s, &[SANDBOX_LOGIN.0, SANDBOX_LOGIN.1]);
    s.push_str("},\"US_BANK_DESCRIPTION\":");
    push_json_str(s, DESCRIPTION_PREFIX);
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: u32 = MANDATE_TEXT | DISPLAY_NAME | PLAID;

    #[test]
    fn mandate_text_is_required_first() {
        assert_eq!(
            tokenize_check(BANK_DETAILS | BANK_LOGIN),
            Some((OPTION_REQUIRED, "mandateText property is required."))
        );
    }

    #[test]
    fn details_and_login_are_mutually_exclusive() {
        assert_eq!(
            tokenize_check(ALL | BANK_DETAILS | BANK_LOGIN),
            Some(("US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS", ""))
        );
    }

    #[test]
    fn one_of_details_or_login_is_required() {
        assert_eq!(
            tokenize_check(ALL),
            Some((
                OPTION_REQUIRED,
                "tokenize must be called with bankDetails or bankLogin."
            ))
        );
        assert_eq!(tokenize_check(ALL | BANK_DETAILS), Some(("", "")));
        assert_eq!(tokenize_check(ALL | BANK_LOGIN), None);
    }

    #[test]
    fn bank_details_need_no_login_configuration() {
        assert_eq!(
            tokenize_check(MANDATE_TEXT | BANK_DETAILS | LOGIN_ACTIVE),
            Some(("", ""))
        );
    }

    #[test]
    fn bank_login_checks_in_order() {
        let login = MANDATE_TEXT | BANK_LOGIN;
        assert_eq!(
            tokenize_check(login | LOGIN_ACTIVE),
            Some((
                OPTION_REQUIRED,
                "displayName property is required when using bankLogin."
            ))
        );
        assert_eq!(
            tokenize_check(login | DISPLAY_NAME | LOGIN_ACTIVE),
            Some(("US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED", ""))
        );
        assert_eq!(
            tokenize_check(login | DISPLAY_NAME | PLAID | LOGIN_ACTIVE),
            Some(("US_BANK_ACCOUNT_LOGIN_REQUEST_ACTIVE", ""))
        );
    }

    #[test]
    fn login_environment_by_configuration() {
        assert_eq!(login("production"), ("production", ""));
        assert_eq!(login("sandbox"), ("sandbox", "plaid_account_id"));
        assert_eq!(login(""), ("sandbox", "plaid_account_id"));
    }

    #[test]
    fn failure_statuses() {
        assert_eq!(tokenize_error_code(401), "BRAINTREE_API_ACCESS_RESTRICTED");
        for status in [200, 400, 422, 499] {
            assert_eq!(
                tokenize_error_code(status),
                "US_BANK_ACCOUNT_FAILED_TOKENIZATION"
            );
        }
        for status in [0, 500, 503] {
            assert_eq!(
                tokenize_error_code(status),
                "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR"
            );
        }
    }

    #[test]
    fn description_prefix() {
        assert_eq!(
            String::from(DESCRIPTION_PREFIX) + "1234",
            "US bank account ending in - 1234"
        );
    }

    #[test]
    fn every_code_is_catalogued() {
        let codes = CHECKS
            .iter()
            .map(|(.., code, _)| *code)
            .chain(STATUSES.iter().map(|(.., code)| *code))
            .filter(|c| !c.is_empty());
        for code in codes {
            assert!(crate::errors::find(code).is_some(), "{code}");
        }
        assert_eq!(
            crate::errors::message("BRAINTREE_API_ACCESS_RESTRICTED", ""),
            Some(String::from(
                "Your access is restricted and cannot use this part of the Braintree API."
            ))
        );
    }

    #[test]
    fn the_tables_as_json() {
        let mut s = String::new();
        push_json(&mut s);
        assert!(s.starts_with(
            ",\"US_BANK_CHECKS\":[[1,0,\"US_BANK_ACCOUNT_OPTION_REQUIRED\",\"mandateText property is required.\"],[6,6,"
        ));
        assert!(s.contains("[2,2,\"\",\"\"]"));
        assert!(s.contains(
            "\"US_BANK_STATUSES\":[[401,401,\"BRAINTREE_API_ACCESS_RESTRICTED\"],[1,499,"
        ));
        assert!(s.contains("[0,4294967295,\"US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR\"]]"));
        assert!(s.contains(
            "\"US_BANK_LOGINS\":{\"production\":[\"production\",\"\"],\"\":[\"sandbox\",\"plaid_account_id\"]}"
        ));
        assert!(s.ends_with(",\"US_BANK_DESCRIPTION\":\"US bank account ending in - \""));
    }
}
