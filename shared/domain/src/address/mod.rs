//! Saved shipping addresses and the account's address rules.
//!
//! An address is `USER#<user> / ADDR#<ulid>`. Which one is the default is held
//! once, by a marker item beside them, not by a flag on each address: there
//! can be at most one default by construction, and `isDefault` is answered
//! from the marker. The marker also counts the addresses, so the cap of
//! [`MAX_ADDRESSES`] is a condition of the write that adds one. How the table
//! keeps these rules is in [`store`].

mod store;

pub use store::{AddressBook, NewAddress};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::checkout::ShippingAddress;
use crate::text::as_sent;
use crate::timestamp::Timestamp;
use crate::validation::{FieldErrors, Format};

pub const DEFAULT_PHONE_CODE: &str = "+84";
/// No account keeps more addresses than this.
pub const MAX_ADDRESSES: usize = 20;
/// The longest text any address field holds.
pub const MAX_FIELD: usize = 200;
/// The longest phone code (`+1-684`).
pub const MAX_PHONE_CODE: usize = 8;
/// 4 to 10 digits.
pub const POSTAL_CODE: Format = Format {
    min: 4,
    max: 10,
    characters: "0123456789",
};
/// 6 to 20 characters of digits, plus, hyphen, parentheses and spaces.
pub const PHONE: Format = Format {
    min: 6,
    max: 20,
    characters: "0123456789+-() ",
};

/// The address rules the site checks before sending, as the API checks
/// them: written to `shared/rules.json` (`make rules`; the contract's
/// tests fail when it is stale), the site's only source of them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    pub postal_code: Format,
    pub phone: Format,
    pub default_phone_code: &'static str,
}

pub const RULES: Rules = Rules {
    postal_code: POSTAL_CODE,
    phone: PHONE,
    default_phone_code: DEFAULT_PHONE_CODE,
};

pub const TITLE_REQUIRED: &str = "Please enter title address.";
pub const FIRST_NAME_REQUIRED: &str = "Please enter your first name.";
pub const LAST_NAME_REQUIRED: &str = "Please enter your last name";
pub const COUNTRY_REQUIRED: &str = "Please select country.";
pub const STREET_REQUIRED: &str = "Please enter street.";
pub const ZIP_REQUIRED: &str = "Please enter postal code.";
pub const ZIP_INVALID: &str = "Please enter a valid postal code.";
pub const PHONE_REQUIRED: &str = "Please enter phone number.";
pub const PHONE_INVALID: &str = "Please enter a valid phone number.";
pub const TOO_LONG: &str = "Please keep this field under 200 characters.";
pub const TOO_MANY: &str = "You can save at most 20 addresses. Please remove one first.";
pub const NOT_FOUND: &str = "This address could not be found.";
pub const CREATED: &str = "Address created successfully!";
pub const UPDATED: &str = "Address updated successfully!";
pub const REMOVED: &str = "Address removed.";

/// A saved address, as stored. Whether it is the default is the marker's
/// business ([`AddressView`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub id: String,
    /// The lines an order ships to, the same fields a checkout sends.
    #[serde(flatten)]
    pub lines: ShippingAddress,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// An address as answered: with `isDefault`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressView {
    #[serde(flatten)]
    pub address: Address,
    pub is_default: bool,
}

/// How an edit moves the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultChange {
    /// The address stays the default, or stays not the default.
    Keep,
    /// The address becomes the default (whichever was before no longer is).
    Take,
    /// The address stops being the default: then there is none.
    Give,
}

impl DefaultChange {
    pub fn of(was_default: bool, is_default: bool) -> Self {
        match (was_default, is_default) {
            (false, true) => DefaultChange::Take,
            (true, false) => DefaultChange::Give,
            _ => DefaultChange::Keep,
        }
    }
}

/// The fields of a create or update body, as sent, so each gets its message.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressInput {
    #[schema(value_type = String)]
    pub title: Value,
    #[schema(value_type = String)]
    pub first_name: Value,
    #[schema(value_type = String)]
    pub last_name: Value,
    #[schema(value_type = String)]
    pub street: Value,
    #[schema(value_type = String)]
    pub city: Value,
    #[schema(value_type = String)]
    pub state: Value,
    #[schema(value_type = String)]
    pub country: Value,
    #[schema(value_type = String)]
    pub zip_code: Value,
    #[schema(value_type = String)]
    pub phone_code: Value,
    #[schema(value_type = String)]
    pub phone: Value,
    #[schema(value_type = bool)]
    pub is_default: Value,
}

/// An address's fields that passed the rules: the same lines an order
/// ships to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressFields {
    pub lines: ShippingAddress,
    /// Whether the body asked for this address to be the default.
    pub is_default: Option<bool>,
}

