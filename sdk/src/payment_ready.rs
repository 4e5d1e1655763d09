//! Payment Ready rules: each method's required options and the values the
//! presented and selected events accept (spec sections 5 and 9).

#[allow(unused_imports)]
use crate::prelude::*;

pub static BUTTON_TYPES: [&str; 3] = ["paypal", "venmo", "other"];
pub static BUTTON_ORDERS: [&str; 9] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eight", "other",
];
pub static EXPERIMENT_TYPES: [&str; 2] = ["control", "test"];
pub static PAGE_TYPES: [&str; 11] = [
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
];

/// `value` if `allowed` lists it, else `fallback`.
fn known<'a>(value: &'a str, allowed: &[&str], fallback: &'static str) -> &'a str {
    if allowed.contains(&value) {
        value
    } else {
        fallback
    }
}

/// An event field's value as the logger accepts it: an unknown button type
/// or button order becomes `other`, an unknown experiment type `test`, an
/// unknown page type `other`. `kind` is the option's name.
pub fn normalize<'a>(kind: &str, value: &'a str) -> &'a str {
    match kind {
        "buttonType" => known(value, &BUTTON_TYPES, "other"),
        "buttonOrder" => known(value, &BUTTON_ORDERS, "other"),
        "experimentType" => known(value, &EXPERIMENT_TYPES, "test"),
        "pageType" => known(value, &PAGE_TYPES, "other"),
        _ => value,
    }
}

/// The options a method needs: create needs customer, update sessionId and
/// customer, recommendations sessionId.
pub fn required_options(method: &str) -> &'static [&'static str] {
    match method {
        "createCustomerSession" => &["customer"],
        "updateCustomerSession" => &["sessionId", "customer"],
        _ => &["sessionId"],
    }
}

/// The error of a call to `method` whose options hold the keys `present`
/// (`""` when none is missing): recommendations without a session id raise
/// NO_SESSION_ID, the session methods MISSING_REQUIRED_OPTION.
pub fn missing_option_error(method: &str, present: &[&str]) -> &'static str {
    if required_options(method)
        .iter()
        .all(|option| present.contains(option))
    {
        ""
    } else if method == "getCustomerRecommendations" {
        "PAYMENT_READY_NO_SESSION_ID"
    } else {
        "PAYMENT_READY_MISSING_REQUIRED_OPTION"
    }
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
        for page in PAGE_TYPES {
            assert_eq!(normalize("pageType", page), page);
        }
        assert_eq!(normalize("pageType", "landing"), "other");
    }

    #[test]
    fn the_spec_lists() {
        assert_eq!(BUTTON_TYPES, ["paypal", "venmo", "other"]);
        assert_eq!(EXPERIMENT_TYPES, ["control", "test"]);
        assert_eq!(BUTTON_ORDERS.len(), 9);
        assert_eq!(PAGE_TYPES.len(), 11);
    }

    #[test]
    fn catalogue_messages_word_for_word() {
        let find = |code| crate::errors::find(code).map(|(t, m)| (t.as_str(), m));
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
        for code in [
            "PAYMENT_READY_CREATE_SESSION_ERROR",
            "PAYMENT_READY_UPDATE_SESSION_ERROR",
            "PAYMENT_READY_GET_RECOMMENDATIONS_ERROR",
        ] {
            assert_eq!(find(code).map(|(t, _)| t), Some("NETWORK"), "{code}");
        }
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
}
