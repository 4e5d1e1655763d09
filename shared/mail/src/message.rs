//! What both mailers make of an email (one recipient, a one-line subject), and the RFC 5322 form the outbox writes.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::ports::{Attachment, Email, MailerError};
use time::format_description::well_known::Rfc2822;
use time::OffsetDateTime;

use crate::MailError;

/// The email as both mailers send it: the recipient must be one bare
/// address (never a list or a display name, which a mailer would happily
/// split into several), else the email is refused; the subject is made one
/// line (each run of control characters becomes a space), so whatever a
/// caller puts in it can neither add a header nor cost the email.
///
/// An internationalised address (`đặng.thu@exämple.com`) is one address
/// too: any character but spaces, controls and the separators. What each
/// transport makes of it is its own (SES: [`crate::SesMailer`]).
pub fn prepared(mut email: Email) -> Result<Email, MailerError> {
    let address_char = |c: char| {
        if c.is_ascii() {
            c.is_ascii_graphic() && !",;<>\"()[]\\:".contains(c)
        } else {
            // Nor Unicode's spaces and line breaks (NBSP, NEL, U+2028, U+2029).
            !c.is_control() && !c.is_whitespace()
        }
    };
    let one_address = |to: &str| {
        to.matches('@').count() == 1
            && !to.starts_with('@')
            && !to.ends_with('@')
            && to.chars().all(address_char)
    };
    if !one_address(&email.to) {
        // The error names no address: callers log it.
        return Err(MailError::NotOneAddress.into());
    }
    email.subject = one_line(&email.subject);
    Ok(email)
}

