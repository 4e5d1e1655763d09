//! US bank account rules: tokenize's option checks in the reference's order,
//! the bank-login environment, and the tokenization failure mapping
//! (spec sections 5 and 8).

#[allow(unused_imports)]
use crate::prelude::*;

/// The description of a tokenized account.
pub const DESCRIPTION_PREFIX: &str = "US bank account ending in - ";
/// The account id the bank login reports outside production.
pub const SANDBOX_ACCOUNT_ID: &str = "plaid_account_id";

/// What tokenize is given (each flag: the option is truthy).
#[derive(Debug, Clone, Copy, Default)]
pub struct TokenizeOptions {
    pub mandate_text: bool,
    pub bank_details: bool,
    pub bank_login: bool,
    /// `bankLogin.displayName`.
    pub display_name: bool,
    /// The configuration's `usBankAccount.plaid`.
    pub plaid: bool,
    /// A bank login is already under way.
    pub login_active: bool,
}

/// The first failed check as `CODE` or `CODE message` (the message of an
/// OPTION_REQUIRED names what is missing), or `""` to go on: mandateText,
/// then both details and login, then neither; a login then needs its
/// displayName, bank login enabled, and no other login active.
pub fn tokenize_check(o: TokenizeOptions) -> &'static str {
    if !o.mandate_text {
        "US_BANK_ACCOUNT_OPTION_REQUIRED mandateText property is required."
    } else if o.bank_details && o.bank_login {
        "US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS"
    } else if o.bank_details {
        ""
    } else if !o.bank_login {
        "US_BANK_ACCOUNT_OPTION_REQUIRED tokenize must be called with bankDetails or bankLogin."
    } else if !o.display_name {
        "US_BANK_ACCOUNT_OPTION_REQUIRED displayName property is required when using bankLogin."
    } else if !o.plaid {
        "US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED"
    } else if o.login_active {
        "US_BANK_ACCOUNT_LOGIN_REQUEST_ACTIVE"
    } else {
        ""
    }
}

/// The bank-login environment: production only for a production gateway.
pub fn login_environment(gateway_environment: &str) -> &'static str {
    if gateway_environment == "production" {
        "production"
    } else {
        "sandbox"
    }
}

/// The account id sent with a bank login: the chosen account's in
/// production, the fixed sandbox id otherwise.
pub fn login_account_id<'a>(gateway_environment: &str, account_id: &'a str) -> &'a str {
    if login_environment(gateway_environment) == "production" {
        account_id
    } else {
        SANDBOX_ACCOUNT_ID
    }
}

/// The GraphQL account type: upper-cased (`checking` → `CHECKING`).
pub fn account_type(value: &str) -> String {
    value.to_ascii_uppercase()
}

/// A failed tokenization by HTTP status (0: no response): 401 is the
/// API-access restriction, other statuses below 500 the customer's data,
/// anything else the network.
pub fn tokenize_error_code(status: u32) -> &'static str {
    match status {
        401 => "BRAINTREE_API_ACCESS_RESTRICTED",
        1..=499 => "US_BANK_ACCOUNT_FAILED_TOKENIZATION",
        _ => "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR",
    }
}

/// `US bank account ending in - {last4}`.
pub fn description(last4: &str) -> String {
    String::from(DESCRIPTION_PREFIX) + last4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut TokenizeOptions)) -> &'static str {
        let mut o = TokenizeOptions {
            mandate_text: true,
            plaid: true,
            display_name: true,
            ..TokenizeOptions::default()
        };
        f(&mut o);
        tokenize_check(o)
    }

    #[test]
    fn mandate_text_is_required_first() {
        assert_eq!(
            with(|o| {
                o.mandate_text = false;
                o.bank_details = true;
                o.bank_login = true;
            }),
            "US_BANK_ACCOUNT_OPTION_REQUIRED mandateText property is required."
        );
    }

    #[test]
    fn details_and_login_are_mutually_exclusive() {
        assert_eq!(
            with(|o| {
                o.bank_details = true;
                o.bank_login = true;
            }),
            "US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS"
        );
    }

    #[test]
    fn one_of_details_or_login_is_required() {
        assert_eq!(
            with(|_| {}),
            "US_BANK_ACCOUNT_OPTION_REQUIRED tokenize must be called with bankDetails or bankLogin."
        );
        assert_eq!(with(|o| o.bank_details = true), "");
        assert_eq!(with(|o| o.bank_login = true), "");
    }

    #[test]
    fn bank_details_need_no_login_configuration() {
        assert_eq!(
            with(|o| {
                o.bank_details = true;
                o.plaid = false;
                o.login_active = true;
            }),
            ""
        );
    }

    #[test]
    fn bank_login_checks_in_order() {
        let login = |f: fn(&mut TokenizeOptions)| {
            with(|o| {
                o.bank_login = true;
                f(o);
            })
        };
        assert_eq!(
            login(|o| {
                o.display_name = false;
                o.plaid = false;
            }),
            "US_BANK_ACCOUNT_OPTION_REQUIRED displayName property is required when using bankLogin."
        );
        assert_eq!(
            login(|o| {
                o.plaid = false;
                o.login_active = true;
            }),
            "US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED"
        );
        assert_eq!(
            login(|o| o.login_active = true),
            "US_BANK_ACCOUNT_LOGIN_REQUEST_ACTIVE"
        );
    }

    #[test]
    fn login_environment_by_configuration() {
        assert_eq!(login_environment("production"), "production");
        assert_eq!(login_environment("sandbox"), "sandbox");
        assert_eq!(login_environment(""), "sandbox");
        assert_eq!(login_account_id("production", "acc-1"), "acc-1");
        assert_eq!(login_account_id("sandbox", "acc-1"), "plaid_account_id");
    }

    #[test]
    fn account_type_is_upper_cased() {
        assert_eq!(account_type("checking"), "CHECKING");
        assert_eq!(account_type("Savings"), "SAVINGS");
    }

    #[test]
    fn failure_statuses() {
        assert_eq!(tokenize_error_code(401), "BRAINTREE_API_ACCESS_RESTRICTED");
        assert_eq!(
            tokenize_error_code(422),
            "US_BANK_ACCOUNT_FAILED_TOKENIZATION"
        );
        assert_eq!(
            tokenize_error_code(200),
            "US_BANK_ACCOUNT_FAILED_TOKENIZATION"
        );
        assert_eq!(
            tokenize_error_code(500),
            "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR"
        );
        assert_eq!(
            tokenize_error_code(0),
            "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR"
        );
    }

    #[test]
    fn every_code_is_catalogued() {
        let mut codes = Vec::new();
        for bits in 0u8..64 {
            let bit = |n: u8| bits & (1 << n) != 0;
            codes.push(tokenize_check(TokenizeOptions {
                mandate_text: bit(0),
                bank_details: bit(1),
                bank_login: bit(2),
                display_name: bit(3),
                plaid: bit(4),
                login_active: bit(5),
            }));
        }
        for status in [0, 200, 401, 422, 500] {
            codes.push(tokenize_error_code(status));
        }
        for code in codes.into_iter().filter(|c| !c.is_empty()) {
            let code = code.split(' ').next().unwrap_or("");
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
    fn description_names_the_last_four() {
        assert_eq!(description("1234"), "US bank account ending in - 1234");
    }
}
