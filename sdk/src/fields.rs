//! Validation of the non-number hosted fields: expiration date, month and year
//! (at most 19 years ahead), CVV by card type, postal code and cardholder name;
//! and the expiration date's shape as the shopper sees it ("MM / YY" or
//! "MM / YYYY"), as braintree-web formats, splits and judges it.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::card::{by_key, Verdict};
use crate::constants::MAX_EXPIRATION_YEAR_AGE;

/// Today's year and month (1-12); passed in so the rules stay pure.
#[derive(Debug, Clone, Copy)]
pub struct Today {
    pub year: u32,
    pub month: u32,
}

fn all_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

fn num(s: &str) -> u32 {
    s.bytes().fold(0u32, |a, b| {
        a.saturating_mul(10).saturating_add((b - b'0') as u32)
    })
}

/// Month: 1-12 as one or two digits.
pub fn validate_month(value: &str) -> Verdict {
    if !all_digits(value) || value.len() > 2 {
        return Verdict::new(false, false);
    }
    match value.len() {
        0 => Verdict::new(false, true),
        1 => {
            let v = num(value);
            Verdict::new(v >= 1, true)
        }
        _ => {
            let v = num(value);
            let ok = (1..=12).contains(&v);
            Verdict::new(ok, ok)
        }
    }
}

/// Year: two or four digits, from this year up to 19 years ahead. The second
/// value tells whether the year is the current one (then the month matters).
pub fn validate_year(value: &str, today: Today) -> (Verdict, bool) {
    if !all_digits(value) {
        return (Verdict::new(false, false), false);
    }
    let century = today.year / 100;
    match value.len() {
        0 | 1 => (Verdict::new(false, true), false),
        3 => (
            Verdict::new(false, num(value.get(..2).unwrap_or("")) == century),
            false,
        ),
        2 => {
            let v = num(value);
            if v == century {
                // Could still be the start of a four-digit year.
                return (Verdict::new(false, true), false);
            }
            let yy = today.year % 100;
            let ok = v >= yy && v <= yy + MAX_EXPIRATION_YEAR_AGE;
            (Verdict::new(ok, ok), v == yy)
        }
        4 => {
            let v = num(value);
            let ok = v >= today.year && v <= today.year + MAX_EXPIRATION_YEAR_AGE;
            (Verdict::new(ok, ok), v == today.year)
        }
        _ => (Verdict::new(false, false), false),
    }
}

/// Month and year together: not in the past.
pub fn validate_month_year(month: &str, year: &str, today: Today) -> Verdict {
    let m = validate_month(month);
    let (y, current) = validate_year(year, today);
    if m.valid && y.valid {
        if current && num(month) < today.month {
            return Verdict::new(false, false);
        }
        return Verdict::new(true, true);
    }
    Verdict::new(false, m.potentially_valid && y.potentially_valid)
}

/// Characters of the longest date the expiration field shows, "MM / YYYY":
/// the reference's input `maxlength` (the spec's default 7 is its
/// `defaultMaxLengths` entry, which the reference never applies to this field).
pub const DATE_MAX_LENGTH: usize = 9;

/// The separator the expiration field shows between month and year.
const DATE_SEPARATOR: &str = " / ";

/// How [`format_date`] treats the field's value.
pub const DATE_TYPED: u32 = 0;
pub const DATE_DELETING: u32 = 1;
pub const DATE_UNFORMATTED: u32 = 2;

/// The expiration date as the reference's field shows it (restricted-input's
/// pattern `{{99}} / {{9999}}`, or `0{{9}} / {{9999}}` once the month starts
/// with 2-9): the digits typed, pasted or autofilled, at most six, with
/// " / " after the month. A month "1" followed by "/" is January ("01 / "),
/// as the reference's keyup rule makes it. Nothing else is moved between
/// month and year, so "13/30" stays "13 / 30" (invalid) rather than becoming
/// another date. While deleting, no separator is added back at the end;
/// unformatted (formatting off), the value is only capped at
/// [`DATE_MAX_LENGTH`].
pub fn format_date(value: &str, how: u32) -> String {
    if how == DATE_UNFORMATTED {
        return String::from(capped(value, DATE_MAX_LENGTH));
    }
    let january = how == DATE_TYPED && is_one_then_slash(value);
    let mut out = String::with_capacity(DATE_MAX_LENGTH);
    // Digits placed so far, a padding zero included.
    let mut placed = 0;
    for b in value.bytes() {
        if !b.is_ascii_digit() {
            continue;
        }
        if placed == 0 && (b > b'1' || january) {
            out.push('0');
            placed = 1;
        }
        if placed == 6 {
            break;
        }
        if placed == 2 {
            out.push_str(DATE_SEPARATOR);
        }
        out.push(char::from(b));
        placed += 1;
    }
    if placed == 2 && how == DATE_TYPED {
        out.push_str(DATE_SEPARATOR);
    }
    out
}

