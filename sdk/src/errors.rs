//! The error catalogue (spec section 8) for the client, hosted fields, 3-D
//! Secure, PayPal, PayPal Checkout and vault manager, plus the shared errors.
//! Codes are spelt as the reference library spells them; messages are the
//! spec's text word for word where it gives one. The messages live in the
//! data files under `errors/`; Rust keeps only the code mappings.

#[allow(unused_imports)]
use crate::prelude::*;

/// Who is at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorType {
    Customer,
    Merchant,
    Network,
    Internal,
    Unknown,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::Customer => "CUSTOMER",
            ErrorType::Merchant => "MERCHANT",
            ErrorType::Network => "NETWORK",
            ErrorType::Internal => "INTERNAL",
            ErrorType::Unknown => "UNKNOWN",
        }
    }
}

impl ErrorType {
    fn parse(name: &str) -> Option<ErrorType> {
        [
            ErrorType::Customer,
            ErrorType::Merchant,
            ErrorType::Network,
            ErrorType::Internal,
            ErrorType::Unknown,
        ]
        .into_iter()
        .find(|t| t.as_str() == name)
    }
}

/// The catalogue as data, one file per component plus the shared errors, one
/// `CODE TYPE message` line per error. The same files are bundled into the JS
/// of the components that raise them, so messages never go through the wasm
/// module and errors work before it loads. An empty message means the caller
/// supplies it; `{}` marks the one parameter.
pub static CATALOGUE: &[&str] = &[
    include_str!("errors/shared.txt"),
    include_str!("errors/client.txt"),
    include_str!("errors/hosted-fields.txt"),
    include_str!("errors/three-d-secure.txt"),
    include_str!("errors/paypal.txt"),
    include_str!("errors/vault-manager.txt"),
    include_str!("errors/local-payment.txt"),
    include_str!("errors/unionpay.txt"),
    include_str!("errors/payment-request.txt"),
    include_str!("errors/sepa.txt"),
    include_str!("errors/masterpass.txt"),
    include_str!("errors/payment-ready.txt"),
    include_str!("errors/us-bank-account.txt"),
    include_str!("errors/venmo.txt"),
];

/// Every entry as (code, type, message).
pub fn entries() -> impl Iterator<Item = (&'static str, ErrorType, &'static str)> {
    CATALOGUE
        .iter()
        .flat_map(|file| file.lines())
        .filter_map(|line| {
            let mut parts = line.splitn(3, ' ');
            let code = parts.next()?;
            let kind = ErrorType::parse(parts.next()?)?;
            Some((code, kind, parts.next().unwrap_or("")))
        })
}

/// Looks a code up.
pub fn find(code: &str) -> Option<(ErrorType, &'static str)> {
    entries()
        .find(|(c, _, _)| *c == code)
        .map(|(_, t, m)| (t, m))
}

/// The message of `code` with `{}` replaced by `arg`.
pub fn message(code: &str, arg: &str) -> Option<String> {
    find(code).map(|(_, m)| m.replacen("{}", arg, 1))
}

/// Server error codes returned by tokenization that have their own error.
pub fn tokenization_error_code(server_code: &str) -> &'static str {
    match server_code {
        "81724" => "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE",
        "81736" => "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED",
        _ => "HOSTED_FIELDS_FAILED_TOKENIZATION",
    }
}

