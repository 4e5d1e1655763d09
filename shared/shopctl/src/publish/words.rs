//! What a page says it shows, in words: titles and descriptions from the
//! entities and the house (the rules the site's heads followed when they were
//! built, now applied at publication). Without a house the words name none.

use serde_json::Value;

use super::catalogue::{HouseWords, Json};

/// A page's own title (the house's name follows it in the document's
/// title) and its description.
#[derive(Debug, Clone, PartialEq)]
pub struct Described {
    pub title: String,
    pub description: String,
}

/// Plain text from the catalogue's rich text: parsed, scripts and styles
/// dropped with their content, inline markup dropped, blocks kept apart by a
/// space, whitespace collapsed.
pub fn plain_text(html: &str) -> String {
    if html.trim().is_empty() {
        return String::new();
    }
    const BLOCKS: [&str; 41] = [
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "dd",
        "div",
        "dl",
        "dt",
        "figcaption",
        "figure",
        "footer",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "td",
        "th",
        "tr",
        "ul",
        "tbody",
        "thead",
        "tfoot",
        "caption",
        "summary",
        "details",
        "dialog",
        "legend",
        "fieldset",
    ];
    const NOT_TEXT: [&str; 6] = [
        "script", "style", "template", "noscript", "iframe", "object",
    ];
    // Only block elements survive the cleaning, without attributes: each tag
    // left is a break between words, and the text is entity-escaped.
    let cleaned = ammonia::Builder::empty()
        .tags(BLOCKS.into_iter().collect())
        .clean_content_tags(NOT_TEXT.into_iter().collect())
        .clean(html)
        .to_string();
    let mut text = String::with_capacity(cleaned.len());
    let mut in_tag = false;
    for c in cleaned.chars() {
        match (in_tag, c) {
            (false, '<') => in_tag = true,
            (true, '>') => {
                in_tag = false;
                text.push(' ');
            }
            (false, c) => text.push(c),
            (true, _) => {}
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    collapse(&decoded)
}

/// Whitespace runs as one space, trimmed.
pub fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `max` characters, cut at a word with an ellipsis: search engines show about 155.
pub fn excerpt(text: &str, max: usize) -> String {
    let clean = collapse(text);
    if clean.chars().count() <= max {
        return clean;
    }
    let cut: String = clean.chars().take(max - 1).collect();
    let at_word = match cut.rfind(' ') {
        Some(space) if cut[..space].chars().count() > max / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    let trimmed = at_word.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | ':' | '.' | '—' | '–' | '-')
    });
    format!("{trimmed}…")
}

/// A price as the shop prints it: `$1,234.00`.
pub fn format_price(amount: f64) -> String {
    let value = if amount.is_finite() { amount } else { 0.0 };
    let sign = if value < 0.0 { "-" } else { "" };
    let fixed = format!("{:.2}", (value.abs() * 100.0).round() / 100.0);
    let (whole, cents) = fixed.split_at(fixed.len() - 3);
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{sign}${grouped}{cents}")
}

/// A price as schema.org and Open Graph want it: `1234.00`.
pub fn amount(price: f64) -> String {
    format!("{price:.2}")
}

pub fn describe_product(product: &Value, house: &HouseWords) -> Described {
    let name = product.text("name").trim().to_string();
    let facts = [
        product.text("collectionName").trim().to_string(),
        format_price(product.number("price")),
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect::<Vec<_>>()
    .join(" · ");
    let text = match plain_text(product.text("description")) {
        t if !t.is_empty() => t,
        _ => format!(
            "{name}, made by {}{}.",
            house.name_or("the house"),
            house.in_city()
        ),
    };
    Described {
        description: excerpt(&format!("{name} — {facts}. {text}"), 160),
        title: name,
    }
}

pub fn describe_collection(collection: &Value, house: &HouseWords) -> Described {
    let name = collection.text("name").trim().to_string();
    let text = match plain_text(collection.text("description")) {
        t if !t.is_empty() => t,
        _ => match house.name() {
            Some(house) => format!("Every piece of {house}'s {name} collection."),
            None => format!("Every piece of the {name} collection."),
        },
    };
    Described {
        title: format!("{name} collection"),
        description: excerpt(&text, 160),
    }
}

pub fn describe_runway(runway: &Value, house: &HouseWords) -> Described {
    let name = runway.text("name").trim().to_string();
    let text = match plain_text(runway.text("description")) {
        t if !t.is_empty() => t,
        _ => match house.name() {
            Some(house) => format!("{house}'s {name}: the show, its looks and its films."),
            None => format!("{name}: the show, its looks and its films."),
        },
    };
    Described {
        title: name,
        description: excerpt(&text, 160),
    }
}

pub fn describe_news(news: &Value, house: &HouseWords) -> Described {
    let text = [
        plain_text(news.text("description")),
        plain_text(news.text("content")),
    ]
    .into_iter()
    .find(|t| !t.is_empty())
    .unwrap_or_else(|| format!("News from {}.", house.name_or("the house")));
    Described {
        title: news.text("title").trim().to_string(),
        description: excerpt(&text, 160),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_keeps_words_apart_and_drops_scripts() {
        assert_eq!(
            plain_text("<p>Silk <b>and</b> lace</p><p>Made&nbsp;by hand &amp; eye</p><script>alert(1)</script>"),
            "Silk and lace Made by hand & eye"
        );
        assert_eq!(plain_text("Sil<b>k</b>"), "Silk");
        assert_eq!(plain_text(""), "");
    }

    #[test]
    fn excerpts_cut_at_a_word() {
        let long = "word ".repeat(60);
        let cut = excerpt(&long, 160);
        assert!(
            cut.chars().count() <= 160 && cut.ends_with("word…"),
            "{cut}"
        );
        assert_eq!(excerpt("short", 160), "short");
    }

    #[test]
    fn prices_read_as_the_shop_prints_them() {
        assert_eq!(format_price(3780.0), "$3,780.00");
        assert_eq!(format_price(1234567.5), "$1,234,567.50");
        assert_eq!(format_price(12.0), "$12.00");
        assert_eq!(amount(3780.0), "3780.00");
    }
}
