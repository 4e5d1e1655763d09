//! The emails an order's client is sent by the house, each on the record.
//!
//! An email is an [`EmailAttempt`]: written "sending" before the mail goes
//! (in the transaction of the move that causes it, so it costs no request
//! of its own), then settled "sent" or "failed" once the mailer answered.
//! If that second write is lost, the attempt stays "sending", and the
//! timeline says its outcome is unknown: never that it failed, so the house
//! is not asked to send again an email the client may well have, and never
//! that it went.
//!
//! Stored `ORDERMAIL#<order id> / <at>#<ulid>` and indexed on GSI1 under
//! the order's audit subject (`AUDIT#order:<id>`, see
//! [`crate::atelier::audit`]): the order's page reads its staff's actions
//! and its emails in the one Query it made for the actions.

use serde::{Deserialize, Serialize};

use crate::atelier::audit;
use crate::ports::{Condition, Item, Key, Table, TableError, Update, Write, PK};
use crate::records::{decode, encode, put, Record};
use crate::timestamp::Timestamp;

use super::{audit_subject, StaffAction};

const PREFIX: &str = "ORDERMAIL#";
const STATE: &str = "state";

/// Which of the order's emails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderMail {
    /// The confirmation of the order placed (with its invoice link).
    Placed,
    /// The house confirmed the order.
    Confirmed,
    /// The order left the house: the tracking link.
    Shipped,
}

impl OrderMail {
    /// The email's name, as the house calls it.
    pub fn name(self) -> &'static str {
        match self {
            OrderMail::Placed => "order confirmation",
            OrderMail::Confirmed => "\"order confirmed\"",
            OrderMail::Shipped => "shipping (tracking link)",
        }
    }
}

/// Where an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptState {
    /// Written before the mail went; still so if its outcome was not recorded.
    Sending,
    Sent,
    Failed,
}

/// One sending of one of the order's emails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailAttempt {
    /// A ULID.
    pub id: String,
    pub order_id: String,
    pub mail: OrderMail,
    pub state: AttemptState,
    /// When it was begun.
    pub at: Timestamp,
    /// When the mailer answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_at: Option<Timestamp>,
    /// The address it went to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Why it was not sent, in the house's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// For a placed confirmation sent again because its first sending
    /// failed at checkout (the pending marker, which the resend clears):
    /// when that first sending failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_failed_at: Option<Timestamp>,
    /// The placed confirmation the order's placing sent (the checkout's,
    /// or the reconciler's when a pending payment completed); orders placed
    /// before these were recorded have none, and their timeline infers it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_placing: bool,
}

impl Record for EmailAttempt {
    fn key(&self) -> Key {
        Key::new(format!("{PREFIX}{}", self.order_id), self.sort_key())
    }
    fn index_key(&self) -> Option<Key> {
        Some(audit::subject_key(
            &audit_subject(&self.order_id),
            self.sort_key(),
        ))
    }
}

/// How an attempt ended: the address it went to, or why it did not go.
pub type Emailed = Result<String, String>;

/// The fields an attempt's outcome sets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Settled<'a> {
    state: AttemptState,
    settled_at: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<&'a str>,
}

impl EmailAttempt {
    /// An attempt about to be made.
    pub fn begin(order_id: &str, mail: OrderMail, at: Timestamp) -> Self {
        Self {
            id: ulid::Ulid::new().to_string(),
            order_id: order_id.into(),
            mail,
            state: AttemptState::Sending,
            at,
            settled_at: None,
            to: None,
            why: None,
            first_failed_at: None,
            at_placing: false,
        }
    }

    /// The placed confirmation, about to be sent as the order is placed.
    pub fn at_placing(order_id: &str, at: Timestamp) -> Self {
        Self {
            at_placing: true,
            ..Self::begin(order_id, OrderMail::Placed, at)
        }
    }

    fn sort_key(&self) -> String {
        format!("{}#{}", self.at, self.id)
    }

