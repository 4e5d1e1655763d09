//! Authorization parsing (spec section 6) and the origin check of every URL the
//! SDK talks to.

#[allow(unused_imports)]
use crate::prelude::*;
use crate::split_at_byte;

/// What kind of authorization a merchant passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Invalid = 0,
    TokenizationKey = 1,
    ClientToken = 2,
}

fn is_word(s: &str, allow_underscore: bool) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || allow_underscore && b == b'_')
}

/// `s` up to the first of `stops` (ASCII bytes), or all of it.
fn before_any<'a>(s: &'a str, stops: &[u8]) -> &'a str {
    let end = s
        .bytes()
        .position(|c| stops.contains(&c))
        .unwrap_or(s.len());
    s.get(..end).unwrap_or(s)
}

/// `s` without leading and trailing C0 controls and spaces: what the URL
/// parser strips (and all `atob` and `JSON.parse` skip), so no Unicode
/// whitespace table reaches the modules.
fn trim_ascii_controls(s: &str) -> &str {
    let b = s.as_bytes();
    let start = b.iter().position(|c| *c > b' ').unwrap_or(b.len());
    let end = b.iter().rposition(|c| *c > b' ').map_or(start, |i| i + 1);
    s.get(start..end).unwrap_or("")
}

/// A tokenization key: `environment_id_merchantId` (three underscore-separated parts).
pub fn parse_tokenization_key(key: &str) -> Option<(&str, &str)> {
    let (env, rest) = split_at_byte(key, b"_")?;
    let (id, merchant) = split_at_byte(rest, b"_")?;
    (is_word(env, false) && is_word(id, false) && is_word(merchant, true))
        .then_some((env, merchant))
}

/// Standard or URL-safe base64 without `core::fmt`; None when malformed.
pub fn decode_base64(input: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for b in input.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            // What atob skips: ASCII whitespace anywhere.
            b'\t' | b'\n' | b'\x0c' | b'\r' | b' ' => continue,
            _ => return None,
        };
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The JSON text inside a client token, when it decodes to a JSON object.
pub fn decode_client_token(token: &str) -> Option<String> {
    let bytes = decode_base64(token)?;
    // JSON's whitespace is ASCII: the first other byte opens the object.
    let first = bytes
        .iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if first != Some(&b'{') {
        return None;
    }
    // Each byte one character, as the reference's `atob` gives it (Latin-1;
    // no UTF-8 validation in the module).
    Some(bytes.into_iter().map(char::from).collect())
}

pub fn kind(authorization: &str) -> Kind {
    if parse_tokenization_key(authorization).is_some() {
        Kind::TokenizationKey
    } else if decode_client_token(authorization).is_some() {
        Kind::ClientToken
    } else {
        Kind::Invalid
    }
}

/// Configuration URL for a tokenization key. With a local sandbox URL given
/// (the explicit sandbox mode) the key's merchant is looked up there.
pub fn tokenization_key_config_url(key: &str, sandbox_url: &str) -> Option<String> {
    let (env, merchant) = parse_tokenization_key(key)?;
    let base = if !sandbox_url.is_empty() {
        let end = sandbox_url
            .bytes()
            .rposition(|b| b != b'/')
            .map_or(0, |i| i + 1);
        sandbox_url.get(..end).unwrap_or("").to_string()
    } else {
        match env {
            "production" => "https://api.braintreegateway.com:443".to_string(),
            "sandbox" => "https://api.sandbox.braintreegateway.com:443".to_string(),
            _ => return None,
        }
    };
    Some(base + "/merchants/" + merchant + "/client_api/v1/configuration")
}

