//! Card-network detection, Luhn and card-number validity (spec section 9 lists
//! the networks). Detection follows the public BIN ranges each network
//! publishes; a prefix that can still become a range counts as a partial match.

#[allow(unused_imports)]
use crate::prelude::*;

/// A BIN pattern: a single prefix or an inclusive range of equal-width prefixes.
#[derive(Clone, Copy)]
enum Pattern {
    One(u32),
    Range(u32, u32),
}
use Pattern::{One, Range};

/// One card network.
pub struct CardType {
    /// Key used in events and state (`visa`, `master-card`, …).
    pub key: &'static str,
    /// Display name (`Visa`, `MasterCard`, …).
    pub nice: &'static str,
    patterns: &'static [Pattern],
    /// Positions after which a space is shown.
    pub gaps: &'static [u8],
    /// Valid number lengths.
    pub lengths: &'static [u8],
    /// Security code name and size.
    pub code_name: &'static str,
    pub code_size: u8,
}

pub static CARD_TYPES: [CardType; 8] = [
    CardType {
        key: "visa",
        nice: "Visa",
        patterns: &[One(4)],
        gaps: &[4, 8, 12],
        lengths: &[16, 18, 19],
        code_name: "CVV",
        code_size: 3,
    },
    CardType {
        key: "master-card",
        nice: "Mastercard",
        patterns: &[
            Range(51, 55),
            Range(2221, 2229),
            Range(223, 229),
            Range(23, 26),
            Range(270, 271),
            One(2720),
        ],
        gaps: &[4, 8, 12],
        lengths: &[16],
        code_name: "CVC",
        code_size: 3,
    },
    CardType {
        key: "american-express",
        nice: "American Express",
        patterns: &[One(34), One(37)],
        gaps: &[4, 10],
        lengths: &[15],
        code_name: "CID",
        code_size: 4,
    },
    CardType {
        key: "diners-club",
        nice: "Diners Club",
        patterns: &[Range(300, 305), One(36), One(38), One(39)],
        gaps: &[4, 10],
        lengths: &[14, 16, 19],
        code_name: "CVV",
        code_size: 3,
    },
    CardType {
        key: "discover",
        nice: "Discover",
        patterns: &[One(6011), Range(644, 649), One(65)],
        gaps: &[4, 8, 12],
        lengths: &[16, 19],
        code_name: "CID",
        code_size: 3,
    },
    CardType {
        key: "jcb",
        nice: "JCB",
        patterns: &[One(2131), One(1800), Range(3528, 3589)],
        gaps: &[4, 8, 12],
        lengths: &[16, 17, 18, 19],
        code_name: "CVV",
        code_size: 3,
    },
    CardType {
        key: "unionpay",
        nice: "UnionPay",
        patterns: &[
            One(620),
            Range(62100, 62182),
            Range(62184, 62187),
            Range(62185, 62197),
            Range(62200, 62205),
            Range(622010, 622999),
            One(622018),
            Range(62207, 62209),
            Range(623, 626),
            One(6270),
            One(6272),
            One(6276),
            Range(627700, 627779),
            Range(627781, 627799),
            Range(6282, 6289),
            One(6291),
            One(6292),
            One(810),
            Range(8110, 8131),
            Range(8132, 8151),
            Range(8152, 8163),
            Range(8164, 8171),
        ],
        gaps: &[4, 8, 12],
        lengths: &[14, 15, 16, 17, 18, 19],
        code_name: "CVN",
        code_size: 3,
    },
    CardType {
        key: "maestro",
        nice: "Maestro",
        patterns: &[
            One(493698),
            Range(500000, 504174),
            Range(504176, 506698),
            Range(506779, 508999),
            Range(56, 59),
            One(63),
            One(67),
            One(6),
        ],
        gaps: &[4, 8, 12],
        lengths: &[12, 13, 14, 15, 16, 17, 18, 19],
        code_name: "CVC",
        code_size: 3,
    },
];

pub fn by_key(key: &str) -> Option<&'static CardType> {
    CARD_TYPES.iter().find(|c| c.key == key)
}

fn digits_of(v: u32) -> usize {
    let mut n = 1;
    let mut x = v;
    while x >= 10 {
        x /= 10;
        n += 1;
    }
    n
}

/// The leading `n` digits of `number` as an integer (`number` is all digits).
fn prefix_value(number: &[u8], n: usize) -> u32 {
    number
        .iter()
        .take(n)
        .fold(0, |a, d| a * 10 + (d - b'0') as u32)
}

