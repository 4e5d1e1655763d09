//! The ids a route's path names, parsed once at the edge: a value of one of
//! these types has the shape the shop mints, so it can name a record, and
//! a path that cannot is refused with its route's "not found" before any
//! table request (and before it can reach a key).

use std::fmt;

use crate::{address, cart, checkout, order, requests, shopper, wishlist};

/// An id read from a path.
pub trait PathId: Sized {
    /// What a path holding anything else answers (a 404's message).
    const NOT_FOUND: &'static str;

    fn parse(text: &str) -> Option<Self>;
}

macro_rules! path_id {
    ($(#[$doc:meta])* $name:ident, $not_found:expr, $is_valid:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl PathId for $name {
            const NOT_FOUND: &'static str = $not_found;

            fn parse(text: &str) -> Option<Self> {
                let is_valid: fn(&str) -> bool = $is_valid;
                is_valid(text).then(|| Self(text.to_owned()))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

path_id!(
    /// A saved address: a ULID.
    AddressId,
    address::NOT_FOUND,
    shopper::is_ulid
);
path_id!(
    /// A bag line: 32 lowercase hex digits.
    LineId,
    cart::LINE_NOT_FOUND,
    cart::is_line_id
);
path_id!(
    /// An order: a ULID.
    OrderId,
    order::CONFIRM_FAILED,
    shopper::is_ulid
);
path_id!(
    /// A client's request (made-to-order or appointment): a ULID.
    ContactRequestId,
    requests::inbox::NOT_FOUND,
    shopper::is_ulid
);
path_id!(
    /// A wishlist entry, named by its product's id.
    WishlistProductId,
    wishlist::NOT_IN_WISHLIST,
    wishlist::is_entry_id
);
path_id!(
    /// A payment a 202 named: 64 hex digits.
    PaymentId,
    checkout::NOT_PLACED,
    |id| id.len() == 64 && id.bytes().all(|b| b.is_ascii_hexdigit())
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ids_of_the_minted_shape_parse() {
        assert!(AddressId::parse("01JD0000000000000000000000").is_some());
        assert!(AddressId::parse("../01JD00000000000000000000").is_none());
        assert!(LineId::parse(&"a".repeat(32)).is_some());
        assert!(LineId::parse(&"A".repeat(32)).is_none());
        assert!(PaymentId::parse(&"f".repeat(64)).is_some());
        assert!(PaymentId::parse(&"f".repeat(63)).is_none());
        assert!(WishlistProductId::parse("p7").is_some());
        assert!(WishlistProductId::parse("a#b").is_none());
        assert_eq!(
            OrderId::parse("01JD0000000000000000000000")
                .unwrap()
                .as_str(),
            "01JD0000000000000000000000"
        );
    }
}
