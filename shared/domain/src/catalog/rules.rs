//! What a catalogue item must be before it is written: the rules an operator's
//! catalogue folder is checked against (`shopctl catalog validate | import`),
//! each with the words that explain it.

use super::SetItem;
use crate::pricing::Money;

pub const STATUS_RULE: &str = "must be \"active\" or \"inactive\"";
pub const SLUG_RULE: &str =
    "must be lowercase letters and digits in words joined by single hyphens, such as \"lotus-petal-gown\"";
pub const ID_RULE: &str =
    "must be 1 to 128 letters, digits, hyphens or underscores (the file's name is the item's id)";
pub const PRICE_RULE: &str =
    "must be a decimal amount above zero in quotes, with at most two decimals, such as \"4860.00\"";
pub const SIZE_RULE: &str = "must be one of XXS, XS, S, M, L, XL, XXL, 3XL";
pub const MENU_URL_RULE: &str =
    "must be a path of the shop (starting with /) or an https:// address";
pub const REQUIRED_RULE: &str = "must not be empty";

/// Whether a slug is the lowercase, hyphenated form a URL carries.
pub fn is_slug(slug: &str) -> bool {
    (1..=128).contains(&slug.len())
        && slug.split('-').all(|word| {
            !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// A price as written by a person: a decimal amount above zero.
pub fn price(text: &str) -> Option<Money> {
    Money::parse_decimal(text).filter(|m| !m.is_zero())
}

/// A menu entry links to a page of the shop or to another site over https.
pub fn is_menu_url(url: &str) -> bool {
    let path = url.starts_with('/') && !url.starts_with("//");
    let https = url
        .strip_prefix("https://")
        .is_some_and(|rest| !rest.is_empty() && !rest.contains(char::is_whitespace));
    (path && !url.contains(char::is_whitespace)) || https
}

/// What a set's parts cost together: the set's own price must be this.
pub fn set_total(items: &[SetItem]) -> Option<Money> {
    items
        .iter()
        .try_fold(Money::ZERO, |sum, item| sum.checked_add(item.price))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_hyphenated_words() {
        for good in ["lotus-reverie", "a", "groom-s-silk-shirt", "look-2025"] {
            assert!(is_slug(good), "{good}");
        }
        for bad in ["", "Lotus", "a--b", "-a", "a-", "a b", "áo-dài", "a_b"] {
            assert!(!is_slug(bad), "{bad}");
        }
    }

    #[test]
    fn prices_are_positive_decimals() {
        assert_eq!(price("4860.00"), Some(Money::from_cents(486_000)));
        assert_eq!(price("12"), Some(Money::from_cents(1_200)));
        for bad in ["-5.00", "0", "0.00", "12.345", "1e3", "abc", ""] {
            assert_eq!(price(bad), None, "{bad}");
        }
    }

    #[test]
    fn menu_urls_are_shop_paths_or_https() {
        for good in ["/archive", "/col-1/lotus", "https://example.com/x"] {
            assert!(is_menu_url(good), "{good}");
        }
        for bad in [
            "",
            "archive",
            "//evil.example",
            "http://x",
            "javascript:alert(1)",
            "/a b",
        ] {
            assert!(!is_menu_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_set_costs_the_sum_of_its_parts() {
        let item = |cents| SetItem {
            name: "part".into(),
            price: Money::from_cents(cents),
        };
        assert_eq!(
            set_total(&[item(89_000), item(124_000)]),
            Some(Money::from_cents(213_000))
        );
        assert_eq!(set_total(&[]), Some(Money::from_cents(0)));
    }
}
