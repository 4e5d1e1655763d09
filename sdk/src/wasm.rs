//! The JS boundary: strings, integers and booleans in and out, so the glue
//! stays small. Every function here is a thin call into the rule modules.
//! Strings go out as JS strings made from the Rust `&str` (`JsValue`), not as
//! returned `String`s: no copy into a boxed slice and no multi-value shim per
//! export.
//!
//! Two modules are built from these exports (features `merchant` and
//! `frame`): the merchant page's components never need the card-number,
//! expiration and style rules that only run inside the hosted-field frames,
//! so those stay out of the module the merchant page downloads; the frame
//! module carries them plus the rules of the client's requests, which the
//! tokenizing frame sends (not those of `client.create`).

#[allow(unused_imports)]
use crate::prelude::*;

// The attribute is unused in host builds (no module feature on).
#[allow(unused_imports)]
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::{
    authorization as auth, card, client, constants, errors, fields, hosted_fields, local_payment,
    paypal, three_d_secure,
};

/// A JS string with `v`'s text.
fn js(v: &str) -> JsValue {
    JsValue::from_str(v)
}

fn split_list(joined: &str) -> Vec<&str> {
    crate::split_byte(joined, b',')
        .filter(|p| !p.is_empty())
        .collect()
}

/// 0 invalid, 1 tokenization key, 2 client token.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = authKind))]
pub fn auth_kind(authorization: &str) -> u32 {
    auth::kind(authorization) as u32
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = decodeClientToken))]
pub fn decode_client_token(token: &str) -> JsValue {
    js(&auth::decode_client_token(token).unwrap_or_default())
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = tokenizationKeyConfigUrl))]
pub fn tokenization_key_config_url(key: &str, sandbox_url: &str) -> JsValue {
    js(&auth::tokenization_key_config_url(key, sandbox_url).unwrap_or_default())
}

#[cfg_attr(
    any(feature = "merchant", feature = "frame", feature = "payment-request"),
    wasm_bindgen(js_name = isAllowedUrl)
)]
pub fn is_allowed_url(url: &str, sandbox_url: &str) -> bool {
    auth::is_allowed_url(url, sandbox_url)
}

// The frames too: their client checks a loopback assets host in sandbox mode.
#[cfg_attr(
    any(feature = "merchant", feature = "frame", feature = "payment-request"),
    wasm_bindgen(js_name = isLoopbackUrl)
)]
pub fn is_loopback_url(url: &str) -> bool {
    auth::is_loopback_url(url)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = originOf))]
pub fn origin_of(url: &str) -> JsValue {
    js(&auth::origin_of(url).unwrap_or_default())
}

#[cfg_attr(
    any(feature = "merchant", feature = "frame", feature = "payment-request"),
    wasm_bindgen(js_name = requestErrorCode)
)]
pub fn request_error_code(status: u32, graphql: bool, timed_out: bool) -> JsValue {
    js(client::request_error_code(status, graphql, timed_out))
}

#[cfg_attr(
    any(feature = "merchant", feature = "frame", feature = "payment-request"),
    wasm_bindgen(js_name = shouldRetry)
)]
pub fn should_retry(status: u32, timed_out: bool, attempt: u32) -> bool {
    client::should_retry(status, timed_out, attempt)
}

#[cfg_attr(
    any(feature = "merchant", feature = "frame", feature = "payment-request"),
    wasm_bindgen(js_name = isAnalyticsField)
)]
pub fn is_analytics_field(name: &str) -> bool {
    client::is_analytics_field(name)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = vaultDeleteErrorCode))]
pub fn vault_delete_error_code(error_class: &str) -> JsValue {
    js(client::vault_delete_error_code(error_class))
}

/// Bit 0 valid, bit 1 potentially valid.
#[cfg_attr(feature = "frame", wasm_bindgen(js_name = validateField))]
pub fn validate_field(key: &str, value: &str, card_type: &str, year: u32, month: u32) -> u32 {
    fields::validate_field(key, value, card_type, fields::Today { year, month }).bits()
}

