//! Business constants of spec section 9, shared by every component.

#[allow(unused_imports)]
use crate::prelude::*;

/// The SDK version every component reports and checks against the client.
pub const VERSION: &str = "3.130.0";
/// Timeout of client API calls and of frame set-up.
pub const INTEGRATION_TIMEOUT_MS: u32 = 60_000;
/// Analytics events are fire-and-forget with a short timeout.
pub const ANALYTICS_TIMEOUT_MS: u32 = 2_000;
pub const POPUP_POLL_INTERVAL_MS: u32 = 100;
pub const POPUP_CLOSE_TIMEOUT_MS: u32 = 100;
pub const DEFAULT_POPUP_WIDTH: u32 = 450;
pub const DEFAULT_POPUP_HEIGHT: u32 = 535;
/// The local-payment popup is desktop-sized: banks show their QR codes only
/// in a window that large.
pub const LOCAL_PAYMENT_POPUP_WIDTH: u32 = 1282;
pub const LOCAL_PAYMENT_POPUP_HEIGHT: u32 = 720;
pub const THREEDS_BANK_FRAME_WIDTH: u32 = 400;
pub const THREEDS_BANK_FRAME_HEIGHT: u32 = 400;
pub const CARDINAL_MODAL_FRAME_HEIGHT: u32 = 400;
pub const BOOTSTRAP_MODAL_WIDTH: u32 = 440;
/// Opacity of the vault-initiated checkout backdrop, in tenths.
pub const BACKDROP_OPACITY_TENTHS: u32 = 7;
/// A card may expire at most this many years from now.
pub const MAX_EXPIRATION_YEAR_AGE: u32 = 19;
/// GraphQL API version header value.
pub const GRAPHQL_VERSION: &str = "2018-05-10";
/// The client retries a request that failed at the network level this many times.
pub const REQUEST_RETRIES: u32 = 1;
/// How long Hosted Fields wait after focusing a field on iOS before scrolling
/// its container into view (Safari does not always do it).
pub const IOS_SCROLL_INTO_VIEW_DELAY_MS: u32 = 5;

/// Default `maxlength` of each hosted field (section 9); cardholder name per the
/// name rule's 255-character limit.
pub fn default_max_length(field: &str) -> u32 {
    match field {
        "number" => 19,
        "postalCode" => 8,
        "expirationDate" => 7,
        "expirationMonth" => 2,
        "expirationYear" => 4,
        "cvv" => 3,
        "cardholderName" => 255,
        _ => 0,
    }
}

/// Every constant the JS side uses, as one JSON object: the build writes it
/// (`sdk-constants`) into the bundle, so the modules read these values rather
/// than restating them.
pub fn constants_json() -> String {
    let mut s = String::from("{\"VERSION\":\"");
    s.push_str(VERSION);
    s.push('"');
    for (k, v) in [
        ("INTEGRATION_TIMEOUT", INTEGRATION_TIMEOUT_MS),
        ("ANALYTICS_TIMEOUT", ANALYTICS_TIMEOUT_MS),
        ("POPUP_POLL_INTERVAL", POPUP_POLL_INTERVAL_MS),
        ("POPUP_CLOSE_TIMEOUT", POPUP_CLOSE_TIMEOUT_MS),
        ("POPUP_WIDTH", DEFAULT_POPUP_WIDTH),
        ("POPUP_HEIGHT", DEFAULT_POPUP_HEIGHT),
        ("LOCAL_PAYMENT_WIDTH", LOCAL_PAYMENT_POPUP_WIDTH),
        ("LOCAL_PAYMENT_HEIGHT", LOCAL_PAYMENT_POPUP_HEIGHT),
        ("BANK_FRAME_WIDTH", THREEDS_BANK_FRAME_WIDTH),
        ("BANK_FRAME_HEIGHT", THREEDS_BANK_FRAME_HEIGHT),
        ("CARDINAL_MODAL_HEIGHT", CARDINAL_MODAL_FRAME_HEIGHT),
        ("BOOTSTRAP_MODAL_WIDTH", BOOTSTRAP_MODAL_WIDTH),
        ("BACKDROP_OPACITY_TENTHS", BACKDROP_OPACITY_TENTHS),
        ("MAX_EXPIRATION_YEAR_AGE", MAX_EXPIRATION_YEAR_AGE),
        ("REQUEST_RETRIES", REQUEST_RETRIES),
        ("IOS_SCROLL_INTO_VIEW_DELAY", IOS_SCROLL_INTO_VIEW_DELAY_MS),
        ("SEPA_POPUP_WIDTH", crate::sepa::POPUP_WIDTH),
        ("SEPA_POPUP_HEIGHT", crate::sepa::POPUP_HEIGHT),
        ("MASTERPASS_POPUP_HEIGHT", crate::masterpass::POPUP_HEIGHT),
    ]
    .into_iter()
    .chain(crate::venmo::CONSTANTS)
    {
        s.push_str(",\"");
        s.push_str(k);
        s.push_str("\":");
        push_u32(&mut s, v);
    }
    s.push_str(",\"MASTERPASS_VERSION\":\"");
    s.push_str(crate::masterpass::VERSION);
    s.push_str("\",\"MASTERPASS_SCRIPT_URL\":\"");
    s.push_str(crate::masterpass::SCRIPT_URL);
    s.push_str("\",\"PAYPAL_PRELOAD_URL\":\"");
    s.push_str(crate::paypal::PRELOAD_URL);
    s.push_str("\",\"GRAPHQL_VERSION\":\"");
    s.push_str(GRAPHQL_VERSION);
    s.push('"');
    // Rule tables the JS applies (issue 15's components).
    crate::payment_ready::push_json(&mut s);
    crate::us_bank_account::push_json(&mut s);
    crate::hosted_fields::push_json(&mut s);
    s.push('}');
    s
}