/// "1/…": a one-digit month the shopper closed with a slash.
fn is_one_then_slash(value: &str) -> bool {
    let v = value.trim_ascii_start();
    v.starts_with('1')
        && v.get(1..)
            .is_some_and(|r| r.trim_ascii_start().starts_with('/'))
}

/// The first `max` bytes of `s`, shortened to a character boundary.
fn capped(s: &str, max: usize) -> &str {
    let mut n = max.min(s.len());
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    s.get(..n).unwrap_or("")
}

/// Month and year of the expiration field's value, as the reference splits it
/// (for validation and tokenization alike): separators (`/`, `-`, spaces)
/// dropped; a value starting with 0 or 1 has a two-digit month, any other
/// a one-digit month, zero-padded ("230" is February 30).
pub fn split_date(value: &str) -> (String, String) {
    let mut month = String::new();
    let mut year = String::new();
    for b in value.bytes() {
        if b == b'/' || b == b'-' || b.is_ascii_whitespace() {
            continue;
        }
        // Anything but ASCII makes its half invalid: one stand-in per byte
        // keeps the halves ASCII without decoding.
        let c = if b.is_ascii() { char::from(b) } else { '?' };
        if month.is_empty() && b != b'0' && b != b'1' {
            month.push('0');
        }
        if month.len() < 2 {
            month.push(c);
        } else {
            year.push(c);
        }
    }
    (month, year)
}

/// Expiration date as one field: its month and year (as [`split_date`]
/// reads them) together, as card-validator's `expirationDate` judges them.
pub fn validate_date(value: &str, today: Today) -> Verdict {
    let (m, y) = split_date(value);
    validate_month_year(&m, &y, today)
}

/// Security code sizes allowed for the detected card type (3 or 4 when unknown).
pub fn cvv_sizes(card_type: &str) -> &'static [usize] {
    match by_key(card_type) {
        Some(c) if c.code_size == 4 => &[4],
        Some(_) => &[3],
        None => &[3, 4],
    }
}

pub fn validate_cvv(value: &str, card_type: &str) -> Verdict {
    if !all_digits(value) {
        return Verdict::new(false, false);
    }
    let sizes = cvv_sizes(card_type);
    let max = sizes.iter().copied().max().unwrap_or(4);
    if sizes.contains(&value.len()) {
        return Verdict::new(true, true);
    }
    Verdict::new(false, value.len() < max)
}

/// Postal code: at least 3 characters of letters, digits, spaces or dashes.
pub fn validate_postal_code(value: &str) -> Verdict {
    let ok_chars = value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b' ' || b == b'-');
    if !ok_chars {
        return Verdict::new(false, false);
    }
    if value.trim_ascii().len() < 3 {
        return Verdict::new(false, true);
    }
    Verdict::new(true, true)
}

/// Cardholder name: up to 255 characters and not something that looks like a
/// card number (digits, spaces and dashes only).
pub fn validate_cardholder_name(value: &str) -> Verdict {
    // Characters counted as the bytes that start one (core's char counting
    // is a large function in the wasm).
    if value.bytes().filter(|b| b & 0xC0 != 0x80).count() > 255 {
        return Verdict::new(false, false);
    }
    if value.is_empty()
        || value
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b' ' || b == b'-')
    {
        return Verdict::new(false, true);
    }
    Verdict::new(true, true)
}

