//! Hosted Fields configuration rules (spec sections 3, 5 and 9): field keys and
//! their frame names, labels and autocomplete tokens, the allowed attributes,
//! the CSS property allowlist and the tokenize pre-checks.

#[allow(unused_imports)]
use crate::prelude::*;

/// (key, frame name, screen-reader label, autocomplete token).
pub static FIELDS: [(&str, &str, &str, &str); 7] = [
    (
        "number",
        "credit-card-number",
        "Credit Card Number",
        "cc-number",
    ),
    ("cvv", "cvv", "CVV", "cc-csc"),
    ("expirationDate", "expiration", "Expiration Date", "cc-exp"),
    (
        "expirationMonth",
        "expiration-month",
        "Expiration Month",
        "cc-exp-month",
    ),
    (
        "expirationYear",
        "expiration-year",
        "Expiration Year",
        "cc-exp-year",
    ),
    (
        "postalCode",
        "postal-code",
        "Postal Code",
        "billing postal-code",
    ),
    (
        "cardholderName",
        "cardholder-name",
        "Cardholder Name",
        "cc-name",
    ),
];

pub fn is_field(key: &str) -> bool {
    FIELDS.iter().any(|f| f.0 == key)
}

/// `name\nlabel\nautocomplete` of a field, or empty for an unknown key.
pub fn field_info(key: &str) -> String {
    FIELDS
        .iter()
        .find(|f| f.0 == key)
        .map(|f| String::from(f.1) + "\n" + f.2 + "\n" + f.3)
        .unwrap_or_default()
}

/// Attributes a merchant may set, with the JS type their value must have.
pub static ATTRIBUTES: [(&str, &str); 4] = [
    ("aria-invalid", "boolean"),
    ("aria-required", "boolean"),
    ("disabled", "boolean"),
    ("placeholder", "string"),
];

/// The error code for setting `name` to a value of JS type `value_type`
/// (`boolean` attributes also take the strings "true"/"false"), or "" when allowed.
pub fn check_attribute(name: &str, value_type: &str, value: &str) -> &'static str {
    match ATTRIBUTES.iter().find(|a| a.0 == name) {
        None => "HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED",
        Some((_, "boolean")) if value_type == "boolean" || value == "true" || value == "false" => {
            ""
        }
        Some((_, "string")) if value_type == "string" || value_type == "number" => "",
        Some(_) => "HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED",
    }
}

/// [`ATTRIBUTES`] as the JSON member `"HOSTED_ATTRIBUTES":{"name":"type",...}`
/// (after a comma) for `sdk-constants`: the hosted-field frame applies the
/// allow-list itself to what the page posts (any script on the page can post
/// to it), from this table rather than through its wasm module, where the
/// string checks of [`check_attribute`] cost several hundred bytes.
pub fn push_json(s: &mut String) {
    s.push_str(",\"HOSTED_ATTRIBUTES\":{");
    for (i, (name, kind)) in ATTRIBUTES.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        crate::constants::push_json_str(s, name);
        s.push(':');
        crate::constants::push_json_str(s, kind);
    }
    s.push('}');
}

/// CSS properties a merchant may style inside the frames: the reference's
/// `allowedStyles` (3.130.0), sorted, one space apart (one string: no table
/// of 45 pointers in the wasm). Anything else (backgrounds, `content`,
/// `behavior`, ...) could leak or fake input and is dropped.
pub static ALLOWED_STYLES: &str =
    "-moz-appearance -moz-box-shadow -moz-osx-font-smoothing -moz-tap-highlight-color \
     -moz-transition -webkit-appearance -webkit-box-shadow -webkit-font-smoothing \
     -webkit-tap-highlight-color -webkit-text-fill-color -webkit-transition \
     appearance box-shadow color direction font font-family font-size \
     font-size-adjust font-stretch font-style font-variant font-variant-alternates \
     font-variant-caps font-variant-east-asian font-variant-ligatures \
     font-variant-numeric font-weight letter-spacing line-height margin margin-bottom \
     margin-left margin-right margin-top opacity outline padding padding-bottom \
     padding-left padding-right padding-top text-align text-shadow transition";

/// Words a style value must not contain (the reference's stylesheet
/// injection filters them, case-insensitively): a URL fetch, IE's script
/// expressions, a script URL, an import.
const BLOCKED_VALUE_WORDS: [&str; 4] = ["url", "expression", "javascript", "@import"];