/// `v` as a JSON string. The tables' texts hold no quote, backslash or
/// control character (the build parses the output), so none is escaped.
pub fn push_json_str(s: &mut String, v: &str) {
    s.push('"');
    s.push_str(v);
    s.push('"');
}

/// `items` as a JSON array of strings.
pub fn push_json_list(s: &mut String, items: &[&str]) {
    s.push('[');
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        push_json_str(s, v);
    }
    s.push(']');
}

/// Decimal formatting without `core::fmt` (keeps the wasm small).
pub fn push_u32(s: &mut String, mut v: u32) {
    let mut digits = [0u8; 10];
    let mut n = 0;
    for d in digits.iter_mut() {
        *d = b'0' + (v % 10) as u8;
        n += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &d in digits.iter().take(n).rev() {
        s.push(d as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_and_timeouts_match_the_spec() {
        assert_eq!(VERSION, "3.130.0");
        assert_eq!(INTEGRATION_TIMEOUT_MS, 60000);
        assert_eq!(ANALYTICS_TIMEOUT_MS, 2000);
        assert_eq!((POPUP_POLL_INTERVAL_MS, POPUP_CLOSE_TIMEOUT_MS), (100, 100));
        assert_eq!((DEFAULT_POPUP_WIDTH, DEFAULT_POPUP_HEIGHT), (450, 535));
        assert_eq!(
            (LOCAL_PAYMENT_POPUP_WIDTH, LOCAL_PAYMENT_POPUP_HEIGHT),
            (1282, 720)
        );
        assert_eq!(
            (THREEDS_BANK_FRAME_WIDTH, THREEDS_BANK_FRAME_HEIGHT),
            (400, 400)
        );
        assert_eq!(CARDINAL_MODAL_FRAME_HEIGHT, 400);
        assert_eq!(BOOTSTRAP_MODAL_WIDTH, 440);
        assert_eq!(BACKDROP_OPACITY_TENTHS, 7);
        assert_eq!(MAX_EXPIRATION_YEAR_AGE, 19);
        assert_eq!(IOS_SCROLL_INTO_VIEW_DELAY_MS, 5);
    }

    #[test]
    fn default_max_lengths_match_section_9() {
        let expected = [
            ("number", 19),
            ("postalCode", 8),
            ("expirationDate", 7),
            ("expirationMonth", 2),
            ("expirationYear", 4),
            ("cvv", 3),
            ("cardholderName", 255),
            ("nope", 0),
        ];
        for (f, n) in expected {
            assert_eq!(default_max_length(f), n, "{f}");
        }
    }

    #[test]
    fn constants_json_is_well_formed() {
        let j = constants_json();
        assert!(j.starts_with("{\"VERSION\":\"3.130.0\""));
        assert!(j.contains("\"POPUP_WIDTH\":450"));
        assert!(j.contains("\"INTEGRATION_TIMEOUT\":60000"));
        assert!(j.contains(",\"GRAPHQL_VERSION\":\"2018-05-10\""));
        assert!(j.ends_with('}'));
    }

    #[test]
    fn push_u32_formats_decimals() {
        for v in [0u32, 7, 10, 450, 4294967295] {
            let mut s = String::new();
            push_u32(&mut s, v);
            assert_eq!(s, v.to_string());
        }
    }
}
