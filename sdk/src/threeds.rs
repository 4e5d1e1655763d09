//! 3-D Secure (version 2 only) rules of spec sections 4, 5 and 8.

#[allow(unused_imports)]
use crate::prelude::*;

/// How a challenge is presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framework {
    /// The authentication script's own modal (`2`, `2-cardinal-modal`).
    CardinalModal,
    /// The SDK's bootstrap3-style modal (`2-bootstrap3-modal`).
    Bootstrap3Modal,
    /// The merchant places the iframe (`2-inline-iframe`).
    InlineIframe,
}

impl Framework {
    pub fn as_str(self) -> &'static str {
        match self {
            Framework::CardinalModal => "cardinal-modal",
            Framework::Bootstrap3Modal => "bootstrap3-modal",
            Framework::InlineIframe => "inline-iframe",
        }
    }
}

/// `version` as given (empty when missing) → framework or error code.
pub fn parse_version(version: &str) -> Result<Framework, &'static str> {
    match version {
        "2" | "2-cardinal-modal" => Ok(Framework::CardinalModal),
        "2-bootstrap3-modal" => Ok(Framework::Bootstrap3Modal),
        "2-inline-iframe" => Ok(Framework::InlineIframe),
        "" | "1" => Err("THREEDS_UNSUPPORTED_VERSION"),
        _ => Err("THREEDS_UNRECOGNIZED_VERSION"),
    }
}

/// Creation checks in the spec's order, given the facts the JS side reads.
pub fn creation_error(
    enabled: bool,
    is_tokenization_key: bool,
    production: bool,
    https: bool,
    has_cardinal_jwt: bool,
) -> &'static str {
    if !enabled {
        "THREEDS_NOT_ENABLED"
    } else if is_tokenization_key {
        "THREEDS_CAN_NOT_USE_TOKENIZATION_KEY"
    } else if production && !https {
        "THREEDS_HTTPS_REQUIRED"
    } else if !has_cardinal_jwt {
        "THREEDS_NOT_ENABLED_FOR_V2"
    } else {
        ""
    }
}

/// The ERROR number mapping of the authentication script.
pub fn cardinal_error_code(number: u32) -> &'static str {
    match number {
        10001 | 10002 => "THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT",
        10003 | 10007 | 10009 => "THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT",
        10005 | 10006 => "THREEDS_CARDINAL_SDK_BAD_CONFIG",
        10008 | 10010 => "THREEDS_CARDINAL_SDK_BAD_JWT",
        10011 => "THREEDS_CARDINAL_SDK_CANCELED",
        _ => "THREEDS_CARDINAL_SDK_ERROR",
    }
}

/// Action codes that continue to the JWT authentication call.
pub fn action_authenticates(action_code: &str) -> bool {
    matches!(action_code, "SUCCESS" | "NOACTION" | "FAILURE")
}

/// The challenge-cancel code that means the customer canceled.
pub fn is_customer_cancel(challenge_cancel: &str) -> bool {
    challenge_cancel == "01"
}

pub fn is_valid_exemption(kind: &str) -> bool {
    matches!(kind, "low_value" | "transaction_risk_analysis")
}

/// Amount check: a number, or a string holding a decimal number; never blank,
/// arrays or booleans (`js_type` is the JS `typeof`, arrays as "array").
pub fn is_valid_amount(js_type: &str, text: &str) -> bool {
    match js_type {
        "number" => text != "NaN" && text != "Infinity" && text != "-Infinity",
        "string" => is_decimal(text.trim()),
        _ => false,
    }
}

fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = s.split_once(['.']).unwrap_or((s, ""));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
        && !(s.contains(['.']) && frac.is_empty())
}

/// verifyCard's first missing option, as its message fragment, or "".
pub fn missing_verify_card_option(
    has_nonce: bool,
    amount_ok: bool,
    has_bin: bool,
    has_lookup_complete: bool,
) -> &'static str {
    if !has_nonce {
        "a nonce"
    } else if !amount_ok {
        "an amount"
    } else if !has_lookup_complete {
        "an onLookupComplete function"
    } else if !has_bin {
        "a bin"
    } else {
        ""
    }
}

