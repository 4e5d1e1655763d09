//! The house's days. A date the staff pick (the queue's and the audit log's
//! filters) is a day where the house is, not in UTC: an order placed at
//! 00:30 in Paris on the 4th is the 4th's, though it is still the 3rd in UTC.

use std::ops::Range;

use time::{Date, Month};

use crate::ports::{Table, TableError};
use crate::timestamp::Timestamp;

use super::{House, TimeZoneName};

impl House {
    /// The stored house's time zone (UTC before the first import): one GetItem.
    pub async fn zone_of(table: &dyn Table) -> Result<TimeZoneName, TableError> {
        Ok(House::stored(table)
            .await?
            .map(|house| house.time_zone)
            .unwrap_or_default())
    }
}

impl TimeZoneName {
    /// The house's day at `at`.
    pub fn day_of(&self, at: Timestamp) -> Date {
        jiff::Timestamp::from_millisecond(at.unix_ms())
            .ok()
            .and_then(|instant| civil_to_date(instant.to_zoned(self.zone()).date()))
            .unwrap_or_else(|| at.date())
    }

    /// The instants of the house's days `from` to `to`, both included: from
    /// the first one's start to the start of the day after the last.
    pub fn days(&self, from: Date, to: Date) -> Range<Timestamp> {
        let after = to.next_day().unwrap_or(to);
        self.start_of(from)..self.start_of(after)
    }

    /// The first instant of the house's `day` (later than midnight on a day
    /// a clock change skips midnight).
    fn start_of(&self, day: Date) -> Timestamp {
        let civil = jiff::civil::Date::new(day.year() as i16, day.month() as i8, day.day() as i8);
        civil
            .and_then(|d| d.to_zoned(self.zone()))
            .and_then(|zoned| zoned.start_of_day())
            .ok()
            .and_then(|start| Timestamp::from_unix(start.timestamp().as_second()))
            .unwrap_or_else(|| Timestamp::at(day.midnight().assume_utc()))
    }
}

fn civil_to_date(day: jiff::civil::Date) -> Option<Date> {
    let month = Month::try_from(day.month() as u8).ok()?;
    Date::from_calendar_date(day.year().into(), month, day.day() as u8).ok()
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    fn at(text: &str) -> Timestamp {
        Timestamp::parse(text).unwrap()
    }

    fn zone(name: &str) -> TimeZoneName {
        TimeZoneName::parse(name).unwrap()
    }

    #[test]
    fn a_moment_is_on_the_house_s_day_not_utc_s() {
        let paris = zone("Europe/Paris");
        assert_eq!(
            paris.day_of(at("2026-12-03T23:30:00Z")),
            date!(2026 - 12 - 04)
        );
        assert_eq!(
            paris.day_of(at("2026-12-03T22:59:59Z")),
            date!(2026 - 12 - 03)
        );
        let saigon = zone("Asia/Ho_Chi_Minh");
        assert_eq!(
            saigon.day_of(at("2026-12-31T17:00:00Z")),
            date!(2027 - 01 - 01)
        );
        let utc = TimeZoneName::default();
        assert_eq!(
            utc.day_of(at("2026-12-03T23:30:00Z")),
            date!(2026 - 12 - 03)
        );
    }

    #[test]
    fn days_run_from_the_first_day_s_start_to_the_start_of_the_day_after_the_last() {
        let paris = zone("Europe/Paris");
        let december = paris.days(date!(2026 - 12 - 01), date!(2026 - 12 - 31));
        assert_eq!(december.start, at("2026-11-30T23:00:00Z"));
        assert_eq!(december.end, at("2026-12-31T23:00:00Z"));
        // The day the clocks go forward is 23 hours long.
        let spring = paris.days(date!(2027 - 03 - 28), date!(2027 - 03 - 28));
        assert_eq!(spring.end.unix() - spring.start.unix(), 23 * 3600);
        // A zone whose clocks skipped midnight (Santiago, September 2026): the day starts at 01:00.
        let santiago = zone("America/Santiago");
        let skipped = santiago.days(date!(2026 - 09 - 06), date!(2026 - 09 - 06));
        assert_eq!(skipped.start, at("2026-09-06T04:00:00Z"));
    }
}
