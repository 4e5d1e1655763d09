//! The house: its identity (name, logo, contacts, socials, hours), the
//! words its emails use, and its pages. All of it is the house's data, read
//! from its catalogue folder (`house.toml`, `pages/<id>.md`), stored as
//! catalogue records and published like the lists, so the site, the emails
//! and the invoices all name the house the folder gives. A shop whose table
//! has no house yet (before its first import) speaks in [`House::neutral`]
//! words, naming no house.

/// A part of the house as the contract shows it (the house itself too):
/// plain data, camelCase on the wire, named `House…` in the schema
/// (`HouseAddress`: the shipping address is the other `Address`).
macro_rules! house_part {
    ($(#[$meta:meta])* pub struct $name:ident as $schema:ident $fields:tt) => {
        #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        #[schema(as = $schema)]
        $(#[$meta])*
        pub struct $name $fields
    };
}

mod days;
mod page;
mod policies;

use serde::{Deserialize, Serialize};

use crate::catalog::{Kind, Listed, Status};
use crate::ports::{Key, Table, TableError};
use crate::records::Record;

pub use page::{Page, PageAnswer, PagePicture, PageSummary, PAGE_IDS, PAGE_NOT_FOUND};
pub use policies::{Policies, POLICY_PLACEHOLDERS};

/// The one house record's id.
pub const HOUSE_ID: &str = "house";
pub const NO_HOUSE: &str = "The shop has no house yet.";

house_part! {
    /// The house as the site, its emails and invoices show it.
    pub struct House as House {
        /// Its name in running text: "Maison Lan Anh"; empty for the neutral house.
        pub name: String,
        /// The wordmark's letters: "LAN ANH".
        pub short_name: String,
        pub tagline: String,
        /// The logo's picture address; empty: the wordmark is drawn from `shortName`.
        pub logo: String,
        /// The picture a shared link shows when a page has none of its own.
        pub preview_picture: String,
        pub address: Address,
        pub phone: Phone,
        pub emails: Emails,
        pub social: Social,
        /// Opening hours as shoppers read them: "Daily 10:00-20:00 (GMT+7)".
        pub hours: String,
        /// The house's clock: an IANA zone name and its offset from UTC.
        #[serde(default)]
        pub time_zone: TimeZoneName,
        pub utc_offset_minutes: i32,
        /// Who the footer's copyright line names.
        pub copyright: String,
        pub wording: Wording,
        /// What it promises every order; a stored house from before has none.
        #[serde(default)]
        pub policies: Policies,
        /// Always active: a house is replaced by the next import, never withdrawn.
        #[serde(default = "active")]
        pub status: Status,
    }
}

fn active() -> Status {
    Status::Active
}

house_part! {
    pub struct Address as HouseAddress {
        pub street: String,
        pub city: String,
        pub country: String,
    }
}

house_part! {
    /// One number for call, WhatsApp and Zalo: as shown, and as dialled (E.164).
    pub struct Phone as HousePhone {
        pub display: String,
        pub e164: String,
    }
}

house_part! {
    pub struct Emails as HouseEmails {
        /// The house's address for shoppers: footer, Contact page, emails, invoices.
        pub contact: String,
        pub press: String,
    }
}

house_part! {
    /// The house's pages elsewhere (https addresses); one it has none on is absent.
    // The folder's `[social]` table has this very shape, so a network it does
    // not know is refused there rather than ignored.
    #[serde(deny_unknown_fields)]
    pub struct Social as HouseSocial {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub facebook: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub instagram: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub whatsapp: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub wechat: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub zalo: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub youtube: Option<String>,
    }
}

impl Social {
    /// Each network's name beside its address, as a folder writes them.
    pub fn links(&self) -> [(&'static str, &Option<String>); 6] {
        [
            ("facebook", &self.facebook),
            ("instagram", &self.instagram),
            ("whatsapp", &self.whatsapp),
            ("wechat", &self.wechat),
            ("zalo", &self.zalo),
            ("youtube", &self.youtube),
        ]
    }
}

house_part! {
    /// The house's own words in its emails.
    pub struct Wording as HouseWording {
        /// The welcome email's subject and first words: "Welcome to Maison Lan Anh".
        pub greeting: String,
        /// The last line of a reply to a request: "Maison Lan Anh".
        pub sign_off: String,
        /// The lines that sign an order email.
        pub signature: Vec<String>,
    }
}

impl House {
    /// A shop with no house yet: words that name no one.
    pub fn neutral() -> House {
        House {
            wording: Wording {
                greeting: "Welcome".into(),
                ..Wording::default()
            },
            status: Status::Active,
            ..House::default()
        }
    }

    fn key() -> Key {
        Kind::House.key(HOUSE_ID)
    }

    /// The stored house: one GetItem. `None` before the first import.
    pub async fn stored(table: &dyn Table) -> Result<Option<House>, TableError> {
        table.read(&House::key()).await
    }

    /// The house an email names: the stored one, else (none yet, or the
    /// table failing) the neutral words, so an email never waits on it.
    pub async fn for_mail(table: &dyn Table) -> House {
        match House::stored(table).await {
            Ok(Some(house)) => house,
            Ok(None) => House::neutral(),
            Err(error) => {
                tracing::warn!(%error, "house not read: neutral wording");
                House::neutral()
            }
        }
    }

    /// An email's subject: "Maison Lan Anh — order #A confirmed", or for
    /// the neutral house "Order #A confirmed".
    pub fn subject(&self, about: &str) -> String {
        match self.name.as_str() {
            "" => {
                let mut chars = about.chars();
                chars
                    .next()
                    .map(|first| first.to_uppercase().chain(chars).collect())
                    .unwrap_or_default()
            }
            name => format!("{name} — {about}"),
        }
    }

    /// "your Maison Lan Anh account", or "your account".
    pub fn your(&self, what: &str) -> String {
        match self.name.as_str() {
            "" => format!("your {what}"),
            name => format!("your {name} {what}"),
        }
    }

    /// "Maison Lan Anh", or "us".
    pub fn us(&self) -> &str {
        match self.name.as_str() {
            "" => "us",
            name => name,
        }
    }

    /// The signature lines, each ending a line; nothing for the neutral house.
    pub fn signature(&self) -> String {
        self.wording
            .signature
            .iter()
            .map(|line| format!("{line}\n"))
            .collect()
    }
}

impl Listed for House {
    const KIND: Kind = Kind::House;
    fn id(&self) -> &str {
        HOUSE_ID
    }
}

impl Record for House {
    fn key(&self) -> Key {
        House::key()
    }
}

/// The house's time zone: an IANA name the built-in tz database knows
/// ("Europe/Paris"), UTC when the house gives none. Appointments are set and
/// shown in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(transparent)]
#[schema(value_type = String)]
pub struct TimeZoneName(String);

pub const TIME_ZONE_RULE: &str = "must be a time zone of the tz database, such as \"Europe/Paris\"";

impl Default for TimeZoneName {
    fn default() -> Self {
        TimeZoneName("UTC".into())
    }
}

impl TimeZoneName {
    /// A name the tz database knows; empty is UTC.
    pub fn parse(name: &str) -> Option<Self> {
        let name = name.trim();
        if name.is_empty() {
            return Some(Self::default());
        }
        jiff::tz::TimeZone::get(name)
            .ok()
            .map(|_| TimeZoneName(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The zone's rules. A stored name the database no longer knows (or an
    /// empty one from before) reads as UTC rather than failing an email.
    pub fn zone(&self) -> jiff::tz::TimeZone {
        jiff::tz::TimeZone::get(&self.0).unwrap_or(jiff::tz::TimeZone::UTC)
    }
}

pub const E164_RULE: &str =
    "must be the number as dialled in E.164: a + then 8 to 15 digits, no spaces, such as \"+12025550123\"";
pub const EMAIL_RULE: &str = "must be an email address, such as \"hello@example.com\"";
pub const HTTPS_RULE: &str = "must be an https:// address";
pub const UTC_OFFSET_RULE: &str =
    "must be the offset from UTC as +HH:MM or -HH:MM, such as \"+07:00\"";

/// A number as dialled: `+` then 8 to 15 digits, the first not 0.
pub fn is_e164(number: &str) -> bool {
    let Some(digits) = number.strip_prefix('+') else {
        return false;
    };
    (8..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0')
}

/// An address a house gives for mail: one `@`, a dotted domain, no spaces.
pub fn is_plain_email(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !address
            .chars()
            .any(|c| c.is_whitespace() || c == '<' || c == '>')
        && !domain.contains('@')
}

pub fn is_https(url: &str) -> bool {
    url.strip_prefix("https://")
        .is_some_and(|rest| !rest.is_empty() && !rest.chars().any(char::is_whitespace))
}

/// `+07:00` as minutes east of UTC (from -12:00 to +14:00).
pub fn utc_offset_minutes(offset: &str) -> Option<i32> {
    let (sign, rest) = match offset.as_bytes().first()? {
        b'+' => (1, &offset[1..]),
        b'-' => (-1, &offset[1..]),
        _ => return None,
    };
    let (hours, minutes) = rest.split_once(':')?;
    if hours.len() != 2 || minutes.len() != 2 {
        return None;
    }
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    let total = sign * (hours * 60 + minutes);
    (minutes < 60 && (-12 * 60..=14 * 60).contains(&total)).then_some(total)
}

/// Minutes east of UTC as a folder writes them: `+07:00`.
pub fn utc_offset_text(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let minutes = minutes.abs();
    format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_neutral_house_names_no_one() {
        let house = House::neutral();
        assert_eq!(house.subject("order #A confirmed"), "Order #A confirmed");
        assert_eq!(house.your("account"), "your account");
        assert_eq!(house.us(), "us");
        assert_eq!(house.signature(), "");
        assert_eq!(house.wording.greeting, "Welcome");
    }

    #[test]
    fn a_phone_an_email_an_address_and_an_offset_are_checked() {
        assert!(is_e164("+842838226868"));
        for bad in ["842838226868", "+84 28 3822 6868", "+0123456789", "+1234"] {
            assert!(!is_e164(bad), "{bad}");
        }
        assert!(is_plain_email("press@maisonlananh.vn"));
        for bad in ["press", "a@b", "a b@c.d", "@c.d", "a@b@c.d"] {
            assert!(!is_plain_email(bad), "{bad}");
        }
        assert!(is_https("https://www.instagram.com/x"));
        assert!(!is_https("http://www.instagram.com/x"));
        assert_eq!(utc_offset_minutes("+07:00"), Some(420));
        assert_eq!(utc_offset_minutes("-03:30"), Some(-210));
        for bad in ["7", "+7:00", "+15:00", "+07:60", "GMT+7"] {
            assert_eq!(utc_offset_minutes(bad), None, "{bad}");
        }
        assert_eq!(utc_offset_text(420), "+07:00");
        assert_eq!(utc_offset_text(-210), "-03:30");
    }

    #[test]
    fn a_time_zone_is_one_the_database_knows_and_utc_by_default() {
        assert_eq!(
            TimeZoneName::parse("Europe/Paris").unwrap().as_str(),
            "Europe/Paris"
        );
        assert_eq!(TimeZoneName::parse("").unwrap().as_str(), "UTC");
        for bad in ["Mars/Olympus", "GMT+7 Saigon", "+07:00x"] {
            assert_eq!(TimeZoneName::parse(bad), None, "{bad}");
        }
        // A house stored before the zone was read: no `timeZone` at all.
        let mut before = serde_json::to_value(House::neutral()).unwrap();
        before.as_object_mut().unwrap().remove("timeZone");
        let stored: House = serde_json::from_value(before).unwrap();
        assert_eq!(stored.time_zone.zone(), jiff::tz::TimeZone::UTC);
    }

    #[test]
    fn a_named_house_is_named() {
        let house = House {
            name: "Atelier Opale".into(),
            ..House::neutral()
        };
        assert_eq!(
            house.subject("order #A confirmed"),
            "Atelier Opale — order #A confirmed"
        );
        assert_eq!(house.your("password"), "your Atelier Opale password");
    }
}
