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

/// Creation checks given the facts the JS side reads. The reference tests
/// them all and keeps the last failing one, so a later check wins.
pub fn creation_error(
    enabled: bool,
    is_tokenization_key: bool,
    production: bool,
    https: bool,
    has_cardinal_jwt: bool,
) -> &'static str {
    if !has_cardinal_jwt {
        "THREEDS_NOT_ENABLED_FOR_V2"
    } else if production && !https {
        "THREEDS_HTTPS_REQUIRED"
    } else if is_tokenization_key {
        "THREEDS_CAN_NOT_USE_TOKENIZATION_KEY"
    } else if !enabled {
        "THREEDS_NOT_ENABLED"
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

/// Amount check, as the reference's "exists and is numeric": not undefined,
/// null, an array, a boolean or a blank string, and `Number(value)` is not
/// NaN. `js_type` is the JS `typeof` (arrays as "array", null as "null");
/// `text` is the string itself for strings, else `String(Number(value))`.
pub fn is_valid_amount(js_type: &str, text: &str) -> bool {
    match js_type {
        "undefined" | "null" | "array" | "boolean" => false,
        "string" => {
            let t = text.trim_matches(is_js_whitespace);
            !t.is_empty() && js_string_is_number(t)
        }
        _ => text != "NaN",
    }
}

/// What JS's `Number()` trims: its WhiteSpace and LineTerminator code points
/// (ECMA-262 §12.2, §12.3; Zs as of Unicode 15). Not Rust's `White_Space`,
/// which adds U+0085 and lacks U+FEFF, and whose table the module then carries.
fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// Whether JS `Number(s)` of a trimmed, non-empty string is not NaN.
fn js_string_is_number(s: &str) -> bool {
    let radix = match s.get(..2) {
        Some("0x" | "0X") => 16,
        Some("0o" | "0O") => 8,
        Some("0b" | "0B") => 2,
        _ => 0,
    };
    if radix != 0 {
        let digits = s.get(2..).unwrap_or("");
        return !digits.is_empty() && digits.bytes().all(|b| char::from(b).is_digit(radix));
    }
    let unsigned = crate::strip_sign(s);
    unsigned == "Infinity" || is_decimal_literal(unsigned)
}

/// Digits with an optional fraction (either side may be empty, not both) and
/// an optional exponent.
fn is_decimal_literal(s: &str) -> bool {
    // Byte searches: the separators are ASCII (no char-pattern searcher).
    let (mantissa, exponent) = match crate::split_at_byte(s, b"eE") {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (s, None),
    };
    let (int, frac) = crate::split_at_byte(mantissa, b".").unwrap_or((mantissa, ""));
    let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = !(int.is_empty() && frac.is_empty()) && digits(int) && digits(frac);
    let exponent_ok = exponent.is_none_or(|e| {
        let e = crate::strip_sign(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

/// verifyCard's option checks in the reference's order: the BIN, then a
/// verification already running, then nonce, amount and the lookup-complete
/// handler. Returns "", `THREEDS_AUTHENTICATION_IN_PROGRESS`, or the missing
/// option as the message fragment of `THREEDS_MISSING_VERIFY_CARD_OPTION`.
pub fn verify_card_check(
    has_bin: bool,
    in_progress: bool,
    has_nonce: bool,
    amount_ok: bool,
    has_lookup_complete: bool,
) -> &'static str {
    if !has_bin {
        "a BIN"
    } else if in_progress {
        "THREEDS_AUTHENTICATION_IN_PROGRESS"
    } else if !has_nonce {
        "a nonce"
    } else if !amount_ok {
        "an amount"
    } else if !has_lookup_complete {
        "an onLookupComplete function"
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
    fn creation_checks_later_wins() {
        assert_eq!(
            creation_error(false, true, true, false, false),
            "THREEDS_NOT_ENABLED_FOR_V2"
        );
        assert_eq!(
            creation_error(false, true, true, false, true),
            "THREEDS_HTTPS_REQUIRED"
        );
        assert_eq!(
            creation_error(false, true, true, true, true),
            "THREEDS_CAN_NOT_USE_TOKENIZATION_KEY"
        );
        assert_eq!(
            creation_error(false, false, true, true, true),
            "THREEDS_NOT_ENABLED"
        );
        assert_eq!(creation_error(true, false, false, false, true), "");
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
        for ok in [
            "10", "10.50", " 10 ", "10.", ".5", "1e3", "-2", "+2", "0x1F", "Infinity",
        ] {
            assert!(is_valid_amount("string", ok), "{ok}");
        }
        for bad in ["", "  ", "ten", ".", "1e", "0x", "0xG", "--1", "1.2.3"] {
            assert!(!is_valid_amount("string", bad), "{bad}");
        }
        // JS's whitespace, not Rust's: Number("\u{feff}5") is 5, Number("\u{85}5") NaN.
        assert!(is_valid_amount("string", "\u{feff}\u{a0}5\u{3000}\n"));
        assert!(!is_valid_amount("string", "\u{85}5"));
        assert!(is_valid_amount("number", "10"));
        assert!(is_valid_amount("number", "Infinity"));
        assert!(!is_valid_amount("number", "NaN"));
        assert!(is_valid_amount("object", "5"));
        assert!(!is_valid_amount("object", "NaN"));
        for t in ["array", "boolean", "null", "undefined"] {
            assert!(!is_valid_amount(t, "10"), "{t}");
        }
    }

    #[test]
    fn verify_card_checks_in_order() {
        assert_eq!(verify_card_check(false, true, false, false, false), "a BIN");
        assert_eq!(
            verify_card_check(true, true, false, false, false),
            "THREEDS_AUTHENTICATION_IN_PROGRESS"
        );
        assert_eq!(
            verify_card_check(true, false, false, false, false),
            "a nonce"
        );
        assert_eq!(
            verify_card_check(true, false, true, false, false),
            "an amount"
        );
        assert_eq!(
            verify_card_check(true, false, true, true, false),
            "an onLookupComplete function"
        );
        assert_eq!(verify_card_check(true, false, true, true, true), "");
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
