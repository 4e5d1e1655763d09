//! How account times are stored: instants as [`Timestamp`] text, TTLs as
//! epoch seconds (what the table's expiry reads).

use serde::{Deserialize, Deserializer, Serializer};

use crate::timestamp::Timestamp;

#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Seconds(i64),
    Text(String),
}

fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
    let at = match Stored::deserialize(d)? {
        Stored::Seconds(seconds) => Timestamp::from_unix(seconds),
        Stored::Text(text) => Timestamp::parse(&text),
    };
    at.ok_or_else(|| serde::de::Error::custom("not a time"))
}

/// Text, or epoch seconds as accounts stored their times before
/// [`Timestamp`]: items written then still read.
pub fn text_or_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
    read(d)
}

/// A TTL: epoch seconds.
pub mod seconds {
    use super::*;

    pub fn serialize<S: Serializer>(at: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(at.unix())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
        read(d)
    }
}

/// `seconds` after `at` (to the second, as TTLs are).
pub fn later(at: Timestamp, seconds: i64) -> Timestamp {
    Timestamp::from_unix(at.unix() + seconds).unwrap_or(at)
}
