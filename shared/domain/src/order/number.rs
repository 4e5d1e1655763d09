//! The order number a shopper reads, says over the phone and types back:
//! the random part of the order's ULID (its last 8 Crockford characters,
//! 40 bits), written `#SQBB-KJT7` in every email, invoice, page and CLI line.
//!
//! A number is not a key: two orders may share one (about 1 in 2 million
//! for a house's first thousand orders), so whatever finds an order by its
//! number must refuse to guess between several.

use std::fmt;

use serde::{Serialize, Serializer};

/// How many characters of the id the number is.
const LENGTH: usize = 8;
/// Where the number is split for reading aloud (`SQBB-KJT7`).
const GROUP: usize = 4;

/// An order's number: 8 Crockford base-32 characters (no I, L, O or U).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrderNumber([u8; LENGTH]);

impl OrderNumber {
    /// The number of the order with this id: its last 8 characters.
    pub fn of(id: &str) -> OrderNumber {
        let tail = id.as_bytes();
        let tail = &tail[tail.len().saturating_sub(LENGTH)..];
        let mut number = [b'0'; LENGTH];
        number[LENGTH - tail.len()..].copy_from_slice(tail);
        OrderNumber(number.map(|b| b.to_ascii_uppercase()))
    }

    /// A number as someone types it: with or without `#` and the dash, any
    /// case, and the letters Crockford reads as digits (I and L as 1, O as 0).
    pub fn parse(text: &str) -> Option<OrderNumber> {
        let text = text.trim();
        let text = text.strip_prefix('#').unwrap_or(text);
        let chars: Vec<u8> = text
            .bytes()
            .filter(|b| !matches!(b, b'-' | b' '))
            .map(crockford)
            .collect::<Option<_>>()?;
        Some(OrderNumber(chars.try_into().ok()?))
    }
}

/// One character of a Crockford base-32 number, canonical (upper case, the
/// look-alikes as the digits they stand for); none for anything else.
fn crockford(b: u8) -> Option<u8> {
    match b.to_ascii_uppercase() {
        b'I' | b'L' => Some(b'1'),
        b'O' => Some(b'0'),
        b'U' => None,
        c @ (b'0'..=b'9' | b'A'..=b'Z') => Some(c),
        _ => None,
    }
}

impl fmt::Display for OrderNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (head, tail) = self.0.split_at(GROUP);
        // The bytes are ASCII by construction.
        let text = |part: &[u8]| String::from_utf8_lossy(part).into_owned();
        write!(f, "#{}-{}", text(head), text(tail))
    }
}

impl Serialize for OrderNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "01M8SN4FPRF380D4E7SQBBKJT7";

    #[test]
    fn the_number_is_the_ids_random_tail_grouped_for_reading_aloud() {
        assert_eq!(OrderNumber::of(ID).to_string(), "#SQBB-KJT7");
        assert_eq!(
            serde_json::to_string(&OrderNumber::of(ID)).unwrap(),
            "\"#SQBB-KJT7\""
        );
    }

    #[test]
    fn a_number_is_read_back_however_it_was_typed() {
        let number = OrderNumber::of(ID);
        for typed in [
            "#SQBB-KJT7",
            "SQBBKJT7",
            "sqbb-kjt7",
            " sqbb kjt7 ",
            "#sqbb-KJT7",
        ] {
            assert_eq!(OrderNumber::parse(typed), Some(number), "{typed}");
        }
        assert_eq!(
            OrderNumber::parse("#0OIL-0000"),
            OrderNumber::parse("0011-0000")
        );
    }

    #[test]
    fn anything_else_is_not_a_number() {
        for typed in [
            "",
            "#",
            "SQBBKJT",
            "SQBBKJT77",
            "SQBB-KJTU",
            "SQBB_KJT7",
            ID,
        ] {
            assert_eq!(OrderNumber::parse(typed), None, "{typed}");
        }
    }
}
