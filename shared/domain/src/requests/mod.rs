//! Made-to-order (custom size) requests and appointment bookings: the
//! step-0 rules, how they are stored, and the two emails each one sends.
//!
//! A signed-in customer's request is `USER#<user> / MTO#<ulid>` (or
//! `APPT#<ulid>`), so "my requests" is one Query; a visitor's is
//! `REQUEST#<ulid> / REQUEST`, owned by nobody. Both kinds are indexed on
//! GSI1 (`REQUESTS#MADE_TO_ORDER` or `REQUESTS#APPOINTMENT`, sort key the
//! ulid) for the operators' lists.
//!
//! The house works them as an inbox ([`inbox`]): a status, an assignee,
//! [`replies`] by email, an [`appointment`] with its calendar file ([`ics`]).

pub mod appointment;
pub mod ics;
pub mod inbox;
pub mod replies;

pub use appointment::{send_reminders, Appointment, AppointmentInput, RemindReport, Reminder};
pub use inbox::{Change, Inbox, InboxError, InboxRequest, Status};
pub use replies::{Reply, ReplyInput};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::{Date, Month};

use crate::accounts::EmailAddress;
use crate::house::House;
use crate::limits::Limit;
use crate::ports::{Condition, Email, Key, Query, Table, TableError};
use crate::records::Record;
use crate::shopper::user_pk;
use crate::text::as_sent;
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

pub const FIRST_NAME_REQUIRED: &str = "Please enter your first name.";
pub const LAST_NAME_REQUIRED: &str = "Please enter your last name.";
pub const EMAIL_REQUIRED: &str = "Please enter your email.";
pub const EMAIL_INVALID: &str = "Please enter a valid email address.";
pub const PHONE_REQUIRED: &str = "Please enter your phone.";
pub const PHONE_INVALID: &str = "Please enter a valid phone number.";
pub const CONTACT_TIME_REQUIRED: &str = "Prefered Delivery Date is required";
pub const CONTACT_TIME_INVALID: &str =
    "Please choose any time, 9-12, 12-15, 15-18 or a date (YYYY-MM-DD).";
pub const TOO_LONG: &str = "This field is too long.";
/// A measurement that is not a number the house can cut from (the spec has
/// no message for it: its form sends numbers only).
pub const MEASUREMENT_INVALID: &str = "Please enter a number from 0.1 to 999.9, or leave it empty.";
/// Measurements without their unit: 66 is a height in inches or a child's
/// in centimetres, and a gown cut from the wrong one is lost.
pub const MEASUREMENT_UNIT_REQUIRED: &str = "Please choose cm or in.";
/// How a measurement the shopper left alone reads: never as 0.
pub const NOT_GIVEN: &str = "not given";
/// A line break or another control character in a one-line field.
pub const ONE_LINE: &str = "Please keep this field on one line.";
pub const MADE_TO_ORDER_SUBMITTED: &str =
    "Your order has been submitted. We will get in touch with you soon, please stay tuned.";
pub const APPOINTMENT_BOOKED: &str =
    "Your appointment has been booked successfully. We will get in touch with you soon, please stay tuned.";

/// A visitor's request mails an address they typed: a few requests per
/// client address; and a few acknowledgements per recipient and a shop-wide
/// ceiling of them, past which the request is kept but not acknowledged, so
/// nobody can use the shop to mail strangers, nor shut anyone out of it.
pub const REQUESTS_PER_ADDRESS: Limit = Limit {
    scope: "request-ip",
    max: 5,
    window: 3600,
};
pub const REQUESTS_PER_RECIPIENT: Limit = Limit {
    scope: "request-to",
    max: 3,
    window: 24 * 3600,
};
pub const REQUESTS_SHOP_WIDE: Limit = Limit {
    scope: "request-shop",
    max: 200,
    window: 3600,
};

/// Domains whose mailboxes ignore dots in the local part.
const GMAIL: [&str; 2] = ["gmail.com", "googlemail.com"];

/// The contact times a shopper can pick besides a date.
pub const CONTACT_TIMES: [&str; 4] = ["any", "9-12", "12-15", "15-18"];

/// The longest name, email or phone; the longest message.
const MAX_SHORT: usize = 200;
const MAX_MESSAGE: usize = 5_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequestKind {
    MadeToOrder,
    Appointment,
}