/// Lookup failure by HTTP status.
pub fn lookup_error_code(status: u32) -> &'static str {
    match status {
        404 => "THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR",
        422 => "THREEDS_LOOKUP_VALIDATION_ERROR",
        _ => "THREEDS_LOOKUP_ERROR",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        assert_eq!(parse_version("2"), Ok(Framework::CardinalModal));
        assert_eq!(
            parse_version("2-cardinal-modal"),
            Ok(Framework::CardinalModal)
        );
        assert_eq!(
            parse_version("2-bootstrap3-modal"),
            Ok(Framework::Bootstrap3Modal)
        );
        assert_eq!(
            parse_version("2-inline-iframe"),
            Ok(Framework::InlineIframe)
        );
        assert_eq!(parse_version("1"), Err("THREEDS_UNSUPPORTED_VERSION"));
        assert_eq!(parse_version(""), Err("THREEDS_UNSUPPORTED_VERSION"));
        assert_eq!(parse_version("3"), Err("THREEDS_UNRECOGNIZED_VERSION"));
        assert_eq!(Framework::InlineIframe.as_str(), "inline-iframe");
    }

    #[test]
    fn creation_checks_in_order() {
        assert_eq!(
            creation_error(false, true, true, false, false),
            "THREEDS_NOT_ENABLED"
        );
        assert_eq!(
            creation_error(true, true, true, false, false),
            "THREEDS_CAN_NOT_USE_TOKENIZATION_KEY"
        );
        assert_eq!(
            creation_error(true, false, true, false, true),
            "THREEDS_HTTPS_REQUIRED"
        );
        assert_eq!(creation_error(true, false, false, false, true), "");
        assert_eq!(
            creation_error(true, false, true, true, false),
            "THREEDS_NOT_ENABLED_FOR_V2"
        );
        assert_eq!(creation_error(true, false, true, true, true), "");
    }

    #[test]
    fn cardinal_error_numbers() {
        let cases = [
            (10001, "THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT"),
            (10002, "THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT"),
            (10003, "THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT"),
            (10007, "THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT"),
            (10009, "THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT"),
            (10005, "THREEDS_CARDINAL_SDK_BAD_CONFIG"),
            (10006, "THREEDS_CARDINAL_SDK_BAD_CONFIG"),
            (10008, "THREEDS_CARDINAL_SDK_BAD_JWT"),
            (10010, "THREEDS_CARDINAL_SDK_BAD_JWT"),
            (10011, "THREEDS_CARDINAL_SDK_CANCELED"),
            (10004, "THREEDS_CARDINAL_SDK_ERROR"),
            (0, "THREEDS_CARDINAL_SDK_ERROR"),
        ];
        for (n, code) in cases {
            assert_eq!(cardinal_error_code(n), code, "{n}");
        }
    }

    #[test]
    fn action_codes_and_cancel() {
        for a in ["SUCCESS", "NOACTION", "FAILURE"] {
            assert!(action_authenticates(a));
        }
        assert!(!action_authenticates("ERROR"));
        assert!(is_customer_cancel("01"));
        assert!(!is_customer_cancel("02"));
    }

    #[test]
    fn exemptions_and_amounts() {
        assert!(is_valid_exemption("low_value"));
        assert!(is_valid_exemption("transaction_risk_analysis"));
        assert!(!is_valid_exemption("secure_corporate"));
        assert!(is_valid_amount("number", "10"));
        assert!(is_valid_amount("string", "10.50"));
        assert!(is_valid_amount("string", " 10 "));
        assert!(!is_valid_amount("string", ""));
        assert!(!is_valid_amount("string", "  "));
        assert!(!is_valid_amount("string", "ten"));
        assert!(!is_valid_amount("string", "10."));
        assert!(!is_valid_amount("array", "10"));
        assert!(!is_valid_amount("boolean", "true"));
        assert!(!is_valid_amount("number", "NaN"));
    }

    #[test]
    fn verify_card_options() {
        assert_eq!(
            missing_verify_card_option(false, true, true, true),
            "a nonce"
        );
        assert_eq!(
            missing_verify_card_option(true, false, true, true),
            "an amount"
        );
        assert_eq!(
            missing_verify_card_option(true, true, true, false),
            "an onLookupComplete function"
        );
        assert_eq!(missing_verify_card_option(true, true, false, true), "a bin");
        assert_eq!(missing_verify_card_option(true, true, true, true), "");
    }

    #[test]
    fn lookup_statuses() {
        assert_eq!(
            lookup_error_code(404),
            "THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR"
        );
        assert_eq!(lookup_error_code(422), "THREEDS_LOOKUP_VALIDATION_ERROR");
        assert_eq!(lookup_error_code(500), "THREEDS_LOOKUP_ERROR");
    }
}
