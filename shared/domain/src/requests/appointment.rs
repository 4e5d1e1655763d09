//! Appointments: a date and time in the house's time zone, a duration and a
//! place; the client's invitation (an email with an ICS file), and the
//! reminder the day before, sent once.
//!
//! The appointment is kept on the request (the inbox) and, for the
//! reminders, as its own item `REQUEST#<id> / APPOINTMENT`, indexed on GSI1
//! under the appointment's day in the house's zone (`APPOINTMENTS#<day>`,
//! sort key `<start>#<id>`): the job finds tomorrow's in one Query. A
//! reminder is claimed before it is sent by a conditional write on that item
//! (not yet reminded, this very version of the appointment), so two runs at
//! once send one. Rescheduling rewrites the item whole: the new day, a higher
//! SEQUENCE (the invitation replaces the old one in the client's calendar),
//! no reminder yet.

use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::ics::{self, Invitation, Person};
use super::inbox::{Change, InboxError, InboxRequest, Status};
use crate::house::House;
use crate::ports::{Attachment, Condition, Email, Key, Mailer, Query, Table, TableError, Update};
use crate::records::{encode, put, Outcome, Record};
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

pub const AT_INVALID: &str = "Please give a date and time as YYYY-MM-DDTHH:MM.";
pub const AT_PAST: &str = "Please choose a date and time in the future.";
pub const AT_SKIPPED: &str =
    "This time does not exist in the house's time zone (the clocks change): please choose another.";
pub const DURATION_INVALID: &str = "Please give a duration from 15 to 480 minutes.";
pub const PLACE_REQUIRED: &str = "Please say where the appointment is.";
pub const PLACE_INVALID: &str = "Please keep the place on one line, under 200 characters.";

/// The reminder item's attribute a claim sets (epoch ms), and the version of
/// the appointment it must still be.
const REMINDED_AT_MS: &str = "remindedAtMs";
const SEQUENCE: &str = "sequence";

/// `POST /api/atelier/requests/{id}/appointment`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppointmentInput {
    /// `YYYY-MM-DDTHH:MM`, in the house's time zone.
    pub at: String,
    #[schema(value_type = u32)]
    pub duration_minutes: Value,
    pub place: String,
}

/// A set appointment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Appointment {
    /// The instant it starts.
    pub at: Timestamp,
    /// As the staff member set it, in the house's zone: `2027-03-15T10:30`.
    pub local: String,
    pub time_zone: String,
    pub duration_minutes: u32,
    pub place: String,
    /// 0 for the first invitation, one more for each reschedule.
    pub sequence: u32,
    pub invitation_sent_at: Option<Timestamp>,
}

/// The last reminder sent, for which version of the appointment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reminded {
    pub sequence: u32,
    pub at: Timestamp,
}

impl AppointmentInput {
    /// The appointment as set: a future instant in `zone`, a duration, a place.
    pub fn check(
        &self,
        zone: &TimeZone,
        zone_name: &str,
        now: Timestamp,
    ) -> Result<Appointment, FieldErrors> {
        let mut errors = FieldErrors::new();
        let at = match self.at.trim().parse::<DateTime>() {
            Ok(local) if self.at.trim().len() == 16 => {
                match zone.to_ambiguous_zoned(local).unambiguous() {
                    Ok(zoned) => Timestamp::from_unix(zoned.timestamp().as_second()),
                    Err(_) => {
                        errors.add("at", AT_SKIPPED);
                        None
                    }
                }
            }
            _ => {
                errors.add("at", AT_INVALID);
                None
            }
        };
        if let Some(at) = at {
            errors.check(at > now, "at", AT_PAST);
        }
        let duration = self
            .duration_minutes
            .as_u64()
            .filter(|m| (15..=480).contains(m))
            .and_then(|m| u32::try_from(m).ok());
        errors.check(duration.is_some(), "durationMinutes", DURATION_INVALID);
        let place = self.place.trim().to_string();
        errors.check(!place.is_empty(), "place", PLACE_REQUIRED);
        errors.check(
            place.chars().count() <= 200 && !place.chars().any(char::is_control),
            "place",
            PLACE_INVALID,
        );
        errors.into_result(Appointment {
            at: at.unwrap_or(now),
            local: self.at.trim().to_string(),
            time_zone: zone_name.to_string(),
            duration_minutes: duration.unwrap_or(0),
            place,
            sequence: 0,
            invitation_sent_at: None,
        })
    }
}

impl Appointment {
    pub fn end(&self) -> Timestamp {
        Timestamp::from_unix(self.at.unix() + i64::from(self.duration_minutes) * 60)
            .unwrap_or(self.at)
    }