impl RequestKind {
    /// The sort-key prefix of a signed-in customer's requests of this kind.
    pub fn prefix(self) -> &'static str {
        match self {
            RequestKind::MadeToOrder => "MTO#",
            RequestKind::Appointment => "APPT#",
        }
    }
    /// The GSI1 partition listing every request of this kind.
    pub fn partition(self) -> &'static str {
        match self {
            RequestKind::MadeToOrder => "REQUESTS#MADE_TO_ORDER",
            RequestKind::Appointment => "REQUESTS#APPOINTMENT",
        }
    }
    fn label(self) -> &'static str {
        match self {
            RequestKind::MadeToOrder => "made-to-order request",
            RequestKind::Appointment => "appointment request",
        }
    }
    /// What `contactTime` is to each form: the made-to-order form asks for
    /// a delivery date, the appointment for a time to call.
    fn contact_time_label(self) -> &'static str {
        match self {
            RequestKind::MadeToOrder => "Preferred delivery date",
            RequestKind::Appointment => "Preferred contact time",
        }
    }
}

/// The body of `POST /api/made-to-order` and `POST /api/appointments`, as sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RequestInput {
    #[schema(value_type = String, required = true)]
    pub first_name: Value,
    #[schema(value_type = String, required = true)]
    pub last_name: Value,
    #[schema(value_type = String, required = true)]
    pub email: Value,
    #[schema(value_type = String, required = true)]
    pub phone_code: Value,
    #[schema(value_type = String, required = true)]
    pub phone: Value,
    #[schema(value_type = String, required = true)]
    pub contact_time: Value,
    #[schema(value_type = String, required = true)]
    pub message: Value,
    #[schema(value_type = String)]
    pub social_media: Value,
    #[schema(value_type = Option<Measurements>)]
    pub custom_size_order: Value,
}

/// The unit of a made-to-order request's lengths; the weight goes with it
/// (kilograms with centimetres, pounds with inches), as the form labels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MeasurementUnit {
    Cm,
    In,
}

impl MeasurementUnit {
    /// `cm` or `in`, as the form sends it (any case, spaces around).
    fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "cm" => Some(MeasurementUnit::Cm),
            "in" => Some(MeasurementUnit::In),
            _ => None,
        }
    }
    fn length(self) -> &'static str {
        match self {
            MeasurementUnit::Cm => "cm",
            MeasurementUnit::In => "in",
        }
    }
    fn weight(self) -> &'static str {
        match self {
            MeasurementUnit::Cm => "kg",
            MeasurementUnit::In => "lb",
        }
    }
    fn name(self) -> &'static str {
        match self {
            MeasurementUnit::Cm => "centimetres",
            MeasurementUnit::In => "inches",
        }
    }
}

/// One measurement the shopper gave: a number from 0.1 to 999.9, in the
/// request's unit. A field left alone is no `Measure` at all.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct Measure(f64);

/// A measurement sent as something else than a number in range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAMeasure;

impl Measure {
    const MIN: f64 = 0.1;
    const MAX: f64 = 999.9;

    pub fn new(value: f64) -> Result<Measure, NotAMeasure> {
        if (Self::MIN..=Self::MAX).contains(&value) {
            Ok(Measure(value))
        } else {
            Err(NotAMeasure)
        }
    }

    pub fn value(self) -> f64 {
        self.0
    }

    /// A measurement as sent: a number or numeric text; nothing, `null`,
    /// empty text or 0 (what the form sent for a field left alone before
    /// issue 48) is a field left alone.
    fn read(value: Option<&Value>) -> Result<Option<Measure>, NotAMeasure> {
        let number = match value {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Number(n)) => n.as_f64().ok_or(NotAMeasure)?,
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::String(s)) => s.trim().parse::<f64>().map_err(|_| NotAMeasure)?,
            Some(_) => return Err(NotAMeasure),
        };
        if number == 0.0 {
            return Ok(None);
        }
        Measure::new(number).map(Some)
    }
}

impl std::fmt::Display for Measure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A stored measurement: requests stored before issue 48 hold 0 for a field
/// left alone (and any number the form let through): those read as not given.
fn stored_measure<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Measure>, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.and_then(|n| Measure::new(n).ok()))
}

