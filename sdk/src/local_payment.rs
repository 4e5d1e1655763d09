//! Local payment rules (spec sections 4, 5 and 8): startPayment's required
//! options in the reference's order, the seamless (deferred) payment types,
//! and how the create call's failures and the return page's query map to
//! errors.
//!
//! The merchant's options arrive as `keys`: one path per line for every own
//! property (`amount`, `address.locality`, `blikOptions.level_0.authCode`),
//! with `!` appended when its value is truthy, and a `lineItems[]` line
//! before each line item's `lineItems.<key>` lines. Presence is what the
//! reference checks (`hasOwnProperty`), truthiness only where it tests values.

#[allow(unused_imports)]
use crate::prelude::*;

// The required options in the reference's order, one path each (an object's
// fields right after it, so a missing object is named before its fields):
// `?x` is required unless redirectUrl is truthy, `!x` must be truthy, `#`
// stands for each line item's fields.
const START_PAYMENT: &str =
    "givenName surname currencyCode paymentType amount fallback ?onPaymentStart !fallback.url !fallback.buttonText";
const PAY_UPON_INVOICE: &str = "givenName surname currencyCode onPaymentStart paymentType amount \
    address address.streetAddress address.locality address.postalCode address.countryCode \
    billingAddress billingAddress.streetAddress billingAddress.locality billingAddress.postalCode billingAddress.countryCode \
    birthDate email locale customerServiceInstructions correlationId phone phoneCountryCode lineItems #";
const BLIK: &str = "givenName surname currencyCode paymentType amount ?onPaymentStart";
const BLIK_LEVEL_0: &str = "blikOptions.level_0.authCode";
const BLIK_ONE_CLICK_FIRST: &str = "blikOptions.oneClick.authCode blikOptions.oneClick.consumerReference blikOptions.oneClick.aliasLabel";
const BLIK_ONE_CLICK_SUBSEQUENT: &str =
    "blikOptions.oneClick.consumerReference blikOptions.oneClick.aliasKey";
const LINE_ITEM: &str = "lineItems.category lineItems.name lineItems.quantity lineItems.unitAmount lineItems.unitTaxAmount";
const LINE_ITEM_MARK: &[u8] = b"lineItems[]";

/// The lines as bytes: a byte split keeps UTF-8 decoding out of the module.
fn lines(keys: &str) -> impl Iterator<Item = &[u8]> {
    keys.as_bytes().split(|b| *b == b'\n')
}

fn words(list: &'static str) -> impl Iterator<Item = &'static str> {
    list.split([' '])
}

/// `line` names `path`, with or without the truthy mark.
fn names(line: &[u8], path: &str) -> bool {
    matches!(line.strip_prefix(path.as_bytes()), Some(b"" | b"!"))
}

/// The option at `path` is an own property.
fn has(keys: &str, path: &str) -> bool {
    lines(keys).any(|l| names(l, path))
}

/// The option at `path` is truthy.
fn truthy(keys: &str, path: &str) -> bool {
    lines(keys).any(|l| l.strip_suffix(b"!") == Some(path.as_bytes()))
}

fn is_type(payment_type: &str, name: &str) -> bool {
    payment_type.eq_ignore_ascii_case(name)
}

/// Seamless types: the payment happens outside the session, so no window
/// opens. BLIK is seamless only with its level_0 or oneClick option.
pub fn is_deferred(payment_type: &str, keys: &str) -> bool {
    if is_type(payment_type, "blik") {
        has(keys, "blikOptions.level_0") || has(keys, "blikOptions.oneClick")
    } else {
        words("pay_upon_invoice mbway bancomatpay").any(|t| is_type(payment_type, t))
    }
}

/// The first line item missing one of its required fields.
fn missing_line_item(keys: &str) -> Option<&'static str> {
    lines(keys)
        .enumerate()
        .filter(|(_, l)| *l == LINE_ITEM_MARK)
        .find_map(|(i, _)| {
            let item = || lines(keys).skip(i + 1).take_while(|l| *l != LINE_ITEM_MARK);
            words(LINE_ITEM).find(|k| !item().any(|l| names(l, k)))
        })
}

/// The first option of `list` (see the lists' marks) that is missing.
fn first_missing(keys: &str, list: &'static str) -> Option<&'static str> {
    words(list).find_map(|word| {
        if word == "#" {
            return missing_line_item(keys);
        }
        let missing = if let Some(name) = word.strip_prefix('?') {
            !truthy(keys, "redirectUrl") && !has(keys, name)
        } else if let Some(name) = word.strip_prefix('!') {
            !truthy(keys, name)
        } else {
            !has(keys, word)
        };
        missing.then(|| word.trim_start_matches(['?', '!']))
    })
}

fn missing_blik(keys: &str) -> Option<&'static str> {
    first_missing(keys, BLIK).or_else(|| {
        let list = if has(keys, "blikOptions.level_0") {
            BLIK_LEVEL_0
        } else if has(keys, "blikOptions.oneClick.aliasKey") {
            BLIK_ONE_CLICK_SUBSEQUENT
        } else {
            BLIK_ONE_CLICK_FIRST
        };
        first_missing(keys, list)
    })
}

