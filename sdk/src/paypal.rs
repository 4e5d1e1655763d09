//! PayPal and PayPal Checkout rules (spec sections 3, 5, 7 and 8).

#[allow(unused_imports)]
use crate::prelude::*;

pub fn is_valid_flow(flow: &str) -> bool {
    matches!(flow, "checkout" | "vault")
}

/// `capture` is sent as `sale`; others as given, `authorize` by default.
pub fn map_intent(intent: &str) -> &str {
    match intent {
        "capture" => "sale",
        "" => "authorize",
        other => other,
    }
}

/// Flow start failures: 422 is the merchant's options, anything else the flow.
pub fn flow_error_code(status: u32) -> &'static str {
    if status == 422 {
        "PAYPAL_INVALID_PAYMENT_OPTION"
    } else {
        "PAYPAL_FLOW_FAILED"
    }
}

/// Every shipping option's currency must equal the checkout currency, ignoring case.
pub fn shipping_currencies_match(currency: &str, option_currencies: &[&str]) -> bool {
    option_currencies
        .iter()
        .all(|c| c.eq_ignore_ascii_case(currency))
}

/// updatePayment needs a paymentId and currency, and an amount or line items.
/// Returns the error code or "".
pub fn update_payment_error(
    has_payment_id: bool,
    has_currency: bool,
    has_amount: bool,
    has_line_items: bool,
) -> &'static str {
    if !has_payment_id || !has_currency || !has_amount && !has_line_items {
        "PAYPAL_MISSING_REQUIRED_OPTION"
    } else {
        ""
    }
}

/// The missing required vault-initiated checkout parameter named in the
/// error (`present` lists those given), or "". The reference names the last
/// one missing.
pub fn vault_initiated_missing(present: &[&str]) -> &'static str {
    [
        "amount",
        "currency",
        "vaultInitiatedCheckoutPaymentMethodToken",
    ]
    .into_iter()
    .rev()
    .find(|p| !present.contains(p))
    .unwrap_or("")
}

/// The PayPal JS SDK script's defaulted query values as
/// `components\nintent\ncurrency`: components buttons; intent tokenize for
/// vault, else authorize; currency USD outside vault (vault keeps the
/// merchant's, possibly empty). Given values are kept as they are.
pub fn sdk_script_defaults(vault: bool, components: &str, intent: &str, currency: &str) -> String {
    let or = |given: &'static str, value: &str| -> String {
        String::from(if value.is_empty() { given } else { value })
    };
    let mut out = or("buttons", components);
    out.push('\n');
    out.push_str(&or(if vault { "tokenize" } else { "authorize" }, intent));
    out.push('\n');
    out.push_str(&if vault {
        String::from(currency)
    } else {
        or("USD", currency)
    });
    out
}

/// The preload request that speeds up the PayPal button's rendering (spec
/// section 7), which loadPayPalSDK sends with `autoSetDataUserIdToken` as
/// the reference's does: `{ENV}` is empty in production and `sandbox.` in any
/// other environment. In sandbox mode the configuration's `paypal.preloadUrl`
/// (the sandbox's stand-in) takes its place.
pub const PRELOAD_URL: &str = "https://www.{ENV}paypal.com/smart/buttons/preload";

/// The preload URL for a gateway environment.
pub fn preload_url(environment: &str) -> String {
    let subdomain = if environment == "production" {
        ""
    } else {
        "sandbox."
    };
    PRELOAD_URL.replace("{ENV}", subdomain)
}

/// The user id token set on the PayPal script and sent in the preload: the
/// merchant's own (`user-id-token` data attribute), else the client token's
/// authorization fingerprint without its query. "" for none (a tokenization
/// key): then neither happens.
pub fn user_id_token<'a>(given: &'a str, fingerprint: &'a str) -> &'a str {
    if given.is_empty() {
        fingerprint.split(['?']).next().unwrap_or("")
    } else {
        given
    }
}

