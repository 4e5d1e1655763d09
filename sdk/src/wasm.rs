//! The JS boundary: strings, integers and booleans in and out, so the glue
//! stays small. Every function here is a thin call into the rule modules.

#[allow(unused_imports)]
use crate::prelude::*;

use wasm_bindgen::prelude::wasm_bindgen;

use crate::{
    authorization as auth, card, client, constants, errors, fields, hosted, paypal, threeds,
};

fn s(v: &str) -> String {
    String::from(v)
}

fn split_list(joined: &str) -> Vec<&str> {
    joined.split(',').filter(|p| !p.is_empty()).collect()
}

/// `TYPE\nmessage` of an error code ("" when unknown).
#[wasm_bindgen(js_name = errorInfo)]
pub fn error_info(code: &str, arg: &str) -> String {
    errors::describe(code, arg)
}

/// 0 invalid, 1 tokenization key, 2 client token.
#[wasm_bindgen(js_name = authKind)]
pub fn auth_kind(authorization: &str) -> u32 {
    auth::kind(authorization) as u32
}

#[wasm_bindgen(js_name = decodeClientToken)]
pub fn decode_client_token(token: &str) -> String {
    auth::decode_client_token(token).unwrap_or_default()
}

#[wasm_bindgen(js_name = tokenizationKeyConfigUrl)]
pub fn tokenization_key_config_url(key: &str, sandbox_url: &str) -> String {
    auth::tokenization_key_config_url(key, sandbox_url).unwrap_or_default()
}

#[wasm_bindgen(js_name = isAllowedUrl)]
pub fn is_allowed_url(url: &str, sandbox_url: &str) -> bool {
    auth::is_allowed_url(url, sandbox_url)
}

#[wasm_bindgen(js_name = isLoopbackUrl)]
pub fn is_loopback_url(url: &str) -> bool {
    auth::is_loopback_url(url)
}

#[wasm_bindgen(js_name = originOf)]
pub fn origin_of(url: &str) -> String {
    auth::origin_of(url).unwrap_or_default()
}

#[wasm_bindgen(js_name = versionsMatch)]
pub fn versions_match(version: &str) -> bool {
    client::versions_match(version)
}

#[wasm_bindgen(js_name = requestErrorCode)]
pub fn request_error_code(status: u32, graphql: bool, timed_out: bool) -> String {
    s(client::request_error_code(status, graphql, timed_out))
}

#[wasm_bindgen(js_name = shouldRetry)]
pub fn should_retry(status: u32, timed_out: bool, attempt: u32) -> bool {
    client::should_retry(status, timed_out, attempt)
}

#[wasm_bindgen(js_name = isAnalyticsField)]
pub fn is_analytics_field(name: &str) -> bool {
    client::is_analytics_field(name)
}

#[wasm_bindgen(js_name = vaultDeleteErrorCode)]
pub fn vault_delete_error_code(error_class: &str) -> String {
    s(client::vault_delete_error_code(error_class))
}

/// Bit 0 valid, bit 1 potentially valid.
#[wasm_bindgen(js_name = validateField)]
pub fn validate_field(key: &str, value: &str, card_type: &str, year: u32, month: u32) -> u32 {
    fields::validate_field(key, value, card_type, fields::Today { year, month }).bits()
}

#[wasm_bindgen(js_name = validateNumber)]
pub fn validate_number(value: &str) -> u32 {
    card::validate_number(value).bits()
}

/// Month/year pair check for split expiration fields.
#[wasm_bindgen(js_name = validateMonthYear)]
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

#[wasm_bindgen(js_name = splitDate)]
pub fn split_date(value: &str) -> String {
    let (m, y) = fields::split_date(value);
    m + "\n" + &y
}

#[wasm_bindgen(js_name = cardsJson)]
pub fn cards_json(number: &str) -> String {
    card::cards_json(number)
}

#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(number: &str) -> String {
    card::format_number(number)
}

#[wasm_bindgen(js_name = stripNumber)]
pub fn strip_number(number: &str) -> String {
    card::strip(number)
}

#[wasm_bindgen(js_name = isField)]
pub fn is_field(key: &str) -> bool {
    hosted::is_field(key)
}

/// `name\nlabel\nautocomplete`.
#[wasm_bindgen(js_name = fieldInfo)]
pub fn field_info(key: &str) -> String {
    hosted::field_info(key)
}

#[wasm_bindgen(js_name = frameTitle)]
pub fn frame_title(key: &str) -> String {
    hosted::frame_title(key)
}

#[wasm_bindgen(js_name = defaultMaxLength)]
pub fn default_max_length(key: &str) -> u32 {
    constants::default_max_length(key)
}

#[wasm_bindgen(js_name = checkAttribute)]
pub fn check_attribute(name: &str, value_type: &str, value: &str) -> String {
    s(hosted::check_attribute(name, value_type, value))
}

#[wasm_bindgen(js_name = isAllowedStyle)]
pub fn is_allowed_style(property: &str, value: &str) -> bool {
    hosted::is_allowed_style(property, value)
}

#[wasm_bindgen(js_name = isAllowedSelector)]
pub fn is_allowed_selector(selector: &str) -> bool {
    hosted::is_allowed_selector(selector)
}