/// How `number` matches `p`: None, Some(0) for a partial match (the number is
/// still too short to tell), Some(strength) for a full match of that many digits.
fn match_pattern(number: &[u8], p: Pattern) -> Option<usize> {
    let (lo, hi) = match p {
        One(v) => (v, v),
        Range(a, b) => (a, b),
    };
    let width = digits_of(lo);
    let n = number.len().min(width);
    // Never zero (at most ten digits), which `max` tells the compiler: no
    // division-by-zero panic path.
    let shrink = 10u32.pow((width - n) as u32).max(1);
    let v = prefix_value(number, n);
    if v < lo / shrink || v > hi / shrink {
        return None;
    }
    Some(if number.len() >= width { width } else { 0 })
}

/// The networks `number` (digits only) may belong to. Empty input matches all;
/// when every candidate matches fully, only the most specific one is kept.
pub fn detect(number: &str) -> Vec<&'static CardType> {
    let b = number.as_bytes();
    if !b.iter().all(u8::is_ascii_digit) {
        return Vec::new();
    }
    if b.is_empty() {
        return CARD_TYPES.iter().collect();
    }
    let mut found: Vec<(&'static CardType, usize)> = Vec::new();
    for card in CARD_TYPES.iter() {
        let best = card
            .patterns
            .iter()
            .filter_map(|p| match_pattern(b, *p))
            .max();
        if let Some(strength) = best {
            found.push((card, strength));
        }
    }
    if !found.is_empty() && found.iter().all(|(_, s)| *s > 0) {
        let max = found.iter().map(|(_, s)| *s).max().unwrap_or(0);
        found.retain(|(_, s)| *s == max);
        found.truncate(1);
    }
    found.into_iter().map(|(c, _)| c).collect()
}

/// The Luhn (mod 10) check.
pub fn luhn(number: &str) -> bool {
    let mut sum = 0u32;
    let mut double = false;
    for ch in number.bytes().rev() {
        if !ch.is_ascii_digit() {
            return false;
        }
        let mut d = (ch - b'0') as u32;
        if double {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
        double = !double;
    }
    !number.is_empty() && sum.is_multiple_of(10)
}

/// Validity of a card number field value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub valid: bool,
    pub potentially_valid: bool,
}

impl Verdict {
    pub const fn new(valid: bool, potentially_valid: bool) -> Self {
        Verdict {
            valid,
            potentially_valid,
        }
    }
    /// Bit 0: valid, bit 1: potentially valid (the wasm boundary's shape).
    pub fn bits(self) -> u32 {
        self.valid as u32 | (self.potentially_valid as u32) << 1
    }
}

/// Strips the separators a shopper may type or paste.
pub fn strip(number: &str) -> String {
    number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect()
}

/// Card-number validity: known single network, a valid length for it and Luhn
/// (UnionPay numbers need not pass Luhn).
pub fn validate_number(raw: &str) -> Verdict {
    let value = strip(raw);
    if value.is_empty() {
        return Verdict::new(false, true);
    }
    if !value.bytes().all(|b| b.is_ascii_digit()) {
        return Verdict::new(false, false);
    }
    let types = detect(&value);
    match types.len() {
        0 => Verdict::new(false, false),
        1 => {
            let Some(card) = types.first() else {
                return Verdict::new(false, false);
            };
            let len = value.len() as u8;
            let max = card.lengths.iter().copied().max().unwrap_or(19);
            if len > max {
                return Verdict::new(false, false);
            }
            let luhn_ok = card.key == "unionpay" || luhn(&value);
            if card.lengths.contains(&len) && luhn_ok {
                Verdict::new(true, true)
            } else {
                Verdict::new(false, len < max)
            }
        }
        _ => Verdict::new(false, true),
    }
}