impl AddressInput {
    /// The account's address rules (spec section 5), each with its message.
    pub fn check(&self) -> Result<AddressFields, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut required = |field: &str, value: &Value, message: &str| {
            let text = as_sent(value);
            errors.check(!text.is_empty(), field, message);
            errors.check(text.chars().count() <= MAX_FIELD, field, TOO_LONG);
            text
        };
        let title = required("title", &self.title, TITLE_REQUIRED);
        let first_name = required("firstName", &self.first_name, FIRST_NAME_REQUIRED);
        let last_name = required("lastName", &self.last_name, LAST_NAME_REQUIRED);
        let country = required("country", &self.country, COUNTRY_REQUIRED);
        let street = required("street", &self.street, STREET_REQUIRED);
        let zip_code = required("zipCode", &self.zip_code, ZIP_REQUIRED);
        let phone = required("phone", &self.phone, PHONE_REQUIRED);
        errors.check(
            zip_code.is_empty() || is_postal_code(&zip_code),
            "zipCode",
            ZIP_INVALID,
        );
        errors.check(phone.is_empty() || is_phone(&phone), "phone", PHONE_INVALID);
        let (city, state) = (as_sent(&self.city), as_sent(&self.state));
        errors.check(city.chars().count() <= MAX_FIELD, "city", TOO_LONG);
        errors.check(state.chars().count() <= MAX_FIELD, "state", TOO_LONG);
        let phone_code = Some(as_sent(&self.phone_code))
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| DEFAULT_PHONE_CODE.into());
        errors.check(
            phone_code.chars().count() <= MAX_PHONE_CODE,
            "phoneCode",
            PHONE_INVALID,
        );
        let is_default = self.is_default.as_bool();
        let lines = ShippingAddress {
            title,
            first_name,
            last_name,
            street,
            city,
            state,
            country,
            zip_code,
            phone_code,
            phone,
        };
        errors.into_result(AddressFields { lines, is_default })
    }

    /// The body of an update laid over the stored address: fields the body
    /// leaves out keep their values, so "set as default" can send only
    /// `isDefault`, and the result is checked whole.
    pub fn merged(stored: &Address, body: &Map<String, Value>) -> AddressInput {
        let mut merged = match serde_json::to_value(stored) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        for (field, value) in body {
            merged.insert(field.clone(), value.clone());
        }
        serde_json::from_value(Value::Object(merged)).unwrap_or_default()
    }
}

impl AddressFields {
    /// Whether a new address is the default: when the body asks for it, and
    /// the first address (or the first after the default was removed) until
    /// another is chosen.
    pub fn becomes_default(&self, has_default: bool) -> bool {
        self.is_default.unwrap_or(false) || !has_default
    }

    /// A new address, created at `now`.
    pub fn into_address(self, id: String, now: Timestamp) -> Address {
        Address {
            id,
            lines: self.lines,
            created_at: now,
            updated_at: now,
        }
    }
}

impl Address {
    pub fn view(self, is_default: bool) -> AddressView {
        AddressView {
            address: self,
            is_default,
        }
    }
}

/// An edit of a stored address, ready to be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revision {
    pub address: Address,
    pub change: DefaultChange,
    /// Whether it is the default afterwards.
    pub is_default: bool,
}

impl AddressView {
    /// The address with an edit's checked fields laid over, at `now`; it is
    /// the default as the body asks, else as it was.
    pub fn revised(&self, fields: AddressFields, now: Timestamp) -> Revision {
        let is_default = fields.is_default.unwrap_or(self.is_default);
        let address = Address {
            created_at: self.address.created_at,
            ..fields.into_address(self.address.id.clone(), now)
        };
        Revision {
            address,
            change: DefaultChange::of(self.is_default, is_default),
            is_default,
        }
    }
}

impl Revision {
    pub fn view(self) -> AddressView {
        self.address.view(self.is_default)
    }
}

pub fn is_postal_code(zip: &str) -> bool {
    POSTAL_CODE.admits(zip)
}

