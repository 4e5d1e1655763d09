//! Made-to-order (custom size) requests and appointment bookings: the
//! step-0 rules, how they are stored, and the two emails each one sends.
//!
//! A signed-in customer's request is `USER#<user> / MTO#<ulid>` (or
//! `APPT#<ulid>`), so "my requests" is one Query; a visitor's is
//! `REQUEST#<ulid> / REQUEST`, owned by nobody. Both kinds are indexed on
//! GSI1 (`REQUESTS#MADE_TO_ORDER` or `REQUESTS#APPOINTMENT`, sort key the
//! ulid) for the operators' lists.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::{Date, Month};

use crate::accounts::limits::Limit;
use crate::accounts::EmailAddress;
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

/// Measurements for a custom size: numbers, 0 when not given (the spec
/// leaves them unvalidated; text that is not a number counts as not given).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Measurements {
    pub name_product: String,
    pub height: f64,
    pub weight: f64,
    pub bust: f64,
    pub waist: f64,
    pub hips: f64,
    pub shoulder_width: f64,
    pub arm_length: f64,
    pub neck_circumference: f64,
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
        let custom_size_order =
            (kind == RequestKind::MadeToOrder).then(|| measurements(&self.custom_size_order));
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

/// Reads each measurement as a number (a number, or text holding one), else 0.
fn measurements(value: &Value) -> Measurements {
    let number = |name: &str| match value.get(name) {
        Some(Value::Number(n)) => n.as_f64().filter(|f| f.is_finite()).unwrap_or(0.0),
        Some(Value::String(s)) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .unwrap_or(0.0),
        _ => 0.0,
    };
    Measurements {
        name_product: value.get("nameProduct").map(as_sent).unwrap_or_default(),
        height: number("height"),
        weight: number("weight"),
        bust: number("bust"),
        waist: number("waist"),
        hips: number("hips"),
        shoulder_width: number("shoulderWidth"),
        arm_length: number("armLength"),
        neck_circumference: number("neckCircumference"),
    }
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
            format!("Preferred contact time: {}", self.contact_time),
        ];
        if !self.social_media.is_empty() {
            lines.push(format!("Social media: {}", self.social_media));
        }
        if !self.message.is_empty() {
            lines.push(format!("Message: {}", self.message));
        }
        if let Some(m) = &self.custom_size_order {
            lines.push(format!("Product: {}", m.name_product));
            lines.push(format!(
                "Measurements: height {}, weight {}, bust {}, waist {}, hips {}, shoulder width {}, arm length {}, neck {}",
                m.height, m.weight, m.bust, m.waist, m.hips, m.shoulder_width, m.arm_length, m.neck_circumference
            ));
        }
        lines.push(format!("Reference: {}", self.id));
        lines.join("\n")
    }

    /// The acknowledgement to the customer: the shop's own words and the
    /// reference only. It goes to an address the visitor typed, so it never
    /// quotes what they typed (the house notification keeps all of it).
    pub fn acknowledgement(&self) -> Email {
        let (subject, thanks) = match self.kind {
            RequestKind::MadeToOrder => (
                "We received your made-to-order request",
                MADE_TO_ORDER_SUBMITTED,
            ),
            RequestKind::Appointment => {
                ("We received your appointment request", APPOINTMENT_BOOKED)
            }
        };
        Email {
            to: self.email.clone(),
            subject: subject.into(),
            text: format!(
                "Thank you for contacting Maison Lan Anh.\n\n{thanks}\n\nYour reference: {}\n\n\
                 If you did not contact us, you can ignore this email.\n\nMaison Lan Anh",
                self.id
            ),
            html: None,
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

    #[test]
    fn measurements_are_numbers_defaulting_to_zero() {
        let mut body = valid();
        body["customSizeOrder"] =
            json!({ "nameProduct": "Silk Gown", "height": 170, "bust": "86.5", "waist": "n/a" });
        let request = check(RequestKind::MadeToOrder, body.clone(), None).unwrap();
        let m = request.custom_size_order.unwrap();
        assert_eq!(
            (m.name_product.as_str(), m.height, m.bust, m.waist, m.hips),
            ("Silk Gown", 170.0, 86.5, 0.0, 0.0)
        );
        assert_eq!(
            check(RequestKind::Appointment, body, None)
                .unwrap()
                .custom_size_order,
            None
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
        let ack = request.acknowledgement();
        assert_eq!(ack.to, "lan@example.com");
        assert!(ack.text.contains(APPOINTMENT_BOOKED));
        assert!(ack.text.contains(&request.id));
        assert!(
            !ack.text.contains("Tran") && !ack.text.contains("901234567"),
            "no visitor words: {}",
            ack.text
        );
        let note = request.house_notification("atelier@couture.invalid");
        assert_eq!(note.to, "atelier@couture.invalid");
        assert!(note.subject.contains("Lan Tran") && note.text.contains("9-12"));
    }
}