    /// The attempt's put, for the transaction of the move that sends it.
    pub fn put_write(&self) -> Result<Write, TableError> {
        put(self, Condition::NotExists)
    }

    /// The attempt alone, when no move's transaction writes it.
    pub async fn record(&self, table: &dyn Table) -> Result<(), TableError> {
        table.write(self, Condition::NotExists).await.map(|_| ())
    }

    /// Records the outcome, once: an attempt is settled only from
    /// "sending". A lost write leaves it "sending" (unknown), and an alarm.
    pub async fn settle(&self, table: &dyn Table, emailed: &Emailed, now: Timestamp) {
        let (state, to, why) = match emailed {
            Ok(to) => (AttemptState::Sent, Some(to.as_str()), None),
            Err(why) => (AttemptState::Failed, None, Some(why.as_str())),
        };
        let settled = Settled {
            state,
            settled_at: now,
            to,
            why,
        };
        let written = match encode(&settled) {
            Ok(set) => {
                let update = Update {
                    set,
                    condition: Condition::Equals(STATE.into(), "sending".into()),
                    ..Update::default()
                };
                table.update(&self.key(), update).await.map(|_| ())
            }
            Err(error) => Err(error),
        };
        if let Err(error) = written {
            tracing::error!(alarm = "order_email_not_recorded", order = %self.order_id, attempt = %self.id, ?state, %error, "an email's outcome was not recorded: the timeline shows it unknown");
        }
    }
}

/// What the record holds of an order besides the order itself: the staff's
/// actions (the audit log) and the emails, oldest first. One Query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OrderHistory {
    pub actions: Vec<StaffAction>,
    pub emails: Vec<EmailAttempt>,
}

impl OrderHistory {
    /// The emails whose last attempt failed, each once, oldest first.
    pub fn failed(&self) -> Vec<OrderMail> {
        let mut failed: Vec<OrderMail> = Vec::new();
        for attempt in &self.emails {
            let last = self.emails.iter().rfind(|a| a.mail == attempt.mail);
            let failed_last = last.is_some_and(|a| a.state == AttemptState::Failed);
            if failed_last && !failed.contains(&attempt.mail) {
                failed.push(attempt.mail);
            }
        }
        failed
    }
}

/// The order's history: its subject's index, split by what each item is.
pub async fn history(table: &dyn Table, order_id: &str) -> Result<OrderHistory, TableError> {
    let mut history = OrderHistory::default();
    for item in audit::subject_items(table, &audit_subject(order_id)).await? {
        if is_attempt(&item) {
            history.emails.push(decode(item)?);
        } else if audit::is_entry(&item) {
            history.actions.push(StaffAction::of(decode(item)?));
        }
    }
    Ok(history)
}

fn is_attempt(item: &Item) -> bool {
    item.get(PK)
        .and_then(|pk| pk.as_str())
        .is_some_and(|pk| pk.starts_with(PREFIX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(mail: OrderMail, state: AttemptState) -> EmailAttempt {
        EmailAttempt {
            state,
            ..EmailAttempt::begin("O1", mail, Timestamp::now())
        }
    }

    #[test]
    fn stored_under_the_order_and_indexed_under_its_audit_subject() {
        let attempt = attempt(OrderMail::Shipped, AttemptState::Sending);
        let key = attempt.key();
        assert_eq!(key.pk, "ORDERMAIL#O1");
        let index = attempt.index_key().unwrap();
        assert_eq!((index.pk.as_str(), &index.sk), ("AUDIT#order:O1", &key.sk));
    }

    #[test]
    fn an_email_is_failed_only_while_its_last_attempt_failed() {
        use AttemptState::*;
        let history = OrderHistory {
            actions: Vec::new(),
            emails: vec![
                attempt(OrderMail::Shipped, Failed),
                attempt(OrderMail::Confirmed, Failed),
                attempt(OrderMail::Shipped, Sent),
                attempt(OrderMail::Placed, Sending),
                attempt(OrderMail::Confirmed, Failed),
            ],
        };
        assert_eq!(history.failed(), vec![OrderMail::Confirmed]);
    }
}
