//! The production mailer: SES SendEmail, a text body and an optional HTML one.

use async_trait::async_trait;
use aws_sdk_ses::error::DisplayErrorContext;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use aws_sdk_ses::Client;
use domain::ports::{Email, Mailer, MailerError};

use crate::message;

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
}

#[async_trait]
impl Mailer for SesMailer {
    async fn send(&self, email: Email) -> Result<(), MailerError> {
        let email = message::prepared(email)?;
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
            .destination(Destination::builder().to_addresses(&email.to).build())
            .message(message)
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map_err(|e| MailerError(DisplayErrorContext(&e).to_string()))?;
        tracing::info!(to = %email.to, message_id = %sent.message_id(), "email sent through SES");
        Ok(())
    }
}