/// A custom size: the product, the unit, and each measurement given (`None`
/// is a field the shopper left alone, shown as "not given").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Measurements {
    #[serde(default)]
    pub name_product: String,
    /// Required once a measurement is given. `None` on a request with no
    /// measurement, and on one stored before the unit was sent (issue 48),
    /// which the house sees as "not recorded".
    #[serde(default)]
    pub measurement_unit: Option<MeasurementUnit>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub height: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub weight: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub bust: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub waist: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub hips: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub shoulder_width: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub arm_length: Option<Measure>,
    #[serde(default, deserialize_with = "stored_measure")]
    #[schema(value_type = Option<f64>)]
    pub neck_circumference: Option<Measure>,
}

impl Measurements {
    /// `Measurement unit: in (inches, weight in lb)`.
    pub fn unit_line(&self) -> String {
        match self.measurement_unit {
            Some(unit) => format!(
                "Measurement unit: {} ({}, weight in {})",
                unit.length(),
                unit.name(),
                unit.weight()
            ),
            None => "Measurement unit: not recorded".to_string(),
        }
    }

    /// `Measurements: height 168 cm, weight not given, ...`: each with its
    /// unit, a field left alone as "not given".
    pub fn sizes_line(&self) -> String {
        let show = |label: &str, measure: Option<Measure>, unit: Option<&str>| match (measure, unit)
        {
            (Some(m), Some(unit)) => format!("{label} {m} {unit}"),
            (Some(m), None) => format!("{label} {m}"),
            (None, _) => format!("{label} {NOT_GIVEN}"),
        };
        let length = self.measurement_unit.map(MeasurementUnit::length);
        let weight = self.measurement_unit.map(MeasurementUnit::weight);
        let sizes = [
            show("height", self.height, length),
            show("weight", self.weight, weight),
            show("bust", self.bust, length),
            show("waist", self.waist, length),
            show("hips", self.hips, length),
            show("shoulder width", self.shoulder_width, length),
            show("arm length", self.arm_length, length),
            show("neck", self.neck_circumference, length),
        ];
        format!("Measurements: {}", sizes.join(", "))
    }

    /// Each measurement by its label, as the client gave it (the number in
    /// the request's unit) or [`NOT_GIVEN`].
    pub fn labelled(&self) -> Vec<(&'static str, String)> {
        let shown = |m: Option<Measure>| m.map_or_else(|| NOT_GIVEN.to_string(), |m| m.to_string());
        vec![
            ("height", shown(self.height)),
            ("weight", shown(self.weight)),
            ("bust", shown(self.bust)),
            ("waist", shown(self.waist)),
            ("hips", shown(self.hips)),
            ("shoulder width", shown(self.shoulder_width)),
            ("arm length", shown(self.arm_length)),
            ("neck", shown(self.neck_circumference)),
        ]
    }

    fn any_given(&self) -> bool {
        [
            self.height,
            self.weight,
            self.bust,
            self.waist,
            self.hips,
            self.shoulder_width,
            self.arm_length,
            self.neck_circumference,
        ]
        .iter()
        .any(Option::is_some)
    }
}

/// A stored request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactRequest {
    pub id: String,
    pub kind: RequestKind,
    /// The signed-in customer who sent it; `None` for a visitor.
    #[serde(default)]
    pub user_id: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_code: String,
    pub phone: String,
    pub contact_time: String,
    pub message: String,
    pub social_media: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_size_order: Option<Measurements>,
    pub created_at: Timestamp,
}