/// Validates any hosted field by key; `card_type` is the detected network (for CVV).
pub fn validate_field(key: &str, value: &str, card_type: &str, today: Today) -> Verdict {
    match key {
        "number" => crate::card::validate_number(value),
        "cvv" => validate_cvv(value, card_type),
        "expirationDate" => validate_date(value, today),
        "expirationMonth" => validate_month(value),
        "expirationYear" => validate_year(value, today).0,
        "postalCode" => validate_postal_code(value),
        "cardholderName" => validate_cardholder_name(value),
        _ => Verdict::new(false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Today = Today {
        year: 2026,
        month: 11,
    };

    #[test]
    fn months() {
        assert_eq!(validate_month(""), Verdict::new(false, true));
        assert_eq!(validate_month(" 1"), Verdict::new(false, false));
        assert_eq!(validate_month("0"), Verdict::new(false, true));
        assert_eq!(validate_month("1"), Verdict::new(true, true));
        assert_eq!(validate_month("9"), Verdict::new(true, true));
        assert_eq!(validate_month("01"), Verdict::new(true, true));
        assert_eq!(validate_month("12"), Verdict::new(true, true));
        assert_eq!(validate_month("13"), Verdict::new(false, false));
        assert_eq!(validate_month("00"), Verdict::new(false, false));
        assert_eq!(validate_month("123"), Verdict::new(false, false));
        assert_eq!(validate_month("a"), Verdict::new(false, false));
    }

    #[test]
    fn years_allow_up_to_19_years_ahead() {
        assert_eq!(validate_year("", NOW).0, Verdict::new(false, true));
        assert_eq!(validate_year("2", NOW).0, Verdict::new(false, true));
        assert_eq!(validate_year("20", NOW).0, Verdict::new(false, true));
        assert_eq!(validate_year("26", NOW), (Verdict::new(true, true), true));
        assert_eq!(validate_year("45", NOW).0, Verdict::new(true, true));
        assert_eq!(validate_year("46", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("25", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("202", NOW).0, Verdict::new(false, true));
        assert_eq!(validate_year("192", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("2026", NOW), (Verdict::new(true, true), true));
        assert_eq!(validate_year("2045", NOW).0, Verdict::new(true, true));
        assert_eq!(validate_year("2046", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("2025", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("20261", NOW).0, Verdict::new(false, false));
        assert_eq!(validate_year("2a", NOW).0, Verdict::new(false, false));
    }

    #[test]
    fn dates_reject_past_months_of_this_year() {
        assert_eq!(validate_date("", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("11 / 26", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("11 / 2026", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("10 / 26", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12 / 2030", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("122030", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("12/30", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("1230", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("0127", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("02 / 30", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("230", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("01 / ", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("1", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("12 / 20", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("12 / 203", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("03 / 0", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("13 / 30", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("00 / 30", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12 / 50", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12 / 2046", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12 / 20301", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("ab", NOW), Verdict::new(false, false));
    }

    #[test]
    fn month_and_year_fields_take_two_and_four_digit_years() {
        let pair = |m, y| validate_month_year(m, y, NOW);
        assert_eq!(pair("12", "30"), Verdict::new(true, true));
        assert_eq!(pair("12", "2030"), Verdict::new(true, true));
        assert_eq!(pair("1", "2030"), Verdict::new(true, true));
        assert_eq!(pair("11", "26"), Verdict::new(true, true));
        assert_eq!(pair("11", "2026"), Verdict::new(true, true));
        assert_eq!(pair("10", "2026"), Verdict::new(false, false));
        assert_eq!(pair("10", "26"), Verdict::new(false, false));
        assert_eq!(pair("12", "20"), Verdict::new(false, true));
        assert_eq!(pair("12", "2046"), Verdict::new(false, false));
        assert_eq!(pair("13", "2030"), Verdict::new(false, false));
    }

    #[test]
    fn split_dates_as_the_reference() {
        let split = split_date;
        assert_eq!(split("12 / 30"), ("12".into(), "30".into()));
        assert_eq!(split("12 / 2030"), ("12".into(), "2030".into()));
        assert_eq!(split("1230"), ("12".into(), "30".into()));
        assert_eq!(split("0530"), ("05".into(), "30".into()));
        assert_eq!(split("530"), ("05".into(), "30".into()));
        assert_eq!(split("5-2030"), ("05".into(), "2030".into()));
        // Never a one-digit month after a leading 1: "1330" is month 13.
        assert_eq!(split("1330"), ("13".into(), "30".into()));
        assert_eq!(split("1"), ("1".into(), "".into()));
        assert_eq!(split(" "), ("".into(), "".into()));
        assert_eq!(split("a12"), ("0a".into(), "12".into()));
        assert_eq!(split("\u{e9}12"), ("0?".into(), "?12".into()));
        assert_eq!(validate_date("\u{e9}12", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("1\u{e9}/30", NOW), Verdict::new(false, false));
    }

    #[test]
    fn dates_format_as_the_reference_shows_them() {
        let typed = |v| format_date(v, DATE_TYPED);
        assert_eq!(typed(""), "");
        assert_eq!(typed("1"), "1");
        assert_eq!(typed("0"), "0");
        assert_eq!(typed("12"), "12 / ");
        assert_eq!(typed("12/30"), "12 / 30");
        assert_eq!(typed("1230"), "12 / 30");
        assert_eq!(typed("12/2030"), "12 / 2030");
        assert_eq!(typed("122030"), "12 / 2030");
        assert_eq!(typed("12 / 20301"), "12 / 2030");
        // The month is never changed into another: 13 stays (invalid).
        assert_eq!(typed("13/30"), "13 / 30");
        assert_eq!(typed("13"), "13 / ");
        // A leading 2-9 is a one-digit month.
        assert_eq!(typed("2"), "02 / ");
        assert_eq!(typed("2/30"), "02 / 30");
        assert_eq!(typed("02 / /"), "02 / ");
        assert_eq!(typed("22030"), "02 / 2030");
        assert_eq!(typed("920301"), "09 / 2030");
        // "1/" is January; "0/" is not a month yet.
        assert_eq!(typed("1/"), "01 / ");
        assert_eq!(typed("1/30"), "01 / 30");
        assert_eq!(typed("1 / 2030"), "01 / 2030");
        assert_eq!(typed("0/30"), "03 / 0");
        // Already formatted values stay as they are.
        for v in ["01 / ", "02 / 3", "12 / 2030", "09 / 30"] {
            assert_eq!(typed(v), v);
        }
        assert_eq!(typed("ab12cd"), "12 / ");
        assert_eq!(format_date("12 /", DATE_DELETING), "12");
        assert_eq!(format_date("1 / 30", DATE_DELETING), "13 / 0");
        assert_eq!(format_date("02 / 3", DATE_DELETING), "02 / 3");
        assert_eq!(format_date("12/2030xyz", DATE_UNFORMATTED), "12/2030xy");
        assert_eq!(
            format_date("12/2030\u{e9}", DATE_UNFORMATTED),
            "12/2030\u{e9}"
        );
        // Never cut inside a character.
        assert_eq!(format_date("12/20301\u{e9}", DATE_UNFORMATTED), "12/20301");
    }

    #[test]
    fn cvv_size_follows_the_card_type() {
        assert_eq!(validate_cvv("123", "visa"), Verdict::new(true, true));
        assert_eq!(validate_cvv("1234", "visa"), Verdict::new(false, false));
        assert_eq!(validate_cvv("12", "visa"), Verdict::new(false, true));
        assert_eq!(
            validate_cvv("1234", "american-express"),
            Verdict::new(true, true)
        );
        assert_eq!(
            validate_cvv("123", "american-express"),
            Verdict::new(false, true)
        );
        assert_eq!(validate_cvv("123", ""), Verdict::new(true, true));
        assert_eq!(validate_cvv("1234", ""), Verdict::new(true, true));
        assert_eq!(validate_cvv("12a", "visa"), Verdict::new(false, false));
        assert_eq!(validate_cvv("", "visa"), Verdict::new(false, true));
    }

    #[test]
    fn postal_codes() {
        assert_eq!(validate_postal_code(""), Verdict::new(false, true));
        assert_eq!(validate_postal_code("12"), Verdict::new(false, true));
        assert_eq!(validate_postal_code("123"), Verdict::new(true, true));
        assert_eq!(validate_postal_code("SW1A 1AA"), Verdict::new(true, true));
        assert_eq!(validate_postal_code("94107-1234"), Verdict::new(true, true));
        assert_eq!(validate_postal_code("12$45"), Verdict::new(false, false));
    }

    #[test]
    fn cardholder_names() {
        assert_eq!(validate_cardholder_name(""), Verdict::new(false, true));
        assert_eq!(
            validate_cardholder_name("Ada Lovelace"),
            Verdict::new(true, true)
        );
        assert_eq!(
            validate_cardholder_name("4111 1111"),
            Verdict::new(false, true)
        );
        assert_eq!(
            validate_cardholder_name(&"a".repeat(255)),
            Verdict::new(true, true)
        );
        assert_eq!(
            validate_cardholder_name(&"a".repeat(256)),
            Verdict::new(false, false)
        );
        assert_eq!(
            validate_cardholder_name(&"\u{e9}".repeat(255)),
            Verdict::new(true, true)
        );
        assert_eq!(
            validate_cardholder_name(&"\u{1f600}".repeat(256)),
            Verdict::new(false, false)
        );
    }

    #[test]
    fn dispatch_by_field_key() {
        assert!(validate_field("number", "4111111111111111", "", NOW).valid);
        assert!(validate_field("cvv", "1234", "american-express", NOW).valid);
        assert!(validate_field("expirationDate", "12/30", "", NOW).valid);
        assert!(validate_field("expirationMonth", "12", "", NOW).valid);
        assert!(validate_field("expirationYear", "2030", "", NOW).valid);
        assert!(validate_field("postalCode", "12345", "", NOW).valid);
        assert!(validate_field("cardholderName", "Ada", "", NOW).valid);
        assert_eq!(
            validate_field("other", "x", "", NOW),
            Verdict::new(false, false)
        );
    }
}
