//! The signed-in shopper's partition and the small helpers every
//! user-scoped record shares.
//!
//! Every cart line, wishlist entry, address, order and signed-in request
//! lives under `USER#<id>`, and that id always comes from the session, never
//! from the request: one customer's keys cannot name another's items, so
//! ownership holds by construction and a foreign id is simply a 404.

use time::macros::format_description;
use time::OffsetDateTime;

/// The partition of everything a shopper owns.
pub fn user_pk(user_id: &str) -> String {
    format!("USER#{user_id}")
}

/// A timestamp as stored and answered: RFC 3339 in UTC with a fixed six
/// fractional digits, so string order is time order.
pub fn timestamp(at: OffsetDateTime) -> String {
    let format =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z");
    at.to_offset(time::UtcOffset::UTC)
        .format(&format)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}

/// Whether `id` has the shape of a ULID (26 Crockford base-32 characters):
/// ids the shop mints for addresses, orders and requests. Anything else cannot
/// name one, so it is refused before any table request.
pub fn is_ulid(id: &str) -> bool {
    id.len() == 26
        && id.bytes().all(|b| {
            b.is_ascii_digit()
                || (b.is_ascii_uppercase() && !matches!(b, b'I' | b'L' | b'O' | b'U'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_partition_and_ids() {
        assert_eq!(user_pk("u1"), "USER#u1");
        assert!(is_ulid("01JD0000000000000000000000"));
        assert!(!is_ulid("01jd0000000000000000000000"));
        assert!(!is_ulid("01JD00000000000000000000#X"));
        assert!(!is_ulid("short"));
    }

    #[test]
    fn timestamps_are_utc_rfc3339() {
        let at = OffsetDateTime::from_unix_timestamp(1_700_000_000).unwrap();
        assert_eq!(timestamp(at), "2023-11-14T22:13:20.000000Z");
        let later = at + time::Duration::microseconds(1_500);
        assert_eq!(timestamp(later), "2023-11-14T22:13:20.001500Z");
    }
}