impl RequestInput {
    /// Step 0's rules, each with the spec's message.
    pub fn check(
        &self,
        kind: RequestKind,
        id: &str,
        user_id: Option<&str>,
        now: Timestamp,
    ) -> Result<ContactRequest, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut field = |name: &str, value: &Value, max: usize| {
            let text = as_sent(value);
            errors.check(text.chars().count() <= max, name, TOO_LONG);
            // One-line fields reach mail headers and summaries line by line.
            let one_line = name == "message" || !text.chars().any(char::is_control);
            errors.check(one_line, name, ONE_LINE);
            text
        };
        let first_name = field("firstName", &self.first_name, MAX_SHORT);
        let last_name = field("lastName", &self.last_name, MAX_SHORT);
        let email = field("email", &self.email, MAX_SHORT);
        let phone_code = field("phoneCode", &self.phone_code, 8);
        let phone = field("phone", &self.phone, 30);
        let contact_time = field("contactTime", &self.contact_time, MAX_SHORT);
        let message = field("message", &self.message, MAX_MESSAGE);
        let social_media = field("socialMedia", &self.social_media, MAX_SHORT);
        errors.check(!first_name.is_empty(), "firstName", FIRST_NAME_REQUIRED);
        errors.check(!last_name.is_empty(), "lastName", LAST_NAME_REQUIRED);
        errors.check(!email.is_empty(), "email", EMAIL_REQUIRED);
        errors.check(email.is_empty() || is_email(&email), "email", EMAIL_INVALID);
        errors.check(
            !(phone.is_empty() && phone_code.is_empty()),
            "phone",
            PHONE_REQUIRED,
        );
        errors.check(
            phone
                .chars()
                .all(|c| c.is_ascii_digit() || "+-() .".contains(c)),
            "phone",
            PHONE_INVALID,
        );
        errors.check(
            !contact_time.is_empty(),
            "contactTime",
            CONTACT_TIME_REQUIRED,
        );
        errors.check(
            contact_time.is_empty() || is_contact_time(&contact_time),
            "contactTime",
            CONTACT_TIME_INVALID,
        );
        let custom_size_order = (kind == RequestKind::MadeToOrder)
            .then(|| measurements(&self.custom_size_order, &mut errors));
        if let Some(m) = &custom_size_order {
            errors.check(
                m.name_product.chars().count() <= MAX_SHORT,
                "customSizeOrder",
                TOO_LONG,
            );
            errors.check(
                !m.name_product.chars().any(char::is_control),
                "customSizeOrder",
                ONE_LINE,
            );
        }
        errors.into_result(ContactRequest {
            id: id.to_string(),
            kind,
            user_id: user_id.map(str::to_string),
            first_name,
            last_name,
            email,
            phone_code,
            phone,
            contact_time,
            message,
            social_media,
            custom_size_order,
            created_at: now,
        })
    }
}

/// One plain address, as accounts take them: never a display name or a
/// list (`a,b<c@d.example>` would mail three people).
pub fn is_email(email: &str) -> bool {
    EmailAddress::parse(email).is_ok()
}

/// One of [`CONTACT_TIMES`], or a real date written YYYY-MM-DD.
pub fn is_contact_time(value: &str) -> bool {
    CONTACT_TIMES.contains(&value) || parse_date(value).is_some()
}

fn parse_date(value: &str) -> Option<Date> {
    let bytes = value.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| {
        value
            .get(range)
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))?
            .parse::<u16>()
            .ok()
    };
    let month = Month::try_from(u8::try_from(number(5..7)?).ok()?).ok()?;
    Date::from_calendar_date(
        i32::from(number(0..4)?),
        month,
        u8::try_from(number(8..10)?).ok()?,
    )
    .ok()
}

/// Reads the custom size as sent: each measurement a number or numeric
/// text, or left alone; the unit `cm` or `in`, required once a measurement
/// is given. Each field that cannot be read gets its message under
/// `customSizeOrder.<field>`.
fn measurements(value: &Value, errors: &mut FieldErrors) -> Measurements {
    let mut measure = |name: &str| {
        Measure::read(value.get(name)).unwrap_or_else(|NotAMeasure| {
            errors.add(&format!("customSizeOrder.{name}"), MEASUREMENT_INVALID);
            None
        })
    };
    let unit = value
        .get("measurementUnit")
        .map(as_sent)
        .unwrap_or_default();
    let m = Measurements {
        name_product: value.get("nameProduct").map(as_sent).unwrap_or_default(),
        measurement_unit: MeasurementUnit::parse(&unit),
        height: measure("height"),
        weight: measure("weight"),
        bust: measure("bust"),
        waist: measure("waist"),
        hips: measure("hips"),
        shoulder_width: measure("shoulderWidth"),
        arm_length: measure("armLength"),
        neck_circumference: measure("neckCircumference"),
    };
    // A unit that is not cm or in is refused; no unit only when nothing needs one.
    let understood = m.measurement_unit.is_some() || (unit.is_empty() && !m.any_given());
    errors.check(
        understood,
        "customSizeOrder.measurementUnit",
        MEASUREMENT_UNIT_REQUIRED,
    );
    m
}

