//! Text helpers the rules share.

use unicode_normalization::UnicodeNormalization;

/// Folds text for matching: lower case, accents removed, đ as d
/// ("Áo Dài" and "ao dai" fold alike).
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'đ' { 'd' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_accents_and_d_stroke() {
        assert_eq!(fold("Áo Dài ĐẸP"), "ao dai dep");
        assert_eq!(fold("Nguyễn"), "nguyen");
    }
}
