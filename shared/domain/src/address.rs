//! Saved shipping addresses and the account's address rules.
//!
//! An address is `USER#<user> / ADDR#<ulid>`. Which one is the default is held
//! once, by a marker item `USER#<user> / ADDRDEFAULT {addressId}`, not by a
//! flag on each address: there can be at most one default by construction,
//! setting another default is one write, and creating or editing an address
//! that becomes the default writes the address and the marker in one
//! transaction. `isDefault` is answered from the marker. One Query with the
//! sort-key prefix `ADDR` reads the addresses and the marker together.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ports::{from_item, to_item, Item, Key, TableError, PK, SK};
use crate::shopper::user_pk;
use crate::validation::FieldErrors;

/// Sort-key prefix of the addresses and of the default marker: one Query reads both.
pub const QUERY_PREFIX: &str = "ADDR";
pub const ADDRESS_PREFIX: &str = "ADDR#";
pub const DEFAULT_SK: &str = "ADDRDEFAULT";
pub const DEFAULT_PHONE_CODE: &str = "+84";
/// No account keeps more addresses than this.
pub const MAX_ADDRESSES: usize = 20;
/// The longest text any address field holds.
pub const MAX_FIELD: usize = 200;

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

/// A saved address, as stored (without `isDefault`) and as answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub id: String,
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub zip_code: String,
    pub phone_code: String,
    pub phone: String,
    #[serde(default)]
    pub is_default: bool,
    pub created_at: String,
    pub updated_at: String,
}

/// The fields of a create or update body, as sent, so each gets its message.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressInput {
    pub title: Value,
    pub first_name: Value,
    pub last_name: Value,
    pub street: Value,
    pub city: Value,
    pub state: Value,
    pub country: Value,
    pub zip_code: Value,
    pub phone_code: Value,
    pub phone: Value,
    pub is_default: Value,
}

/// An address's fields that passed the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressFields {
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub zip_code: String,
    pub phone_code: String,
    pub phone: String,
    /// Whether the body asked for this address to be the default.
    pub is_default: Option<bool>,
}

impl AddressInput {
    /// The account's address rules (spec section 5), each with its message.
    pub fn check(&self) -> Result<AddressFields, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut required = |field: &str, value: &Value, message: &str| {
            let text = text(value);
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
        let (city, state) = (text(&self.city), text(&self.state));
        errors.check(city.chars().count() <= MAX_FIELD, "city", TOO_LONG);
        errors.check(state.chars().count() <= MAX_FIELD, "state", TOO_LONG);
        let phone_code = Some(text(&self.phone_code))
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| DEFAULT_PHONE_CODE.into());
        errors.check(phone_code.chars().count() <= 8, "phoneCode", PHONE_INVALID);
        let is_default = self.is_default.as_bool();
        errors.into_result(AddressFields {
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
            is_default,
        })
    }

    /// The body of an update laid over the stored address: fields the body
    /// leaves out keep their values, so "set as default" can send only
    /// `isDefault`, and the result is checked whole.
    pub fn merged(stored: &Address, body: &Map<String, Value>) -> AddressInput {
        let mut merged = match serde_json::to_value(stored) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        };
        merged.remove("isDefault");
        for (field, value) in body {
            merged.insert(field.clone(), value.clone());
        }
        serde_json::from_value(Value::Object(merged)).unwrap_or_default()
    }
}

impl AddressFields {
    pub fn into_address(
        self,
        id: &str,
        created_at: &str,
        updated_at: &str,
        is_default: bool,
    ) -> Address {
        Address {
            id: id.to_string(),
            title: self.title,
            first_name: self.first_name,
            last_name: self.last_name,
            street: self.street,
            city: self.city,
            state: self.state,
            country: self.country,
            zip_code: self.zip_code,
            phone_code: self.phone_code,
            phone: self.phone,
            is_default,
            created_at: created_at.to_string(),
            updated_at: updated_at.to_string(),
        }
    }
}

/// Text as sent: strings trimmed; numbers (a zip code sent as 70000) as written.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// 4 to 10 digits.
pub fn is_postal_code(zip: &str) -> bool {
    (4..=10).contains(&zip.len()) && zip.bytes().all(|b| b.is_ascii_digit())
}

