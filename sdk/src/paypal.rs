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
    fn context_types() {
        assert_eq!(context_type("vault"), "BA_Token");
        assert_eq!(context_type("checkout"), "EC_Token");
    }
}
