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

/// The first required vault-initiated checkout parameter that is missing
/// (`present` lists those given), or "".
pub fn vault_initiated_missing(present: &[&str]) -> &'static str {
    [
        "amount",
        "currency",
        "vaultInitiatedCheckoutPaymentMethodToken",
    ]
    .into_iter()
    .find(|p| !present.contains(p))
    .unwrap_or("")
}

/// Query string of the PayPal JS SDK script URL: client-id, components
/// (default buttons), intent (tokenize for vault, else authorize or the merchant's),
/// currency (USD by default outside vault), vault=true for vault.
pub fn sdk_query(
    client_id: &str,
    components: &str,
    vault: bool,
    intent: &str,
    currency: &str,
) -> String {
    let mut q = String::from("client-id=");
    q.push_str(&encode(client_id));
    q.push_str("&components=");
    q.push_str(&encode(if components.is_empty() {
        "buttons"
    } else {
        components
    }));
    q.push_str("&intent=");
    q.push_str(if vault {
        "tokenize"
    } else if intent.is_empty() {
        "authorize"
    } else {
        map_sdk_intent(intent)
    });
    if vault {
        q.push_str("&vault=true");
        if !currency.is_empty() {
            q.push_str("&currency=");
            q.push_str(&encode(currency));
        }
    } else {
        q.push_str("&currency=");
        q.push_str(&encode(if currency.is_empty() { "USD" } else { currency }));
    }
    q
}

fn map_sdk_intent(intent: &str) -> &str {
    match intent {
        "sale" => "capture",
        other => other,
    }
}

/// Percent-encoding for query values (unreserved characters kept).
pub fn encode(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b',') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }
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
        assert_eq!(vault_initiated_missing(&[]), "amount");
        assert_eq!(vault_initiated_missing(&["amount"]), "currency");
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
    fn sdk_query_params() {
        assert_eq!(
            sdk_query("abc", "", false, "", ""),
            "client-id=abc&components=buttons&intent=authorize&currency=USD"
        );
        assert_eq!(
            sdk_query("abc", "buttons,messages", true, "", ""),
            "client-id=abc&components=buttons,messages&intent=tokenize&vault=true"
        );
        assert_eq!(
            sdk_query("a b", "", false, "capture", "EUR"),
            "client-id=a%20b&components=buttons&intent=capture&currency=EUR"
        );
        assert_eq!(
            sdk_query("x", "", false, "sale", "GBP"),
            "client-id=x&components=buttons&intent=capture&currency=GBP"
        );
    }

    #[test]
    fn context_types() {
        assert_eq!(context_type("vault"), "BA_Token");
        assert_eq!(context_type("checkout"), "EC_Token");
    }
}
