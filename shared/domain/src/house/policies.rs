//! What the house promises every order: how soon it delivers once it has
//! confirmed, and how long a client may return or exchange a piece. They
//! are written once, in `house.toml`'s `[policies]`; the emails, the
//! invoice and the house's pages (`{delivery_time}`, `{return_window}`)
//! all read them there. A house that gives none promises nothing.

use serde::{Deserialize, Serialize};

house_part! {
    #[derive(Copy, Eq)]
    pub struct Policies as HousePolicies {
        /// Business days from the house's confirmation to delivery.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub delivery_business_days: Option<u16>,
        /// Days after delivery within which a piece may be returned or exchanged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub returns_days: Option<u16>,
    }
}

/// A page's words for the policies, each standing for one of them.
pub const POLICY_PLACEHOLDERS: [&str; 2] = ["{delivery_time}", "{return_window}"];

impl Policies {
    /// "2 business days" (or "1 business day").
    pub fn delivery_time(&self) -> Option<String> {
        self.delivery_business_days
            .map(|days| count(days, "business day"))
    }

    /// "20 days" (or "1 day").
    pub fn return_window(&self) -> Option<String> {
        self.returns_days.map(|days| count(days, "day"))
    }

    /// A placeholder's words: `None` for a policy the house does not give
    /// (or a word that stands for none).
    pub fn words_for(&self, placeholder: &str) -> Option<String> {
        match placeholder {
            "{delivery_time}" => self.delivery_time(),
            "{return_window}" => self.return_window(),
            _ => None,
        }
    }

    /// The text with every placeholder it names replaced, or the first one
    /// this house cannot fill.
    pub fn fill(&self, text: &str) -> Result<String, &'static str> {
        POLICY_PLACEHOLDERS
            .iter()
            .filter(|placeholder| text.contains(*placeholder))
            .try_fold(text.to_owned(), |text, placeholder| {
                let words = self.words_for(placeholder).ok_or(*placeholder)?;
                Ok(text.replace(placeholder, &words))
            })
    }
}

fn count(n: u16, unit: &str) -> String {
    match n {
        1 => format!("1 {unit}"),
        n => format!("{n} {unit}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: Policies = Policies {
        delivery_business_days: Some(2),
        returns_days: Some(20),
    };

    #[test]
    fn words_count_their_days() {
        assert_eq!(SAMPLE.delivery_time().as_deref(), Some("2 business days"));
        assert_eq!(SAMPLE.return_window().as_deref(), Some("20 days"));
        let one = Policies {
            delivery_business_days: Some(1),
            returns_days: Some(1),
        };
        assert_eq!(one.delivery_time().as_deref(), Some("1 business day"));
        assert_eq!(one.return_window().as_deref(), Some("1 day"));
        assert_eq!(Policies::default().delivery_time(), None);
    }

    #[test]
    fn a_page_names_the_policies_by_placeholder() {
        assert_eq!(
            SAMPLE.fill("Delivered within {delivery_time}; returns within {return_window} of delivery, {return_window} exactly."),
            Ok("Delivered within 2 business days; returns within 20 days of delivery, 20 days exactly.".into())
        );
        assert_eq!(
            SAMPLE.fill("No {placeholder} here."),
            Ok("No {placeholder} here.".into())
        );
    }

    #[test]
    fn a_placeholder_the_house_does_not_give_is_named() {
        let no_returns = Policies {
            returns_days: None,
            ..SAMPLE
        };
        assert_eq!(
            no_returns.fill("Within {return_window}."),
            Err("{return_window}")
        );
    }
}
