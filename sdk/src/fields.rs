//! Validation of the non-number hosted fields: expiration date, month and year
//! (at most 19 years ahead), CVV by card type, postal code and cardholder name.

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

/// Splits an expiration date as typed (`MM/YY`, `MM / YYYY`, `MMYY`, `1/26`).
pub fn split_date(value: &str) -> (String, String) {
    let compact: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some((m, y)) = compact.split_once(['/']) {
        return (m.to_string(), y.to_string());
    }
    if compact.starts_with('0') || compact.starts_with('1') && compact.len() > 1 {
        let b = compact.as_bytes();
        // "1" followed by 0-2 is October-December; "13.." means month 1.
        let two = compact.starts_with('0') || b.get(1).is_some_and(|d| (b'0'..=b'2').contains(d));
        let cut = if two { 2.min(compact.len()) } else { 1 };
        return split_at(&compact, cut);
    }
    split_at(&compact, 1.min(compact.len()))
}

/// The two halves of `s` at byte `cut`, or (`s`, "") when `cut` is not a char boundary.
fn split_at(s: &str, cut: usize) -> (String, String) {
    let (a, b) = s.split_at_checked(cut).unwrap_or((s, ""));
    (a.to_string(), b.to_string())
}

/// Expiration date as one field.
pub fn validate_date(value: &str, today: Today) -> Verdict {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Verdict::new(false, true);
    }
    if !trimmed
        .chars()
        .all(|c| c.is_ascii_digit() || c == '/' || c == ' ')
    {
        return Verdict::new(false, false);
    }
    let (m, y) = split_date(trimmed);
    if y.is_empty() {
        let mv = validate_month(&m);
        return Verdict::new(false, mv.potentially_valid);
    }
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
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-');
    if !ok_chars {
        return Verdict::new(false, false);
    }
    if value.trim().len() < 3 {
        return Verdict::new(false, true);
    }
    Verdict::new(true, true)
}

/// Cardholder name: up to 255 characters and not something that looks like a
/// card number (digits, spaces and dashes only).
pub fn validate_cardholder_name(value: &str) -> Verdict {
    if value.chars().count() > 255 {
        return Verdict::new(false, false);
    }
    if value.is_empty()
        || value
            .chars()
            .all(|c| c.is_ascii_digit() || c == ' ' || c == '-')
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
        assert_eq!(validate_date("11/26", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("10/26", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12 / 2030", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("1230", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("0127", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("1/27", NOW), Verdict::new(true, true));
        assert_eq!(validate_date("01/", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("1", NOW), Verdict::new(false, true));
        assert_eq!(validate_date("13/27", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("12/50", NOW), Verdict::new(false, false));
        assert_eq!(validate_date("ab", NOW), Verdict::new(false, false));
    }

    #[test]
    fn split_dates() {
        assert_eq!(split_date("12/30"), ("12".into(), "30".into()));
        assert_eq!(split_date("1230"), ("12".into(), "30".into()));
        assert_eq!(split_date("0530"), ("05".into(), "30".into()));
        assert_eq!(split_date("530"), ("5".into(), "30".into()));
        assert_eq!(split_date("1330"), ("1".into(), "330".into()));
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
