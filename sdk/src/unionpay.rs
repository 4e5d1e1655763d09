//! UnionPay rules (spec sections 3, 5 and 8): which of a card or a Hosted
//! Fields instance each call takes, the enrollment's mobile and expiration
//! checks, and the mapping of a failed request's HTTP status to the error.

/// The calls whose arguments and failures differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Call {
    FetchCapabilities,
    Enroll,
    Tokenize,
}

impl Call {
    pub fn from_u32(v: u32) -> Call {
        match v {
            0 => Call::FetchCapabilities,
            1 => Call::Enroll,
            _ => Call::Tokenize,
        }
    }
}

/// What the merchant passed to a call, as bits (the JS sends them so).
#[derive(Clone, Copy, Default, Debug)]
pub struct Input(pub u32);

/// A `card` object (for capabilities: a card number).
pub const CARD: u32 = 1;
/// The card has a number.
pub const NUMBER: u32 = 2;
pub const HOSTED_FIELDS: u32 = 4;
/// The Hosted Fields instance is one of ours (it can reach its frames).
pub const HOSTED_FIELDS_VALID: u32 = 8;
/// `mobile` with `countryCode` and `number`.
pub const MOBILE: u32 = 16;
pub const EXPIRATION_DATE: u32 = 32;
pub const EXPIRATION_MONTH: u32 = 64;
pub const EXPIRATION_YEAR: u32 = 128;

impl Input {
    fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }
}

/// The errors, numbered as their lines in `errors/unionpay.txt` (from 1;
/// 0 is none), so the wasm module carries numbers, not the codes' text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Code {
    None = 0,
    HostedFieldsInstanceInvalid = 2,
    CardOrHostedFieldsInstanceRequired = 4,
    CardAndHostedFieldsInstances = 5,
    ExpirationDateIncomplete = 6,
    EnrollmentCustomerInputInvalid = 7,
    EnrollmentNetworkError = 8,
    FetchCapabilitiesNetworkError = 9,
    TokenizationNetworkError = 10,
    MissingMobilePhoneData = 11,
    FailedTokenization = 12,
}

use Code::*;
const CARD_AND_HOSTED: Code = CardAndHostedFieldsInstances;
const CARD_OR_HOSTED: Code = CardOrHostedFieldsInstanceRequired;
const HOSTED_INVALID: Code = HostedFieldsInstanceInvalid;

/// The first argument error of `call`, in the reference's order.
pub fn check(call: Call, i: Input) -> Code {
    let card = i.has(CARD);
    let hosted = i.has(HOSTED_FIELDS);
    if call != Call::Enroll {
        return match (card, hosted) {
            (true, true) => CARD_AND_HOSTED,
            (true, false) => None,
            (false, true) => hosted_check(i),
            (false, false) => CARD_OR_HOSTED,
        };
    }
    if !i.has(MOBILE) {
        MissingMobilePhoneData
    } else if hosted {
        match hosted_check(i) {
            None if card => CARD_AND_HOSTED,
            c => c,
        }
    } else if card && i.has(NUMBER) {
        expiration_check(i)
    } else {
        CARD_OR_HOSTED
    }
}

fn hosted_check(i: Input) -> Code {
    if i.has(HOSTED_FIELDS_VALID) {
        None
    } else {
        HOSTED_INVALID
    }
}

/// An expiration date, or month and year together, or none of them.
fn expiration_check(i: Input) -> Code {
    if i.has(EXPIRATION_DATE) || i.has(EXPIRATION_MONTH) == i.has(EXPIRATION_YEAR) {
        None
    } else {
        ExpirationDateIncomplete
    }
}