// Not exported: the frames (and the bench) call validateField("number", …).
pub fn validate_number(value: &str) -> u32 {
    card::validate_number(value).bits()
}

/// Month/year pair check for split expiration fields.
#[cfg_attr(feature = "frame", wasm_bindgen(js_name = validateMonthYear))]
pub fn validate_month_year(month: &str, year: &str, now_year: u32, now_month: u32) -> u32 {
    fields::validate_month_year(
        month,
        year,
        fields::Today {
            year: now_year,
            month: now_month,
        },
    )
    .bits()
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = splitDate))]
pub fn split_date(value: &str) -> JsValue {
    js(&split_date_text(value))
}

/// The expiration field's shown value; `how`: 0 typed, 1 deleting, 2 unformatted.
#[cfg_attr(feature = "frame", wasm_bindgen(js_name = formatDate))]
pub fn format_date(value: &str, how: u32) -> JsValue {
    js(&fields::format_date(value, how))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = cardsJson))]
pub fn cards_json(number: &str) -> JsValue {
    js(&card::cards_json(number))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = formatNumber))]
pub fn format_number(number: &str) -> JsValue {
    js(&card::format_number(number))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = stripNumber))]
pub fn strip_number(number: &str) -> JsValue {
    js(&card::strip(number))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = isField))]
pub fn is_field(key: &str) -> bool {
    hosted_fields::is_field(key)
}

/// `name\nlabel\nautocomplete`.
#[cfg_attr(feature = "frame", wasm_bindgen(js_name = fieldInfo))]
pub fn field_info(key: &str) -> JsValue {
    js(&hosted_fields::field_info(key))
}

#[cfg_attr(any(feature = "merchant", feature = "frame"), wasm_bindgen(js_name = frameTitle))]
pub fn frame_title(key: &str) -> JsValue {
    js(&hosted_fields::frame_title(key))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = defaultMaxLength))]
pub fn default_max_length(key: &str) -> u32 {
    constants::default_max_length(key)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = checkAttribute))]
pub fn check_attribute(name: &str, value_type: &str, value: &str) -> JsValue {
    js(hosted_fields::check_attribute(name, value_type, value))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = isAllowedStyle))]
pub fn is_allowed_style(property: &str, value: &str) -> bool {
    hosted_fields::is_allowed_style(property, value)
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = isAllowedSelector))]
pub fn is_allowed_selector(selector: &str) -> bool {
    hosted_fields::is_allowed_selector(selector)
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = tokenizePrecheck))]
pub fn tokenize_precheck(states: &str) -> JsValue {
    js(hosted_fields::tokenize_precheck(states))
}

#[cfg_attr(feature = "frame", wasm_bindgen(js_name = tokenizeErrorCode))]
pub fn tokenize_error_code(status: u32, server_code: &str) -> JsValue {
    js(errors::hosted_fields_tokenize_error(status, server_code))
}

/// The framework name, or `!CODE` for a version error.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = threeDSVersion))]
pub fn three_ds_version(version: &str) -> JsValue {
    js(&three_ds_version_text(version))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = threeDSCreationError))]
pub fn three_ds_creation_error(
    enabled: bool,
    tokenization_key: bool,
    production: bool,
    https: bool,
    jwt: bool,
) -> JsValue {
    js(three_d_secure::creation_error(
        enabled,
        tokenization_key,
        production,
        https,
        jwt,
    ))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = cardinalErrorCode))]
pub fn cardinal_error_code(number: u32) -> JsValue {
    js(three_d_secure::cardinal_error_code(number))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = actionAuthenticates))]
pub fn action_authenticates(action_code: &str) -> bool {
    three_d_secure::action_authenticates(action_code)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = isCustomerCancel))]