    /// The day it falls on in the house's zone: `2027-03-15`.
    pub fn day(&self) -> &str {
        self.local.get(..10).unwrap_or_default()
    }

    /// `Monday 15 March 2027 at 10:30 (Europe/Paris), for 60 minutes, at 12 Rue de la Paix`.
    fn when_and_where(&self) -> String {
        let zone = TimeZone::get(&self.time_zone).unwrap_or(TimeZone::UTC);
        let shown = jiff::Timestamp::from_second(self.at.unix())
            .map(|t| {
                t.to_zoned(zone)
                    .strftime("%A %-d %B %Y at %H:%M")
                    .to_string()
            })
            .unwrap_or_else(|_| self.local.replace('T', " at "));
        format!(
            "{shown} ({}), for {} minutes, at {}",
            self.time_zone, self.duration_minutes, self.place
        )
    }
}

/// The reminder's own item: what the job needs to find and send it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reminder {
    pub request_id: String,
    /// The request's key, to mark it reminded.
    pub request_pk: String,
    pub request_sk: String,
    pub email: String,
    pub first_name: String,
    pub appointment: Appointment,
    pub sequence: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminded_at_ms: Option<i64>,
}

impl Record for Reminder {
    fn key(&self) -> Key {
        Key::new(format!("REQUEST#{}", self.request_id), "APPOINTMENT")
    }
    fn index_key(&self) -> Option<Key> {
        Some(Key::new(
            day_partition(self.appointment.day()),
            format!("{}#{}", self.appointment.at, self.request_id),
        ))
    }
}

fn day_partition(day: &str) -> String {
    format!("APPOINTMENTS#{day}")
}

impl InboxRequest {
    /// Sets (or moves) the appointment; the request is scheduled. `sent_at`
    /// is when the invitation went (it is sent before the change is kept).
    pub fn schedule(
        &self,
        mut appointment: Appointment,
        sent_at: Timestamp,
    ) -> Result<Change, InboxError> {
        if self.inbox.status == Status::Closed {
            return Err(InboxError::Forbidden(
                "This request is closed: open a new one to set an appointment.".into(),
            ));
        }
        appointment.sequence = self.next_sequence();
        appointment.invitation_sent_at = Some(sent_at);
        let reminder = Reminder {
            request_id: self.request.id.clone(),
            request_pk: self.request.key().pk,
            request_sk: self.request.key().sk,
            email: self.request.email.clone(),
            first_name: self.request.first_name.clone(),
            sequence: appointment.sequence,
            appointment: appointment.clone(),
            reminded_at_ms: None,
        };
        let set = encode(&json!({ "appointment": appointment, "status": Status::Scheduled }))?;
        Ok(Change {
            action: "request.appointment",
            before: json!({ "status": self.inbox.status, "appointment": self.inbox.appointment }),
            after: json!({ "status": Status::Scheduled, "appointment": appointment }),
            writes: vec![
                self.inbox_write(set),
                // Whole, unconditionally: a reschedule re-arms the reminder.
                put(&reminder, Condition::None)?,
            ],
            request: self.next(|inbox| {
                inbox.appointment = Some(appointment);
                inbox.status = Status::Scheduled;
            }),
        })
    }

    /// The SEQUENCE of the next invitation: 0, then one more each time.
    pub fn next_sequence(&self) -> u32 {
        self.inbox
            .appointment
            .as_ref()
            .map_or(0, |a| a.sequence + 1)
    }

    /// When the reminder for the current appointment went, if it did.
    pub fn reminder_sent_at(&self) -> Option<Timestamp> {
        let appointment = self.inbox.appointment.as_ref()?;
        let reminded = self.inbox.reminded.as_ref()?;
        (reminded.sequence == appointment.sequence).then_some(reminded.at)
    }