/// `scheme://host[:port]` of a URL, lower-cased; None when it is not absolute http(s).
pub fn origin_of(url: &str) -> Option<String> {
    let lower = trim_ascii_controls(url).to_ascii_lowercase();
    let (scheme, rest) = crate::split_once_str(&lower, "://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = before_any(rest, b"/?#");
    if authority.is_empty() || authority.bytes().any(|b| b == b'@') {
        return None;
    }
    Some(String::from(scheme) + "://" + authority)
}

fn host_of(origin: &str) -> &str {
    let authority = crate::split_once_str(origin, "://")
        .map(|(_, a)| a)
        .unwrap_or("");
    if authority.as_bytes().first() == Some(&b'[') {
        let h = before_any(authority, b"]");
        return authority.get(..h.len() + 1).unwrap_or("");
    }
    before_any(authority, b":")
}

/// The four provider domain families, the reference's: a host is on one when
/// its last two labels are one of these.
pub const PROVIDER_DOMAINS: [&str; 4] = [
    "paypal.com",
    "braintreepayments.com",
    "braintreegateway.com",
    "braintree-api.com",
];

/// An https URL on one of the provider's domains (the domain itself or a subdomain).
pub fn is_provider_url(url: &str) -> bool {
    let Some(origin) = origin_of(url) else {
        return false;
    };
    if !origin.starts_with("https://") {
        return false;
    }
    let host = host_of(&origin);
    PROVIDER_DOMAINS.iter().any(|d| {
        host == *d
            || host.len() > d.len()
                && host.ends_with(d)
                && host.as_bytes().get(host.len() - d.len() - 1) == Some(&b'.')
    })
}

/// A loopback address (127.0.0.0/8, localhost, [::1]): where a local sandbox may run.
pub fn is_loopback_url(url: &str) -> bool {
    let Some(origin) = origin_of(url) else {
        return false;
    };
    let host = host_of(&origin);
    host == "localhost"
        || host == "[::1]"
        || host.starts_with("127.")
            && host.bytes().filter(|b| *b == b'.').count() == 3
            && host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The origin check: provider domains always; the local sandbox's own origin
/// only when the merchant turned sandbox mode on by naming it.
pub fn is_allowed_url(url: &str, sandbox_url: &str) -> bool {
    if is_provider_url(url) {
        return true;
    }
    if sandbox_url.is_empty() || !is_loopback_url(sandbox_url) {
        return false;
    }
    matches!((origin_of(url), origin_of(sandbox_url)), (Some(a), Some(b)) if a == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenization_keys_have_three_parts() {
        assert_eq!(
            parse_tokenization_key("sandbox_abcd1234_merchant01"),
            Some(("sandbox", "merchant01"))
        );
        assert_eq!(
            parse_tokenization_key("production_x9_my_merchant"),
            Some(("production", "my_merchant"))
        );
        assert_eq!(parse_tokenization_key("sandbox_abcd"), None);
        assert_eq!(parse_tokenization_key("sandbox__m"), None);
        assert_eq!(parse_tokenization_key("sand-box_a_b"), None);
        assert_eq!(kind("sandbox_abcd1234_merchant01"), Kind::TokenizationKey);
    }

    #[test]
    fn base64_decodes_standard_and_url_safe() {
        assert_eq!(decode_base64("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(decode_base64("aGVsbG8").unwrap(), b"hello");
        assert_eq!(decode_base64("-_8").unwrap(), vec![0xfb, 0xff]);
        assert!(decode_base64("a*b").is_none());
    }

    #[test]
    fn client_tokens_are_base64_json() {
        let token = "eyJ2ZXJzaW9uIjoyfQ=="; // {"version":2}
        assert_eq!(
            decode_client_token(token).as_deref(),
            Some("{\"version\":2}")
        );
        assert_eq!(kind(token), Kind::ClientToken);
        assert_eq!(kind("aGVsbG8="), Kind::Invalid);
        assert_eq!(kind(""), Kind::Invalid);
        assert_eq!(kind("not a token!"), Kind::Invalid);
        // Whitespace as atob skips it; JSON's own before the object.
        assert_eq!(
            decode_client_token("\teyJ2ZXJzaW9uIjoyfQ==\n").as_deref(),
            Some("{\"version\":2}")
        );
        assert_eq!(decode_client_token("IHsi").as_deref(), Some(" {\""));
        // {"a":"é" in UTF-8: two bytes, two characters, as atob decodes them.
        assert_eq!(
            decode_client_token("eyJhIjoiw6ki").as_deref(),
            Some("{\"a\":\"\u{c3}\u{a9}\"")
        );
    }

    #[test]
    fn tokenization_key_config_urls() {
        assert_eq!(
            tokenization_key_config_url("sandbox_a_m1", "").unwrap(),
            "https://api.sandbox.braintreegateway.com:443/merchants/m1/client_api/v1/configuration"
        );
        assert_eq!(
            tokenization_key_config_url("production_a_m1", "").unwrap(),
            "https://api.braintreegateway.com:443/merchants/m1/client_api/v1/configuration"
        );
        assert_eq!(
            tokenization_key_config_url("sandbox_a_m1", "http://127.0.0.1:3000/sandbox/").unwrap(),
            "http://127.0.0.1:3000/sandbox/merchants/m1/client_api/v1/configuration"
        );
        assert!(tokenization_key_config_url("weird_a_m1", "").is_none());
    }

    #[test]
    fn provider_domains_only_over_https() {
        for ok in [
            "https://api.sandbox.braintreegateway.com/merchants/x",
            "https://braintreegateway.com",
            "https://payments.braintree-api.com/graphql",
            "https://www.paypal.com/sdk/js",
            "https://www.braintreepayments.com/x",
            "https://API.PayPal.com:443/x",
        ] {
            assert!(is_provider_url(ok), "{ok}");
        }
        for bad in [
            "http://api.braintreegateway.com",
            "https://evilbraintreegateway.com",
            "https://braintreegateway.com.evil.io",
            "https://paypal.com@evil.io",
            "https://venmo.com",
            "javascript:alert(1)",
            "//paypal.com",
            "",
        ] {
            assert!(!is_provider_url(bad), "{bad}");
        }
    }

    #[test]
    fn sandbox_mode_is_explicit_and_loopback_only() {
        let local = "http://127.0.0.1:3000/sandbox/merchants/m/client_api";
        assert!(!is_allowed_url(local, ""));
        assert!(is_allowed_url(local, "http://127.0.0.1:3000/sandbox"));
        assert!(!is_allowed_url(
            "http://127.0.0.1:4000/x",
            "http://127.0.0.1:3000/sandbox"
        ));
        assert!(!is_allowed_url("http://evil.io/x", "http://evil.io"));
        assert!(is_allowed_url("http://localhost:9/x", "http://localhost:9"));
        assert!(is_allowed_url("http://[::1]:9/x", "http://[::1]:9"));
        assert!(is_allowed_url("https://www.paypal.com/x", ""));
        assert!(is_loopback_url("http://127.1.2.3:5"));
        assert!(!is_loopback_url("http://127.evil.io"));
        assert!(!is_loopback_url("http://10.0.0.1"));
    }

    #[test]
    fn origins() {
        assert_eq!(
            origin_of("HTTPS://A.com:8/x?y#z").as_deref(),
            Some("https://a.com:8")
        );
        assert_eq!(origin_of("ftp://a.com"), None);
        assert_eq!(origin_of("https://"), None);
        assert_eq!(
            origin_of(" \thttps://a.com/x\n").as_deref(),
            Some("https://a.com")
        );
        assert_eq!(
            origin_of("https://[::1]:9/x").as_deref(),
            Some("https://[::1]:9")
        );
        assert_eq!(host_of("https://[::1]:9"), "[::1]");
        assert_eq!(host_of("https://a.com:8"), "a.com");
    }
}