/// The number with spaces at the network's gap positions.
pub fn format_number(raw: &str) -> String {
    let value = strip(raw);
    let types = detect(&value);
    let gaps: &[u8] = match types.as_slice() {
        [only] => only.gaps,
        _ => &[4, 8, 12],
    };
    let mut out = String::with_capacity(value.len() + 4);
    for (i, ch) in value.chars().enumerate() {
        if i > 0 && gaps.contains(&(i as u8)) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

/// A network's details as JSON (the shape of the `cards` entries in state).
pub fn card_json(card: &CardType) -> String {
    let mut s = String::from("{\"type\":\"");
    s.push_str(card.key);
    s.push_str("\",\"niceType\":\"");
    s.push_str(card.nice);
    s.push_str("\",\"code\":{\"name\":\"");
    s.push_str(card.code_name);
    s.push_str("\",\"size\":");
    crate::constants::push_u32(&mut s, card.code_size as u32);
    s.push_str("},\"gaps\":");
    push_list(&mut s, card.gaps);
    s.push_str(",\"lengths\":");
    push_list(&mut s, card.lengths);
    s.push('}');
    s
}

fn push_list(s: &mut String, xs: &[u8]) {
    s.push('[');
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        crate::constants::push_u32(s, *x as u32);
    }
    s.push(']');
}

/// The candidate networks of a (possibly partial) number, as a JSON array.
pub fn cards_json(raw: &str) -> String {
    let mut s = String::from("[");
    for (i, c) in detect(&strip(raw)).iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&card_json(c));
    }
    s.push(']');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(n: &str) -> Vec<&'static str> {
        detect(n).iter().map(|c| c.key).collect()
    }

    #[test]
    fn detects_each_network_from_full_numbers() {
        let cases = [
            ("4111111111111111", "visa"),
            ("5555555555554444", "master-card"),
            ("2223000048400011", "master-card"),
            ("378282246310005", "american-express"),
            ("371449635398431", "american-express"),
            ("30569309025904", "diners-club"),
            ("38520000023237", "diners-club"),
            ("6011111111111117", "discover"),
            ("6445644564456445", "discover"),
            ("3530111333300000", "jcb"),
            ("6212345678901265", "unionpay"),
            ("6304000000000000", "maestro"),
            ("5018000000000009", "maestro"),
        ];
        for (n, k) in cases {
            assert_eq!(keys(n), vec![k], "{n}");
        }
    }

    #[test]
    fn partial_prefixes_stay_ambiguous() {
        assert_eq!(keys("4"), vec!["visa", "maestro"]);
        assert_eq!(keys("41"), vec!["visa"]);
        assert!(keys("6").len() >= 3);
        assert_eq!(keys("34"), vec!["american-express"]);
        assert_eq!(keys("3"), vec!["american-express", "diners-club", "jcb"]);
        assert_eq!(keys("").len(), 8);
        assert!(keys("9").is_empty());
        assert!(keys("4a").is_empty());
    }

    #[test]
    fn luhn_accepts_valid_and_rejects_invalid() {
        assert!(luhn("4111111111111111"));
        assert!(luhn("4000111111111115"));
        assert!(luhn("4000000000001091"));
        assert!(!luhn("4111111111111112"));
        assert!(!luhn(""));
        assert!(!luhn("41x1"));
    }

    #[test]
    fn number_validity_follows_length_luhn_and_network() {
        assert_eq!(validate_number(""), Verdict::new(false, true));
        assert_eq!(
            validate_number("4111 1111 1111 1111"),
            Verdict::new(true, true)
        );
        assert_eq!(
            validate_number("4111-1111-1111-1111"),
            Verdict::new(true, true)
        );
        assert_eq!(validate_number("4111"), Verdict::new(false, true));
        // Full length for Visa but Luhn fails: still potentially valid until 19 digits.
        assert_eq!(
            validate_number("4111111111111112"),
            Verdict::new(false, true)
        );
        assert_eq!(
            validate_number("4111111111111111111"),
            Verdict::new(false, false)
        );
        assert_eq!(
            validate_number("41111111111111111111"),
            Verdict::new(false, false)
        );
        assert_eq!(validate_number("378282246310005"), Verdict::new(true, true));
        assert_eq!(
            validate_number("378282246310006"),
            Verdict::new(false, false)
        );
        assert_eq!(
            validate_number("9111111111111111"),
            Verdict::new(false, false)
        );
        assert_eq!(validate_number("4111a"), Verdict::new(false, false));
        // UnionPay skips Luhn.
        assert_eq!(
            validate_number("6212345678901234"),
            Verdict::new(true, true)
        );
    }

    #[test]
    fn formats_with_network_gaps() {
        assert_eq!(format_number("4111111111111111"), "4111 1111 1111 1111");
        assert_eq!(format_number("378282246310005"), "3782 822463 10005");
        assert_eq!(format_number("41"), "41");
    }

    #[test]
    fn card_details_are_serialised() {
        let amex = by_key("american-express").unwrap();
        assert_eq!(
            card_json(amex),
            "{\"type\":\"american-express\",\"niceType\":\"American Express\",\"code\":{\"name\":\"CID\",\"size\":4},\"gaps\":[4,10],\"lengths\":[15]}"
        );
        assert!(cards_json("41").starts_with("[{\"type\":\"visa\""));
        assert_eq!(cards_json("9"), "[]");
        assert!(by_key("nope").is_none());
    }

    #[test]
    fn verdict_bits() {
        assert_eq!(Verdict::new(true, true).bits(), 3);
        assert_eq!(Verdict::new(false, true).bits(), 2);
        assert_eq!(Verdict::new(false, false).bits(), 0);
    }
}
