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
pub const SIZE_RULE: &str =
    "must be a size as the shop shows it, 1 to 20 characters on one line, such as \"M\", \"38\" or \"One size\"";
pub const MENU_LINK_RULE: &str = "must lead to exactly one place, written one of three ways: \
collection = \"col-ete\" (a collection's id, the name of its file in collections/), \
page = \"/made-to-order\" (a page of the shop), or \
url = \"https://...\" (another site, opened in a new tab)";
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

/// Why a price as written is not one, quoting it: a currency sign or a
/// thousands separator named, with the amount as it should be written.
pub fn price_problem(text: &str) -> String {
    let sign = text.chars().find(|c| "$€£¥₫".contains(*c));
    let comma = text.contains(',');
    let plain: String = text.chars().filter(|c| !"$€£¥₫, ".contains(*c)).collect();
    let mut found = Vec::new();
    if let Some(sign) = sign {
        found.push(format!("a currency sign ({sign})"));
    }
    if comma {
        found.push("a thousands separator (,)".to_owned());
    }
    match (found.is_empty(), price(&plain)) {
        (false, Some(amount)) => format!(
            "{text:?} has {}: write {}: no currency sign, no thousands separator",
            found.join(" and "),
            amount.to_decimal()
        ),
        _ => format!("{text:?} is not a price: it {PRICE_RULE}"),
    }
}

/// The pages of the shop a menu entry may lead to (the site's route table),
/// besides `/shop/{category}`.
pub const SHOP_PAGES: [&str; 19] = [
    "/",
    "/shop",
    "/shop/new-arrivals",
    "/shop/women",
    "/shop/men",
    "/made-to-order",
    "/about",
    "/news",
    "/runway",
    "/search",
    "/sign-up",
    "/support/contact",
    "/support/faq",
    "/privacy-policy",
    "/terms-and-conditions",
    "/me/account",
    "/me/orders",
    "/me/wishlist",
    "/me/addresses",
];

/// A page of the shop as a menu entry names it, without its trailing slash
/// (`/about/` is `/about`), if the site has it: one of [`SHOP_PAGES`] or
/// the shop list of a category the catalogue has (`is_category`).
pub fn shop_page(path: &str, is_category: impl Fn(&str) -> bool) -> Option<String> {
    let path = match path.trim() {
        "/" => "/",
        path => path.strip_suffix('/').unwrap_or(path),
    };
    let category = path
        .strip_prefix("/shop/")
        .is_some_and(|name| !name.contains('/') && is_category(name));
    (SHOP_PAGES.contains(&path) || category).then(|| path.to_owned())
}

/// Another site a menu entry may lead to: an https address with a host.
pub fn is_outside_url(url: &str) -> bool {
    url.strip_prefix("https://").is_some_and(|rest| {
        !rest.is_empty()
            && !rest.starts_with('/')
            && !rest.contains(|c: char| c.is_whitespace() || c.is_control())
    })
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
    fn a_price_problem_quotes_what_was_written() {
        assert_eq!(
            price_problem("$4,850.00"),
            "\"$4,850.00\" has a currency sign ($) and a thousands separator (,): write 4850.00: no currency sign, no thousands separator"
        );
        assert!(price_problem("4,850").contains("write 4850.00"));
        assert!(price_problem("abc").starts_with("\"abc\" is not a price: it must be"));
    }

    #[test]
    fn menu_pages_are_the_shops() {
        let categories = |name: &str| name == "Gowns";
        for (good, page) in [
            ("/made-to-order", "/made-to-order"),
            ("/about/", "/about"),
            ("/", "/"),
            ("/shop/Gowns", "/shop/Gowns"),
        ] {
            assert_eq!(shop_page(good, categories).as_deref(), Some(page), "{good}");
        }
        for bad in [
            "",
            "about",
            "/collection/col-1/x",
            "/shop/Hats",
            "/nowhere",
            "//evil",
        ] {
            assert_eq!(shop_page(bad, categories), None, "{bad}");
        }
    }

    #[test]
    fn outside_links_are_https_addresses() {
        assert!(is_outside_url("https://example.com/x"));
        for bad in [
            "http://x",
            "https://",
            "https:///x",
            "https://a b",
            "javascript:alert(1)",
        ] {
            assert!(!is_outside_url(bad), "{bad}");
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
