//! How a confirmed order left the house: the carrier, its tracking number
//! and the link where the client follows it. The house sets it once the
//! parcel is handed over (the order stays `confirmed` until the client or
//! the house marks it delivered); My Orders and the client's email show the
//! link. A link is `https` only: it is put in front of the client as the
//! house's word, so it must never be a `javascript:` or plain-text one.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::house::House;
use crate::ports::Email;
use crate::text::{as_sent, escape_html};
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

use super::Order;

pub const CARRIER_REQUIRED: &str = "Please enter the carrier.";
pub const TRACKING_NUMBER_REQUIRED: &str = "Please enter the tracking number.";
pub const TRACKING_URL_INVALID: &str = "Please enter the tracking link as an https:// address.";
pub const SHIPMENT_TOO_LONG: &str = "This field is too long.";

/// The most characters of a carrier's name or a tracking number.
const MAX_NAME: usize = 100;
/// The most characters of a tracking link.
const MAX_URL: usize = 500;

/// A shipment as the order keeps it and the API answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shipment {
    pub carrier: String,
    pub tracking_number: String,
    /// Always `https://…`.
    pub tracking_url: String,
    pub shipped_at: Timestamp,
}

/// The body of a ship: fields as sent.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ShipmentForm {
    #[schema(value_type = String, required = true)]
    pub carrier: Value,
    #[schema(value_type = String, required = true)]
    pub tracking_number: Value,
    /// An `https://` address.
    #[schema(value_type = String, required = true)]
    pub tracking_url: Value,
}

impl ShipmentForm {
    /// The shipment, shipped `now`, or each field's message.
    pub fn check(&self, now: Timestamp) -> Result<Shipment, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut named = |field: &str, value: &Value, required: &str| {
            let text = as_sent(value);
            errors.check(!text.is_empty(), field, required);
            errors.check(text.chars().count() <= MAX_NAME, field, SHIPMENT_TOO_LONG);
            text
        };
        let carrier = named("carrier", &self.carrier, CARRIER_REQUIRED);
        let tracking_number = named(
            "trackingNumber",
            &self.tracking_number,
            TRACKING_NUMBER_REQUIRED,
        );
        let tracking_url = as_sent(&self.tracking_url);
        errors.check(
            is_https_link(&tracking_url),
            "trackingUrl",
            TRACKING_URL_INVALID,
        );
        errors.into_result(Shipment {
            carrier,
            tracking_number,
            tracking_url,
            shipped_at: now,
        })
    }
}

/// An absolute `https://host/…` address with a host and nothing that could
/// break out of a link: no spaces, quotes, angle brackets or controls.
pub fn is_https_link(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://") else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_name = host.rsplit_once(':').map_or(host, |(name, _)| name);
    text.len() <= MAX_URL
        && !host_name.is_empty()
        && !host.contains('@')
        && host_name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
        && !text
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "\"'<>\\`".contains(c))
}

/// The email telling the client the order is on its way: the carrier, the
/// tracking number and the link, as text and as HTML.
pub fn shipped_email(
    order: &Order,
    shipment: &Shipment,
    to: &str,
    site_url: &str,
    house: &House,
) -> Email {
    let number = order.number();
    let text = format!(
        "Your order {number} is on its way.\n\n\
         Carrier: {carrier}\nTracking number: {tracking}\nFollow it here: {url}\n\n\
         My Orders shows the same link: {site_url}/me/orders.\n\n{signature}",
        carrier = shipment.carrier,
        tracking = shipment.tracking_number,
        url = shipment.tracking_url,
        signature = house.signature(),
    );
    let html = format!(
        "<!doctype html><html><body><p>Your order {number} is on its way.</p>\
         <p>Carrier: {carrier}<br>Tracking number: {tracking}</p>\
         <p><a href=\"{url}\">Follow your parcel</a></p>\
         <p>My Orders shows the same link: <a href=\"{site}/me/orders\">{site}/me/orders</a></p>\
         <p>{signature}</p></body></html>",
        carrier = escape_html(&shipment.carrier),
        tracking = escape_html(&shipment.tracking_number),
        url = escape_html(&shipment.tracking_url),
        site = escape_html(site_url),
        signature = escape_html(&house.signature()).replace('\n', "<br>"),
    );
    Email {
        to: to.to_string(),
        subject: house.subject(&format!("order {number} shipped")),
        text,
        html: Some(html),
        attachments: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn now() -> Timestamp {
        Timestamp::from_unix(1_700_000_000).unwrap()
    }

    #[test]
    fn a_tracking_link_is_https_and_nothing_else() {
        for good in [
            "https://track.example/abc?n=1",
            "https://colis.example:8443/x",
            "https://ups.example",
        ] {
            assert!(is_https_link(good), "{good}");
        }
        for bad in [
            "http://track.example/1",
            "javascript:alert(1)",
            "https://",
            "https:///path",
            "https://a b.example/",
            "https://track.example/\"><script>",
            "https://user@evil.example/",
            "track.example/1",
        ] {
            assert!(!is_https_link(bad), "{bad}");
        }
    }

    #[test]
    fn a_shipment_needs_every_field() {
        let form = ShipmentForm {
            carrier: json!(" Colissimo "),
            tracking_number: json!("6A123"),
            tracking_url: json!("https://track.example/6A123"),
        };
        let shipment = form.check(now()).unwrap();
        assert_eq!(shipment.carrier, "Colissimo");
        assert_eq!(shipment.shipped_at, now());
        let errors = ShipmentForm {
            tracking_url: json!("http://track.example"),
            ..ShipmentForm::default()
        }
        .check(now())
        .unwrap_err();
        assert_eq!(errors.get("carrier"), Some(CARRIER_REQUIRED));
        assert_eq!(errors.get("trackingNumber"), Some(TRACKING_NUMBER_REQUIRED));
        assert_eq!(errors.get("trackingUrl"), Some(TRACKING_URL_INVALID));
    }
}
