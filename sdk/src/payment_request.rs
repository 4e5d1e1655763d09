//! Payment Request rules (spec sections 3, 5, 8 and 9): the two supported
//! methods (basic-card and Google Pay), the card networks basic-card names,
//! the Google Pay API version and its constants, and the mapping of the
//! frame's failures (a DOMException's name or the frame's own) to errors.

/// The `supportedMethods` the component takes.
pub fn is_supported_method(method: &str) -> bool {
    matches!(method, "basic-card" | "https://google.com/pay")
}

/// basic-card's `supportedNetworks` name of a gateway card type, or "".
pub fn basic_card_network(card_type: &str) -> &'static str {
    match card_type {
        "Visa" => "visa",
        "MasterCard" => "mastercard",
        "American Express" => "amex",
        "Diners Club" => "diners",
        "Discover" => "discover",
        "JCB" => "jcb",
        "UnionPay" => "unionpay",
        "Maestro" => "maestro",
        _ => "",
    }
}

/// Google Pay API version 2 when asked for, else 1 (as text, the JS's number).
pub fn google_pay_version(requested: &str) -> &'static str {
    if requested == "2" {
        "2"
    } else {
        "1"
    }
}

/// The provider's merchant id at Google.
pub const GOOGLE_MERCHANT_ID: &str = "18278000977346790994";
/// Version 2's allowed auth methods, comma-separated.
pub const AUTH_METHODS: &str = "PAN_ONLY,CRYPTOGRAM_3DS";

/// Google Pay's environment for the gateway's.
pub fn google_pay_environment(gateway_environment: &str) -> &'static str {
    if gateway_environment == "production" {
        "PRODUCTION"
    } else {
        "TEST"
    }
}

/// The errors a failure maps to, numbered as their lines in
/// `errors/payment-request.txt` (from 1), so the wasm module carries numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Code {
    None = 0,
    Canceled = 2,
    InitializationMisconfigured = 3,
    CanMakePaymentFailed = 4,
    CanMakePaymentNotAllowed = 5,
    UnsupportedPaymentMethod = 6,
    GooglePaymentFailedToTokenize = 7,
    GooglePaymentParsingError = 8,
    NotCompleted = 9,
}

/// The error of a failed tokenize by the failure's name.
pub fn tokenize_error(name: &str) -> Code {
    match name {
        "AbortError" => Code::Canceled,
        "PAYMENT_REQUEST_INITIALIZATION_FAILED" => Code::InitializationMisconfigured,
        "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_TOKENIZATION_ERROR" => {
            Code::GooglePaymentFailedToTokenize
        }
        "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_PARSING_ERROR" => Code::GooglePaymentParsingError,
        _ => Code::NotCompleted,
    }
}

/// The error of a `supportedMethods` the component does not take.
pub fn method_error(method: &str) -> Code {
    if is_supported_method(method) {
        Code::None
    } else {
        Code::UnsupportedPaymentMethod
    }
}

/// The error by number (0 tokenize, 1 canMakePayment, 2 a method's support)
/// for the failure's name or the method.
pub fn error(kind: u32, value: &str) -> Code {
    match kind {
        0 => tokenize_error(value),
        1 => can_make_payment_error(value),
        _ => method_error(value),
    }
}

/// The error of a failed canMakePayment by the failure's name.
pub fn can_make_payment_error(name: &str) -> Code {
    match name {
        "PAYMENT_REQUEST_INITIALIZATION_FAILED" => Code::InitializationMisconfigured,
        "NotAllowedError" => Code::CanMakePaymentNotAllowed,
        _ => Code::CanMakePaymentFailed,
    }
}