/// A property exactly as the reference names it (kebab-case; a camelCase name
/// is dropped there too) with a value that cannot end the declaration or rule
/// (`;`, braces), open markup (`<`, `>`), escape its way around the filter
/// (`\\`) or contain a blocked word.
pub fn is_allowed_style(property: &str, value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    ALLOWED_STYLES
        .as_bytes()
        .split(|b| *b == b' ')
        .any(|p| p == property.as_bytes())
        && !v.bytes().any(|b| b";{}<>\\".contains(&b))
        && BLOCKED_VALUE_WORDS
            .iter()
            .all(|w| crate::find_bytes(&v, w).is_none())
}

/// Selectors a merchant may style, as the reference validates them: not
/// empty, no braces or `<`, nothing about `supports` or `import`; the one
/// at-rule is `@media` and white space (its value holds selectors in turn).
pub fn is_allowed_selector(selector: &str) -> bool {
    let s = selector.trim_ascii().to_ascii_lowercase();
    let media = s.starts_with("@media") && s.as_bytes().get(6).is_some_and(u8::is_ascii_whitespace);
    !s.is_empty()
        && (media || !s.starts_with('@'))
        && !s.bytes().any(|c| b"{};<".contains(&c))
        && crate::find_bytes(&s, "supports").is_none()
        && crate::find_bytes(&s, "import").is_none()
}

/// Tokenize pre-check over all fields' (isEmpty, isValid) pairs, given as a
/// string of two chars per field: `e`/`f` (empty/filled) then `v`/`i`.
/// Returns the error code or "" when tokenization may go ahead.
pub fn tokenize_precheck(states: &str) -> &'static str {
    let b = states.as_bytes();
    let pairs = b.chunks(2);
    if b.is_empty() || pairs.clone().all(|p| p.first() == Some(&b'e')) {
        return "HOSTED_FIELDS_FIELDS_EMPTY";
    }
    if b.chunks(2).any(|p| p.get(1) != Some(&b'v')) {
        return "HOSTED_FIELDS_FIELDS_INVALID";
    }
    ""
}

