//! Text helpers the rules share.

use serde_json::Value;
use unicode_normalization::UnicodeNormalization;

/// A form field as sent: a string trimmed, a number as written (a zip code
/// sent as 70000), anything else empty.
pub fn as_sent(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// Folds text for matching: lower case, accents removed, đ as d
/// ("Áo Dài" and "ao dai" fold alike).
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'đ' { 'd' } else { c })
        .collect()
}

/// Text made safe for an HTML element or a quoted attribute: the invoice,
/// the house's pages and the published heads escape with this one.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_as_sent() {
        assert_eq!(as_sent(&serde_json::json!("  Ada ")), "Ada");
        assert_eq!(as_sent(&serde_json::json!(70000)), "70000");
        assert_eq!(as_sent(&serde_json::json!(null)), "");
        assert_eq!(as_sent(&serde_json::json!(["a"])), "");
    }

    #[test]
    fn folds_case_accents_and_d_stroke() {
        assert_eq!(fold("Áo Dài ĐẸP"), "ao dai dep");
        assert_eq!(fold("Nguyễn"), "nguyen");
    }
}
