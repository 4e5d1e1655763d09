//! The one timestamp of every record: a UTC instant, stored and answered as
//! RFC 3339 with exactly six fractional digits (`2025-01-31T09:30:00.000000Z`),
//! so that string order, which the table sorts by, is time order.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Date, OffsetDateTime, UtcOffset};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = DateTime)]
pub struct Timestamp(OffsetDateTime);

impl Timestamp {
    pub fn now() -> Self {
        Self::at(OffsetDateTime::now_utc())
    }

    /// The instant, in UTC, to the microsecond (what the text keeps).
    pub fn at(at: OffsetDateTime) -> Self {
        let at = at.to_offset(UtcOffset::UTC);
        let micros = at.microsecond();
        Self(at.replace_microsecond(micros).unwrap_or(at))
    }

    /// Any RFC 3339 instant (any offset, any precision).
    pub fn parse(text: &str) -> Option<Self> {
        OffsetDateTime::parse(text, &Rfc3339).ok().map(Self::at)
    }

    pub fn from_unix(seconds: i64) -> Option<Self> {
        OffsetDateTime::from_unix_timestamp(seconds)
            .ok()
            .map(Self::at)
    }

    pub fn unix(self) -> i64 {
        self.0.unix_timestamp()
    }

    /// Epoch milliseconds: what a lease's end is stored as, so a condition
    /// can compare it as a number.
    pub fn unix_ms(self) -> i64 {
        i64::try_from(self.0.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
    }

    pub fn date(self) -> Date {
        self.0.date()
    }

    pub fn instant(self) -> OffsetDateTime {
        self.0
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = format_description!(
            "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z"
        );
        match self.0.format(&format) {
            Ok(text) => f.write_str(&text),
            Err(_) => write!(f, "{}", self.0.unix_timestamp()),
        }
    }
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Timestamp::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not an RFC 3339 instant: {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_precision_utc() {
        let at = Timestamp::from_unix(1_700_000_000).unwrap();
        assert_eq!(at.to_string(), "2023-11-14T22:13:20.000000Z");
        let later = Timestamp::at(at.instant() + time::Duration::nanoseconds(1_500_700));
        assert_eq!(later.to_string(), "2023-11-14T22:13:20.001500Z");
    }

    #[test]
    fn reads_any_rfc3339_and_round_trips() {
        let at = Timestamp::parse("2025-01-01T07:00:00+07:00").unwrap();
        assert_eq!(at.to_string(), "2025-01-01T00:00:00.000000Z");
        let json = serde_json::to_string(&at).unwrap();
        assert_eq!(serde_json::from_str::<Timestamp>(&json).unwrap(), at);
        assert!(Timestamp::parse("yesterday").is_none());
    }

    #[test]
    fn text_order_is_time_order() {
        let a = Timestamp::parse("2025-01-01T00:00:00.5Z").unwrap();
        let b = Timestamp::parse("2025-01-01T00:00:01Z").unwrap();
        assert!(a < b && a.to_string() < b.to_string());
    }
}
