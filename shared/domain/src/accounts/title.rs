//! Courtesy titles. Sign-up offers Ms and Mr; the profile editor offers Mrs
//! and Mr, and keeps the Ms a shopper registered with.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[derive(utoipa::ToSchema)]
pub enum Title {
    Ms,
    Mrs,
    Mr,
}

impl Title {
    pub fn as_str(self) -> &'static str {
        match self {
            Title::Ms => "Ms",
            Title::Mrs => "Mrs",
            Title::Mr => "Mr",
        }
    }

    /// The titles the sign-up form offers.
    pub fn for_sign_up(raw: &str) -> Option<Self> {
        match raw.trim() {
            "Ms" => Some(Title::Ms),
            "Mr" => Some(Title::Mr),
            _ => None,
        }
    }

    /// The titles the profile editor offers (Mrs, Mr), plus Ms: a shopper
    /// who registered as Ms is offered her own title too, so saving the
    /// editor untouched does not turn her into Mrs.
    pub fn for_profile(raw: &str) -> Option<Self> {
        match raw.trim() {
            "Mrs" => Some(Title::Mrs),
            "Mr" => Some(Title::Mr),
            "Ms" => Some(Title::Ms),
            _ => None,
        }
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_up_offers_ms_and_mr() {
        assert_eq!(Title::for_sign_up("Ms"), Some(Title::Ms));
        assert_eq!(Title::for_sign_up(" Mr "), Some(Title::Mr));
        assert_eq!(Title::for_sign_up("Mrs"), None);
        assert_eq!(Title::for_sign_up("ms"), None);
        assert_eq!(Title::for_sign_up(""), None);
    }

    #[test]
    fn profile_offers_mrs_and_mr_and_keeps_ms() {
        assert_eq!(Title::for_profile("Mrs"), Some(Title::Mrs));
        assert_eq!(Title::for_profile("Mr"), Some(Title::Mr));
        assert_eq!(Title::for_profile("Ms"), Some(Title::Ms));
        assert_eq!(Title::for_profile("ms"), None);
        assert_eq!(Title::for_profile("Dr"), None);
    }

    #[test]
    fn serialises_as_its_label() {
        assert_eq!(serde_json::to_string(&Title::Mrs).unwrap(), "\"Mrs\"");
        assert_eq!(Title::Ms.to_string(), "Ms");
    }
}