    /// The invitation: an email with the calendar file. `uid_host` makes the
    /// event's UID unique to the shop; `organizer` is the house's address.
    pub fn invitation(
        &self,
        appointment: &Appointment,
        house: &House,
        organizer: &str,
        uid_host: &str,
        now: Timestamp,
    ) -> Email {
        let moved = appointment.sequence > 0;
        let summary = format!("Appointment with {}", house.us());
        let uid = format!("{}@{uid_host}", self.request.id);
        let description = format!("Your reference: {}", self.request.id);
        let client = format!("{} {}", self.request.first_name, self.request.last_name);
        let ics = Invitation {
            uid: &uid,
            sequence: appointment.sequence,
            stamp: now,
            start: appointment.at,
            end: appointment.end(),
            summary: &summary,
            location: &appointment.place,
            description: &description,
            organizer: Person {
                name: if house.name.is_empty() {
                    "The house"
                } else {
                    &house.name
                },
                email: organizer,
            },
            attendee: Person {
                name: &client,
                email: &self.request.email,
            },
        }
        .to_ics();
        let (subject, opening) = if moved {
            (
                "Your appointment has moved",
                "Your appointment has moved to",
            )
        } else {
            ("Your appointment", "Your appointment is on")
        };
        Email {
            to: self.request.email.clone(),
            subject: house.subject(&subject.to_lowercase()),
            text: format!(
                "Dear {},\n\n{opening} {}.\n\nThe invitation for your calendar is attached; \
                 we will remind you the day before.\n\n{}\n\nYour reference: {}",
                self.request.first_name,
                appointment.when_and_where(),
                sign_off(house),
                self.request.id
            ),
            html: None,
            attachments: vec![Attachment {
                filename: "invitation.ics".into(),
                content_type: ics::CONTENT_TYPE.into(),
                bytes: ics.into_bytes(),
            }],
        }
    }
}

fn sign_off(house: &House) -> &str {
    match house.wording.sign_off.as_str() {
        "" => house.us(),
        sign_off => sign_off,
    }
}

impl Reminder {
    /// Tomorrow's appointments (in `zone`) not yet reminded: one Query.
    pub async fn due(
        table: &dyn Table,
        zone: &TimeZone,
        now: Timestamp,
    ) -> Result<Vec<Reminder>, TableError> {
        let tomorrow = jiff::Timestamp::from_second(now.unix())
            .map_err(|e| TableError::Backend(e.to_string()))?
            .to_zoned(zone.clone())
            .date()
            .tomorrow()
            .map_err(|e| TableError::Backend(e.to_string()))?;
        let reminders: Vec<Reminder> = table
            .read_all(Query::on_gsi1(day_partition(&tomorrow.to_string())))
            .await?;
        Ok(reminders
            .into_iter()
            .filter(|r| r.reminded_at_ms.is_none() && r.appointment.at > now)
            .collect())
    }

    /// Takes the reminder to send it: refused when another run took it,
    /// or the appointment moved since it was read.
    pub async fn claim(&self, table: &dyn Table, now: Timestamp) -> Result<Outcome, TableError> {
        let mut set = crate::ports::Item::new();
        set.insert(REMINDED_AT_MS.into(), now.unix_ms().into());
        let update = Update {
            set,
            condition: Condition::All(vec![
                Condition::Equals(SEQUENCE.into(), self.sequence.into()),
                Condition::AbsentOrBelow(REMINDED_AT_MS.into(), 1),
            ]),
            ..Update::default()
        };
        Ok(table
            .change::<Value>(&self.key(), update)
            .await?
            .map(|_| ()))
    }

    /// Gives the claim back (the email failed): the next run tries again.
    pub async fn release(&self, table: &dyn Table) -> Result<(), TableError> {
        let update = Update {
            remove: vec![REMINDED_AT_MS.into()],
            condition: Condition::Equals(SEQUENCE.into(), self.sequence.into()),
            ..Update::default()
        };
        let _ = table.change::<Value>(&self.key(), update).await?;
        Ok(())
    }

    /// Notes on the request that this version's reminder went; a note for
    /// an appointment moved since is never read (its sequence differs).
    pub async fn mark_sent(&self, table: &dyn Table, at: Timestamp) -> Result<(), TableError> {
        let reminded = Reminded {
            sequence: self.sequence,
            at,
        };
        let update = Update {
            set: encode(&json!({ "reminded": reminded }))?,
            condition: Condition::Exists,
            ..Update::default()
        };
        let key = Key::new(&self.request_pk, &self.request_sk);
        let _ = table.change::<Value>(&key, update).await?;
        Ok(())
    }

    pub fn email(&self, house: &House) -> Email {
        Email {
            to: self.email.clone(),
            subject: house.subject("your appointment tomorrow"),
            text: format!(
                "Dear {},\n\nA reminder of your appointment tomorrow: {}.\n\n{}\n\nYour reference: {}",
                self.first_name,
                self.appointment.when_and_where(),
                sign_off(house),
                self.request_id
            ),
            html: None,
            attachments: Vec::new(),
        }
    }
}

/// What a run of the reminders did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RemindReport {
    pub sent: u32,
    /// Claimed by another run at the same time (or moved meanwhile).
    pub taken_by_others: u32,
    /// The email failed: the claim is given back for the next run.
    pub failed: u32,
}