impl Record for ContactRequest {
    fn key(&self) -> Key {
        match &self.user_id {
            Some(user) => Key::new(user_pk(user), format!("{}{}", self.kind.prefix(), self.id)),
            None => Key::new(format!("REQUEST#{}", self.id), "REQUEST"),
        }
    }

    fn index_key(&self) -> Option<Key> {
        Some(Key::new(self.kind.partition(), self.id.clone()))
    }
}

impl ContactRequest {
    /// Files the request as a new record: its id is new, so the write never
    /// lands on another one.
    pub async fn file(&self, table: &dyn Table) -> Result<(), TableError> {
        table
            .write(self, Condition::NotExists)
            .await?
            .or(TableError::ConditionFailed)
    }

    /// A customer's own requests of a kind, newest first.
    pub fn of_customer(user_id: &str, kind: RequestKind) -> Query {
        Query::partition(user_pk(user_id))
            .begins_with(kind.prefix())
            .descending()
    }

    /// Every request of a kind, visitors' and customers' alike, oldest first.
    pub fn all_of(kind: RequestKind) -> Query {
        Query::on_gsi1(kind.partition())
    }

    /// The mailbox the acknowledgement reaches, for the per-recipient
    /// limit: lower case, without a `+tag` (most providers deliver
    /// `lan+1@` to `lan@`), and for Gmail without dots, so one inbox cannot
    /// be flooded under many spellings.
    pub fn recipient(&self) -> String {
        let email = self.email.to_ascii_lowercase();
        let Some((local, domain)) = email.rsplit_once('@') else {
            return email;
        };
        let local = local.split('+').next().unwrap_or(local);
        let local = if GMAIL.contains(&domain) {
            local.replace('.', "")
        } else {
            local.to_string()
        };
        format!("{local}@{domain}")
    }

    fn summary(&self) -> String {
        let mut lines = vec![
            format!("Name: {} {}", self.first_name, self.last_name),
            format!("Email: {}", self.email),
            format!("Phone: {} {}", self.phone_code, self.phone),
            format!("{}: {}", self.kind.contact_time_label(), self.contact_time),
        ];
        if !self.social_media.is_empty() {
            lines.push(format!("Social media: {}", self.social_media));
        }
        if !self.message.is_empty() {
            lines.push(format!("Message: {}", self.message));
        }
        if let Some(m) = &self.custom_size_order {
            lines.push(format!("Product: {}", m.name_product));
            lines.push(m.unit_line());
            lines.push(m.sizes_line());
        }
        lines.push(format!("Reference: {}", self.id));
        lines.join("\n")
    }

    /// The acknowledgement to the customer: the shop's own words, the
    /// reference, and for a custom size the unit and measurements, so the
    /// customer can see the house read them right. It goes to an address the
    /// visitor typed, so it quotes no text they typed (the house notification
    /// keeps all of it): a unit is one of two, a measurement a short number.
    pub fn acknowledgement(&self, house: &House) -> Email {
        let (subject, thanks) = match self.kind {
            RequestKind::MadeToOrder => (
                "We received your made-to-order request",
                MADE_TO_ORDER_SUBMITTED,
            ),
            RequestKind::Appointment => {
                ("We received your appointment request", APPOINTMENT_BOOKED)
            }
        };
        let sizes = match &self.custom_size_order {
            Some(m) => format!("{}\n{}\n\n", m.unit_line(), m.sizes_line()),
            None => String::new(),
        };
        Email {
            to: self.email.clone(),
            subject: subject.into(),
            text: format!(
                "Thank you for contacting {us}.\n\n{thanks}\n\n{sizes}Your reference: {}\n\n\
                 If you did not contact us, you can ignore this email.\n\n{sign_off}",
                self.id,
                us = house.us(),
                sign_off = house.wording.sign_off,
            )
            .trim_end()
            .to_string(),
            html: None,
            attachments: Vec::new(),
        }
    }

