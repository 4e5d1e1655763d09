//! The requests inbox over the embedded table: status moves on the version
//! read, and the appointment reminder sent the day before, once, whatever
//! runs at the same time, and again after a reschedule.

mod support;

use std::sync::Arc;

use domain::ports::{Condition, Table, Write};
use domain::records::Record;
use domain::requests::{
    send_reminders, AppointmentInput, InboxError, InboxRequest, RequestInput, RequestKind, Status,
};
use domain::timestamp::Timestamp;
use serde_json::json;
use support::Outgoing;

/// 2027-01-15T08:00:00Z; the house is in UTC (no house stored).
fn now() -> Timestamp {
    Timestamp::from_unix(1_800_000_000).unwrap()
}

fn hours(n: i64) -> Timestamp {
    Timestamp::from_unix(now().unix() + n * 3600).unwrap()
}

fn audit(n: &str) -> Write {
    let serde_json::Value::Object(item) = json!({ "pk": "AUDIT#test", "sk": n }) else {
        unreachable!()
    };
    Write::Put {
        item,
        condition: Condition::None,
    }
}

async fn filed(table: &dyn Table, id: &str, user: Option<&str>) -> InboxRequest {
    let input: RequestInput = serde_json::from_value(json!({ "firstName": "Lan", "lastName": "Tran",
        "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567", "contactTime": "9-12" }))
    .unwrap();
    let request = input
        .check(RequestKind::Appointment, id, user, now())
        .unwrap();
    request.file(table).await.unwrap();
    InboxRequest::find(table, id)
        .await
        .unwrap()
        .expect("found by id")
}

async fn schedule(table: &dyn Table, request: &InboxRequest, at: &str) -> InboxRequest {
    let appointment = AppointmentInput {
        at: at.into(),
        duration_minutes: json!(60),
        place: "Salon".into(),
    }
    .check(&jiff::tz::TimeZone::UTC, "UTC", now())
    .unwrap();
    request
        .schedule(appointment, now())
        .unwrap()
        .commit(table, audit(at))
        .await
        .unwrap()
}

fn table() -> (tempfile::TempDir, Arc<dyn Table>) {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    (dir, table)
}

#[tokio::test]
async fn a_move_is_refused_when_the_request_changed_since_it_was_read() {
    let (_dir, table) = table();
    let table = table.as_ref();
    let read = filed(table, "01JD00000000000000000000R1", None).await;
    let contacted = read
        .move_to(Status::Contacted)
        .unwrap()
        .commit(table, audit("1"))
        .await
        .unwrap();
    assert_eq!(contacted.inbox.status, Status::Contacted);
    // The same stale read again: the write's version no longer holds.
    let stale = read
        .assign(Some("s1".into()))
        .unwrap()
        .commit(table, audit("2"))
        .await;
    assert!(matches!(stale, Err(InboxError::Changed)), "{stale:?}");
    let stored = InboxRequest::find(table, &read.request.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (stored.inbox.status, stored.inbox.version),
        (Status::Contacted, 1)
    );
    assert_eq!(stored.inbox.assignee, None);
}

#[tokio::test]
async fn the_reminder_goes_the_day_before_once_and_again_after_a_reschedule() {
    let (_dir, table) = table();
    let t = table.as_ref();
    let mail = Outgoing::default();
    let request = filed(t, "01JD00000000000000000000R2", Some("u1")).await;
    // The appointment is on the 17th: the 15th is two days before.
    let scheduled = schedule(t, &request, "2027-01-17T10:00").await;
    assert_eq!(scheduled.inbox.status, Status::Scheduled);
    let report = send_reminders(t, &mail, now()).await.unwrap();
    assert_eq!(report.sent, 0, "not two days before");
    assert!(mail.0.lock().unwrap().is_empty());

    // The 16th, twice at once: one email.
    let day_before = hours(20);
    let (a, b) = tokio::join!(
        send_reminders(t, &mail, day_before),
        send_reminders(t, &mail, day_before)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.sent + b.sent, 1, "{a:?} {b:?}");
    assert_eq!(send_reminders(t, &mail, hours(21)).await.unwrap().sent, 0);
    {
        let sent = mail.0.lock().unwrap();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, "lan@example.com");
        assert!(
            sent[0]
                .text
                .contains("Sunday 17 January 2027 at 10:00 (UTC)"),
            "{}",
            sent[0].text
        );
    }
    let reminded = InboxRequest::find(t, &request.request.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(reminded.reminder_sent_at(), Some(day_before));

    // Moved to the 18th: a new invitation's sequence, the reminder re-armed.
    let moved = schedule(t, &reminded, "2027-01-18T09:00").await;
    assert_eq!(moved.inbox.appointment.as_ref().unwrap().sequence, 1);
    assert_eq!(moved.reminder_sent_at(), None);
    assert_eq!(send_reminders(t, &mail, hours(21)).await.unwrap().sent, 0);
    assert_eq!(send_reminders(t, &mail, hours(44)).await.unwrap().sent, 1);
    assert_eq!(mail.0.lock().unwrap().len(), 2);
    let stored = InboxRequest::find(t, &request.request.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.reminder_sent_at(), Some(hours(44)));
    assert_eq!(
        stored.request.key().pk,
        "USER#u1",
        "a customer's request stays theirs"
    );
}
