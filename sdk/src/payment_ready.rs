//! Payment Ready rules (spec sections 5 and 9): each method's required
//! options and errors, and the values the presented and selected events
//! accept. The rules are tables: the JS applies them as the build prints
//! them into the constants (`push_json`), so they add nothing to the wasm
//! module the four core components load.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::constants::{push_json_list, push_json_str};

/// Each method: its name, the options it requires (present as keys, as the
/// reference checks them), the error when one is missing, and its failure
/// error for a non-library failure.
pub static METHODS: [(&str, &[&str], &str, &str); 3] = [
    (
        "createCustomerSession",
        &["customer"],
        "PAYMENT_READY_MISSING_REQUIRED_OPTION",
        "PAYMENT_READY_CREATE_SESSION_ERROR",
    ),
    (
        "updateCustomerSession",
        &["sessionId", "customer"],
        "PAYMENT_READY_MISSING_REQUIRED_OPTION",
        "PAYMENT_READY_UPDATE_SESSION_ERROR",
    ),
    (
        "getCustomerRecommendations",
        &["sessionId"],
        "PAYMENT_READY_NO_SESSION_ID",
        "PAYMENT_READY_GET_RECOMMENDATIONS_ERROR",
    ),
];

/// Each event option: its name, the analytics field it goes into, the value
/// an unknown one becomes, and the accepted values (spec section 9).
pub static EVENT_VALUES: [(&str, &str, &str, &[&str]); 4] = [
    (
        "buttonType",
        "button_type",
        "other",
        &["paypal", "venmo", "other"],
    ),
    (
        "buttonOrder",
        "payment_ready_button_order",
        "other",
        &[
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eight", "other",
        ],
    ),
    (
        "experimentType",
        "payment_ready_experiment_type",
        "test",
        &["control", "test"],
    ),
    (
        "pageType",
        "payment_ready_page_type",
        "other",
        &[
            "homepage",
            "about",
            "product_category",
            "product_details",
            "search",
            "cart",
            "checkout",
            "order_review",
            "order_confirmation",
            "minicart",
            "other",
        ],
    ),
];

/// An event option's value as the logger accepts it: an unknown button type
/// or button order becomes `other`, an unknown experiment type `test`, an
/// unknown page type `other`. Other options pass unchanged.
pub fn normalize<'a>(kind: &str, value: &'a str) -> &'a str {
    match EVENT_VALUES.iter().find(|(name, ..)| *name == kind) {
        Some((_, _, fallback, accepted)) if !accepted.contains(&value) => fallback,
        _ => value,
    }
}

/// The error of a call to `method` whose options hold the keys `present`,
/// or `""` when none is missing (no options at all: every one is missing).
pub fn missing_option_error(method: &str, present: &[&str]) -> &'static str {
    METHODS
        .iter()
        .find(|(name, ..)| *name == method)
        .filter(|(_, required, ..)| !required.iter().all(|r| present.contains(r)))
        .map_or("", |(_, _, missing, _)| missing)
}

/// The error of a failed call that is not the library's own.
pub fn failure_code(method: &str) -> &'static str {
    METHODS
        .iter()
        .find(|(name, ..)| *name == method)
        .map_or("", |(.., failure)| failure)
}

