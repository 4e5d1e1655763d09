//! The production mailer: SES SendEmail, a text body and an optional HTML
//! one; SendRawEmail (the MIME message the outbox writes) when the email
//! carries attachments.

use async_trait::async_trait;
use aws_sdk_ses::error::DisplayErrorContext;
use aws_sdk_ses::primitives::Blob;
use aws_sdk_ses::types::{Body, Content, Destination, Message, RawMessage};
use aws_sdk_ses::Client;
use domain::ports::{Email, Mailer, MailerError};

use crate::{message, MailError};

pub struct SesMailer {
    client: aws_env::OnFirstUse<Client>,
    from: String,
    configuration_set: Option<String>,
}

fn content(data: &str) -> Result<Content, MailerError> {
    Content::builder()
        .data(data)
        .charset("UTF-8")
        .build()
        .map_err(|e| MailerError(e.to_string()))
}

/// The recipient as SES takes it. SES has no SMTPUTF8: a domain goes in its
/// ASCII form (IDNA, punycode: `exämple.com` is `xn--exmple-cua.com`), and
/// a local part must be 7-bit ASCII already, as no encoding makes it so: such
/// an address is refused here, before any call. An ASCII domain is sent as
/// it is. `to` is one bare address ([`message::prepared`]).
pub(crate) fn ses_recipient(to: &str) -> Result<String, MailError> {
    let (local, domain) = to.rsplit_once('@').ok_or(MailError::NotOneAddress)?;
    if local.is_empty() || domain.is_empty() {
        return Err(MailError::NotOneAddress);
    }
    if !local.is_ascii() {
        return Err(MailError::NonAsciiLocalPart);
    }
    if domain.is_ascii() {
        return Ok(to.to_owned());
    }
    match idna::domain_to_ascii(domain) {
        Ok(ascii) if !ascii.is_empty() && ascii.is_ascii() => Ok(format!("{local}@{ascii}")),
        _ => Err(MailError::NoAsciiDomain),
    }
}

