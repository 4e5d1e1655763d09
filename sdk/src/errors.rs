//! The error catalogue (spec section 8) for the client, hosted fields, 3-D
//! Secure, PayPal, PayPal Checkout and vault manager, plus the shared errors.
//! Codes are spelt as the reference library spells them; messages are the
//! spec's text word for word where it gives one. `{}` marks the one parameter.

#[allow(unused_imports)]
use crate::prelude::*;

/// Who is at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorType {
    Customer,
    Merchant,
    Network,
    Internal,
    Unknown,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::Customer => "CUSTOMER",
            ErrorType::Merchant => "MERCHANT",
            ErrorType::Network => "NETWORK",
            ErrorType::Internal => "INTERNAL",
            ErrorType::Unknown => "UNKNOWN",
        }
    }
}

use ErrorType::{Customer as C, Internal as I, Merchant as M, Network as N, Unknown as U};

/// (code, type, message). An empty message means the caller supplies it.
pub static CATALOGUE: &[(&str, ErrorType, &str)] = &[
    // Shared.
    ("INSTANTIATION_OPTION_REQUIRED", M, "options.client is required when instantiating {}."),
    ("INSTANTIATION_OPTION_INVALID", M, "{}"),
    ("INCOMPATIBLE_VERSIONS", M, "Client (version {}) and this component (version 3.130.0) must be from the same SDK version."),
    ("CLIENT_SCRIPT_FAILED_TO_LOAD", N, "Braintree client script could not be loaded."),
    ("METHOD_CALLED_AFTER_TEARDOWN", M, "{} cannot be called after teardown."),
    ("INVALID_USE_OF_INTERNAL_FUNCTION", I, "{}"),
    ("FRAME_SERVICE_FRAME_CLOSED", I, "Frame closed before tokenization could occur."),
    ("FRAME_SERVICE_FRAME_OPEN_FAILED", I, "Frame failed to open."),
    // Client.
    ("CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN", M, "{} does not match the provider's domains."),
    ("CLIENT_OPTION_REQUIRED", M, "{}"),
    ("CLIENT_OPTION_INVALID", M, "{}"),
    ("CLIENT_MISSING_GATEWAY_CONFIGURATION", I, "Missing gatewayConfiguration."),
    ("CLIENT_INVALID_AUTHORIZATION", M, "Authorization is invalid. Make sure your client token or tokenization key is valid."),
    ("CLIENT_GATEWAY_NETWORK", N, "Cannot contact the gateway at this time."),
    ("CLIENT_REQUEST_TIMEOUT", N, "Request timed out waiting for a reply."),
    ("CLIENT_REQUEST_ERROR", N, "There was a problem with your request."),
    ("CLIENT_GRAPHQL_REQUEST_ERROR", N, "There was a problem with your request."),
    ("CLIENT_RATE_LIMITED", M, "You are being rate-limited; please try again in a few minutes."),
    ("CLIENT_AUTHORIZATION_INSUFFICIENT", M, "The authorization used has insufficient privileges."),
    ("CLIENT_AUTHORIZATION_INVALID", M, "Either the client token has expired and a new one should be generated or the tokenization key has been deactivated or deleted."),
    // Hosted Fields.
    ("HOSTED_FIELDS_TIMEOUT", U, "Hosted Fields timed out when attempting to set up."),
    ("HOSTED_FIELDS_INVALID_FIELD_KEY", M, "\"{}\" is not a valid field."),
    ("HOSTED_FIELDS_INVALID_FIELD_SELECTOR", M, "Selector does not reference a valid DOM node."),
    ("HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME", M, "Element already contains a Braintree iframe."),
    ("HOSTED_FIELDS_FIELD_INVALID", M, "{}"),
    ("HOSTED_FIELDS_FIELD_NOT_PRESENT", M, "Cannot perform action on \"{}\". It is not a valid field."),
    ("HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED", M, "The \"{}\" attribute is not supported in Hosted Fields."),
    ("HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED", M, "Value for \"{}\" is not allowed."),
    ("HOSTED_FIELDS_FIELD_PROPERTY_INVALID", M, "{}"),
    ("HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR", N, "A tokenization network error occurred."),
    ("HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE", C, "This credit card already exists in the merchant's vault."),
    ("HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED", C, "CVV verification failed during tokenization."),
    ("HOSTED_FIELDS_FAILED_TOKENIZATION", C, "The supplied card data failed tokenization."),
    ("HOSTED_FIELDS_FIELDS_EMPTY", C, "All fields are empty. Cannot tokenize empty card fields."),
    ("HOSTED_FIELDS_FIELDS_INVALID", C, "Some payment input fields are invalid. Cannot tokenize invalid card fields."),
    // 3-D Secure.
    ("THREEDS_NOT_ENABLED", M, "3D Secure is not enabled for this merchant."),
    ("THREEDS_CAN_NOT_USE_TOKENIZATION_KEY", M, "3D Secure can not use a tokenization key for authorization."),
    ("THREEDS_HTTPS_REQUIRED", M, "3D Secure requires HTTPS."),
    ("THREEDS_NOT_ENABLED_FOR_V2", M, "3D Secure version 2 is not enabled for this merchant. Contact Braintree Support for assistance at https://help.braintreepayments.com/"),
    ("THREEDS_UNRECOGNIZED_VERSION", M, "Version `{}` is not a recognized version. You may need to update the version of your Braintree SDK to support this version."),
    ("THREEDS_UNSUPPORTED_VERSION", M, "3D Secure `1` is deprecated and no longer supported. See available versions at https://braintree.github.io/braintree-web/current/module-braintree-web_three-d-secure.html#.create"),
    ("THREEDS_CARDINAL_SDK_SETUP_FAILED", U, "Something went wrong setting up Cardinal's Songbird.js library."),
    ("THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED", N, "Cardinal's Songbird.js library could not be loaded."),
    ("THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT", U, "Cardinal's Songbird.js took too long to setup."),
    ("THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT", U, "Cardinal's API took too long to respond."),
    ("THREEDS_CARDINAL_SDK_BAD_CONFIG", M, "JWT or other required field missing. Please check your setup configuration."),
    ("THREEDS_CARDINAL_SDK_BAD_JWT", M, "Cardinal JWT missing or malformed. Please check your setup configuration."),
    ("THREEDS_CARDINAL_SDK_ERROR", U, "A general error has occurred with Cardinal. See description for more information."),
    ("THREEDS_CARDINAL_SDK_CANCELED", C, "Canceled by user."),
    ("THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT", M, "3D Secure verfication canceled by merchant."),
    ("THREEDS_AUTHENTICATION_IN_PROGRESS", M, "Cannot call verifyCard while existing authentication is in progress."),
    ("THREEDS_MISSING_VERIFY_CARD_OPTION", M, "verifyCard options must include {}."),
    ("THREEDS_JWT_AUTHENTICATION_FAILED", U, "Something went wrong authenticating the JWT from Cardinal"),
    ("THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR", M, "Either the payment method nonce passed to `verifyCard` does not exist, or it was already consumed"),
    ("THREEDS_LOOKUP_VALIDATION_ERROR", C, "The data passed in `verifyCard` did not pass validation checks. See details for more info"),
    ("THREEDS_LOOKUP_ERROR", U, "Something went wrong during the 3D Secure lookup"),
    ("THREEDS_INLINE_IFRAME_DETAILS_INCORRECT", U, "Something went wrong when attempting to add the authentication iframe to the page."),
    ("THREEDS_NO_VERIFICATION_PAYLOAD", M, "No verification payload available."),
    ("THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID", M, "requestedExemptionType `{}` is not a valid exemption. The accepted values are: `low_value`, `transaction_risk_analysis`"),
    // PayPal and PayPal Checkout.
    ("PAYPAL_NOT_ENABLED", M, "PayPal is not enabled for this merchant."),
    ("PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED", M, "A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox. See https://developer.paypal.com/braintree/docs/guides/paypal/testing-go-live#linked-paypal-testing for details on linking your PayPal sandbox with Braintree."),
    ("PAYPAL_ACCOUNT_TOKENIZATION_FAILED", N, "Could not tokenize user's PayPal account."),
    ("PAYPAL_FLOW_FAILED", N, "Could not initialize PayPal flow."),
    ("PAYPAL_FLOW_OPTION_REQUIRED", M, "PayPal flow property is invalid or missing."),
    ("PAYPAL_MISSING_REQUIRED_OPTION", M, "Missing required option."),
    ("PAYPAL_INVALID_PAYMENT_OPTION", M, "PayPal payment options are invalid."),
    ("PAYPAL_TOKENIZATION_REQUEST_ACTIVE", M, "Another tokenization request is active."),
    ("PAYPAL_POPUP_OPEN_FAILED", M, "PayPal popup failed to open, make sure to tokenize in response to a user action."),
    ("PAYPAL_POPUP_CLOSED", C, "Customer closed PayPal popup before authorizing."),
    ("PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED", M, "Required param {} is missing."),
    ("PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED", N, "Something went wrong when setting up the checkout workflow."),
    ("PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED", M, "PayPal popup failed to open, make sure to initiate the vault checkout in response to a user action."),
    ("PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED", C, "Customer closed PayPal popup before authorizing."),
    ("PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS", M, "Vault initiated checkout already in progress."),
    ("PAYPAL_SDK_SCRIPT_LOAD_FAILED", N, "Failed to load the PayPal JS SDK script."),
    // Vault manager.
    ("VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN", M, "A client token with a customer id must be used to delete a payment method nonce."),
    ("VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND", M, "A payment method for payment method nonce `{}` could not be found."),
    ("VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR", U, "An unknown error occured when attempting to delete the payment method assocaited with the payment method nonce `{}`."),
];

