//! Masterpass rules (spec sections 2, 4, 5, 8 and 9): tokenize's checks, the
//! request-token call's failures, the popup's return and the script the
//! loading page starts Masterpass's checkout with.
//!
//! As for SEPA (see `sepa`), `masterpass.js` and
//! `masterpass-loading-frame.js` apply these rules themselves with copies of
//! the tables (required options, popup size, version, the script's URL) that
//! the tests below check against this module.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::authorization::is_loopback_url;

pub const POPUP_WIDTH: u32 = 450;
pub const POPUP_HEIGHT: u32 = 660;
/// The Masterpass checkout version the popup asks for.
pub const VERSION: &str = "v6";

/// The options tokenize requires.
pub const REQUIRED_OPTIONS: [&str; 2] = ["subtotal", "currencyCode"];
/// Masterpass's checkout script, as the reference's loading page loads it:
/// `{ENV}` is empty in production and `sandbox.` in any other environment.
pub const SCRIPT_URL: &str =
    "https://{ENV}static.masterpass.com/dyn/js/switch/integration/MasterPass.client.js";

/// tokenize's checks in the reference's order (`present`: the option names
/// given): subtotal and currencyCode, then one flow at a time. The error code or "".
pub fn tokenize_check(present: &[&str], in_progress: bool) -> &'static str {
    if REQUIRED_OPTIONS.iter().any(|o| !present.contains(o)) {
        "MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION"
    } else if in_progress {
        "MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS"
    } else {
        ""
    }
}

/// A failed request-token call by its HTTP status (as text): 422 is the
/// merchant's options, else the flow.
pub fn request_error_code(status: &str) -> &'static str {
    if status == "422" {
        "MASTERPASS_INVALID_PAYMENT_OPTION"
    } else {
        "MASTERPASS_FLOW_FAILED"
    }
}

/// A popup parameter that is absent: empty or the string `null`.
fn absent(value: &str) -> bool {
    value.is_empty() || value == "null"
}

/// The popup's return, in the reference's order: the status must be
/// `success`, then the verifier, token and checkout resource URL must all be
/// there. The error code or "".
pub fn popup_check(
    mpstatus: &str,
    verifier: &str,
    token: &str,
    resource_url: &str,
) -> &'static str {
    if mpstatus != "success" {
        "MASTERPASS_POPUP_CLOSED"
    } else if [verifier, token, resource_url].into_iter().any(absent) {
        "MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS"
    } else {
        ""
    }
}

/// The script the loading page loads (`given`: the `scriptUrl` in its query,
/// `page`: its own URL). The query is anyone's to write and the page shares
/// its origin with the card fields, so a given script is taken only where
/// both it and the page are on a loopback address (the local sandbox's
/// stand-in); anywhere else it is Masterpass's own for the environment.
pub fn script_url(environment: &str, given: &str, page: &str) -> String {
    if !given.is_empty() && is_loopback_url(given) && is_loopback_url(page) {
        return String::from(given);
    }
    let subdomain = if environment == "production" {
        ""
    } else {
        "sandbox."
    };
    SCRIPT_URL.replace("{ENV}", subdomain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popup_is_450_by_660_version_6() {
        assert_eq!((POPUP_WIDTH, POPUP_HEIGHT, VERSION), (450, 660, "v6"));
    }

    #[test]
    fn subtotal_and_currency_are_required_before_the_in_progress_check() {
        let both = ["subtotal", "currencyCode"];
        assert_eq!(tokenize_check(&both, false), "");
        assert_eq!(
            tokenize_check(&["subtotal"], true),
            "MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION"
        );
        assert_eq!(
            tokenize_check(&["currencyCode"], false),
            "MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION"
        );
        assert_eq!(
            tokenize_check(&both, true),
            "MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS"
        );
    }

    #[test]
    fn status_422_is_an_invalid_payment_option() {
        assert_eq!(
            request_error_code("422"),
            "MASTERPASS_INVALID_PAYMENT_OPTION"
        );
        assert_eq!(request_error_code("500"), "MASTERPASS_FLOW_FAILED");
        assert_eq!(request_error_code(""), "MASTERPASS_FLOW_FAILED");
    }

    #[test]
    fn popup_status_comes_before_the_parameters() {
        assert_eq!(popup_check("success", "v", "t", "u"), "");
        assert_eq!(popup_check("cancel", "", "", ""), "MASTERPASS_POPUP_CLOSED");
        assert_eq!(popup_check("", "v", "t", "u"), "MASTERPASS_POPUP_CLOSED");
        for (v, t, u) in [("null", "t", "u"), ("v", "", "u"), ("v", "t", "null")] {
            assert_eq!(
                popup_check("success", v, t, u),
                "MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS"
            );
        }
    }

    #[test]
    fn the_script_is_masterpass_own_unless_page_and_script_are_local() {
        let live =
            "https://assets.braintreegateway.com/web/3.130.0/html/masterpass-loading-frame.html";
        let local = "http://127.0.0.1:3001/web/3.130.0/html/masterpass-loading-frame.html";
        let stand_in = "http://127.0.0.1:3000/sandbox/masterpass/MasterPass.client.js";
        let production =
            "https://static.masterpass.com/dyn/js/switch/integration/MasterPass.client.js";
        let sandbox =
            "https://sandbox.static.masterpass.com/dyn/js/switch/integration/MasterPass.client.js";
        assert_eq!(script_url("production", "", live), production);
        assert_eq!(script_url("sandbox", "", live), sandbox);
        assert_eq!(script_url("", "", local), sandbox);
        assert_eq!(script_url("sandbox", stand_in, local), stand_in);
        // A script named in the query of a page on the provider's host, or a
        // script elsewhere named to a local page, is refused.
        assert_eq!(script_url("production", stand_in, live), production);
        assert_eq!(
            script_url("sandbox", "https://evil.example/x.js", local),
            sandbox
        );
    }

    /// The tables `masterpass.js` applies are this module's.
    #[test]
    fn the_js_holds_these_tables() {
        let js = include_str!("../js/src/masterpass.js");
        let text = |v: &str| js.contains(&(String::from("\"") + v + "\""));
        assert!(text(&REQUIRED_OPTIONS.join(",")));
        // The width is left to the frame service's default.
        assert_eq!(POPUP_WIDTH, crate::constants::DEFAULT_POPUP_WIDTH);
        // The height and version come from the constants sdk-constants prints.
        let printed = crate::constants::constants_json();
        assert!(printed.contains("\"MASTERPASS_POPUP_HEIGHT\":660"));
        assert!(printed.contains("\"MASTERPASS_VERSION\":\"v6\""));
        assert!(
            printed.contains(&(String::from("\"MASTERPASS_SCRIPT_URL\":\"") + SCRIPT_URL + "\""))
        );
    }

    /// The loading page applies `script_url` with this module's tables.
    #[test]
    fn the_loading_page_holds_these_rules() {
        let js = include_str!("../js/src/masterpass-loading-frame.js");
        assert!(js.contains("./constants/MASTERPASS_SCRIPT_URL.json"));
        assert!(js.contains(r#""production" ? "" : "sandbox.""#));
    }
}