pub fn is_customer_cancel(code: &str) -> bool {
    three_d_secure::is_customer_cancel(code)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = isValidExemption))]
pub fn is_valid_exemption(kind: &str) -> bool {
    three_d_secure::is_valid_exemption(kind)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = isValidAmount))]
pub fn is_valid_amount(js_type: &str, text: &str) -> bool {
    three_d_secure::is_valid_amount(js_type, text)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = lookupErrorCode))]
pub fn lookup_error_code(status: u32) -> JsValue {
    js(three_d_secure::lookup_error_code(status))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = isValidFlow))]
pub fn is_valid_flow(flow: &str) -> bool {
    paypal::is_valid_flow(flow)
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = mapIntent))]
pub fn map_intent(intent: &str) -> JsValue {
    js(paypal::map_intent(intent))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = flowErrorCode))]
pub fn flow_error_code(status: u32) -> JsValue {
    js(paypal::flow_error_code(status))
}

/// `currencies` comma-joined.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = shippingCurrenciesMatch))]
pub fn shipping_currencies_match(currency: &str, currencies: &str) -> bool {
    paypal::shipping_currencies_match(currency, &split_list(currencies))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = updatePaymentError))]
pub fn update_payment_error(
    payment_id: bool,
    currency: bool,
    amount: bool,
    line_items: bool,
) -> JsValue {
    js(paypal::update_payment_error(
        payment_id, currency, amount, line_items,
    ))
}

/// `present` comma-joined.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = vaultInitiatedMissing))]
pub fn vault_initiated_missing(present: &str) -> JsValue {
    js(paypal::vault_initiated_missing(&split_list(present)))
}

#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = contextType))]
pub fn context_type(flow: &str) -> JsValue {
    js(paypal::context_type(flow))
}

/// `month\nyear`.
fn split_date_text(value: &str) -> String {
    let (m, y) = fields::split_date(value);
    m + "\n" + &y
}

/// The framework name, or `!CODE` for a version error.
fn three_ds_version_text(version: &str) -> String {
    match three_d_secure::parse_version(version) {
        Ok(f) => String::from(f.as_str()),
        Err(code) => String::from("!") + code,
    }
}

/// `components\nintent\ncurrency`: the PayPal script's defaulted query values.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = sdkScriptDefaults))]
pub fn sdk_script_defaults(vault: bool, components: &str, intent: &str, currency: &str) -> JsValue {
    js(&paypal::sdk_script_defaults(
        vault, components, intent, currency,
    ))
}

/// verifyCard's checks in order: "", `THREEDS_AUTHENTICATION_IN_PROGRESS`,
/// or the missing option's message fragment.
#[cfg_attr(feature = "merchant", wasm_bindgen(js_name = threeDSVerifyCardCheck))]
pub fn three_ds_verify_card_check(
    bin: bool,
    in_progress: bool,
    nonce: bool,
    amount: bool,
    lookup_complete: bool,
) -> JsValue {
    js(three_d_secure::verify_card_check(
        bin,
        in_progress,
        nonce,
        amount,
        lookup_complete,
    ))
}

// Local payment (the alternative payment methods' module).

/// `1` seamless / `0`, then the missing option's details (see `start_check`).
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = localPaymentStartCheck))]
pub fn local_payment_start_check(payment_type: &str, keys: &str, recurrent: bool) -> JsValue {
    js(&local_payment::start_check(payment_type, keys, recurrent))
}

#[cfg_attr(feature = "apm", wasm_bindgen(js_name = localPaymentCreateErrorCode))]
pub fn local_payment_create_error_code(status: u32) -> JsValue {
    js(local_payment::create_error_code(status))
}

/// hasTokenizationParams, full-page return, then the return's error code.
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = localPaymentQueryCheck))]
pub fn local_payment_query_check(keys: &str) -> JsValue {
    js(&local_payment::query_check(keys))
}

// UnionPay and Payment Request.

