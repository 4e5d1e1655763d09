//! Every text that both the API and the site show a shopper, indexed by the
//! module that is its one home. The site's copy, `shared/messages.json`, is
//! this index as JSON (`make messages` writes it; contract's tests fail when
//! it is stale), and the site takes these texts from that file alone.

use std::collections::BTreeMap;

use crate::accounts::email::EmailError;

/// Module → constant → text.
pub type Messages = BTreeMap<&'static str, BTreeMap<&'static str, String>>;

/// `"name": module::path [CONST, …]` entries: each constant under its own name.
macro_rules! index {
    ($($group:literal: $($segment:ident)::+ [$($name:ident),* $(,)?])*) => {{
        let mut all = Messages::new();
        $({
            use $($segment)::+ as module;
            let group = all.entry($group).or_default();
            $( group.insert(stringify!($name), module::$name.to_string()); )*
        })*
        all
    }};
}

/// The texts the site shows as the API words them (its forms' checks, its
/// notices of what the API did).
pub fn shown_by_the_site() -> Messages {
    let mut all = index! {
        "accounts": crate::accounts [CREATED, PASSWORD_CHANGED, PROFILE_UPDATED, RESET_DONE, RESET_SENT,
            SESSION_EXPIRED, VERIFY_LINK_INVALID]
        "forms": crate::accounts::forms [CHANGE_NOT_COMPLEX, CHANGE_PASSWORDS_DIFFER, CONFIRM_REQUIRED,
            FILL_ALL_PASSWORDS, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, LOGIN_EMAIL_REQUIRED,
            LOGIN_PASSWORD_REQUIRED, MUST_AGREE, NEW_PASSWORD_REQUIRED, NOT_COMPLEX, PASSWORDS_DIFFER,
            PROFILE_FIRST_NAME_REQUIRED, PROFILE_LAST_NAME_REQUIRED, RESET_PASSWORDS_DIFFER, TITLE_REQUIRED]
        "atelier": crate::atelier [INVITATION_INVALID, LAST_OWNER, OWNER_ONLY, PASSKEY_NOT_RECOGNISED,
            SIGN_IN_REQUIRED]
        "atelier_requests": crate::requests::inbox [CHANGED, NOT_FOUND]
        "atelier_replies": crate::requests::replies [SUBJECT_REQUIRED, SUBJECT_TOO_LONG, TEXT_REQUIRED,
            TEXT_TOO_LONG, TOO_MANY_REPLIES]
        "atelier_appointments": crate::requests::appointment [AT_INVALID, AT_PAST, AT_SKIPPED,
            DURATION_INVALID, PLACE_INVALID, PLACE_REQUIRED]
        "birthday": crate::accounts::birthday [REQUIRED]
        "password": crate::accounts::password [NEED_DIGIT, NEED_LENGTH, NEED_SPECIAL]
        "address": crate::address [COUNTRY_REQUIRED, CREATED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED,
            PHONE_INVALID, PHONE_REQUIRED, STREET_REQUIRED, TITLE_REQUIRED, UPDATED, ZIP_INVALID, ZIP_REQUIRED]
        "checkout": crate::checkout [ADDRESS_REQUIRED, COUNTRY_REQUIRED, EMPTY_BAG, ITEMS_UNAVAILABLE]
        "cart": crate::cart [ADDED, COLOR_REQUIRED, LOGIN_REQUIRED]
        "wishlist": crate::wishlist [LOGIN_REQUIRED]
        "order": crate::order [ABOVE_LEFT, AMOUNT_INVALID, AMOUNT_OR_LINES, CARRIER_REQUIRED,
            CONFIRMED_BY_CUSTOMER, CONFIRM_FAILED, LINE_INVALID, REASON_REQUIRED, TRACKING_NUMBER_REQUIRED,
            TRACKING_URL_INVALID]
        "refund": crate::checkout [NOTHING_LEFT, NOT_SETTLED, REFUND_IN_PROGRESS, REFUND_UNKNOWN]
        "requests": crate::requests [APPOINTMENT_BOOKED, CONTACT_TIME_REQUIRED, EMAIL_INVALID, EMAIL_REQUIRED,
            FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, MADE_TO_ORDER_SUBMITTED, MEASUREMENT_INVALID, NOT_GIVEN,
            PHONE_REQUIRED]
    };
    let email = all.entry("email").or_default();
    email.insert("MISSING", EmailError::Missing.to_string());
    email.insert("INVALID", EmailError::Invalid.to_string());
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_text_is_under_its_modules_name_for_it() {
        let all = shown_by_the_site();
        assert_eq!(
            all["address"]["COUNTRY_REQUIRED"],
            crate::address::COUNTRY_REQUIRED
        );
        assert_eq!(
            all["checkout"]["COUNTRY_REQUIRED"],
            crate::checkout::COUNTRY_REQUIRED
        );
        assert_eq!(all["email"]["INVALID"], "Invalid email format");
    }
}