    /// The notification to the house.
    pub fn house_notification(&self, house: &str) -> Email {
        Email {
            to: house.to_string(),
            subject: format!(
                "New {} from {} {}",
                self.kind.label(),
                self.first_name,
                self.last_name
            ),
            text: self.summary(),
            html: None,
            attachments: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn check(
        kind: RequestKind,
        body: Value,
        user: Option<&str>,
    ) -> Result<ContactRequest, FieldErrors> {
        serde_json::from_value::<RequestInput>(body).unwrap().check(
            kind,
            "01JD0000000000000000000000",
            user,
            Timestamp::from_unix(1_700_000_000).unwrap(),
        )
    }

    fn valid() -> Value {
        json!({ "firstName": "Lan", "lastName": "Tran", "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567", "contactTime": "9-12" })
    }

    #[test]
    fn step_zero_messages() {
        let errors = check(RequestKind::Appointment, json!({}), None).unwrap_err();
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.get("lastName"), Some(LAST_NAME_REQUIRED));
        assert_eq!(errors.get("email"), Some(EMAIL_REQUIRED));
        assert_eq!(errors.get("phone"), Some(PHONE_REQUIRED));
        assert_eq!(errors.get("contactTime"), Some(CONTACT_TIME_REQUIRED));
    }

    #[test]
    fn phone_is_required_only_when_phone_and_code_are_both_empty() {
        let mut body = valid();
        body["phone"] = json!("");
        assert!(check(RequestKind::MadeToOrder, body.clone(), None).is_ok());
        body["phoneCode"] = json!("");
        assert_eq!(
            check(RequestKind::MadeToOrder, body, None)
                .unwrap_err()
                .get("phone"),
            Some(PHONE_REQUIRED)
        );
    }

    #[test]
    fn emails_and_contact_times_have_formats() {
        for (email, ok) in [
            ("a@b.co", true),
            ("a@b", false),
            ("a b@c.de", false),
            ("@c.de", false),
            ("a@@c.de", false),
            ("v1,v2<v3@b.example>", false),
            ("Lan <lan@example.com>", false),
            ("lan@example.com\r\nBcc: x@y.example", false),
        ] {
            assert_eq!(is_email(email), ok, "{email}");
        }
        for (time, ok) in [
            ("any", true),
            ("15-18", true),
            ("2026-02-28", true),
            ("2026-02-30", false),
            ("9-13", false),
            ("tomorrow", false),
        ] {
            assert_eq!(is_contact_time(time), ok, "{time}");
        }
        let mut body = valid();
        body["email"] = json!("not-an-email");
        body["contactTime"] = json!("18-21");
        let errors = check(RequestKind::Appointment, body, None).unwrap_err();
        assert_eq!(errors.get("email"), Some(EMAIL_INVALID));
        assert_eq!(errors.get("contactTime"), Some(CONTACT_TIME_INVALID));
    }

    #[test]
    fn one_line_fields_refuse_line_breaks_and_the_message_keeps_them() {
        let mut body = valid();
        body["firstName"] = json!("Lan\nBcc: spam@example.com");
        body["socialMedia"] = json!("@lan\rBcc");
        body["message"] = json!("line one\nline two");
        let errors = check(RequestKind::Appointment, body, None).unwrap_err();
        assert_eq!(errors.get("firstName"), Some(ONE_LINE));
        assert_eq!(errors.get("socialMedia"), Some(ONE_LINE));
        assert_eq!(errors.get("message"), None);
    }

    /// The issue 48 request: inches, five measurements, three left alone.
    fn in_inches() -> Value {
        let mut body = valid();
        body["contactTime"] = json!("2027-03-15");
        body["customSizeOrder"] = json!({ "nameProduct": "Silk Gown", "measurementUnit": "in", "height": 66,
            "weight": null, "bust": "33", "waist": 25, "hips": " 35.5 ", "shoulderWidth": "", "armLength": 0 });
        body
    }

    #[test]
    fn measurements_are_numbers_or_numeric_text_and_a_field_left_alone_is_none() {
        let request = check(RequestKind::MadeToOrder, in_inches(), None).unwrap();
        let m = request.custom_size_order.unwrap();
        let value = |m: Option<Measure>| m.map(Measure::value);
        assert_eq!(m.measurement_unit, Some(MeasurementUnit::In));
        assert_eq!(
            [m.height, m.bust, m.waist, m.hips].map(value),
            [Some(66.0), Some(33.0), Some(25.0), Some(35.5)]
        );
        assert_eq!(
            [
                m.weight,
                m.shoulder_width,
                m.arm_length,
                m.neck_circumference
            ],
            [None; 4],
            "null, empty text, 0 (the old form's untouched field) and nothing are all left alone"
        );
        assert_eq!(
            check(RequestKind::Appointment, in_inches(), None)
                .unwrap()
                .custom_size_order,
            None
        );
    }

    #[test]
    fn nonsense_measurements_and_units_are_refused_under_their_fields() {
        let mut body = valid();
        body["customSizeOrder"] = json!({ "measurementUnit": "mm", "height": "n/a", "bust": -3, "waist": 5000,
            "hips": true, "weight": "NaN", "armLength": "1e400" });
        let errors = check(RequestKind::MadeToOrder, body, None).unwrap_err();
        for field in ["height", "bust", "waist", "hips", "weight", "armLength"] {
            assert_eq!(
                errors.get(&format!("customSizeOrder.{field}")),
                Some(MEASUREMENT_INVALID),
                "{field}"
            );
        }
        assert_eq!(
            errors.get("customSizeOrder.measurementUnit"),
            Some(MEASUREMENT_UNIT_REQUIRED)
        );
        assert_eq!(errors.get("customSizeOrder.neckCircumference"), None);
    }

    #[test]
    fn a_measurement_needs_its_unit_and_no_measurement_needs_none() {
        let mut body = in_inches();
        body["customSizeOrder"]["measurementUnit"] = Value::Null;
        let errors = check(RequestKind::MadeToOrder, body.clone(), None).unwrap_err();
        assert_eq!(
            errors.get("customSizeOrder.measurementUnit"),
            Some(MEASUREMENT_UNIT_REQUIRED)
        );
        body["customSizeOrder"] = json!({ "nameProduct": "Silk Gown", "height": 0, "bust": "" });
        let request = check(RequestKind::MadeToOrder, body.clone(), None).unwrap();
        assert_eq!(request.custom_size_order.unwrap().measurement_unit, None);
        body["customSizeOrder"] = json!({ "measurementUnit": " CM ", "height": 168 });
        let request = check(RequestKind::MadeToOrder, body, None).unwrap();
        assert_eq!(
            request.custom_size_order.unwrap().measurement_unit,
            Some(MeasurementUnit::Cm)
        );
    }

    #[test]
    fn the_unit_and_the_measurements_are_stored_and_read_back() {
        let request = check(RequestKind::MadeToOrder, in_inches(), Some("u1")).unwrap();
        let item = request.to_item().unwrap();
        let stored = &item["customSizeOrder"];
        assert_eq!(
            (
                &stored["measurementUnit"],
                &stored["height"],
                &stored["weight"]
            ),
            (&json!("in"), &json!(66.0), &Value::Null)
        );
        let read: ContactRequest = serde_json::from_value(Value::Object(item)).unwrap();
        assert_eq!(read, request);
    }

    #[test]
    fn the_house_reads_each_measurement_as_given_or_not_given() {
        let request = check(RequestKind::MadeToOrder, in_inches(), None).unwrap();
        let m = request.custom_size_order.unwrap();
        assert_eq!(
            m.labelled(),
            [
                ("height", "66"),
                ("weight", NOT_GIVEN),
                ("bust", "33"),
                ("waist", "25"),
                ("hips", "35.5"),
                ("shoulder width", NOT_GIVEN),
                ("arm length", NOT_GIVEN),
                ("neck", NOT_GIVEN),
            ]
            .map(|(label, value)| (label, value.to_string()))
        );
    }

    #[test]
    fn a_request_stored_before_units_reads_with_its_unit_not_recorded_and_zeros_not_given() {
        let old = json!({ "id": "01JD0000000000000000000000", "kind": "made_to_order", "firstName": "Lan",
            "lastName": "Tran", "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567",
            "contactTime": "2026-12-24", "message": "", "socialMedia": "", "createdAt": "2023-11-14T22:13:20Z",
            "customSizeOrder": { "nameProduct": "Silk Gown", "height": 165.0, "weight": 0.0, "bust": 84.0,
                "waist": 0.0, "hips": 0.0, "shoulderWidth": 0.0, "armLength": 0.0, "neckCircumference": 0.0 } });
        let request: ContactRequest = serde_json::from_value(old).unwrap();
        let m = request.custom_size_order.clone().unwrap();
        assert_eq!(
            (m.measurement_unit, m.height.map(Measure::value), m.weight),
            (None, Some(165.0), None)
        );
        assert_eq!(m.unit_line(), "Measurement unit: not recorded");
        assert_eq!(
            m.sizes_line(),
            "Measurements: height 165, weight not given, bust 84, waist not given, hips not given, \
             shoulder width not given, arm length not given, neck not given"
        );
    }

    #[test]
    fn signed_in_requests_live_with_the_customer_and_visitors_alone() {
        let mine = check(RequestKind::MadeToOrder, valid(), Some("u1")).unwrap();
        let item = mine.to_item().unwrap();
        assert_eq!(
            (item["pk"].as_str(), item["sk"].as_str()),
            (Some("USER#u1"), Some("MTO#01JD0000000000000000000000"))
        );
        assert_eq!(item["gsi1pk"], "REQUESTS#MADE_TO_ORDER");
        let visitor = check(RequestKind::Appointment, valid(), None).unwrap();
        assert_eq!(
            visitor.key(),
            Key::new("REQUEST#01JD0000000000000000000000", "REQUEST")
        );
        assert_eq!(visitor.to_item().unwrap()["gsi1pk"], "REQUESTS#APPOINTMENT");
    }

    #[test]
    fn spellings_of_one_mailbox_are_one_recipient() {
        let recipient = |email: &str| {
            let mut body = valid();
            body["email"] = json!(email);
            check(RequestKind::Appointment, body, None)
                .unwrap()
                .recipient()
        };
        assert_eq!(recipient("Lan+Spam1@Example.com"), "lan@example.com");
        assert_eq!(recipient("l.a.n+x@gmail.com"), "lan@gmail.com");
        assert_eq!(recipient("l.an@example.com"), "l.an@example.com");
    }

    #[test]
    fn emails_go_to_the_customer_and_the_house() {
        let request = check(RequestKind::Appointment, valid(), None).unwrap();
        let ack = request.acknowledgement(&House::neutral());
        assert_eq!(ack.to, "lan@example.com");
        assert!(ack.text.starts_with("Thank you for contacting us."));
        assert!(
            ack.text.ends_with("you can ignore this email."),
            "{}",
            ack.text
        );
        let house = House {
            name: "Atelier Opale".into(),
            wording: crate::house::Wording {
                sign_off: "The Opale atelier".into(),
                ..Default::default()
            },
            ..House::neutral()
        };
        let signed = request.acknowledgement(&house);
        assert!(signed
            .text
            .starts_with("Thank you for contacting Atelier Opale."));
        assert!(
            signed.text.ends_with("\n\nThe Opale atelier"),
            "{}",
            signed.text
        );
        assert!(ack.text.contains(APPOINTMENT_BOOKED));
        assert!(ack.text.contains(&request.id));
        assert!(
            !ack.text.contains("Tran") && !ack.text.contains("901234567"),
            "no visitor words: {}",
            ack.text
        );
        let note = request.house_notification("atelier@couture.invalid");
        assert_eq!(note.to, "atelier@couture.invalid");
        assert!(note.subject.contains("Lan Tran"));
        assert!(
            note.text.contains("Preferred contact time: 9-12"),
            "{}",
            note.text
        );
    }

    /// The issue 48 emails: the unit in both, each field left alone "not
    /// given", and the date the made-to-order form asks for named as such.
    #[test]
    fn made_to_order_emails_give_the_unit_and_never_a_zero() {
        let request = check(RequestKind::MadeToOrder, in_inches(), None).unwrap();
        let sizes = "Measurement unit: in (inches, weight in lb)\n\
            Measurements: height 66 in, weight not given, bust 33 in, waist 25 in, hips 35.5 in, \
            shoulder width not given, arm length not given, neck not given";
        let note = request.house_notification("atelier@couture.invalid");
        assert_eq!(
            note.text,
            format!(
                "Name: Lan Tran\nEmail: lan@example.com\nPhone: +84 901234567\n\
                 Preferred delivery date: 2027-03-15\nProduct: Silk Gown\n{sizes}\n\
                 Reference: 01JD0000000000000000000000"
            )
        );
        let ack = request.acknowledgement(&House::neutral());
        assert!(ack.text.contains(sizes), "{}", ack.text);
        assert!(
            !ack.text.contains("Silk Gown"),
            "no visitor words: {}",
            ack.text
        );
    }
}