/// The error for a failed request of `call` with HTTP `status` (0: no
/// answer): none for 403, which passes through unchanged; below 500 the
/// customer's input; otherwise the network. Capabilities failures other than
/// 403 are all network errors.
pub fn status_error(call: Call, status: u32) -> Code {
    if status == 403 {
        return None;
    }
    // 1..=499: an answer below 500.
    let customer = status.wrapping_sub(1) < 499;
    match call {
        Call::FetchCapabilities => FetchCapabilitiesNetworkError,
        Call::Enroll if customer => EnrollmentCustomerInputInvalid,
        Call::Enroll => EnrollmentNetworkError,
        Call::Tokenize if customer => FailedTokenization,
        Call::Tokenize => TokenizationNetworkError,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue code of a result ("" for none).
    fn code(c: Code) -> &'static str {
        let n = c as usize;
        if n == 0 {
            return "";
        }
        let line = include_str!("errors/unionpay.txt")
            .lines()
            .nth(n - 1)
            .unwrap();
        line.split(' ').next().unwrap()
    }

    /// `check` by its catalogue code.
    fn checked(call: Call, i: Input) -> &'static str {
        code(check(call, i))
    }

    fn status(call: Call, s: u32) -> &'static str {
        code(status_error(call, s))
    }

    #[test]
    fn codes_are_the_catalogue_lines() {
        for (c, name) in [
            (
                HostedFieldsInstanceInvalid,
                "HOSTED_FIELDS_INSTANCE_INVALID",
            ),
            (
                CardOrHostedFieldsInstanceRequired,
                "CARD_OR_HOSTED_FIELDS_INSTANCE_REQUIRED",
            ),
            (
                CardAndHostedFieldsInstances,
                "CARD_AND_HOSTED_FIELDS_INSTANCES",
            ),
            (ExpirationDateIncomplete, "EXPIRATION_DATE_INCOMPLETE"),
            (
                EnrollmentCustomerInputInvalid,
                "ENROLLMENT_CUSTOMER_INPUT_INVALID",
            ),
            (EnrollmentNetworkError, "ENROLLMENT_NETWORK_ERROR"),
            (
                FetchCapabilitiesNetworkError,
                "FETCH_CAPABILITIES_NETWORK_ERROR",
            ),
            (TokenizationNetworkError, "TOKENIZATION_NETWORK_ERROR"),
            (MissingMobilePhoneData, "MISSING_MOBILE_PHONE_DATA"),
            (FailedTokenization, "FAILED_TOKENIZATION"),
        ] {
            assert_eq!(code(c), String::from("UNIONPAY_") + name);
        }
        assert_eq!(code(None), "");
    }

    fn card() -> Input {
        Input(CARD | NUMBER | MOBILE)
    }

    fn hosted(valid: bool) -> Input {
        Input(HOSTED_FIELDS | MOBILE | if valid { HOSTED_FIELDS_VALID } else { 0 })
    }

    /// `i` with `bits` added.
    fn with(i: Input, bits: u32) -> Input {
        Input(i.0 | bits)
    }

    /// `i` with `bits` removed.
    fn without(i: Input, bits: u32) -> Input {
        Input(i.0 & !bits)
    }

    #[test]
    fn capabilities_and_tokenize_take_a_card_or_hosted_fields_not_both() {
        for call in [Call::FetchCapabilities, Call::Tokenize] {
            assert_eq!(checked(call, card()), "");
            assert_eq!(checked(call, hosted(true)), "");
            assert_eq!(checked(call, hosted(false)), code(HOSTED_INVALID));
            let both = with(card(), HOSTED_FIELDS);
            assert_eq!(checked(call, both), code(CARD_AND_HOSTED));
            assert_eq!(checked(call, Input::default()), code(CARD_OR_HOSTED));
        }
    }

    #[test]
    fn enroll_needs_the_mobile_first() {
        let no_mobile = without(card(), MOBILE);
        assert_eq!(
            checked(Call::Enroll, no_mobile),
            "UNIONPAY_MISSING_MOBILE_PHONE_DATA"
        );
        assert_eq!(
            checked(Call::Enroll, Input::default()),
            "UNIONPAY_MISSING_MOBILE_PHONE_DATA"
        );
    }

    #[test]
    fn enroll_checks_the_hosted_fields_instance_before_the_card() {
        let both_invalid = with(hosted(false), CARD);
        assert_eq!(checked(Call::Enroll, both_invalid), code(HOSTED_INVALID));
        let both = with(hosted(true), CARD);
        assert_eq!(checked(Call::Enroll, both), code(CARD_AND_HOSTED));
        assert_eq!(checked(Call::Enroll, hosted(true)), "");
    }

    #[test]
    fn enroll_needs_a_card_number_or_hosted_fields() {
        let no_number = without(card(), NUMBER);
        assert_eq!(checked(Call::Enroll, no_number), code(CARD_OR_HOSTED));
        let none = Input(MOBILE);
        assert_eq!(checked(Call::Enroll, none), code(CARD_OR_HOSTED));
    }

    #[test]
    fn enroll_takes_expiration_month_and_year_together_or_neither() {
        let dated = |bits| with(card(), bits);
        assert_eq!(checked(Call::Enroll, dated(0)), "");
        assert_eq!(
            checked(Call::Enroll, dated(EXPIRATION_MONTH | EXPIRATION_YEAR)),
            ""
        );
        assert_eq!(
            checked(Call::Enroll, dated(EXPIRATION_DATE | EXPIRATION_MONTH)),
            ""
        );
        for bits in [EXPIRATION_MONTH, EXPIRATION_YEAR] {
            assert_eq!(
                checked(Call::Enroll, dated(bits)),
                "UNIONPAY_EXPIRATION_DATE_INCOMPLETE"
            );
        }
    }

    #[test]
    fn status_403_passes_through() {
        for call in [Call::FetchCapabilities, Call::Enroll, Call::Tokenize] {
            assert_eq!(status(call, 403), "");
        }
    }

    #[test]
    fn enroll_failures_below_500_are_the_customers() {
        assert_eq!(
            status(Call::Enroll, 422),
            "UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID"
        );
        assert_eq!(
            status(Call::Enroll, 400),
            "UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID"
        );
        assert_eq!(
            status(Call::Enroll, 500),
            "UNIONPAY_ENROLLMENT_NETWORK_ERROR"
        );
        assert_eq!(status(Call::Enroll, 0), "UNIONPAY_ENROLLMENT_NETWORK_ERROR");
    }

    #[test]
    fn tokenize_failures_below_500_are_the_customers() {
        assert_eq!(status(Call::Tokenize, 422), "UNIONPAY_FAILED_TOKENIZATION");
        assert_eq!(
            status(Call::Tokenize, 503),
            "UNIONPAY_TOKENIZATION_NETWORK_ERROR"
        );
        assert_eq!(
            status(Call::Tokenize, 0),
            "UNIONPAY_TOKENIZATION_NETWORK_ERROR"
        );
    }

    #[test]
    fn other_capabilities_failures_are_network_errors() {
        for s in [0, 400, 422, 500] {
            assert_eq!(
                status(Call::FetchCapabilities, s),
                "UNIONPAY_FETCH_CAPABILITIES_NETWORK_ERROR"
            );
        }
    }

    #[test]
    fn input_bits_as_the_js_sends_them() {
        let bits = [
            CARD,
            NUMBER,
            HOSTED_FIELDS,
            HOSTED_FIELDS_VALID,
            MOBILE,
            EXPIRATION_DATE,
            EXPIRATION_MONTH,
            EXPIRATION_YEAR,
        ];
        for (i, bit) in bits.into_iter().enumerate() {
            assert_eq!(bit, 1 << i);
            assert!(Input(bit).has(bit));
        }
    }

    #[test]
    fn calls_by_number() {
        assert_eq!(Call::from_u32(0), Call::FetchCapabilities);
        assert_eq!(Call::from_u32(1), Call::Enroll);
        assert_eq!(Call::from_u32(2), Call::Tokenize);
    }
}
