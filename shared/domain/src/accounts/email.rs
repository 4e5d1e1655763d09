//! Email addresses as the shop accepts them.

use std::fmt;

/// The longest address SMTP can carry (RFC 5321 path limit).
pub const MAX_LEN: usize = 254;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("Email is required")]
    Missing,
    #[error("Invalid email format")]
    Invalid,
}

/// A trimmed, well-formed address: `local@domain.tld`, printable ASCII, no
/// spaces, at most [`MAX_LEN`] characters. Non-ASCII addresses are refused
/// because SES and most mailboxes cannot deliver to them without SMTPUTF8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let email = raw.trim();
        if email.is_empty() {
            return Err(EmailError::Missing);
        }
        if is_well_formed(email) {
            Ok(Self(email.to_string()))
        } else {
            Err(EmailError::Invalid)
        }
    }

    /// As typed (trimmed): what the shop writes to.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Lower case: the address's identity, so `Ada@X.com` and `ada@x.com`
    /// are one account.
    pub fn canonical(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_well_formed(email: &str) -> bool {
    if email.len() > MAX_LEN || !email.chars().all(|c| c.is_ascii_graphic()) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let label_ok = |l: &str| {
        !l.is_empty()
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    let labels: Vec<&str> = domain.split('.').collect();
    !local.is_empty()
        && local.len() <= 64
        && !local.contains(['"', '(', ')', ',', ':', ';', '<', '>', '[', '\\', ']', '@'])
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && labels.len() >= 2
        && labels.iter().all(|l| label_ok(l))
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
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
            "adà@example.com",
            "ada@exämple.com",
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
}
