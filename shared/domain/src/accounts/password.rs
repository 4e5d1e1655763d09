//! The password rules of sign-up, reset and change, with the checklist's messages.

/// The checklist shown beside a new password, one message per rule.
pub const NEED_LENGTH: &str = "Please enter at least 8 characters.";
pub const NEED_DIGIT: &str = "Please enter at least one number.";
pub const NEED_SPECIAL: &str = "Please enter one special character (!+,-./:;<=\"?@).";

pub const MIN_CHARS: usize = 8;
/// Far above any real password; bounds the work of hashing hostile input.
pub const MAX_CHARS: usize = 128;
pub const TOO_LONG: &str = "Please use at most 128 characters.";

/// Which form sets the password: the forms accept slightly different
/// special characters (sign-up and reset also take `&` and `"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    SignUp,
    Reset,
    Change,
}

impl Flavor {
    pub fn specials(self) -> &'static str {
        match self {
            Flavor::SignUp | Flavor::Reset => "!+,-./:;<=?@&\"",
            Flavor::Change => "!+,-./:;<=?@",
        }
    }
}

/// The checklist messages a password does not yet satisfy, in checklist order.
pub fn unmet_rules(password: &str, flavor: Flavor) -> Vec<&'static str> {
    let specials = flavor.specials();
    let chars = password.chars().count();
    let mut unmet = Vec::new();
    if chars < MIN_CHARS {
        unmet.push(NEED_LENGTH);
    }
    if !password.chars().any(|c| c.is_ascii_digit()) {
        unmet.push(NEED_DIGIT);
    }
    if !password.chars().any(|c| specials.contains(c)) {
        unmet.push(NEED_SPECIAL);
    }
    if chars > MAX_CHARS {
        unmet.push(TOO_LONG);
    }
    unmet
}

pub fn meets_rules(password: &str, flavor: Flavor) -> bool {
    unmet_rules(password, flavor).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_password_meets_every_flavor() {
        for flavor in [Flavor::SignUp, Flavor::Reset, Flavor::Change] {
            assert!(meets_rules("couture1!", flavor));
        }
    }

    #[test]
    fn each_rule_has_its_message_in_checklist_order() {
        assert_eq!(
            unmet_rules("", Flavor::SignUp),
            vec![NEED_LENGTH, NEED_DIGIT, NEED_SPECIAL]
        );
        assert_eq!(unmet_rules("abc1!", Flavor::SignUp), vec![NEED_LENGTH]);
        assert_eq!(unmet_rules("abcdefgh!", Flavor::SignUp), vec![NEED_DIGIT]);
        assert_eq!(unmet_rules("abcdefgh1", Flavor::SignUp), vec![NEED_SPECIAL]);
        assert_eq!(
            NEED_SPECIAL,
            "Please enter one special character (!+,-./:;<=\"?@)."
        );
    }

    #[test]
    fn length_counts_characters_not_bytes() {
        assert_eq!(unmet_rules("ééééé1!", Flavor::SignUp), vec![NEED_LENGTH]);
        assert!(meets_rules("éééééé1!", Flavor::SignUp));
    }

    #[test]
    fn every_listed_special_counts() {
        for c in "!+,-./:;<=?@".chars() {
            let pw = format!("abcdefg1{c}");
            assert!(meets_rules(&pw, Flavor::Change), "{c}");
            assert!(meets_rules(&pw, Flavor::SignUp), "{c}");
        }
    }

    #[test]
    fn ampersand_and_quote_only_for_sign_up_and_reset() {
        for c in ['&', '"'] {
            let pw = format!("abcdefg1{c}");
            assert!(meets_rules(&pw, Flavor::SignUp));
            assert!(meets_rules(&pw, Flavor::Reset));
            assert_eq!(unmet_rules(&pw, Flavor::Change), vec![NEED_SPECIAL]);
        }
    }

    #[test]
    fn other_symbols_are_not_special() {
        for c in ['#', '$', '%', '*', '_', '~', '\'', ' '] {
            assert_eq!(
                unmet_rules(&format!("abcdefg1{c}"), Flavor::SignUp),
                vec![NEED_SPECIAL],
                "{c:?}"
            );
        }
    }

    #[test]
    fn absurdly_long_passwords_are_refused() {
        let long = format!("{}1!", "a".repeat(200));
        assert_eq!(unmet_rules(&long, Flavor::SignUp), vec![TOO_LONG]);
    }
}
