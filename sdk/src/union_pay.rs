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

/// What the merchant passed to a call.
#[derive(Clone, Copy, Default, Debug)]
pub struct Input {
    /// A `card` object (for capabilities: a card number).
    pub card: bool,
    /// The card has a number.
    pub number: bool,
    pub hosted_fields: bool,
    /// The Hosted Fields instance is one of ours (it can reach its frames).
    pub hosted_fields_valid: bool,
    /// `mobile` with `countryCode` and `number`.
    pub mobile: bool,
    pub expiration_date: bool,
    pub expiration_month: bool,
    pub expiration_year: bool,
}

impl Input {
    /// From the JS's bits, in field order: card 1, number 2, hosted fields 4,
    /// valid hosted fields 8, mobile 16, date 32, month 64, year 128.
    pub fn from_bits(b: u32) -> Input {
        let on = |bit: u32| b & bit != 0;
        Input {
            card: on(1),
            number: on(2),
            hosted_fields: on(4),
            hosted_fields_valid: on(8),
            mobile: on(16),
            expiration_date: on(32),
            expiration_month: on(64),
            expiration_year: on(128),
        }
    }
}

/// The errors, numbered as their lines in `errors/union-pay.txt` (from 1;
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
    match call {
        Call::FetchCapabilities | Call::Tokenize => {
            if i.card && i.hosted_fields {
                CARD_AND_HOSTED
            } else if i.card {
                None
            } else if i.hosted_fields {
                hosted_check(i)
            } else {
                CARD_OR_HOSTED
            }
        }
        Call::Enroll => {
            if !i.mobile {
                MissingMobilePhoneData
            } else if i.hosted_fields {
                if !i.hosted_fields_valid {
                    HOSTED_INVALID
                } else if i.card {
                    CARD_AND_HOSTED
                } else {
                    None
                }
            } else if i.card && i.number {
                expiration_check(i)
            } else {
                CARD_OR_HOSTED
            }
        }
    }
}

fn hosted_check(i: Input) -> Code {
    if i.hosted_fields_valid {
        None
    } else {
        HOSTED_INVALID
    }
}

/// An expiration date, or month and year together, or none of them.
fn expiration_check(i: Input) -> Code {
    if i.expiration_date || i.expiration_month == i.expiration_year {
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
    let customer = status != 0 && status < 500;
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
        let line = include_str!("errors/union-pay.txt")
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
        Input {
            card: true,
            number: true,
            mobile: true,
            ..Input::default()
        }
    }

    fn hosted(valid: bool) -> Input {
        Input {
            hosted_fields: true,
            hosted_fields_valid: valid,
            mobile: true,
            ..Input::default()
        }
    }

    #[test]
    fn capabilities_and_tokenize_take_a_card_or_hosted_fields_not_both() {
        for call in [Call::FetchCapabilities, Call::Tokenize] {
            assert_eq!(checked(call, card()), "");
            assert_eq!(checked(call, hosted(true)), "");
            assert_eq!(checked(call, hosted(false)), code(HOSTED_INVALID));
            let both = Input {
                hosted_fields: true,
                ..card()
            };
            assert_eq!(checked(call, both), code(CARD_AND_HOSTED));
            assert_eq!(checked(call, Input::default()), code(CARD_OR_HOSTED));
        }
    }

    #[test]
    fn enroll_needs_the_mobile_first() {
        let no_mobile = Input {
            mobile: false,
            ..card()
        };
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
        let both_invalid = Input {
            card: true,
            ..hosted(false)
        };
        assert_eq!(checked(Call::Enroll, both_invalid), code(HOSTED_INVALID));
        let both = Input {
            card: true,
            ..hosted(true)
        };
        assert_eq!(checked(Call::Enroll, both), code(CARD_AND_HOSTED));
        assert_eq!(checked(Call::Enroll, hosted(true)), "");
    }

    #[test]
    fn enroll_needs_a_card_number_or_hosted_fields() {
        let no_number = Input {
            number: false,
            ..card()
        };
        assert_eq!(checked(Call::Enroll, no_number), code(CARD_OR_HOSTED));
        let none = Input {
            mobile: true,
            ..Input::default()
        };
        assert_eq!(checked(Call::Enroll, none), code(CARD_OR_HOSTED));
    }

    #[test]
    fn enroll_takes_expiration_month_and_year_together_or_neither() {
        let with = |date, month, year| Input {
            expiration_date: date,
            expiration_month: month,
            expiration_year: year,
            ..card()
        };
        assert_eq!(checked(Call::Enroll, with(false, false, false)), "");
        assert_eq!(checked(Call::Enroll, with(false, true, true)), "");
        assert_eq!(checked(Call::Enroll, with(true, true, false)), "");
        for (m, y) in [(true, false), (false, true)] {
            assert_eq!(
                checked(Call::Enroll, with(false, m, y)),
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
    fn input_bits_in_field_order() {
        let i = Input::from_bits(1 | 4 | 16 | 64);
        assert!(i.card && i.hosted_fields && i.mobile && i.expiration_month);
        assert!(!i.number && !i.hosted_fields_valid && !i.expiration_date && !i.expiration_year);
        let j = Input::from_bits(2 | 8 | 32 | 128);
        assert!(j.number && j.hosted_fields_valid && j.expiration_date && j.expiration_year);
        assert!(!j.card && !j.hosted_fields && !j.mobile && !j.expiration_month);
    }

    #[test]
    fn calls_by_number() {
        assert_eq!(Call::from_u32(0), Call::FetchCapabilities);
        assert_eq!(Call::from_u32(1), Call::Enroll);
        assert_eq!(Call::from_u32(2), Call::Tokenize);
    }
}