/// `text` with every occurrence of the ASCII `address` (in any case) put as
/// `<recipient>`: SES's refusals may quote the recipient (an unverified
/// address in the sandbox), and callers log the error.
fn without_address(text: &str, address: &str) -> String {
    let (bytes, needle) = (text.as_bytes(), address.as_bytes());
    if needle.is_empty() || !address.is_ascii() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let (mut start, mut i) = (0, 0);
    while i + needle.len() <= bytes.len() {
        // An ASCII match starts and ends on character boundaries.
        if bytes[i..i + needle.len()].eq_ignore_ascii_case(needle) {
            out.push_str(&text[start..i]);
            out.push_str("<recipient>");
            i += needle.len();
            start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[start..]);
    out
}

impl SesMailer {
    /// The process's mailer on the shared AWS configuration, its client
    /// built by the first email; `endpoint` points it at a local server.
    pub fn connect(sdk: &aws_env::SdkConfig, from: &str, endpoint: Option<&str>) -> Self {
        let sdk = aws_env::with_endpoint(sdk, endpoint);
        Self {
            client: aws_env::on_first_use(move || Client::new(&sdk)),
            from: from.to_owned(),
            configuration_set: None,
        }
    }

    /// Sends through `set` (suppression of bounced and complaining
    /// addresses, delivery metrics).
    pub fn with_configuration_set(mut self, set: Option<String>) -> Self {
        self.configuration_set = set;
        self
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The email as one MIME message (attachments included), through
    /// SendRawEmail; `to` is the recipient as SES takes it.
    async fn send_raw(&self, email: &Email, to: &str) -> Result<(), MailerError> {
        let at = time::OffsetDateTime::now_utc();
        let domain = self
            .from
            .rsplit_once('@')
            .map_or("ses", |(_, d)| d.trim_end_matches('>'));
        let message_id = format!("{}@{domain}", ulid::Ulid::new());
        let mime = message::rfc5322(email, &self.from, &message_id, at);
        let raw = RawMessage::builder()
            .data(Blob::new(mime.into_bytes()))
            .build()
            .map_err(|e| MailerError(e.to_string()))?;
        let sent = self
            .client()
            .send_raw_email()
            .source(&self.from)
            .destinations(to)
            .raw_message(raw)
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map_err(|e| MailerError(without_address(&DisplayErrorContext(&e).to_string(), to)))?;
        tracing::info!(message_id = %sent.message_id(), "email with attachments sent through SES");
        Ok(())
    }
}

#[async_trait]
impl Mailer for SesMailer {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        let mut email = message::prepared(email)?;
        let to = ses_recipient(&email.to)?;
        if !email.attachments.is_empty() {
            email.to.clone_from(&to);
            return self.send_raw(&email, &to).await;
        }
        let body = Body::builder()
            .text(content(&email.text)?)
            .set_html(email.html.as_deref().map(content).transpose()?);
        let message = Message::builder()
            .subject(content(&email.subject)?)
            .body(body.build())
            .build();
        let sent = self
            .client()
            .send_email()
            .source(&self.from)
            .destination(Destination::builder().to_addresses(&to).build())
            .message(message)
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map_err(|e| MailerError(without_address(&DisplayErrorContext(&e).to_string(), &to)))?;
        // No recipient and no subject (it may carry a name): the message id
        // finds the email in SES's own records.
        tracing::info!(message_id = %sent.message_id(), "email sent through SES");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_internationalised_domain_is_sent_in_punycode() {
        assert_eq!(
            ses_recipient("ada@exämple.com").unwrap(),
            "ada@xn--exmple-cua.com"
        );
        assert_eq!(
            ses_recipient("thu.dang@bücher.de").unwrap(),
            "thu.dang@xn--bcher-kva.de"
        );
        // Decomposed input: the same domain (IDNA maps it to NFC first).
        assert_eq!(
            ses_recipient("ada@exa\u{308}mple.com").unwrap(),
            "ada@xn--exmple-cua.com"
        );
        // ASCII, punycode included, is sent as it is.
        for to in ["Ada@Example.com", "ada@xn--exmple-cua.com"] {
            assert_eq!(ses_recipient(to).unwrap(), to);
        }
    }

    #[test]
    fn a_non_ascii_local_part_is_refused_with_its_reason() {
        for to in [
            "đặng.thu@exämple.com",
            "đặng.thu@example.com",
            "用户@例子.广告",
        ] {
            assert_eq!(ses_recipient(to), Err(MailError::NonAsciiLocalPart), "{to}");
        }
        let error = MailerError::from(MailError::NonAsciiLocalPart).to_string();
        assert!(
            error.contains("SES cannot deliver to a non-ASCII local part (no SMTPUTF8)"),
            "{error}"
        );
    }

    #[test]
    fn a_domain_without_an_ascii_form_is_refused() {
        // U+FFFD and a lone combining mark are disallowed by IDNA.
        for to in ["ada@ex\u{fffd}mple.com", "ada@\u{308}.com"] {
            assert_eq!(ses_recipient(to), Err(MailError::NoAsciiDomain), "{to}");
        }
        assert_eq!(ses_recipient("ada"), Err(MailError::NotOneAddress));
    }

    #[test]
    fn an_error_never_quotes_the_recipient() {
        let text = "MessageRejected: Email address is not verified. The following \
                    identities failed the check in region US-EAST-1: ADA@xn--exmple-cua.com, ada@xn--exmple-cua.com.";
        let redacted = without_address(text, "ada@xn--exmple-cua.com");
        assert!(!redacted.to_lowercase().contains("ada@"), "{redacted}");
        assert!(
            redacted.ends_with("US-EAST-1: <recipient>, <recipient>."),
            "{redacted}"
        );
        assert_eq!(without_address("état: ok", "ada@x.com"), "état: ok");
    }
}