pub fn is_phone(phone: &str) -> bool {
    PHONE.admits(phone)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(body: Value) -> AddressInput {
        serde_json::from_value(body).unwrap()
    }

    fn valid() -> Value {
        json!({ "title": "Home", "firstName": "Lan", "lastName": "Tran", "country": "Vietnam", "state": "HCM",
                "city": "District 1", "street": "1 Le Loi", "zipCode": "700000", "phone": "(090) 123-4567" })
    }

    #[test]
    fn each_missing_field_has_its_message() {
        let errors = input(json!({})).check().unwrap_err();
        assert_eq!(errors.get("title"), Some(TITLE_REQUIRED));
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.get("lastName"), Some(LAST_NAME_REQUIRED));
        assert_eq!(errors.get("country"), Some(COUNTRY_REQUIRED));
        assert_eq!(errors.get("street"), Some(STREET_REQUIRED));
        assert_eq!(errors.get("zipCode"), Some(ZIP_REQUIRED));
        assert_eq!(errors.get("phone"), Some(PHONE_REQUIRED));
        assert_eq!(errors.get("city"), None);
    }

    #[test]
    fn postal_codes_and_phones_have_formats() {
        for (zip, ok) in [
            ("1234", true),
            ("1234567890", true),
            ("123", false),
            ("12345678901", false),
            ("12a45", false),
        ] {
            assert_eq!(is_postal_code(zip), ok, "{zip}");
        }
        for (phone, ok) in [
            ("123456", true),
            ("+84 (90) 123-45", true),
            ("12345", false),
            ("123456789012345678901", false),
            ("090-CALL-ME", false),
        ] {
            assert_eq!(is_phone(phone), ok, "{phone}");
        }
        let mut body = valid();
        body["zipCode"] = json!("12");
        body["phone"] = json!("call me");
        let errors = input(body).check().unwrap_err();
        assert_eq!(errors.get("zipCode"), Some(ZIP_INVALID));
        assert_eq!(errors.get("phone"), Some(PHONE_INVALID));
    }

    #[test]
    fn phone_code_defaults_to_vietnam_and_numbers_are_text() {
        let mut body = valid();
        body["zipCode"] = json!(700000);
        let fields = input(body).check().unwrap();
        assert_eq!(fields.lines.phone_code, DEFAULT_PHONE_CODE);
        assert_eq!(fields.lines.zip_code, "700000");
        assert_eq!(fields.is_default, None);
    }

    #[test]
    fn updates_lay_the_body_over_the_stored_address() {
        let t0 = Timestamp::from_unix(0).unwrap();
        let stored = input(valid())
            .check()
            .unwrap()
            .into_address("A1".into(), t0);
        let body = json!({ "isDefault": true, "street": "2 Nguyen Hue" });
        let merged = AddressInput::merged(&stored, body.as_object().unwrap())
            .check()
            .unwrap();
        assert_eq!(
            (
                merged.lines.street.as_str(),
                merged.lines.first_name.as_str(),
                merged.is_default
            ),
            ("2 Nguyen Hue", "Lan", Some(true))
        );
        let now = Timestamp::from_unix(60).unwrap();
        let revision = stored.clone().view(false).revised(merged, now);
        let revised = &revision.address;
        assert_eq!(
            (revised.id.as_str(), revised.lines.street.as_str()),
            ("A1", "2 Nguyen Hue")
        );
        assert_eq!((revised.created_at, revised.updated_at), (t0, now));
        assert_eq!(
            (revision.change, revision.is_default),
            (DefaultChange::Take, true)
        );
        let body = json!({ "firstName": "" });
        let errors = AddressInput::merged(&stored, body.as_object().unwrap())
            .check()
            .unwrap_err();
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
    }

    #[test]
    fn the_first_address_is_the_default_until_another_is_chosen() {
        let fields = |body: Value| input(body).check().unwrap();
        let plain = fields(valid());
        assert!(plain.becomes_default(false));
        assert!(!plain.becomes_default(true));
        let mut asked = valid();
        asked["isDefault"] = json!(true);
        assert!(fields(asked.clone()).becomes_default(true));

        let at = Timestamp::from_unix(0).unwrap();
        let edit = |was: bool, body: Value| {
            let revision = plain
                .clone()
                .into_address("A".into(), at)
                .view(was)
                .revised(fields(body), at);
            (revision.change, revision.is_default)
        };
        assert_eq!(edit(true, valid()), (DefaultChange::Keep, true));
        assert_eq!(edit(false, valid()), (DefaultChange::Keep, false));
        assert_eq!(edit(false, asked.clone()), (DefaultChange::Take, true));
        asked["isDefault"] = json!(false);
        assert_eq!(edit(true, asked), (DefaultChange::Give, false));
    }

    #[test]
    fn answers_carry_is_default_beside_the_stored_fields() {
        let at = Timestamp::from_unix(0).unwrap();
        let address = input(valid()).check().unwrap().into_address("A".into(), at);
        let stored = serde_json::to_value(&address).unwrap();
        assert!(stored.get("isDefault").is_none());
        let answered = serde_json::to_value(address.view(true)).unwrap();
        assert_eq!(answered["isDefault"], true);
        assert_eq!(answered["createdAt"], "1970-01-01T00:00:00.000000Z");
        assert_eq!(answered["zipCode"], "700000");
    }
}