/// Sends tomorrow's reminders (the day in the house's zone), each once:
/// claimed, then sent, then noted on the request. The scheduled job (the
/// reconcile function's schedule) and `shopctl requests remind` run it.
pub async fn send_reminders(
    table: &dyn Table,
    mailer: &dyn Mailer,
    now: Timestamp,
) -> Result<RemindReport, TableError> {
    let house = House::for_mail(table).await;
    let mut report = RemindReport::default();
    for reminder in Reminder::due(table, &house.time_zone.zone(), now).await? {
        if reminder.claim(table, now).await? == Outcome::Refused {
            report.taken_by_others += 1;
            continue;
        }
        match mailer.send(reminder.email(&house)).await {
            Ok(()) => {
                reminder.mark_sent(table, now).await?;
                report.sent += 1;
            }
            Err(error) => {
                tracing::error!(alarm = "appointment_reminder_not_sent", %error, request = %reminder.request_id, "appointment reminder not sent; retried on the next run");
                reminder.release(table).await?;
                report.failed += 1;
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(at: &str, duration: Value, place: &str) -> AppointmentInput {
        AppointmentInput {
            at: at.into(),
            duration_minutes: duration,
            place: place.into(),
        }
    }

    fn paris() -> TimeZone {
        TimeZone::get("Europe/Paris").unwrap()
    }

    /// 2027-01-15T08:00:00Z.
    fn now() -> Timestamp {
        Timestamp::from_unix(1_800_000_000).unwrap()
    }

    #[test]
    fn an_appointment_is_set_in_the_houses_zone_and_kept_in_utc() {
        let a = input("2027-07-01T10:30", json!(60), " Salon, 12 Rue de la Paix ")
            .check(&paris(), "Europe/Paris", now())
            .unwrap();
        assert_eq!(
            a.at.to_string(),
            "2027-07-01T08:30:00.000000Z",
            "summer time: UTC+2"
        );
        assert_eq!(a.end().to_string(), "2027-07-01T09:30:00.000000Z");
        assert_eq!(a.day(), "2027-07-01");
        assert_eq!(a.place, "Salon, 12 Rue de la Paix");
        assert_eq!(
            a.when_and_where(),
            "Thursday 1 July 2027 at 10:30 (Europe/Paris), for 60 minutes, at Salon, 12 Rue de la Paix"
        );
        let winter =
            input("2027-01-20T10:30", json!(30), "Salon").check(&paris(), "Europe/Paris", now());
        assert_eq!(
            winter.unwrap().at.to_string(),
            "2027-01-20T09:30:00.000000Z"
        );
    }

    #[test]
    fn a_past_a_skipped_or_a_malformed_time_and_bad_fields_are_refused() {
        let check = |at: &str, duration: Value, place: &str| {
            input(at, duration, place)
                .check(&paris(), "Europe/Paris", now())
                .unwrap_err()
        };
        assert_eq!(
            check("2027-01-15T08:59", json!(60), "x").get("at"),
            Some(AT_PAST)
        );
        assert_eq!(
            check("2027-03-28T02:30", json!(60), "x").get("at"),
            Some(AT_SKIPPED)
        );
        for bad in ["2027-02-30T10:00", "tomorrow", "2027-03-15 10:00:00", ""] {
            assert_eq!(
                check(bad, json!(60), "x").get("at"),
                Some(AT_INVALID),
                "{bad}"
            );
        }
        let errors = check("2027-06-01T10:00", json!(5), " ");
        assert_eq!(errors.get("durationMinutes"), Some(DURATION_INVALID));
        assert_eq!(errors.get("place"), Some(PLACE_REQUIRED));
        assert_eq!(
            check("2027-06-01T10:00", json!("60"), "a\nb").get("place"),
            Some(PLACE_INVALID)
        );
    }

    #[test]
    fn reminders_are_indexed_by_the_appointments_day() {
        let appointment = input("2027-07-01T00:30", json!(60), "Salon")
            .check(&paris(), "Europe/Paris", now())
            .unwrap();
        let reminder = Reminder {
            request_id: "R1".into(),
            request_pk: "REQUEST#R1".into(),
            request_sk: "REQUEST".into(),
            email: "lan@example.com".into(),
            first_name: "Lan".into(),
            sequence: 0,
            appointment,
            reminded_at_ms: None,
        };
        let index = reminder.index_key().unwrap();
        assert_eq!(
            index.pk, "APPOINTMENTS#2027-07-01",
            "the house's day, not UTC's (June 30)"
        );
        assert_eq!(index.sk, "2027-06-30T22:30:00.000000Z#R1");
    }
}