/// The first missing required option of startPayment, in the reference's
/// order (`recurrent`: the option is `true`), or None.
pub fn missing_option(payment_type: &str, keys: &str, recurrent: bool) -> Option<&'static str> {
    if !is_deferred(payment_type, keys) {
        first_missing(keys, START_PAYMENT)
            .or_else(|| (recurrent && !truthy(keys, "customerId")).then_some("customerId"))
    } else if is_type(payment_type, "pay_upon_invoice") {
        first_missing(keys, PAY_UPON_INVOICE)
    } else if is_type(payment_type, "blik") {
        missing_blik(keys)
    } else {
        None
    }
}

/// startPayment's checks as one answer: `1` for a seamless type (else `0`),
/// then the MISSING_REQUIRED_OPTION details naming the option, if any.
pub fn start_check(payment_type: &str, keys: &str, recurrent: bool) -> String {
    let mut s = String::from(if is_deferred(payment_type, keys) {
        "1"
    } else {
        "0"
    });
    if let Some(option) = missing_option(payment_type, keys, recurrent) {
        s.push_str("Missing required '");
        s.push_str(option);
        s.push_str("' option.");
    }
    s
}

/// A failed local_payments/create: 422 is the merchant's options.
pub fn create_error_code(status: u32) -> &'static str {
    if status == 422 {
        "LOCAL_PAYMENT_INVALID_PAYMENT_OPTION"
    } else {
        "LOCAL_PAYMENT_START_PAYMENT_FAILED"
    }
}

// The return query's parameters the rules read, as bits of `query_bits`.
const QUERY_PARAMS: &str = "c wasCanceled errorcode token btLpToken btLpPaymentId btLpPayerId";
const C: u32 = 1;
const WAS_CANCELED: u32 = 2;
const ERRORCODE: u32 = 4;
const TOKEN: u32 = 8;
const BT_LP_ALL: u32 = 0x70;

/// Which of QUERY_PARAMS are truthy (`keys`: the truthy parameters).
fn query_bits(keys: &str) -> u32 {
    words(QUERY_PARAMS)
        .enumerate()
        .filter(|(_, p)| truthy(keys, p))
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// The error a return page's query means before tokenizing: the cancel page,
/// or a failure in the payment window; "" to tokenize.
pub fn return_error_code(keys: &str) -> &'static str {
    let bits = query_bits(keys);
    if bits & (C | WAS_CANCELED) != 0 {
        "LOCAL_PAYMENT_CANCELED"
    } else if bits & ERRORCODE != 0 {
        "LOCAL_PAYMENT_START_PAYMENT_FAILED"
    } else {
        ""
    }
}

/// hasTokenizationParams: an error code or token (the full-page return), or
/// the three `btLp` parameters of the fallback link.
pub fn has_tokenization_params(keys: &str) -> bool {
    let bits = query_bits(keys);
    bits & (ERRORCODE | TOKEN) != 0 || bits & BT_LP_ALL == BT_LP_ALL
}

/// create() with a redirectUrl tokenizes when the page is the flow's return.
pub fn is_redirect_return(keys: &str) -> bool {
    query_bits(keys) & (TOKEN | WAS_CANCELED) != 0
}

