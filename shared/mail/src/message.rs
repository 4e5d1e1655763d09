//! What both mailers check in an email, and the RFC 5322 form the outbox writes.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::ports::{Email, MailerError};
use time::format_description::well_known::Rfc2822;
use time::OffsetDateTime;

/// Refuses header injection and hidden recipients: the recipient must be
/// one bare address (never a list or a display name, which a mailer would
/// happily split into several), and no header may span lines.
pub fn check(email: &Email) -> Result<(), MailerError> {
    let single_line = |s: &str| !s.contains(['\r', '\n']);
    let one_address = |to: &str| {
        to.matches('@').count() == 1
            && !to.starts_with('@')
            && !to.ends_with('@')
            && to
                .chars()
                .all(|c| c.is_ascii_graphic() && !",;<>\"()[]\\:".contains(c))
    };
    if !one_address(&email.to) {
        return Err(MailerError(format!(
            "not one email address: {:?}",
            email.to
        )));
    }
    if !single_line(&email.to) || !single_line(&email.subject) {
        return Err(MailerError(
            "an address or a subject cannot span lines".into(),
        ));
    }
    Ok(())
}

/// Every http(s) link in a text, so the log shows the ones a developer clicks.
pub fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest
        .find("http://")
        .into_iter()
        .chain(rest.find("https://"))
        .min()
    {
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| c.is_whitespace() || "<>\"'`()[]{}".contains(c))
            .unwrap_or(tail.len());
        let link = tail[..end].trim_end_matches(['.', ',', ';', ':', '!', '?']);
        if link.len() > "https://".len() {
            found.push(link.to_owned());
        }
        rest = &tail[end.max(1)..];
    }
    found
}

/// A header value, as an RFC 2047 encoded word when it is not plain ASCII.
fn header_text(value: &str) -> String {
    if value.is_ascii() {
        value.to_owned()
    } else {
        format!("=?UTF-8?B?{}?=", STANDARD.encode(value))
    }
}

/// The `Name <address>` form, with the name encoded when needed.
fn header_address(value: &str) -> String {
    match value.rsplit_once('<') {
        Some((name, address)) if !name.trim().is_empty() => {
            format!(
                "{} <{}",
                header_text(name.trim().trim_matches('"')),
                address
            )
        }
        _ => value.to_owned(),
    }
}

fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The email as an RFC 5322 message: a UTF-8 text part, and an HTML
/// alternative when there is one.
pub fn rfc5322(email: &Email, from: &str, message_id: &str, at: OffsetDateTime) -> String {
    let date = at.format(&Rfc2822).unwrap_or_default();
    let mut out = format!(
        "From: {}\r\nTo: {}\r\nSubject: {}\r\nDate: {date}\r\nMessage-ID: <{message_id}>\r\nMIME-Version: 1.0\r\n",
        header_address(from),
        header_address(&email.to),
        header_text(&email.subject),
    );
    let text_part =
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n";
    match &email.html {
        None => out.push_str(&format!("{text_part}\r\n{}\r\n", crlf(&email.text))),
        Some(html) => {
            let boundary = format!("=_{message_id}");
            out.push_str(&format!(
                "Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\n\r\n"
            ));
            out.push_str(&format!(
                "--{boundary}\r\n{text_part}\r\n{}\r\n",
                crlf(&email.text)
            ));
            out.push_str(&format!(
                "--{boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
                crlf(html)
            ));
            out.push_str(&format!("--{boundary}--\r\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_found_without_trailing_punctuation() {
        let text = "Reset: http://127.0.0.1:3000/reset?token=abc.\nOr (https://shop.example/x?a=1&b=2), not http:// alone.";
        assert_eq!(
            links(text),
            [
                "http://127.0.0.1:3000/reset?token=abc",
                "https://shop.example/x?a=1&b=2"
            ]
        );
    }

    #[test]
    fn a_recipient_is_one_bare_address_and_no_header_spans_lines() {
        let email = |to: &str, subject: &str| Email {
            to: to.into(),
            subject: subject.into(),
            text: "t".into(),
            html: None,
        };
        assert!(check(&email("ada@example.com", "Hello")).is_ok());
        for to in [
            "v1,v2<v3@b.example>",
            "Ada <ada@example.com>",
            "a@b.example;c@d.example",
            "a@b@c.example",
            "ada@example.com\r\nBcc: x@y.example",
            "no-at-sign",
            "",
        ] {
            assert!(check(&email(to, "Hello")).is_err(), "{to:?}");
        }
        assert!(check(&email("ada@example.com", "Hi\r\nBcc: x@y.example")).is_err());
    }

    #[test]
    fn unicode_headers_are_encoded() {
        assert_eq!(
            header_text("Réinitialiser"),
            "=?UTF-8?B?UsOpaW5pdGlhbGlzZXI=?="
        );
        assert_eq!(
            header_address("Maison Élise <a@b.c>"),
            "=?UTF-8?B?TWFpc29uIMOJbGlzZQ==?= <a@b.c>"
        );
        assert_eq!(header_address("a@b.c"), "a@b.c");
    }
}
