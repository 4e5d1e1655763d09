//! The house's files in a catalogue folder: `house.toml` and each page's
//! front matter. Unknown fields are refused, as in the items' files.

use domain::house::Social;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseFile {
    /// The name in running text: "Maison Lan Anh".
    pub name: String,
    /// The wordmark's letters.
    pub short_name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tagline: String,
    /// A picture beside house.toml; none: the wordmark.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub logo: String,
    /// The picture a shared link shows when a page has none of its own.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub preview_picture: String,
    /// Opening hours as shoppers read them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hours: String,
    /// An IANA zone name: "Asia/Ho_Chi_Minh".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time_zone: String,
    /// The zone's offset from UTC: "+07:00".
    pub utc_offset: String,
    /// Who the footer's copyright line names (the name if not given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright: Option<String>,
    #[serde(default)]
    pub address: AddressFile,
    #[serde(default)]
    pub phone: PhoneFile,
    pub emails: EmailsFile,
    /// Each an https:// address; a network the house is not on is left out.
    #[serde(default)]
    pub social: Social,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wording: Option<WordingFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policies: Option<PoliciesFile>,
}

/// What the house promises every order; one it leaves out, it does not
/// promise (its emails then say nothing of it, and no page may name it).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoliciesFile {
    /// Business days from the house's confirmation to delivery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivery_business_days: Option<u16>,
    /// Days after delivery to return or exchange a piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returns_days: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddressFile {
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub country: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhoneFile {
    /// As shown: "+84 28 3822 6868".
    #[serde(default)]
    pub display: String,
    /// As dialled: "+842838226868".
    #[serde(default)]
    pub e164: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailsFile {
    pub contact: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub press: String,
}

/// The house's words in its emails; each left out takes its name.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordingFile {
    /// The welcome email's subject and first words ("Welcome to <name>").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub greeting: Option<String>,
    /// The last line of a reply to a request (the name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_off: Option<String>,
    /// The lines that sign an order email (the name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageFront {
    pub title: String,
    /// A line under the title.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub subtitle: String,
    #[serde(default)]
    pub description: String,
}