/// `text` on one line: each run of control characters (line breaks, tabs,
/// NEL) or Unicode line and paragraph separators becomes one space.
fn one_line(text: &str) -> String {
    let breaks = |c: char| c.is_control() || c == '\u{2028}' || c == '\u{2029}';
    text.split(breaks)
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
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

/// A header value: as it is when it is short printable ASCII, else as RFC
/// 2047 encoded words of at most 75 characters, one per folded line, so no
/// value can end the header or make a line longer than a mail server takes.
fn header_text(value: &str) -> String {
    let plain = value.len() <= MAX_PLAIN_HEADER && value.bytes().all(|b| (0x20..0x7f).contains(&b));
    if plain {
        return value.to_owned();
    }
    encoded_chunks(value)
        .iter()
        .map(|chunk| format!("=?UTF-8?B?{}?=", STANDARD.encode(chunk)))
        .collect::<Vec<_>>()
        .join("\r\n ")
}

/// The longest header value written as is (RFC 5322 allows 998 per line).
const MAX_PLAIN_HEADER: usize = 900;
/// 45 bytes encode to 60 characters: an encoded word of 72.
const ENCODED_CHUNK: usize = 45;

/// `value` cut into pieces of at most [`ENCODED_CHUNK`] bytes, never inside
/// a character (RFC 2047 wants each encoded word to decode on its own).
fn encoded_chunks(value: &str) -> Vec<&str> {
    let mut chunks = Vec::new();
    let mut rest = value;
    while !rest.is_empty() {
        let mut end = rest.len().min(ENCODED_CHUNK);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (chunk, tail) = rest.split_at(end);
        chunks.push(chunk);
        rest = tail;
    }
    chunks
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
/// alternative when there is one; with attachments, that body and then each
/// file (base64) as the parts of a multipart/mixed message (RFC 2046).
///
/// An internationalised recipient is written as it is, in UTF-8: RFC 2047
/// forbids encoded words inside an address, and RFC 6532 (internationalised
/// headers, what SMTPUTF8 carries) allows UTF-8 there, which mail clients
/// open. Its domain stays in Unicode, as the developer reading the outbox
/// typed it. [`prepared`] let no line break or separator into it.
pub fn rfc5322(email: &Email, from: &str, message_id: &str, at: OffsetDateTime) -> String {
    let date = at.format(&Rfc2822).unwrap_or_default();
    let mut out = format!(
        "From: {}\r\nTo: {}\r\nSubject: {}\r\nDate: {date}\r\nMessage-ID: <{message_id}>\r\nMIME-Version: 1.0\r\n",
        header_address(from),
        header_address(&email.to),
        header_text(&email.subject),
    );
    if email.attachments.is_empty() {
        out.push_str(&body(email, message_id));
        return out;
    }
    let boundary = format!("=_mixed_{message_id}");
    out.push_str(&format!(
        "Content-Type: multipart/mixed; boundary=\"{boundary}\"\r\n\r\n"
    ));
    out.push_str(&format!("--{boundary}\r\n{}", body(email, message_id)));
    for attachment in &email.attachments {
        out.push_str(&format!("--{boundary}\r\n{}", attachment_part(attachment)));
    }
    out.push_str(&format!("--{boundary}--\r\n"));
    out
}

/// The body's headers and content: the text, or the text and its HTML
/// alternative.
fn body(email: &Email, message_id: &str) -> String {
    let text_part =
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n";
    let Some(html) = &email.html else {
        return format!("{text_part}\r\n{}\r\n", crlf(&email.text));
    };
    let boundary = format!("=_{message_id}");
    format!(
        "Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\n\r\n\
         --{boundary}\r\n{text_part}\r\n{}\r\n\
         --{boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n\
         --{boundary}--\r\n",
        crlf(&email.text),
        crlf(html)
    )
}

/// A file as a MIME part: base64 in lines of 76 (RFC 2045), its name
/// quoted, its type as the caller gave it (made one line).
fn attachment_part(attachment: &Attachment) -> String {
    let name = one_line(&attachment.filename).replace(['"', '\\'], "_");
    let encoded = STANDARD.encode(&attachment.bytes);
    let lines: Vec<&str> = encoded
        .as_bytes()
        .chunks(76)
        .map(|line| std::str::from_utf8(line).unwrap_or_default())
        .collect();
    format!(
        "Content-Type: {}; name=\"{name}\"\r\nContent-Transfer-Encoding: base64\r\n\
         Content-Disposition: attachment; filename=\"{name}\"\r\n\r\n{}\r\n",
        one_line(&attachment.content_type),
        lines.join("\r\n")
    )
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

    fn email(to: &str, subject: &str) -> Email {
        Email {
            to: to.into(),
            subject: subject.into(),
            text: "t".into(),
            html: None,
            attachments: Vec::new(),
        }
    }

    #[test]
    fn a_recipient_is_one_bare_address() {
        assert!(prepared(email("ada@example.com", "Hello")).is_ok());
        for to in [
            "v1,v2<v3@b.example>",
            "Ada <ada@example.com>",
            "a@b.example;c@d.example",
            "a@b@c.example",
            "ada@example.com\r\nBcc: x@y.example",
            "no-at-sign",
            "",
        ] {
            assert!(prepared(email(to, "Hello")).is_err(), "{to:?}");
        }
    }

    #[test]
    fn a_subject_with_line_breaks_is_sent_on_one_line_and_adds_no_header() {
        let subject = "New request from Lan\r\nBcc: x@y.example\n\tTran\u{2028}Nguyen";
        let email = prepared(email("ada@example.com", subject)).unwrap();
        assert_eq!(
            email.subject,
            "New request from Lan Bcc: x@y.example Tran Nguyen"
        );
        let at = OffsetDateTime::UNIX_EPOCH;
        let eml = rfc5322(&email, "Shop <shop@example.com>", "1@outbox", at);
        let headers = eml.split("\r\n\r\n").next().unwrap();
        assert!(headers.lines().all(|l| !l.starts_with("Bcc")), "{headers}");
    }

    #[test]
    fn long_and_unicode_subjects_are_folded_encoded_words() {
        let subject = "Yêu cầu mới từ ".repeat(40);
        let encoded = header_text(&subject);
        let lines: Vec<&str> = encoded.split("\r\n").collect();
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.len() <= 76), "{encoded}");
        assert!(lines[1..].iter().all(|l| l.starts_with(' ')));
        let decoded: Vec<u8> = lines
            .iter()
            .flat_map(|l| {
                let word = l
                    .trim()
                    .trim_start_matches("=?UTF-8?B?")
                    .trim_end_matches("?=");
                STANDARD.decode(word).unwrap()
            })
            .collect();
        assert_eq!(String::from_utf8(decoded).unwrap(), subject);
        let long_ascii = "x".repeat(2000);
        assert!(header_text(&long_ascii)
            .split("\r\n")
            .all(|l| l.len() <= 76));
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

    #[test]
    fn an_internationalised_address_is_one_address_and_names_none_when_refused() {
        for to in [
            "đặng.thu@exämple.com",
            "ada@xn--exmple-cua.com",
            "用户@例子.广告",
        ] {
            assert_eq!(prepared(email(to, "Hello")).unwrap().to, to);
        }
        for to in [
            "đặng thu@exämple.com",
            "đặng\u{a0}thu@exämple.com",
            "đặng\u{85}Bcc: x@y.example",
            "đặng\u{2028}thu@exämple.com",
            "thu@exämple.com\u{2029}",
            "đặng@thu@exämple.com",
        ] {
            let error = prepared(email(to, "Hello")).unwrap_err().to_string();
            assert!(
                error.contains("not one bare email address"),
                "{to:?}: {error}"
            );
            assert!(!error.contains("thu") && !error.contains('@'), "{error}");
        }
    }

    #[test]
    fn an_internationalised_recipient_is_written_in_utf8_on_its_own_line() {
        let email = prepared(email("đặng.thu@exämple.com", "Xin chào")).unwrap();
        let eml = rfc5322(
            &email,
            "Shop <shop@example.com>",
            "1@outbox",
            OffsetDateTime::UNIX_EPOCH,
        );
        let headers = eml.split("\r\n\r\n").next().unwrap();
        assert!(
            headers.contains("\r\nTo: đặng.thu@exämple.com\r\n"),
            "{headers}"
        );
        assert!(headers.lines().all(|l| l.len() <= 998));
        assert!(headers.contains("Subject: =?UTF-8?B?"), "{headers}");
    }

    #[test]
    fn attachments_make_a_multipart_mixed_message_with_base64_parts() {
        let mut email = email("ada@example.com", "Your appointment");
        email.html = Some("<p>t</p>".into());
        let bytes: Vec<u8> = (0..200u8).collect();
        email.attachments = vec![Attachment {
            filename: "invitation.ics".into(),
            content_type: "text/calendar; method=REQUEST; charset=utf-8".into(),
            bytes: bytes.clone(),
        }];
        let eml = rfc5322(
            &email,
            "Shop <shop@example.com>",
            "1@outbox",
            OffsetDateTime::UNIX_EPOCH,
        );
        assert!(eml.contains("Content-Type: multipart/mixed; boundary=\"=_mixed_1@outbox\"\r\n"));
        let parts: Vec<&str> = eml.split("--=_mixed_1@outbox").collect();
        assert_eq!(parts.len(), 4, "preamble, body, file, end: {eml}");
        assert!(parts[1].contains("multipart/alternative") && parts[1].contains("<p>t</p>"));
        let (headers, content) = parts[2].split_once("\r\n\r\n").unwrap();
        assert!(headers.contains("Content-Type: text/calendar; method=REQUEST; charset=utf-8; name=\"invitation.ics\""), "{headers}");
        assert!(headers.contains("Content-Disposition: attachment; filename=\"invitation.ics\""));
        assert!(content.lines().all(|l| l.trim_end().len() <= 76));
        let decoded = STANDARD
            .decode(content.split_whitespace().collect::<String>())
            .unwrap();
        assert_eq!(decoded, bytes);
        assert_eq!(parts[3], "--\r\n");
        assert!(eml.lines().all(|l| l.len() <= 998));
    }
}