/// Appends `,"PAYMENT_READY_METHODS":{name:[[required…],missing,failure]…},
/// "PAYMENT_READY_VALUES":{name:[field,fallback,[accepted…]]…}`.
pub fn push_json(s: &mut String) {
    s.push_str(",\"PAYMENT_READY_METHODS\":{");
    for (i, (name, required, missing, failure)) in METHODS.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_str(s, name);
        s.push_str(":[");
        push_json_list(s, required);
        for v in [missing, failure] {
            s.push(',');
            push_json_str(s, v);
        }
        s.push(']');
    }
    s.push_str("},\"PAYMENT_READY_VALUES\":{");
    for (i, (name, field, fallback, accepted)) in EVENT_VALUES.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_str(s, name);
        s.push_str(":[");
        push_json_str(s, field);
        s.push(',');
        push_json_str(s, fallback);
        s.push(',');
        push_json_list(s, accepted);
        s.push(']');
    }
    s.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_button_type_becomes_other() {
        assert_eq!(normalize("buttonType", "paypal"), "paypal");
        assert_eq!(normalize("buttonType", "venmo"), "venmo");
        assert_eq!(normalize("buttonType", "applepay"), "other");
        assert_eq!(normalize("buttonType", "PayPal"), "other");
    }

    #[test]
    fn unknown_button_order_becomes_other() {
        assert_eq!(normalize("buttonOrder", "first"), "first");
        assert_eq!(normalize("buttonOrder", "eight"), "eight");
        assert_eq!(normalize("buttonOrder", "eighth"), "other");
        assert_eq!(normalize("buttonOrder", "1"), "other");
    }

    #[test]
    fn unknown_experiment_type_becomes_test() {
        assert_eq!(normalize("experimentType", "control"), "control");
        assert_eq!(normalize("experimentType", "test"), "test");
        assert_eq!(normalize("experimentType", "holdout"), "test");
    }

    #[test]
    fn unknown_page_type_becomes_other() {
        assert_eq!(normalize("pageType", "checkout"), "checkout");
        assert_eq!(
            normalize("pageType", "order_confirmation"),
            "order_confirmation"
        );
        assert_eq!(normalize("pageType", "landing"), "other");
    }

    #[test]
    fn other_options_pass_unchanged() {
        assert_eq!(normalize("sessionId", "anything"), "anything");
    }

    #[test]
    fn the_spec_lists() {
        let accepted = |kind| {
            EVENT_VALUES
                .iter()
                .find(|(name, ..)| *name == kind)
                .map(|(.., a)| a.len())
        };
        assert_eq!(accepted("buttonType"), Some(3));
        assert_eq!(accepted("buttonOrder"), Some(9));
        assert_eq!(accepted("experimentType"), Some(2));
        assert_eq!(accepted("pageType"), Some(11));
    }

    #[test]
    fn create_needs_customer() {
        let m = "createCustomerSession";
        assert_eq!(missing_option_error(m, &["customer"]), "");
        assert_eq!(
            missing_option_error(m, &["sessionId"]),
            "PAYMENT_READY_MISSING_REQUIRED_OPTION"
        );
    }

    #[test]
    fn update_needs_session_id_and_customer() {
        let m = "updateCustomerSession";
        assert_eq!(missing_option_error(m, &["customer", "sessionId"]), "");
        assert_eq!(
            missing_option_error(m, &["customer"]),
            "PAYMENT_READY_MISSING_REQUIRED_OPTION"
        );
        assert_eq!(
            missing_option_error(m, &["sessionId"]),
            "PAYMENT_READY_MISSING_REQUIRED_OPTION"
        );
    }

    #[test]
    fn recommendations_need_a_session_id() {
        let m = "getCustomerRecommendations";
        assert_eq!(missing_option_error(m, &["sessionId"]), "");
        assert_eq!(
            missing_option_error(m, &["customer"]),
            "PAYMENT_READY_NO_SESSION_ID"
        );
        assert_eq!(missing_option_error(m, &[]), "PAYMENT_READY_NO_SESSION_ID");
    }

    #[test]
    fn failures_by_method() {
        assert_eq!(
            failure_code("createCustomerSession"),
            "PAYMENT_READY_CREATE_SESSION_ERROR"
        );
        assert_eq!(
            failure_code("updateCustomerSession"),
            "PAYMENT_READY_UPDATE_SESSION_ERROR"
        );
        assert_eq!(
            failure_code("getCustomerRecommendations"),
            "PAYMENT_READY_GET_RECOMMENDATIONS_ERROR"
        );
    }

    #[test]
    fn every_code_is_catalogued_word_for_word() {
        let find = |code| crate::errors::find(code).map(|(t, m)| (t.as_str(), m));
        for (_, _, missing, failure) in METHODS {
            assert!(find(missing).is_some(), "{missing}");
            assert_eq!(find(failure).map(|(t, _)| t), Some("NETWORK"), "{failure}");
        }
        assert_eq!(
            find("PAYMENT_READY_NO_SESSION_ID"),
            Some(("MERCHANT", "A session ID is required"))
        );
        assert_eq!(
            find("PAYMENT_READY_MISSING_REQUIRED_OPTION"),
            Some((
                "MERCHANT",
                "Missing required option for Payment Ready method."
            ))
        );
    }

    #[test]
    fn the_tables_as_json() {
        let mut s = String::new();
        push_json(&mut s);
        assert!(s.starts_with(
            ",\"PAYMENT_READY_METHODS\":{\"createCustomerSession\":[[\"customer\"],\"PAYMENT_READY_MISSING_REQUIRED_OPTION\",\"PAYMENT_READY_CREATE_SESSION_ERROR\"],"
        ));
        assert!(s.contains(
            "\"PAYMENT_READY_VALUES\":{\"buttonType\":[\"button_type\",\"other\",[\"paypal\",\"venmo\",\"other\"]],"
        ));
        assert!(s.contains("\"experimentType\":[\"payment_ready_experiment_type\",\"test\",[\"control\",\"test\"]]"));
        assert!(s.ends_with("\"other\"]]}"));
    }
}