/// Looks a code up.
pub fn find(code: &str) -> Option<(ErrorType, &'static str)> {
    CATALOGUE
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, t, m)| (*t, *m))
}

/// The message of `code` with `{}` replaced by `arg`.
pub fn message(code: &str, arg: &str) -> Option<String> {
    find(code).map(|(_, m)| m.replacen("{}", arg, 1))
}

/// `TYPE\nmessage` for the JS side, or an empty string for an unknown code.
pub fn describe(code: &str, arg: &str) -> String {
    match find(code) {
        Some((t, _)) => {
            let mut s = String::from(t.as_str());
            s.push('\n');
            s.push_str(&message(code, arg).unwrap_or_default());
            s
        }
        None => String::new(),
    }
}

/// Server error codes returned by tokenization that have their own error.
pub fn tokenization_error_code(server_code: &str) -> &'static str {
    match server_code {
        "81724" => "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE",
        "81736" => "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED",
        _ => "HOSTED_FIELDS_FAILED_TOKENIZATION",
    }
}

/// Hosted-fields tokenization failure by HTTP status and first server error
/// code: below 500 is the customer's card data, otherwise the network.
pub fn hosted_fields_tokenize_error(status: u32, server_code: &str) -> &'static str {
    if status == 0 || status >= 500 {
        "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
    } else {
        tokenization_error_code(server_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_messages_are_word_for_word() {
        let spec = [
            (
                "HOSTED_FIELDS_TIMEOUT",
                "Hosted Fields timed out when attempting to set up.",
            ),
            (
                "HOSTED_FIELDS_INVALID_FIELD_SELECTOR",
                "Selector does not reference a valid DOM node.",
            ),
            (
                "HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME",
                "Element already contains a Braintree iframe.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR",
                "A tokenization network error occurred.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE",
                "This credit card already exists in the merchant's vault.",
            ),
            (
                "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED",
                "CVV verification failed during tokenization.",
            ),
            (
                "HOSTED_FIELDS_FAILED_TOKENIZATION",
                "The supplied card data failed tokenization.",
            ),
            (
                "HOSTED_FIELDS_FIELDS_EMPTY",
                "All fields are empty. Cannot tokenize empty card fields.",
            ),
            (
                "HOSTED_FIELDS_FIELDS_INVALID",
                "Some payment input fields are invalid. Cannot tokenize invalid card fields.",
            ),
            (
                "FRAME_SERVICE_FRAME_CLOSED",
                "Frame closed before tokenization could occur.",
            ),
            ("FRAME_SERVICE_FRAME_OPEN_FAILED", "Frame failed to open."),
            (
                "PAYPAL_TOKENIZATION_REQUEST_ACTIVE",
                "Another tokenization request is active.",
            ),
            (
                "PAYPAL_SDK_SCRIPT_LOAD_FAILED",
                "Failed to load the PayPal JS SDK script.",
            ),
        ];
        for (code, msg) in spec {
            assert_eq!(message(code, "").as_deref(), Some(msg), "{code}");
        }
    }

    #[test]
    fn parameterised_messages() {
        assert_eq!(
            message("HOSTED_FIELDS_INVALID_FIELD_KEY", "foo").unwrap(),
            "\"foo\" is not a valid field."
        );
        assert_eq!(
            message(
                "PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED",
                "amount"
            )
            .unwrap(),
            "Required param amount is missing."
        );
        assert_eq!(
            message("METHOD_CALLED_AFTER_TEARDOWN", "tokenize").unwrap(),
            "tokenize cannot be called after teardown."
        );
        assert!(message("THREEDS_MISSING_VERIFY_CARD_OPTION", "a nonce")
            .unwrap()
            .starts_with("verifyCard options must include "));
    }

    #[test]
    fn types_are_as_catalogued() {
        assert_eq!(
            find("HOSTED_FIELDS_FIELDS_EMPTY").unwrap().0,
            ErrorType::Customer
        );
        assert_eq!(
            find("HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR").unwrap().0,
            ErrorType::Network
        );
        assert_eq!(find("PAYPAL_POPUP_CLOSED").unwrap().0, ErrorType::Customer);
        assert_eq!(find("PAYPAL_FLOW_FAILED").unwrap().0, ErrorType::Network);
        assert_eq!(
            find("THREEDS_UNSUPPORTED_VERSION").unwrap().0,
            ErrorType::Merchant
        );
        assert_eq!(
            find("THREEDS_CARDINAL_SDK_CANCELED").unwrap().0,
            ErrorType::Customer
        );
        assert_eq!(
            find("FRAME_SERVICE_FRAME_CLOSED").unwrap().0,
            ErrorType::Internal
        );
        assert!(find("NOPE").is_none());
        assert_eq!(describe("NOPE", ""), "");
        assert_eq!(
            describe("HOSTED_FIELDS_FIELDS_EMPTY", ""),
            "CUSTOMER\nAll fields are empty. Cannot tokenize empty card fields."
        );
        for t in [
            ErrorType::Customer,
            ErrorType::Merchant,
            ErrorType::Network,
            ErrorType::Internal,
            ErrorType::Unknown,
        ] {
            assert!(!t.as_str().is_empty());
        }
    }

    #[test]
    fn codes_are_unique() {
        for (i, (a, _, _)) in CATALOGUE.iter().enumerate() {
            assert!(CATALOGUE[i + 1..].iter().all(|(b, _, _)| a != b), "{a}");
        }
    }

    #[test]
    fn tokenization_server_codes_map() {
        assert_eq!(
            tokenization_error_code("81724"),
            "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE"
        );
        assert_eq!(
            tokenization_error_code("81736"),
            "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED"
        );
        assert_eq!(
            tokenization_error_code("91734"),
            "HOSTED_FIELDS_FAILED_TOKENIZATION"
        );
        assert_eq!(
            hosted_fields_tokenize_error(422, "81724"),
            "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE"
        );
        assert_eq!(
            hosted_fields_tokenize_error(422, ""),
            "HOSTED_FIELDS_FAILED_TOKENIZATION"
        );
        assert_eq!(
            hosted_fields_tokenize_error(500, "81724"),
            "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
        );
        assert_eq!(
            hosted_fields_tokenize_error(0, ""),
            "HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR"
        );
    }
}