/// Hosted-fields tokenization failure by HTTP status and first server error
/// code: 403 is the authorization's, not the card's, and stays the client's
/// own error ("": passed through unchanged, as the reference does); below 500
/// is the customer's card data, otherwise the network.
pub fn hosted_fields_tokenize_error(status: u32, server_code: &str) -> &'static str {
    if status == 403 {
        ""
    } else if status == 0 || status >= 500 {
        "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
    } else {
        tokenization_error_code(server_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_messages_are_word_for_word() {
        let spec = [
            (
                "HOSTED_FIELDS_TIMEOUT",
                "Hosted Fields timed out when attempting to set up.",
            ),
            (
                "HOSTED_FIELDS_INVALID_FIELD_SELECTOR",
                "Selector does not reference a valid DOM node.",
            ),
            (
                "HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME",
                "Element already contains a Braintree iframe.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR",
                "A tokenization network error occurred.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE",
                "This credit card already exists in the merchant's vault.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED",
                "CVV verification failed during tokenization.",
            ),
            (
                "HOSTED_FIELDS_FAILED_TOKENIZATION",
                "The supplied card data failed tokenization.",
            ),
            (
                "HOSTED_FIELDS_FIELDS_EMPTY",
                "All fields are empty. Cannot tokenize empty card fields.",
            ),
            (
                "HOSTED_FIELDS_FIELDS_INVALID",
                "Some payment input fields are invalid. Cannot tokenize invalid card fields.",
            ),
            (
                "FRAME_SERVICE_FRAME_CLOSED",
                "Frame closed before tokenization could occur.",
            ),
            ("FRAME_SERVICE_FRAME_OPEN_FAILED", "Frame failed to open."),
            (
                "PAYPAL_TOKENIZATION_REQUEST_ACTIVE",
                "Another tokenization request is active.",
            ),
            (
                "PAYPAL_SDK_SCRIPT_LOAD_FAILED",
                "Failed to load the PayPal JS SDK script.",
            ),
        ];
        for (code, msg) in spec {
            assert_eq!(message(code, "").as_deref(), Some(msg), "{code}");
        }
    }

    #[test]
    fn parameterised_messages() {
        assert_eq!(
            message("HOSTED_FIELDS_INVALID_FIELD_KEY", "foo").unwrap(),
            "\"foo\" is not a valid field."
        );
        assert_eq!(
            message(
                "PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED",
                "amount"
            )
            .unwrap(),
            "Required param amount is missing."
        );
        assert_eq!(
            message("METHOD_CALLED_AFTER_TEARDOWN", "tokenize").unwrap(),
            "tokenize cannot be called after teardown."
        );
        assert!(message("THREEDS_MISSING_VERIFY_CARD_OPTION", "a nonce")
            .unwrap()
            .starts_with("verifyCard options must include "));
    }

    #[test]
    fn types_are_as_catalogued() {
        assert_eq!(
            find("HOSTED_FIELDS_FIELDS_EMPTY").unwrap().0,
            ErrorType::Customer
        );
        assert_eq!(
            find("HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR").unwrap().0,
            ErrorType::Network
        );
        assert_eq!(find("PAYPAL_POPUP_CLOSED").unwrap().0, ErrorType::Customer);
        assert_eq!(find("PAYPAL_FLOW_FAILED").unwrap().0, ErrorType::Network);
        assert_eq!(
            find("THREEDS_UNSUPPORTED_VERSION").unwrap().0,
            ErrorType::Merchant
        );
        assert_eq!(
            find("THREEDS_CARDINAL_SDK_CANCELED").unwrap().0,
            ErrorType::Customer
        );
        assert_eq!(
            find("FRAME_SERVICE_FRAME_CLOSED").unwrap().0,
            ErrorType::Internal
        );
        assert!(find("NOPE").is_none());
    }

    #[test]
    fn sepa_and_masterpass_errors_are_as_the_reference_raises_them() {
        let expect = [
            (
                "SEPA_CREATE_MANDATE_FAILED",
                ErrorType::Merchant,
                "SEPA create mandate failed.",
            ),
            (
                "SEPA_CUSTOMER_CANCELED",
                ErrorType::Customer,
                "User canceled SEPA authorization",
            ),
            (
                "SEPA_TRANSACTION_FAILED",
                ErrorType::Unknown,
                "SEPA transaction failed",
            ),
            (
                "MASTERPASS_POPUP_CLOSED",
                ErrorType::Customer,
                "Customer closed Masterpass popup before authorizing.",
            ),
            (
                "MASTERPASS_FLOW_FAILED",
                ErrorType::Network,
                "Could not initialize Masterpass flow.",
            ),
            (
                "MASTERPASS_ACCOUNT_TOKENIZATION_FAILED",
                ErrorType::Network,
                "Could not tokenize user's Masterpass account.",
            ),
        ];
        for (code, kind, text) in expect {
            assert_eq!(find(code), Some((kind, text)), "{code}");
        }
    }

    #[test]
    fn the_five_types_are_spelt_as_the_spec_and_read_back() {
        let all = [
            ErrorType::Customer,
            ErrorType::Merchant,
            ErrorType::Network,
            ErrorType::Internal,
            ErrorType::Unknown,
        ];
        let names: Vec<&str> = all.iter().map(|t| t.as_str()).collect();
        assert_eq!(
            names,
            ["CUSTOMER", "MERCHANT", "NETWORK", "INTERNAL", "UNKNOWN"]
        );
        for t in all {
            assert_eq!(ErrorType::parse(t.as_str()), Some(t));
        }
        assert_eq!(ErrorType::parse("customer"), None);
    }

    #[test]
    fn codes_are_unique() {
        let codes: Vec<&str> = entries().map(|(c, _, _)| c).collect();
        for (i, a) in codes.iter().enumerate() {
            assert!(codes[i + 1..].iter().all(|b| a != b), "{a}");
        }
    }

    /// The codes the rules hand to JS are the data files' codes (one source).
    #[test]
    fn mapped_codes_are_catalogued() {
        let mut codes = Vec::new();
        for status in [0, 400, 401, 403, 404, 422, 429, 500, 503] {
            codes.push(crate::client::request_error_code(status, false, false));
            codes.push(crate::client::request_error_code(status, true, true));
            codes.push(crate::three_d_secure::lookup_error_code(status));
            codes.push(crate::paypal::flow_error_code(status));
            codes.push(crate::local_payment::create_error_code(status));
            codes.push(hosted_fields_tokenize_error(status, "81724"));
            codes.push(hosted_fields_tokenize_error(status, "81736"));
            codes.push(hosted_fields_tokenize_error(status, "1"));
        }
        for number in [0, 1000, 1001, 1002, 1003, 1010, 1011, 1020, 2000, 3000] {
            codes.push(crate::three_d_secure::cardinal_error_code(number));
        }
        codes.push(crate::sepa::tokenize_check(&[], ""));
        codes.push(crate::sepa::tokenize_check(
            &crate::sepa::REQUIRED_OPTIONS,
            "",
        ));
        codes.push(crate::sepa::popup_outcome(false, true));
        codes.push(crate::sepa::popup_outcome(false, false));
        codes.push(crate::masterpass::tokenize_check(&[], false));
        codes.push(crate::masterpass::tokenize_check(
            &["subtotal", "currencyCode"],
            true,
        ));
        codes.push(crate::masterpass::request_error_code("422"));
        codes.push(crate::masterpass::request_error_code("500"));
        codes.push(crate::masterpass::popup_check("", "", "", ""));
        codes.push(crate::masterpass::popup_check("success", "", "", ""));
        for code in codes.into_iter().filter(|c| !c.is_empty()) {
            assert!(find(code).is_some(), "{code}");
        }
    }

    #[test]
    fn every_line_is_an_entry() {
        let lines = CATALOGUE.iter().flat_map(|f| f.lines()).count();
        assert_eq!(entries().count(), lines);
        // Every file's lines, each an entry: a line lost in a merge shows here.
        assert_eq!(lines, 163);
    }

    #[test]
    fn tokenization_server_codes_map() {
        assert_eq!(
            tokenization_error_code("81724"),
            "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE"
        );
        assert_eq!(
            tokenization_error_code("81736"),
            "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED"
        );
        assert_eq!(
            tokenization_error_code("91734"),
            "HOSTED_FIELDS_FAILED_TOKENIZATION"
        );
        assert_eq!(
            hosted_fields_tokenize_error(422, "81724"),
            "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE"
        );
        assert_eq!(
            hosted_fields_tokenize_error(422, ""),
            "HOSTED_FIELDS_FAILED_TOKENIZATION"
        );
        assert_eq!(
            hosted_fields_tokenize_error(500, "81724"),
            "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
        );
        assert_eq!(
            hosted_fields_tokenize_error(0, ""),
            "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
        );
        assert_eq!(hosted_fields_tokenize_error(403, "81724"), "");
    }
}