#[wasm_bindgen(js_name = tokenizePrecheck)]
pub fn tokenize_precheck(states: &str) -> String {
    s(hosted::tokenize_precheck(states))
}

#[wasm_bindgen(js_name = tokenizeErrorCode)]
pub fn tokenize_error_code(status: u32, server_code: &str) -> String {
    s(errors::hosted_fields_tokenize_error(status, server_code))
}

/// The framework name, or `!CODE` for a version error.
#[wasm_bindgen(js_name = threeDSVersion)]
pub fn three_ds_version(version: &str) -> String {
    match threeds::parse_version(version) {
        Ok(f) => s(f.as_str()),
        Err(code) => s("!") + code,
    }
}

#[wasm_bindgen(js_name = threeDSCreationError)]
pub fn three_ds_creation_error(
    enabled: bool,
    tokenization_key: bool,
    production: bool,
    https: bool,
    jwt: bool,
) -> String {
    s(threeds::creation_error(
        enabled,
        tokenization_key,
        production,
        https,
        jwt,
    ))
}

#[wasm_bindgen(js_name = cardinalErrorCode)]
pub fn cardinal_error_code(number: u32) -> String {
    s(threeds::cardinal_error_code(number))
}

#[wasm_bindgen(js_name = actionAuthenticates)]
pub fn action_authenticates(action_code: &str) -> bool {
    threeds::action_authenticates(action_code)
}

#[wasm_bindgen(js_name = isCustomerCancel)]
pub fn is_customer_cancel(code: &str) -> bool {
    threeds::is_customer_cancel(code)
}

#[wasm_bindgen(js_name = isValidExemption)]
pub fn is_valid_exemption(kind: &str) -> bool {
    threeds::is_valid_exemption(kind)
}

#[wasm_bindgen(js_name = isValidAmount)]
pub fn is_valid_amount(js_type: &str, text: &str) -> bool {
    threeds::is_valid_amount(js_type, text)
}

#[wasm_bindgen(js_name = missingVerifyCardOption)]
pub fn missing_verify_card_option(
    nonce: bool,
    amount: bool,
    bin: bool,
    lookup_complete: bool,
) -> String {
    s(threeds::missing_verify_card_option(
        nonce,
        amount,
        bin,
        lookup_complete,
    ))
}

#[wasm_bindgen(js_name = lookupErrorCode)]
pub fn lookup_error_code(status: u32) -> String {
    s(threeds::lookup_error_code(status))
}

#[wasm_bindgen(js_name = isValidFlow)]
pub fn is_valid_flow(flow: &str) -> bool {
    paypal::is_valid_flow(flow)
}

#[wasm_bindgen(js_name = mapIntent)]
pub fn map_intent(intent: &str) -> String {
    s(paypal::map_intent(intent))
}

#[wasm_bindgen(js_name = flowErrorCode)]
pub fn flow_error_code(status: u32) -> String {
    s(paypal::flow_error_code(status))
}

/// `currencies` comma-joined.
#[wasm_bindgen(js_name = shippingCurrenciesMatch)]
pub fn shipping_currencies_match(currency: &str, currencies: &str) -> bool {
    paypal::shipping_currencies_match(currency, &split_list(currencies))
}

#[wasm_bindgen(js_name = updatePaymentError)]
pub fn update_payment_error(
    payment_id: bool,
    currency: bool,
    amount: bool,
    line_items: bool,
) -> String {
    s(paypal::update_payment_error(
        payment_id, currency, amount, line_items,
    ))
}

/// `present` comma-joined.
#[wasm_bindgen(js_name = vaultInitiatedMissing)]
pub fn vault_initiated_missing(present: &str) -> String {
    s(paypal::vault_initiated_missing(&split_list(present)))
}

#[wasm_bindgen(js_name = contextType)]
pub fn context_type(flow: &str) -> String {
    s(paypal::context_type(flow))
}

/// verifyCard's checks in order: "", `THREEDS_AUTHENTICATION_IN_PROGRESS`,
/// or the missing option's message fragment.
#[wasm_bindgen(js_name = threeDSVerifyCardCheck)]
pub fn three_ds_verify_card_check(
    bin: bool,
    in_progress: bool,
    nonce: bool,
    amount: bool,
    lookup_complete: bool,
) -> String {
    s(threeds::verify_card_check(
        bin,
        in_progress,
        nonce,
        amount,
        lookup_complete,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_encodings() {
        assert_eq!(auth_kind("sandbox_a_b"), 1);
        assert_eq!(auth_kind("x"), 0);
        assert_eq!(three_ds_version("2-inline-iframe"), "inline-iframe");
        assert_eq!(three_ds_version("1"), "!THREEDS_UNSUPPORTED_VERSION");
        assert_eq!(split_date("12/30"), "12\n30");
        assert_eq!(validate_field("number", "4111111111111111", "", 2026, 1), 3);
        assert_eq!(validate_number("4111"), 2);
        assert_eq!(validate_month_year("01", "2026", 2026, 2), 0);
        assert!(shipping_currencies_match("USD", "usd,USD"));
        assert_eq!(
            vault_initiated_missing("amount,currency"),
            "vaultInitiatedCheckoutPaymentMethodToken"
        );
        assert!(error_info("PAYPAL_POPUP_CLOSED", "").starts_with("CUSTOMER\n"));
    }
}
