//! Replies to a client: an email from the house's address (the shop's
//! sender), signed with the house's name, kept on the request (who, when,
//! what) once it is sent.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::inbox::{Change, InboxError, InboxRequest, Status};
use crate::house::House;
use crate::ports::Email;
use crate::records::encode;
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

pub const SUBJECT_REQUIRED: &str = "Please enter a subject.";
pub const TEXT_REQUIRED: &str = "Please write your reply.";
pub const SUBJECT_TOO_LONG: &str = "Please keep the subject under 200 characters.";
pub const TEXT_TOO_LONG: &str = "Please keep the reply under 10,000 characters.";
pub const TOO_MANY_REPLIES: &str =
    "This request has had 100 replies: write to the client from your own mailbox.";

const MAX_SUBJECT: usize = 200;
const MAX_TEXT: usize = 10_000;
/// Replies are kept on the request's item, which DynamoDB caps at 400 KB.
const MAX_REPLIES: usize = 100;

/// A reply as sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RequestReply)]
pub struct Reply {
    pub at: Timestamp,
    /// The staff member's email.
    pub by: String,
    pub subject: String,
    pub text: String,
}

/// `POST /api/atelier/requests/{id}/replies`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReplyInput {
    pub subject: String,
    pub text: String,
}

/// A reply that may be sent: a one-line subject and a text, both given.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub subject: String,
    pub text: String,
}

impl ReplyInput {
    pub fn check(&self) -> Result<Draft, FieldErrors> {
        let subject = self
            .subject
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let text = self.text.trim().replace("\r\n", "\n");
        let mut errors = FieldErrors::new();
        errors.check(!subject.is_empty(), "subject", SUBJECT_REQUIRED);
        errors.check(
            subject.chars().count() <= MAX_SUBJECT,
            "subject",
            SUBJECT_TOO_LONG,
        );
        errors.check(!text.is_empty(), "text", TEXT_REQUIRED);
        errors.check(text.chars().count() <= MAX_TEXT, "text", TEXT_TOO_LONG);
        errors.into_result(Draft { subject, text })
    }
}

impl InboxRequest {
    /// The email to the client: the staff member's words, signed by the house.
    pub fn reply_email(&self, draft: &Draft, house: &House) -> Email {
        let sign_off = match house.wording.sign_off.as_str() {
            "" => house.us(),
            sign_off => sign_off,
        };
        Email {
            to: self.request.email.clone(),
            subject: draft.subject.clone(),
            text: format!(
                "{}\n\n{sign_off}\n\nYour reference: {}",
                draft.text, self.request.id
            ),
            html: None,
            attachments: Vec::new(),
        }
    }

    /// Keeps a sent reply on the request. A new request is contacted by it.
    pub fn keep_reply(&self, reply: Reply) -> Result<Change, InboxError> {
        if self.inbox.status == Status::Closed {
            return Err(InboxError::Forbidden(
                "This request is closed: it takes no more replies.".into(),
            ));
        }
        if self.inbox.replies.len() >= MAX_REPLIES {
            return Err(InboxError::Forbidden(TOO_MANY_REPLIES.into()));
        }
        let status = match self.inbox.status {
            Status::New => Status::Contacted,
            other => other,
        };
        let mut replies = self.inbox.replies.clone();
        replies.push(reply.clone());
        let set = encode(&json!({ "replies": replies, "status": status }))?;
        Ok(Change {
            action: "request.reply",
            before: json!({ "status": self.inbox.status, "replies": self.inbox.replies.len() }),
            after: json!({ "status": status, "replies": replies.len(), "subject": reply.subject, "text": reply.text }),
            writes: vec![self.inbox_write(set)],
            request: self.next(|inbox| {
                inbox.replies = replies;
                inbox.status = status;
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_needs_a_subject_and_a_text() {
        let errors = ReplyInput {
            subject: " \n ".into(),
            text: "  ".into(),
        }
        .check()
        .unwrap_err();
        assert_eq!(errors.get("subject"), Some(SUBJECT_REQUIRED));
        assert_eq!(errors.get("text"), Some(TEXT_REQUIRED));
        let draft = ReplyInput {
            subject: "Your gown\r\nBcc: x@y.example".into(),
            text: " Dear Lan,\r\nYes. ".into(),
        }
        .check()
        .unwrap();
        assert_eq!(draft.subject, "Your gown Bcc: x@y.example");
        assert_eq!(draft.text, "Dear Lan,\nYes.");
        let long = ReplyInput {
            subject: "s".repeat(201),
            text: "t".repeat(10_001),
        };
        let errors = long.check().unwrap_err();
        assert_eq!(errors.get("subject"), Some(SUBJECT_TOO_LONG));
        assert_eq!(errors.get("text"), Some(TEXT_TOO_LONG));
    }
}