/// 6 to 20 characters of digits, plus, hyphen, parentheses and spaces.
pub fn is_phone(phone: &str) -> bool {
    (6..=20).contains(&phone.len())
        && phone
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-() ".contains(&b))
}

pub fn address_key(user_id: &str, id: &str) -> Key {
    Key::new(user_pk(user_id), format!("{ADDRESS_PREFIX}{id}"))
}

pub fn default_key(user_id: &str) -> Key {
    Key::new(user_pk(user_id), DEFAULT_SK)
}

/// The stored item of an address (the default is the marker's business).
pub fn address_item(user_id: &str, address: &Address) -> Result<Item, TableError> {
    let key = address_key(user_id, &address.id);
    let mut item = to_item(address)?;
    item.remove("isDefault");
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    Ok(item)
}

/// The marker naming the default address.
pub fn default_item(user_id: &str, address_id: &str) -> Item {
    let key = default_key(user_id);
    let mut item = Item::new();
    item.insert(PK.into(), key.pk.into());
    item.insert(SK.into(), key.sk.into());
    item.insert("addressId".into(), address_id.into());
    item
}

/// The default address id a marker names.
pub fn marker_target(item: &Item) -> Option<String> {
    item.get("addressId")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// An account's addresses from the items under the `ADDR` prefix: each
/// with its `isDefault` from the marker, the default first, then in the
/// order they were added. Also answers the default's id, if it still exists.
pub fn arrange(items: Vec<Item>) -> Result<(Vec<Address>, Option<String>), TableError> {
    let (markers, stored): (Vec<Item>, Vec<Item>) = items
        .into_iter()
        .partition(|item| item.get(SK).and_then(Value::as_str) == Some(DEFAULT_SK));
    let default = markers.first().and_then(marker_target);
    let mut addresses: Vec<Address> = stored
        .into_iter()
        .map(from_item)
        .collect::<Result<_, _>>()?;
    for address in &mut addresses {
        address.is_default = default.as_deref() == Some(address.id.as_str());
    }
    addresses.sort_by(|a, b| {
        b.is_default
            .cmp(&a.is_default)
            .then_with(|| a.created_at.cmp(&b.created_at))
            .then_with(|| a.id.cmp(&b.id))
    });
    let default = addresses
        .first()
        .filter(|a| a.is_default)
        .map(|a| a.id.clone());
    Ok((addresses, default))
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
        assert_eq!(fields.phone_code, DEFAULT_PHONE_CODE);
        assert_eq!(fields.zip_code, "700000");
        assert_eq!(fields.is_default, None);
    }

    #[test]
    fn updates_lay_the_body_over_the_stored_address() {
        let stored = input(valid())
            .check()
            .unwrap()
            .into_address("A1", "t0", "t0", false);
        let body = json!({ "isDefault": true, "street": "2 Nguyen Hue" });
        let merged = AddressInput::merged(&stored, body.as_object().unwrap())
            .check()
            .unwrap();
        assert_eq!(
            (
                merged.street.as_str(),
                merged.first_name.as_str(),
                merged.is_default
            ),
            ("2 Nguyen Hue", "Lan", Some(true))
        );
        let body = json!({ "firstName": "" });
        let errors = AddressInput::merged(&stored, body.as_object().unwrap())
            .check()
            .unwrap_err();
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
    }

    #[test]
    fn the_marker_names_the_single_default_listed_first() {
        let fields = input(valid()).check().unwrap();
        let a = fields.clone().into_address("A", "2025-01-01", "x", false);
        let b = fields.into_address("B", "2025-01-02", "x", true);
        let mut items = vec![
            address_item("u", &a).unwrap(),
            address_item("u", &b).unwrap(),
            default_item("u", "B"),
        ];
        assert!(!items[1].contains_key("isDefault"));
        let (list, default) = arrange(items.clone()).unwrap();
        assert_eq!(
            list.iter()
                .map(|a| (a.id.as_str(), a.is_default))
                .collect::<Vec<_>>(),
            vec![("B", true), ("A", false)]
        );
        assert_eq!(default.as_deref(), Some("B"));
        items[2] = default_item("u", "GONE");
        let (list, default) = arrange(items).unwrap();
        assert!(list.iter().all(|a| !a.is_default));
        assert_eq!(default, None);
    }
}