/// Analytics context type by flow.
pub fn context_type(flow: &str) -> &'static str {
    if flow == "vault" {
        "BA_Token"
    } else {
        "EC_Token"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flows_and_intents() {
        assert!(is_valid_flow("checkout"));
        assert!(is_valid_flow("vault"));
        assert!(!is_valid_flow("Checkout"));
        assert!(!is_valid_flow(""));
        assert_eq!(map_intent("capture"), "sale");
        assert_eq!(map_intent("order"), "order");
        assert_eq!(map_intent(""), "authorize");
    }

    #[test]
    fn statuses() {
        assert_eq!(flow_error_code(422), "PAYPAL_INVALID_PAYMENT_OPTION");
        assert_eq!(flow_error_code(500), "PAYPAL_FLOW_FAILED");
        assert_eq!(flow_error_code(0), "PAYPAL_FLOW_FAILED");
    }

    #[test]
    fn shipping_currency_is_case_insensitive() {
        assert!(shipping_currencies_match("USD", &["usd", "USD"]));
        assert!(!shipping_currencies_match("USD", &["usd", "EUR"]));
        assert!(shipping_currencies_match("EUR", &[]));
    }

    #[test]
    fn update_payment_requirements() {
        assert_eq!(update_payment_error(true, true, true, false), "");
        assert_eq!(update_payment_error(true, true, false, true), "");
        assert_eq!(
            update_payment_error(true, true, false, false),
            "PAYPAL_MISSING_REQUIRED_OPTION"
        );
        assert_eq!(
            update_payment_error(false, true, true, true),
            "PAYPAL_MISSING_REQUIRED_OPTION"
        );
        assert_eq!(
            update_payment_error(true, false, true, true),
            "PAYPAL_MISSING_REQUIRED_OPTION"
        );
    }

    #[test]
    fn vault_initiated_params() {
        assert_eq!(
            vault_initiated_missing(&[]),
            "vaultInitiatedCheckoutPaymentMethodToken"
        );
        assert_eq!(
            vault_initiated_missing(&["currency", "vaultInitiatedCheckoutPaymentMethodToken"]),
            "amount"
        );
        assert_eq!(
            vault_initiated_missing(&["amount", "vaultInitiatedCheckoutPaymentMethodToken"]),
            "currency"
        );
        assert_eq!(
            vault_initiated_missing(&["amount", "currency"]),
            "vaultInitiatedCheckoutPaymentMethodToken"
        );
        assert_eq!(
            vault_initiated_missing(&[
                "amount",
                "currency",
                "vaultInitiatedCheckoutPaymentMethodToken"
            ]),
            ""
        );
    }

    #[test]
    fn sdk_script_defaults_apply_only_when_missing() {
        assert_eq!(
            sdk_script_defaults(false, "", "", ""),
            "buttons\nauthorize\nUSD"
        );
        assert_eq!(sdk_script_defaults(true, "", "", ""), "buttons\ntokenize\n");
        assert_eq!(
            sdk_script_defaults(false, "buttons,messages", "capture", "EUR"),
            "buttons,messages\ncapture\nEUR"
        );
        assert_eq!(
            sdk_script_defaults(true, "", "", "GBP"),
            "buttons\ntokenize\nGBP"
        );
    }

    #[test]
    fn preload_goes_to_the_environment_paypal_host() {
        assert_eq!(
            preload_url("production"),
            "https://www.paypal.com/smart/buttons/preload"
        );
        assert_eq!(
            preload_url("sandbox"),
            "https://www.sandbox.paypal.com/smart/buttons/preload"
        );
        assert_eq!(
            preload_url(""),
            "https://www.sandbox.paypal.com/smart/buttons/preload"
        );
    }

    #[test]
    fn user_id_token_is_the_merchant_one_or_the_fingerprint() {
        assert_eq!(user_id_token("UIT-1", "fp_2?created_at=3"), "UIT-1");
        assert_eq!(user_id_token("", "fp_2?created_at=3"), "fp_2");
        assert_eq!(user_id_token("", "fp_2"), "fp_2");
        assert_eq!(user_id_token("", ""), "");
    }

    /// paypal-checkout.js applies `user_id_token`, paypal-preload.js
    /// `preload_url` with the URL sdk-constants prints.
    #[test]
    fn the_js_applies_these_rules() {
        let checkout = include_str!("../js/src/paypal-checkout.js");
        assert!(checkout.contains(r#".split("?")[0]"#));
        let preload = include_str!("../js/src/paypal-preload.js");
        assert!(preload.contains("./constants/PAYPAL_PRELOAD_URL.json"));
        assert!(preload.contains(r#""production" ? "" : "sandbox.""#));
        let printed = crate::constants::constants_json();
        assert!(printed.contains(&(String::from("\"PAYPAL_PRELOAD_URL\":\"") + PRELOAD_URL + "\"")));
    }

    #[test]
    fn context_types() {
        assert_eq!(context_type("vault"), "BA_Token");
        assert_eq!(context_type("checkout"), "EC_Token");
    }
}