/// UnionPay's errors as their lines in the catalogue file (0: none): rules
/// 0-2 the argument check of call `rule` (0 capabilities, 1 enroll, 2
/// tokenize) for `value`, the input's bits (`unionpay::Input`);
/// rules 3-5 the error of call `rule - 3` failed with HTTP status `value`
/// (none for 403, which passes through). One export: each costs the
/// merchant module more than its rule.
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = unionPay))]
pub fn unionpay_error(rule: u32, value: u32) -> u32 {
    use crate::unionpay::{check, status_error, Call, Input};
    (if rule < 3 {
        check(Call::from_u32(rule), Input(value))
    } else {
        status_error(Call::from_u32(rule - 3), value)
    }) as u32
}

/// A failure's error in the payment-request frame, as its line in the
/// catalogue file (`payment_request::error`; 0: none).
#[cfg_attr(feature = "payment-request", wasm_bindgen(js_name = paymentRequestError))]
pub fn payment_request_error(kind: u32, value: &str) -> u32 {
    crate::payment_request::error(kind, value) as u32
}

/// Payment Request's text rules by number (`payment_request::rule`), run by
/// the payment-request frame (on the frame module).
#[cfg_attr(feature = "payment-request", wasm_bindgen(js_name = paymentRequestRule))]
pub fn payment_request_rule(rule: u32, value: &str) -> JsValue {
    js(crate::payment_request::rule(rule, value))
}

// Venmo (spec sections 4, 5, 8 and 9), in the alternative payment methods' module.

/// The flow, its bits and the app-switch launch (`venmo::setup`);
/// `options` bits of `venmo::opt`, the browser's among them.
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = venmoSetup))]
pub fn venmo_setup(platform: &str, options: u32) -> u32 {
    crate::venmo::setup(platform, options)
}

/// `kind` 0-2: what a status means for mobile polling, web login and the QR
/// code (`venmo::status_outcome`); 4: the Venmo URL ("web", "fallback",
/// "purchase" or the app's).
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = venmoText))]
pub fn venmo_text(kind: u32, text: &str) -> JsValue {
    js(match kind {
        0..=2 => crate::venmo::status_outcome(kind, text),
        _ => crate::venmo::url(text),
    })
}

/// The error code of a check (`venmo::check`), or "".
#[cfg_attr(feature = "apm", wasm_bindgen(js_name = venmoCheck))]
pub fn venmo_check(which: u32, found: u32) -> JsValue {
    js(crate::venmo::check(which, found))
}

#[cfg_attr(feature = "apm", wasm_bindgen(js_name = venmoRefreshDelay))]
pub fn venmo_refresh_delay(lifetime_ms: u32) -> u32 {
    crate::venmo::refresh_delay(lifetime_ms)
}

/// The QR code of `text` as its module matrix, `0`/`1` row by row (`qr::matrix`;
/// "" when it does not fit): the Venmo desktop frame draws it.
#[cfg_attr(feature = "qr", wasm_bindgen(js_name = qrCode))]
pub fn qr_code(text: &str) -> JsValue {
    js(&crate::qr::matrix(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_encodings() {
        assert_eq!(auth_kind("sandbox_a_b"), 1);
        assert_eq!(auth_kind("x"), 0);
        assert_eq!(three_ds_version_text("2-inline-iframe"), "inline-iframe");
        assert_eq!(three_ds_version_text("1"), "!THREEDS_UNSUPPORTED_VERSION");
        assert_eq!(split_date_text("12/30"), "12\n30");
        assert_eq!(validate_field("number", "4111111111111111", "", 2026, 1), 3);
        assert_eq!(validate_number("4111"), 2);
        assert_eq!(validate_month_year("01", "2026", 2026, 2), 0);
        assert!(shipping_currencies_match("USD", "usd,USD"));
        assert_eq!(split_list("amount,,currency"), ["amount", "currency"]);
    }
}