/// The text rules by number, for one wasm export: 0 basic-card network,
/// 4 Google Pay environment, 5 Google Pay version, 6 Google's
/// merchant id, 7 auth methods.
pub fn rule(rule: u32, value: &str) -> &'static str {
    match rule {
        0 => basic_card_network(value),
        4 => google_pay_environment(value),
        5 => google_pay_version(value),
        6 => GOOGLE_MERCHANT_ID,
        _ => AUTH_METHODS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue code of an error number.
    fn code(c: Code) -> &'static str {
        let line = include_str!("errors/payment-request.txt")
            .lines()
            .nth(c as usize - 1)
            .unwrap();
        line.split(' ').next().unwrap()
    }

    #[test]
    fn only_basic_card_and_google_pay_are_supported() {
        assert!(is_supported_method("basic-card"));
        assert!(is_supported_method("https://google.com/pay"));
        assert!(!is_supported_method("https://apple.com/apple-pay"));
        assert!(!is_supported_method(""));
    }

    #[test]
    fn gateway_card_types_map_to_basic_card_networks() {
        assert_eq!(basic_card_network("Visa"), "visa");
        assert_eq!(basic_card_network("MasterCard"), "mastercard");
        assert_eq!(basic_card_network("American Express"), "amex");
        assert_eq!(basic_card_network("Diners Club"), "diners");
        assert_eq!(basic_card_network("Discover"), "discover");
        assert_eq!(basic_card_network("JCB"), "jcb");
        assert_eq!(basic_card_network("UnionPay"), "unionpay");
        assert_eq!(basic_card_network("Maestro"), "maestro");
        assert_eq!(basic_card_network("Elo"), "");
    }

    #[test]
    fn google_pay_api_version_is_1_or_2() {
        assert_eq!(google_pay_version("2"), "2");
        assert_eq!(google_pay_version("1"), "1");
        assert_eq!(google_pay_version(""), "1");
        assert_eq!(google_pay_version("3"), "1");
    }

    #[test]
    fn google_pay_constants() {
        assert_eq!(AUTH_METHODS, "PAN_ONLY,CRYPTOGRAM_3DS");
        assert_eq!(GOOGLE_MERCHANT_ID, "18278000977346790994");
        assert_eq!(google_pay_environment("production"), "PRODUCTION");
        assert_eq!(google_pay_environment("sandbox"), "TEST");
    }

    #[test]
    fn tokenize_failures_map() {
        assert_eq!(
            code(tokenize_error("AbortError")),
            "PAYMENT_REQUEST_CANCELED"
        );
        assert_eq!(
            code(tokenize_error("PAYMENT_REQUEST_INITIALIZATION_FAILED")),
            "PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED"
        );
        assert_eq!(
            code(tokenize_error(
                "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_TOKENIZATION_ERROR"
            )),
            "PAYMENT_REQUEST_GOOGLE_PAYMENT_FAILED_TO_TOKENIZE"
        );
        assert_eq!(
            code(tokenize_error(
                "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_PARSING_ERROR"
            )),
            "PAYMENT_REQUEST_GOOGLE_PAYMENT_PARSING_ERROR"
        );
        assert_eq!(
            code(tokenize_error("NotAllowedError")),
            "PAYMENT_REQUEST_NOT_COMPLETED"
        );
        assert_eq!(
            code(tokenize_error("UNSUPPORTED_METHOD_NAME")),
            "PAYMENT_REQUEST_NOT_COMPLETED"
        );
    }

    #[test]
    fn an_unsupported_method_is_an_error() {
        assert_eq!(method_error("basic-card"), Code::None);
        assert_eq!(
            code(method_error("https://apple.com/apple-pay")),
            "PAYMENT_REQUEST_UNSUPPORTED_PAYMENT_METHOD"
        );
        assert_eq!(error(2, "https://google.com/pay"), Code::None);
        assert_eq!(code(error(0, "AbortError")), "PAYMENT_REQUEST_CANCELED");
        assert_eq!(
            code(error(1, "NotAllowedError")),
            "PAYMENT_REQUEST_CAN_MAKE_PAYMENT_NOT_ALLOWED"
        );
    }

    #[test]
    fn can_make_payment_failures_map() {
        assert_eq!(
            code(can_make_payment_error("NotAllowedError")),
            "PAYMENT_REQUEST_CAN_MAKE_PAYMENT_NOT_ALLOWED"
        );
        assert_eq!(
            code(can_make_payment_error(
                "PAYMENT_REQUEST_INITIALIZATION_FAILED"
            )),
            "PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED"
        );
        assert_eq!(
            code(can_make_payment_error("InvalidStateError")),
            "PAYMENT_REQUEST_CAN_MAKE_PAYMENT_FAILED"
        );
    }

    #[test]
    fn rules_by_number() {
        assert_eq!(rule(0, "JCB"), "jcb");
        assert_eq!(rule(4, "production"), "PRODUCTION");
        assert_eq!(rule(5, "2"), "2");
        assert_eq!(rule(6, ""), GOOGLE_MERCHANT_ID);
        assert_eq!(rule(7, ""), AUTH_METHODS);
    }
}
