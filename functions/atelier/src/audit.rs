//! The audit log, for owners: a period's entries newest first, and the
//! same as a CSV download. Read-only: nothing here changes it.
//!
//! Table requests: one Query per month of the period (at most 13).

use app::App;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use time::{Date, Duration};

use domain::atelier::answers::AuditEntries;
use domain::atelier::audit::{csv, AuditLog};
use domain::house::House;
use shop_http::{ApiError, ApiResult, Csv};

use crate::console::Owner;

pub const PERIOD_INVALID: &str =
    "Please give the period as from=YYYY-MM-DD&to=YYYY-MM-DD, at most a year, from before to.";
/// A period left out: the last 30 days.
const DEFAULT_DAYS: i64 = 30;
const LONGEST_DAYS: i64 = 366;

pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/atelier/audit", get(entries))
        .route("/api/atelier/audit.csv", get(download))
}

/// `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included.
#[derive(Debug, Deserialize)]
pub struct Period {
    from: Option<String>,
    to: Option<String>,
}

impl Period {
    /// The days, defaulting to the 30 days up to `today`; 400 for a date
    /// that does not read, `from` after `to`, or more than a year.
    fn days(&self, today: Date) -> Result<(Date, Date), ApiError> {
        let format = time::macros::format_description!("[year]-[month]-[day]");
        let read = |text: &Option<String>, default: Date| match text.as_deref() {
            None | Some("") => Ok(default),
            Some(text) => {
                Date::parse(text, &format).map_err(|_| ApiError::bad_request(PERIOD_INVALID))
            }
        };
        let to = read(&self.to, today)?;
        let from = read(&self.from, to - Duration::days(DEFAULT_DAYS - 1))?;
        if from > to || (to - from).whole_days() >= LONGEST_DAYS {
            return Err(ApiError::bad_request(PERIOD_INVALID));
        }
        Ok((from, to))
    }
}

async fn read(app: &App, period: &Period) -> ApiResult<AuditEntries> {
    let zone = House::zone_of(&*app.table).await?;
    let (from, to) = period.days(zone.day_of(app.clock.now()))?;
    let entries = AuditLog::of(&*app.table)
        .between(zone.days(from, to))
        .await?;
    Ok(AuditEntries { entries })
}

/// The period's entries, newest first.
pub async fn entries(
    State(app): State<App>,
    _: Owner,
    Query(period): Query<Period>,
) -> ApiResult<Json<AuditEntries>> {
    Ok(Json(read(&app, &period).await?))
}

/// The same, as CSV.
pub async fn download(
    State(app): State<App>,
    _: Owner,
    Query(period): Query<Period>,
) -> ApiResult<Csv> {
    let AuditEntries { entries } = read(&app, &period).await?;
    Ok(Csv {
        filename: "atelier-audit.csv".into(),
        text: csv(&entries),
    })
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    fn period(from: &str, to: &str) -> Period {
        Period {
            from: Some(from.into()),
            to: Some(to.into()),
        }
    }

    #[test]
    fn a_period_reads_its_days_or_defaults_to_the_last_thirty() {
        let today = date!(2025 - 03 - 10);
        assert_eq!(
            period("2025-01-01", "2025-02-01").days(today).unwrap(),
            (date!(2025 - 01 - 01), date!(2025 - 02 - 01))
        );
        let none = Period {
            from: None,
            to: None,
        };
        assert_eq!(none.days(today).unwrap(), (date!(2025 - 02 - 09), today));
    }

    #[test]
    fn a_period_backwards_unreadable_or_too_long_is_refused() {
        let today = date!(2025 - 03 - 10);
        for (from, to) in [
            ("2025-02-02", "2025-02-01"),
            ("yesterday", "2025-02-01"),
            ("2024-01-01", "2025-02-01"),
        ] {
            assert_eq!(
                period(from, to).days(today).unwrap_err().status,
                400,
                "{from} {to}"
            );
        }
    }
}
