//! Dates of birth: `YYYY-MM-DD`, a real calendar day from 1900-01-01 to today.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use time::{Date, Month};

pub const REQUIRED: &str = "Date of birth is required";
pub const INVALID: &str = "Please enter a valid date of birth (YYYY-MM-DD).";
pub const OUT_OF_RANGE: &str = "Date of birth must be between 1900 and today.";

pub const FIRST_YEAR: i32 = 1900;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BirthdayError {
    #[error("Date of birth is required")]
    Missing,
    #[error("Please enter a valid date of birth (YYYY-MM-DD).")]
    Invalid,
    #[error("Date of birth must be between 1900 and today.")]
    OutOfRange,
}

/// A validated date of birth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Date)]
pub struct Birthday(Date);

impl Birthday {
    /// Parses `YYYY-MM-DD` strictly (two-digit month and day, real month
    /// lengths, leap years) and checks it lies between 1900-01-01 and `today`.
    pub fn parse(raw: &str, today: Date) -> Result<Self, BirthdayError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(BirthdayError::Missing);
        }
        let date = parse_iso_date(raw).ok_or(BirthdayError::Invalid)?;
        if date.year() < FIRST_YEAR || date > today {
            return Err(BirthdayError::OutOfRange);
        }
        Ok(Self(date))
    }

    pub fn date(self) -> Date {
        self.0
    }
}

fn parse_iso_date(raw: &str) -> Option<Date> {
    let bytes = raw.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return None;
    }
    let year: i32 = raw[0..4].parse().ok()?;
    let month: u8 = raw[5..7].parse().ok()?;
    let day: u8 = raw[8..10].parse().ok()?;
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

impl fmt::Display for Birthday {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.0.year(),
            u8::from(self.0.month()),
            self.0.day()
        )
    }
}

impl Serialize for Birthday {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Stored birthdays are read back without the "not after today" check, which
/// only matters when a shopper enters one.
impl<'de> Deserialize<'de> for Birthday {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        parse_iso_date(&raw)
            .map(Birthday)
            .ok_or_else(|| serde::de::Error::custom("birthday is not YYYY-MM-DD"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 22);

    fn parse(raw: &str) -> Result<Birthday, BirthdayError> {
        Birthday::parse(raw, TODAY)
    }

    #[test]
    fn accepts_real_days_and_prints_them_back() {
        assert_eq!(parse("1990-07-15").unwrap().to_string(), "1990-07-15");
        assert_eq!(parse(" 1900-01-01 ").unwrap().to_string(), "1900-01-01");
        assert_eq!(parse("2026-11-22").unwrap().to_string(), "2026-11-22");
    }

    #[test]
    fn month_lengths_and_leap_years() {
        assert!(parse("2000-02-29").is_ok(), "2000 is a leap year");
        assert!(parse("2024-02-29").is_ok());
        assert_eq!(
            parse("1900-02-29"),
            Err(BirthdayError::Invalid),
            "1900 is not a leap year"
        );
        assert_eq!(parse("2023-02-29"), Err(BirthdayError::Invalid));
        assert_eq!(parse("2023-04-31"), Err(BirthdayError::Invalid));
        assert!(parse("2023-01-31").is_ok());
        assert_eq!(parse("2023-06-31"), Err(BirthdayError::Invalid));
        assert_eq!(parse("2023-13-01"), Err(BirthdayError::Invalid));
        assert_eq!(parse("2023-00-10"), Err(BirthdayError::Invalid));
        assert_eq!(parse("2023-01-00"), Err(BirthdayError::Invalid));
    }

    #[test]
    fn years_from_1900_to_today() {
        assert_eq!(parse("1899-12-31"), Err(BirthdayError::OutOfRange));
        assert_eq!(parse("2026-11-23"), Err(BirthdayError::OutOfRange));
        assert_eq!(parse("2027-01-01"), Err(BirthdayError::OutOfRange));
    }

    #[test]
    fn only_the_iso_shape() {
        for bad in [
            "1990-7-15",
            "15/07/1990",
            "07/15/1990",
            "1990/07/15",
            "19900715",
            "1990-07-15T00:00:00Z",
            "+990-07-15",
            "abcd-ef-gh",
        ] {
            assert_eq!(parse(bad), Err(BirthdayError::Invalid), "{bad}");
        }
        assert_eq!(parse(""), Err(BirthdayError::Missing));
    }

    #[test]
    fn messages() {
        assert_eq!(BirthdayError::Missing.to_string(), REQUIRED);
        assert_eq!(BirthdayError::Invalid.to_string(), INVALID);
        assert_eq!(BirthdayError::OutOfRange.to_string(), OUT_OF_RANGE);
    }

    #[test]
    fn serde_round_trip() {
        let b = parse("1984-02-29").unwrap();
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, "\"1984-02-29\"");
        assert_eq!(serde_json::from_str::<Birthday>(&json).unwrap(), b);
    }
}