/// Frame title for screen readers.
pub fn frame_title(key: &str) -> String {
    let label = FIELDS
        .iter()
        .find(|f| f.0 == key)
        .map(|f| f.2)
        .unwrap_or("");
    String::from("Secure Credit Card Frame - ") + label
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_keys_are_the_spec_list() {
        for k in [
            "cardholderName",
            "number",
            "cvv",
            "expirationDate",
            "expirationMonth",
            "expirationYear",
            "postalCode",
        ] {
            assert!(is_field(k), "{k}");
        }
        assert!(!is_field("iban"));
        assert_eq!(
            field_info("number"),
            "credit-card-number\nCredit Card Number\ncc-number"
        );
        assert_eq!(
            field_info("postalCode"),
            "postal-code\nPostal Code\nbilling postal-code"
        );
        assert_eq!(field_info("x"), "");
        assert_eq!(frame_title("cvv"), "Secure Credit Card Frame - CVV");
    }

    #[test]
    fn attributes_print_as_a_json_object() {
        let mut s = String::new();
        push_json(&mut s);
        assert_eq!(
            s,
            ",\"HOSTED_ATTRIBUTES\":{\"aria-invalid\":\"boolean\",\"aria-required\":\"boolean\",\"disabled\":\"boolean\",\"placeholder\":\"string\"}"
        );
    }

    #[test]
    fn attribute_types() {
        assert_eq!(check_attribute("placeholder", "string", "x"), "");
        assert_eq!(check_attribute("disabled", "boolean", "true"), "");
        assert_eq!(check_attribute("aria-invalid", "string", "false"), "");
        assert_eq!(check_attribute("aria-required", "boolean", "false"), "");
        assert_eq!(
            check_attribute("disabled", "string", "yes"),
            "HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED"
        );
        assert_eq!(
            check_attribute("placeholder", "object", ""),
            "HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED"
        );
        assert_eq!(
            check_attribute("onclick", "string", "x"),
            "HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED"
        );
    }

    /// braintree-web 3.130.0 `src/hosted-fields/shared/constants.js` `allowedStyles`.
    const REFERENCE_STYLES: [&str; 45] = [
        "-moz-appearance",
        "-moz-box-shadow",
        "-moz-osx-font-smoothing",
        "-moz-tap-highlight-color",
        "-moz-transition",
        "-webkit-appearance",
        "-webkit-box-shadow",
        "-webkit-font-smoothing",
        "-webkit-tap-highlight-color",
        "-webkit-text-fill-color",
        "-webkit-transition",
        "appearance",
        "box-shadow",
        "color",
        "direction",
        "font",
        "font-family",
        "font-size",
        "font-size-adjust",
        "font-stretch",
        "font-style",
        "font-variant",
        "font-variant-alternates",
        "font-variant-caps",
        "font-variant-east-asian",
        "font-variant-ligatures",
        "font-variant-numeric",
        "font-weight",
        "letter-spacing",
        "line-height",
        "margin",
        "margin-top",
        "margin-right",
        "margin-bottom",
        "margin-left",
        "opacity",
        "outline",
        "padding",
        "padding-top",
        "padding-right",
        "padding-bottom",
        "padding-left",
        "text-align",
        "text-shadow",
        "transition",
    ];

    #[test]
    fn style_allowlist_is_the_reference_list_sorted() {
        let list: Vec<&str> = ALLOWED_STYLES.split(' ').collect();
        assert!(
            list.windows(2).all(|w| w[0] < w[1]),
            "sorted, no duplicates"
        );
        let mut reference = REFERENCE_STYLES;
        reference.sort_unstable();
        assert_eq!(list, reference);
        for p in REFERENCE_STYLES {
            assert!(is_allowed_style(p, "1px"), "{p}");
        }
    }

    #[test]
    fn style_allowlist() {
        assert!(is_allowed_style("color", "red"));
        assert!(is_allowed_style("font-family", "monospace"));
        assert!(is_allowed_style("-webkit-text-fill-color", "#333"));
        assert!(is_allowed_style("box-shadow", "0 0 2px rgba(0, 0, 0, .5)"));
        assert!(is_allowed_style("margin-left", "4px"));
        assert!(
            !is_allowed_style("fontSize", "16px"),
            "camelCase is dropped, as the reference drops it"
        );
        assert!(!is_allowed_style("background", "red"));
        assert!(!is_allowed_style("", "red"));
        assert!(!is_allowed_style("color ", "red"));
        assert!(!is_allowed_style("margin-top margin", "1px"));
        assert!(!is_allowed_style("behavior", "x.htc"));
        assert!(!is_allowed_style("-moz-binding", "x"));
        assert!(!is_allowed_style("backgroundImage", "url(x)"));
        assert!(!is_allowed_style("font", "url(https://x)"));
        assert!(!is_allowed_style("font-family", "URL(x)"));
        assert!(!is_allowed_style("color", "red; background: url(x)"));
        assert!(!is_allowed_style("color", "expression(alert(1))"));
        assert!(!is_allowed_style("color", "javascript:alert(1)"));
        assert!(!is_allowed_style("font-family", "\\75 rl(x)"));
        assert!(!is_allowed_style("color", "red} body{color:blue"));
        assert!(!is_allowed_style("color", "<b>"));
        assert!(!is_allowed_style("font-family", "x @import"));
        assert!(is_allowed_selector("input"));
        assert!(is_allowed_selector(":focus"));
        assert!(is_allowed_selector("input::placeholder"));
        assert!(is_allowed_selector(".invalid"));
        assert!(is_allowed_selector("@media screen and (max-width: 700px)"));
        assert!(is_allowed_selector("@MEDIA\tprint"));
        assert!(!is_allowed_selector("@mediax"));
        assert!(!is_allowed_selector("@font-face"));
        assert!(!is_allowed_selector("@supports (color: red)"));
        assert!(!is_allowed_selector("input{}"));
        assert!(!is_allowed_selector("@import"));
        assert!(!is_allowed_selector("input[name=import]"));
        assert!(!is_allowed_selector("input<"));
        assert!(!is_allowed_selector(""));
        assert!(!is_allowed_selector("  "));
    }

    #[test]
    fn tokenize_precheck_order() {
        assert_eq!(tokenize_precheck(""), "HOSTED_FIELDS_FIELDS_EMPTY");
        assert_eq!(tokenize_precheck("eiei"), "HOSTED_FIELDS_FIELDS_EMPTY");
        assert_eq!(tokenize_precheck("fvei"), "HOSTED_FIELDS_FIELDS_INVALID");
        assert_eq!(tokenize_precheck("fvfi"), "HOSTED_FIELDS_FIELDS_INVALID");
        assert_eq!(tokenize_precheck("fvfv"), "");
    }
}
