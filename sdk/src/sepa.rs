//! SEPA direct debit rules (spec sections 2, 3, 5, 8 and 9): tokenize's
//! checks, the popup's place on the screen, how the popup and the full-page
//! redirect report back, and the billing address's field names.
//!
//! `sepa.js` applies these rules itself, with copies of the tables (required
//! options, mandate types, billing keys, popup size) that the tests below
//! check against this module: a wasm export costs more gzipped bytes than the
//! merchant module's size budget leaves, so the rules are not called through
//! the module. Change both together.

#[allow(unused_imports)]
use crate::prelude::*;

pub const POPUP_WIDTH: u32 = 400;
pub const POPUP_HEIGHT: u32 = 570;

/// The options tokenize requires, in the reference's order.
pub const REQUIRED_OPTIONS: [&str; 6] = [
    "iban",
    "merchantAccountId",
    "mandateType",
    "customerId",
    "accountHolderName",
    "countryCode",
];

/// The mandate types tokenize accepts.
pub const MANDATE_TYPES: [&str; 2] = ["ONE_OFF", "RECURRENT"];

pub fn is_mandate_type(mandate_type: &str) -> bool {
    MANDATE_TYPES.contains(&mandate_type)
}

/// tokenize's checks in the reference's order (`present`: the option names
/// given): a missing required option, then the mandate type. The error code or "".
pub fn tokenize_check(present: &[&str], mandate_type: &str) -> &'static str {
    if REQUIRED_OPTIONS.iter().any(|o| !present.contains(o)) {
        "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION"
    } else if !is_mandate_type(mandate_type) {
        "SEPA_INVALID_MANDATE_TYPE"
    } else {
        ""
    }
}

/// Where the popup's top (or left) edge goes: centred on the merchant's
/// window, `Math.round((outer - size) / 2) + screen` as the reference places it.
pub fn popup_offset(outer: i32, size: i32, screen: i32) -> i32 {
    outer
        .saturating_sub(size)
        .saturating_add(1)
        .div_euclid(2)
        .saturating_add(screen)
}

/// What the popup's return page reported: "" when the mandate was approved
/// (`success`), else the customer canceled or the flow failed.
pub fn popup_outcome(success: bool, cancel: bool) -> &'static str {
    if success {
        ""
    } else if cancel {
        "SEPA_CUSTOMER_CANCELED"
    } else {
        "SEPA_TOKENIZATION_FAILED"
    }
}

/// The full-page redirect's return, from the page's query: 1 approved
/// (`success=true` with a `cart_id`), 2 canceled (`cancel`), 0 neither.
pub fn redirect_return(success: &str, cart_id: &str, cancel: &str) -> u32 {
    if success == "true" && !cart_id.is_empty() {
        1
    } else if !cancel.is_empty() {
        2
    } else {
        0
    }
}

/// The billing address options tokenize passes on, each with the
/// create-mandate call's name for it.
pub const BILLING_ADDRESS_KEYS: [(&str, &str); 5] = [
    ("addressLine1", "address_line_1"),
    ("addressLine2", "address_line_2"),
    ("adminArea1", "admin_area_1"),
    ("adminArea2", "admin_area_2"),
    ("postalCode", "postal_code"),
];

/// The pairs as `sepa.js` holds them: `option name option name ...`.
pub fn billing_address_keys_text() -> String {
    let mut s = String::new();
    for (option, name) in BILLING_ADDRESS_KEYS {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(option);
        s.push(' ');
        s.push_str(name);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [&str; 6] = REQUIRED_OPTIONS;

    #[test]
    fn popup_is_400_by_570() {
        assert_eq!((POPUP_WIDTH, POPUP_HEIGHT), (400, 570));
    }

    #[test]
    fn every_required_option_is_checked() {
        assert_eq!(tokenize_check(&ALL, "ONE_OFF"), "");
        for missing in ALL {
            let present: Vec<&str> = ALL.into_iter().filter(|o| *o != missing).collect();
            assert_eq!(
                tokenize_check(&present, "ONE_OFF"),
                "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION",
                "{missing}"
            );
        }
        assert_eq!(
            tokenize_check(&[], "bogus"),
            "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION"
        );
    }

    #[test]
    fn mandate_types_are_one_off_and_recurrent() {
        assert_eq!(tokenize_check(&ALL, "RECURRENT"), "");
        assert_eq!(tokenize_check(&ALL, "one_off"), "SEPA_INVALID_MANDATE_TYPE");
        assert_eq!(tokenize_check(&ALL, ""), "SEPA_INVALID_MANDATE_TYPE");
        assert!(is_mandate_type("ONE_OFF") && !is_mandate_type("MONTHLY"));
    }

    #[test]
    fn popup_is_centred_rounding_halves_up() {
        assert_eq!(popup_offset(1000, 570, 20), 235);
        assert_eq!(popup_offset(1001, 570, 0), 216);
        assert_eq!(popup_offset(565, 570, 0), -2);
        assert_eq!(popup_offset(i32::MIN, 570, 0), i32::MIN / 2);
    }

    #[test]
    fn popup_outcomes() {
        assert_eq!(popup_outcome(true, true), "");
        assert_eq!(popup_outcome(false, true), "SEPA_CUSTOMER_CANCELED");
        assert_eq!(popup_outcome(false, false), "SEPA_TOKENIZATION_FAILED");
    }

    #[test]
    fn redirect_returns() {
        assert_eq!(redirect_return("true", "cart-1", ""), 1);
        assert_eq!(redirect_return("true", "", ""), 0);
        assert_eq!(redirect_return("1", "cart-1", ""), 0);
        assert_eq!(redirect_return("", "", "1"), 2);
        assert_eq!(redirect_return("", "", ""), 0);
    }

    #[test]
    fn billing_address_keys() {
        assert_eq!(
            billing_address_keys_text(),
            "addressLine1 address_line_1 addressLine2 address_line_2 adminArea1 admin_area_1 \
             adminArea2 admin_area_2 postalCode postal_code"
        );
    }

    /// The tables `sepa.js` applies are this module's.
    #[test]
    fn the_js_holds_these_tables() {
        let js = include_str!("../js/src/sepa.js");
        let text = |v: String| js.contains(&(String::from("\"") + &v + "\""));
        assert!(text(REQUIRED_OPTIONS.join(",")));
        assert!(text(MANDATE_TYPES.join(",")));
        assert!(text(billing_address_keys_text()));
        // The popup size comes from the constants sdk-constants prints.
        let printed = crate::constants::constants_json();
        assert!(printed.contains("\"SEPA_POPUP_WIDTH\":400,\"SEPA_POPUP_HEIGHT\":570"));
    }
}
