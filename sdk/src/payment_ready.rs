//! Payment Ready rules: each method's required options and the values the
//! presented and selected events accept (spec sections 5 and 9).

#[allow(unused_imports)]
use crate::prelude::*;

/// An event field's value as the logger accepts it (spec section 9's
/// lists): an unknown button type or button order becomes `other`, an
/// unknown experiment type `test`, an unknown page type `other`. `kind` is
/// the option's name. (`matches!` keeps the wasm module smallest.)
pub fn normalize<'a>(kind: &str, value: &'a str) -> &'a str {
    let (known, fallback) = match kind {
        "buttonType" => (matches!(value, "paypal" | "venmo" | "other"), "other"),
        "buttonOrder" => (
            matches!(
                value,
                "first"
                    | "second"
                    | "third"
                    | "fourth"
                    | "fifth"
                    | "sixth"
                    | "seventh"
                    | "eight"
                    | "other"
            ),
            "other",
        ),
        "experimentType" => (matches!(value, "control" | "test"), "test"),
        "pageType" => (
            matches!(
                value,
                "homepage"
                    | "about"
                    | "product_category"
                    | "product_details"
                    | "search"
                    | "cart"
                    | "checkout"
                    | "order_review"
                    | "order_confirmation"
                    | "minicart"
                    | "other"
            ),
            "other",
        ),
        _ => (true, ""),
    };
    if known {
        value
    } else {
        fallback
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
        assert_eq!(normalize("pageType", "checkout"), "checkout");
        assert_eq!(normalize("pageType", "landing"), "other");
    }

    #[test]
    fn the_spec_lists_are_kept() {
        let kept = |kind, list: &[&str]| list.iter().all(|v| normalize(kind, v) == *v);
        assert!(kept("buttonType", &["paypal", "venmo", "other"]));
        assert!(kept(
            "buttonOrder",
            &["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eight", "other"]
        ));
        assert!(kept("experimentType", &["control", "test"]));
        assert!(kept(
            "pageType",
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
                "other"
            ]
        ));
        assert_eq!(normalize("somethingElse", "x"), "x");
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