/// What a query means, as one answer: `1`/`0` for hasTokenizationParams,
/// `1`/`0` for a full-page return, then the error tokenizing it gives (or none).
pub fn query_check(keys: &str) -> String {
    let flag = |b: bool| if b { "1" } else { "0" };
    let mut s = String::from(flag(has_tokenization_params(keys)));
    s.push_str(flag(is_redirect_return(keys)));
    s.push_str(return_error_code(keys));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options a list names (marks dropped, no `#`).
    fn plain(list: &'static str) -> Vec<&'static str> {
        words(list)
            .map(|w| w.trim_start_matches(['?', '!', '@']))
            .filter(|w| *w != "#" && !w.contains('.'))
            .collect()
    }

    const IDEAL: &str = "paymentType!\namount!\ncurrencyCode!\ngivenName!\nsurname!\nfallback!\nfallback.url!\nfallback.buttonText!\nonPaymentStart!";

    fn details(t: &str, keys: &str) -> String {
        let s = start_check(t, keys, false);
        s.get(1..).unwrap_or_default().to_string()
    }

    fn without(keys: &str, drop: &str) -> String {
        keys.split(['\n'])
            .filter(|l| l.trim_end_matches('!') != drop)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn start_payment_requires_its_options_in_order() {
        assert_eq!(missing_option("ideal", IDEAL, false), None);
        assert_eq!(
            details("", ""),
            "Missing required 'givenName' option.",
            "givenName is checked first"
        );
        for option in plain(START_PAYMENT) {
            let keys = without(IDEAL, option);
            assert_eq!(missing_option("ideal", &keys, false), Some(option));
        }
    }

    #[test]
    fn present_but_undefined_counts_as_given() {
        let keys = IDEAL.replace("amount!", "amount");
        assert_eq!(missing_option("ideal", &keys, false), None);
    }

    #[test]
    fn on_payment_start_is_required_unless_redirect_flow() {
        let keys = without(IDEAL, "onPaymentStart");
        assert_eq!(
            missing_option("ideal", &keys, false),
            Some("onPaymentStart")
        );
        let redirect = keys.clone() + "\nredirectUrl!";
        assert_eq!(missing_option("ideal", &redirect, false), None);
    }

    #[test]
    fn fallback_needs_a_truthy_url_and_button_text() {
        let keys = IDEAL.replace("fallback.url!", "fallback.url");
        assert_eq!(missing_option("ideal", &keys, false), Some("fallback.url"));
        let keys = without(IDEAL, "fallback.buttonText");
        assert_eq!(
            details("ideal", &keys),
            "Missing required 'fallback.buttonText' option."
        );
    }

    #[test]
    fn recurrent_payments_need_a_customer_id() {
        assert_eq!(missing_option("ideal", IDEAL, true), Some("customerId"));
        let keys = String::from(IDEAL) + "\ncustomerId!";
        assert_eq!(missing_option("ideal", &keys, true), None);
    }

    const PUI: &str = "givenName!\nsurname!\ncurrencyCode!\nonPaymentStart!\npaymentType!\namount!\naddress!\naddress.streetAddress!\naddress.locality!\naddress.postalCode!\naddress.countryCode!\nbillingAddress!\nbillingAddress.streetAddress!\nbillingAddress.locality!\nbillingAddress.postalCode!\nbillingAddress.countryCode!\nbirthDate!\nemail!\nlocale!\ncustomerServiceInstructions!\ncorrelationId!\nphone!\nphoneCountryCode!\nlineItems!\nlineItems[]\nlineItems.category!\nlineItems.name!\nlineItems.quantity!\nlineItems.unitAmount!\nlineItems.unitTaxAmount!";

    #[test]
    fn pay_upon_invoice_requires_its_list_in_order() {
        assert_eq!(missing_option("PAY_UPON_INVOICE", PUI, false), None);
        for option in plain(PAY_UPON_INVOICE) {
            let keys = without(PUI, option);
            assert_eq!(
                missing_option("pay_upon_invoice", &keys, false),
                Some(option)
            );
        }
        // No fallback needed.
        assert!(!PUI.contains("fallback"));
    }

    #[test]
    fn pay_upon_invoice_addresses_need_four_fields() {
        for key in ["streetAddress", "locality", "postalCode", "countryCode"] {
            for prefix in ["address.", "billingAddress."] {
                let path = String::from(prefix) + key;
                let keys = without(PUI, &path);
                assert_eq!(
                    missing_option("pay_upon_invoice", &keys, false),
                    Some(path.as_str())
                );
            }
        }
    }

    #[test]
    fn pay_upon_invoice_line_items_need_five_fields_each() {
        for path in words(LINE_ITEM) {
            let keys = without(PUI, path);
            assert_eq!(missing_option("pay_upon_invoice", &keys, false), Some(path));
            // A complete first item, then a second one missing it.
            let two = words(LINE_ITEM)
                .filter(|k| *k != path)
                .fold(String::from(PUI) + "\nlineItems[]", |s, k| {
                    s + "\n" + k + "!"
                });
            assert_eq!(missing_option("pay_upon_invoice", &two, false), Some(path));
        }
        let none = PUI.split("\nlineItems[]").next().unwrap_or_default();
        assert_eq!(missing_option("pay_upon_invoice", none, false), None);
    }

    const BLIK_BASE: &str =
        "givenName!\nsurname!\ncurrencyCode!\npaymentType!\namount!\nonPaymentStart!\nblikOptions!";

    #[test]
    fn blik_is_seamless_only_with_level_0_or_one_click() {
        assert!(!is_deferred("blik", BLIK_BASE));
        let level0 = String::from(BLIK_BASE) + "\nblikOptions.level_0!";
        assert!(is_deferred("BLIK", &level0));
        let one = String::from(BLIK_BASE) + "\nblikOptions.oneClick";
        assert!(is_deferred("blik", &one));
        for t in ["pay_upon_invoice", "mbway", "BancomatPay"] {
            assert!(is_deferred(t, ""), "{t}");
        }
        for t in ["ideal", "sofort", ""] {
            assert!(!is_deferred(t, "blikOptions.level_0!"), "{t}");
        }
        // Without them BLIK is a redirect type (fallback required).
        assert_eq!(missing_option("blik", BLIK_BASE, false), Some("fallback"));
    }

    #[test]
    fn blik_level_0_needs_an_auth_code() {
        let keys = String::from(BLIK_BASE) + "\nblikOptions.level_0!";
        assert_eq!(
            details("blik", &keys),
            "Missing required 'blikOptions.level_0.authCode' option."
        );
        let keys = keys + "\nblikOptions.level_0.authCode!";
        assert_eq!(missing_option("blik", &keys, false), None);
        for option in plain(BLIK) {
            let keys = without(&keys, option);
            assert_eq!(missing_option("blik", &keys, false), Some(option));
        }
        let keys = without(&keys, "onPaymentStart");
        assert_eq!(missing_option("blik", &keys, false), Some("onPaymentStart"));
        assert_eq!(
            missing_option("blik", &(keys + "\nredirectUrl!"), false),
            None
        );
    }

    #[test]
    fn blik_one_click_first_and_subsequent() {
        let first = String::from(BLIK_BASE) + "\nblikOptions.oneClick!";
        let mut given = first.clone();
        for key in words(BLIK_ONE_CLICK_FIRST) {
            assert_eq!(missing_option("blik", &given, false), Some(key));
            given = given + "\n" + key + "!";
        }
        assert_eq!(missing_option("blik", &given, false), None);
        let subsequent = first + "\nblikOptions.oneClick.aliasKey!";
        assert_eq!(
            missing_option("blik", &subsequent, false),
            Some("blikOptions.oneClick.consumerReference")
        );
        let done = subsequent + "\nblikOptions.oneClick.consumerReference!";
        assert_eq!(missing_option("blik", &done, false), None);
    }

    #[test]
    fn mbway_and_bancomatpay_have_no_required_options() {
        assert_eq!(missing_option("mbway", "", false), None);
        assert_eq!(missing_option("bancomatpay", "", true), None);
    }

    #[test]
    fn create_failures_map() {
        assert_eq!(
            create_error_code(422),
            "LOCAL_PAYMENT_INVALID_PAYMENT_OPTION"
        );
        for s in [0, 400, 500] {
            assert_eq!(create_error_code(s), "LOCAL_PAYMENT_START_PAYMENT_FAILED");
        }
    }

    #[test]
    fn return_query_errors() {
        assert_eq!(return_error_code("c!\ntoken!"), "LOCAL_PAYMENT_CANCELED");
        assert_eq!(return_error_code("wasCanceled!"), "LOCAL_PAYMENT_CANCELED");
        assert_eq!(
            return_error_code("c!\nerrorcode!"),
            "LOCAL_PAYMENT_CANCELED",
            "cancel is checked first"
        );
        assert_eq!(
            return_error_code("errorcode!\ntoken!"),
            "LOCAL_PAYMENT_START_PAYMENT_FAILED"
        );
        assert_eq!(return_error_code("token!\npaymentId!\nPayerID!"), "");
        assert_eq!(return_error_code("c"), "", "a falsy c is no cancel");
    }

    #[test]
    fn tokenization_params() {
        assert!(has_tokenization_params("token!"));
        assert!(has_tokenization_params("errorcode!"));
        assert!(has_tokenization_params(
            "btLpToken!\nbtLpPaymentId!\nbtLpPayerId!"
        ));
        assert!(!has_tokenization_params("btLpToken!\nbtLpPaymentId!"));
        assert!(!has_tokenization_params(""));
    }

    #[test]
    fn checks_as_one_answer() {
        assert_eq!(start_check("mbway", "", false), "1");
        assert_eq!(start_check("ideal", IDEAL, false), "0");
        assert_eq!(
            start_check("pay_upon_invoice", "", false),
            "1Missing required 'givenName' option."
        );
        assert_eq!(query_check("token!\npaymentId!"), "11");
        assert_eq!(query_check("c!"), "00LOCAL_PAYMENT_CANCELED");
        assert_eq!(
            query_check("errorcode!\ntoken!"),
            "11LOCAL_PAYMENT_START_PAYMENT_FAILED"
        );
        assert_eq!(
            query_check("btLpToken!\nbtLpPaymentId!\nbtLpPayerId!"),
            "10"
        );
    }

    #[test]
    fn redirect_returns() {
        assert!(is_redirect_return("token!\npaymentId!"));
        assert!(is_redirect_return("wasCanceled!"));
        assert!(!is_redirect_return(
            "btLpToken!\nbtLpPaymentId!\nbtLpPayerId!"
        ));
    }
}
