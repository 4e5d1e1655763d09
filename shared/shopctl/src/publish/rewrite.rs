//! A template page made into a published one, by Cloudflare's streaming
//! rewriter (lol_html): the template's head elements that name what the page
//! shows go, the published ones are appended to the head, and the page's
//! `script#first-paint` is filled with its first paint.

use lol_html::html_content::ContentType;
use lol_html::{element, rewrite_str, RewriteStrSettings};

/// The head elements a publication replaces: what the template's build wrote
/// about the page (title, description, canonical, Open Graph, Twitter,
/// product price, robots, JSON-LD).
const REPLACED: [&str; 8] = [
    "head title",
    "meta[name=\"description\"]",
    "meta[name=\"robots\"]",
    "link[rel=\"canonical\"]",
    "meta[property^=\"og:\"]",
    "meta[name^=\"twitter:\"]",
    "meta[property^=\"product:\"]",
    "script[type=\"application/ld+json\"]",
];

#[derive(Debug, thiserror::Error)]
pub enum RewriteError {
    #[error("the template could not be rewritten: {0}")]
    Html(#[from] lol_html::errors::RewritingError),
    #[error("the template has no script#first-paint: build the site again")]
    NoFirstPaint,
}

/// `template` with `head` (HTML, when given) in place of its own head
/// elements, and `first_paint` (JSON text already safe in a script) as its
/// first paint.
pub fn publish_page(
    template: &str,
    head: Option<&str>,
    first_paint: &str,
) -> Result<String, RewriteError> {
    let filled = std::cell::Cell::new(false);
    let mut settings = RewriteStrSettings::new();
    if let Some(head) = head {
        for selector in REPLACED {
            settings = settings.append_element_content_handler(element!(selector, |el| {
                el.remove();
                Ok(())
            }));
        }
        settings = settings.append_element_content_handler(element!("head", move |el| {
            el.append(head, ContentType::Html);
            Ok(())
        }));
    }
    settings = settings.append_element_content_handler(element!("script#first-paint", |el| {
        el.set_inner_content(first_paint, ContentType::Html);
        filled.set(true);
        Ok(())
    }));
    let page = rewrite_str(template, settings)?;
    match filled.get() {
        true => Ok(page),
        false => Err(RewriteError::NoFirstPaint),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = r#"<!DOCTYPE html><html><head><meta charset="utf-8"/><title>Product</title><meta name="description" content="A piece."/><meta property="og:title" content="Product"/><meta property="og:image" content="/images/about/atelier.jpg"/><meta name="twitter:card" content="summary_large_image"/><link rel="canonical" href="x"/><script src="/_next/a.js" async=""></script></head><body><script id="first-paint" type="application/json">{}</script><main>x</main><script type="application/ld+json">{"a":1}</script></body></html>"#;

    #[test]
    fn the_template_head_gives_way_to_the_published_one() {
        let page = publish_page(
            TEMPLATE,
            Some("<title>Gown — OPALE</title>"),
            r#"{"/house":{"name":"Opale"}}"#,
        )
        .unwrap();
        assert!(
            page.contains("<title>Gown — OPALE</title></head>"),
            "{page}"
        );
        assert_eq!(page.matches("<title>").count(), 1);
        for gone in [
            "A piece.",
            "og:title",
            "og:image",
            "twitter:card",
            "canonical",
            "ld+json",
        ] {
            assert!(!page.contains(gone), "{gone} is left: {page}");
        }
        assert!(
            page.contains(r#"<script src="/_next/a.js" async=""></script>"#)
                && page.contains(r#"<meta charset="utf-8"/>"#)
        );
        assert!(page.contains(r#"<script id="first-paint" type="application/json">{"/house":{"name":"Opale"}}</script>"#));
    }

    #[test]
    fn without_a_head_the_template_keeps_its_own() {
        let page = publish_page(TEMPLATE, None, "{}").unwrap();
        assert!(page.contains("<title>Product</title>") && page.contains("og:image"));
    }

    #[test]
    fn a_template_without_first_paint_is_refused() {
        let error =
            publish_page("<html><head></head><body></body></html>", None, "{}").unwrap_err();
        assert!(matches!(error, RewriteError::NoFirstPaint));
    }
}
