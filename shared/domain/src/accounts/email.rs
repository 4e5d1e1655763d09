//! Email addresses as the shop accepts them.

use std::fmt;

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The longest address SMTP can carry (RFC 5321 path limit).
pub const MAX_LEN: usize = 254;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("Email is required")]
    Missing,
    #[error("Invalid email format")]
    Invalid,
}

/// A trimmed, well-formed address, internationalised ones included
/// (`đặng.thu@example.com`, `ada@exämple.com`): one `@`, a local part of at
/// most 64 characters without spaces, controls or `"(),:;<>[\]`, and a
/// domain of letter, digit and hyphen labels whose last is alphabetic (or
/// punycode), at most [`MAX_LEN`] characters in all. Kept in Unicode's
/// composed form (NFC), so one address typed on two keyboards is one string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let email: String = raw.trim().nfc().collect();
        if email.is_empty() {
            return Err(EmailError::Missing);
        }
        if is_well_formed(&email) {
            Ok(Self(email))
        } else {
            Err(EmailError::Invalid)
        }
    }

    /// As typed (trimmed, composed): what the shop writes to.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address's identity ([`canonical`]), so `Ada@X.com` and
    /// `ada@x.com` are one account.
    pub fn canonical(&self) -> String {
        canonical(&self.0)
    }
}

/// The one normal form addresses are stored under and compared in: composed
/// (NFC), lower case, and the domain in Unicode (`xn--exmple-cua.com` and
/// `exämple.com` are one domain).
pub fn canonical(email: &str) -> String {
    let email: String = email.trim().nfc().flat_map(char::to_lowercase).collect();
    match email.rsplit_once('@') {
        Some((local, domain)) => {
            let (domain, _) = idna::domain_to_unicode(domain);
            format!("{local}@{}", domain.nfc().collect::<String>())
        }
        None => email,
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_well_formed(email: &str) -> bool {
    if email.chars().count() > MAX_LEN {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    local_part_ok(local) && domain_ok(domain)
}

fn local_part_ok(local: &str) -> bool {
    let specials = ['"', '(', ')', ',', ':', ';', '<', '>', '[', '\\', ']', '@'];
    !local.is_empty()
        && local.chars().count() <= 64
        && local
            .chars()
            .all(|c| !c.is_whitespace() && !c.is_control() && !specials.contains(&c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
}

fn domain_ok(domain: &str) -> bool {
    let label_char = |c: char| c.is_alphanumeric() || c == '-' || is_combining_mark(c);
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.chars().count() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(label_char)
    };
    let tld_ok = |tld: &str| {
        let punycode = tld.len() > 4
            && tld.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
            && tld.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        punycode || (tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic))
    };
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| label_ok(l))
        && labels.last().is_some_and(|tld| tld_ok(tld))
        // What mail can carry: the domain has an ASCII (punycode) form.
        && idna::domain_to_ascii(domain).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses_and_trims() {
        let e = EmailAddress::parse("  Ada.Lovelace+shop@Example.co.uk ").unwrap();
        assert_eq!(e.as_str(), "Ada.Lovelace+shop@Example.co.uk");
        assert_eq!(e.canonical(), "ada.lovelace+shop@example.co.uk");
    }

    #[test]
    fn blank_is_missing() {
        assert_eq!(EmailAddress::parse("   "), Err(EmailError::Missing));
        assert_eq!(EmailError::Missing.to_string(), "Email is required");
    }

    #[test]
    fn refuses_malformed_addresses() {
        for bad in [
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "ada@@example.com",
            "ada@exa mple.com",
            "ada lovelace@example.com",
            "ada@example.c",
            "ada@-example.com",
            ".ada@example.com",
            "a..b@example.com",
            "ada@example..com",
            "ada@exa_mple.com",
            "ada@example.c0m",
            "ada@例子.广",
            "ada@example.x1告",
            "ad\u{0}a@example.com",
            "ada\u{a0}lovelace@example.com",
            "{\"$gt\":\"\"}",
            "' OR 1=1 --@x.com",
        ] {
            assert_eq!(EmailAddress::parse(bad), Err(EmailError::Invalid), "{bad}");
        }
        assert_eq!(EmailError::Invalid.to_string(), "Invalid email format");
    }

    #[test]
    fn refuses_overlong_addresses() {
        let long = format!("{}@example.com", "a".repeat(300));
        assert_eq!(EmailAddress::parse(&long), Err(EmailError::Invalid));
        let local64 = format!("{}@example.com", "a".repeat(64));
        assert!(EmailAddress::parse(&local64).is_ok());
        let local65 = format!("{}@example.com", "a".repeat(65));
        assert!(EmailAddress::parse(&local65).is_err());
    }

    #[test]
    fn internationalised_addresses_have_one_normal_form() {
        for good in [
            "đặng.thu@example.com",
            "josé@exämple.com",
            "ada@xn--exmple-cua.com",
            "用户@例子.广告",
            "ada@münchen.de",
        ] {
            assert!(EmailAddress::parse(good).is_ok(), "{good}");
        }
        // Decomposed (e + U+0301) and composed é are one address.
        let decomposed = EmailAddress::parse("Jose\u{301}@Example.com").unwrap();
        assert_eq!(decomposed.as_str(), "José@Example.com");
        assert_eq!(decomposed.canonical(), "josé@example.com");
        let punycode = EmailAddress::parse("ADA@xn--exmple-cua.COM").unwrap();
        let unicode = EmailAddress::parse("ada@EXÄMPLE.com").unwrap();
        assert_eq!(punycode.canonical(), unicode.canonical());
        assert_eq!(unicode.canonical(), "ada@exämple.com");
        assert_eq!(
            EmailAddress::parse("Đặng.Thu@Example.com")
                .unwrap()
                .canonical(),
            "đặng.thu@example.com"
        );
    }
}
