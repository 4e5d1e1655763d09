//! Console sessions over the embedded table: who came into the console and
//! left it is on the audit log, written with the session itself; an
//! enrolment's session adds nothing (its own entry says it).

use std::sync::Arc;

use domain::atelier::audit::of_subject;
use domain::atelier::sessions::token_hash;
use domain::atelier::{ConsoleSession, ConsoleSessions, Opening, Role, Staff, StaffMember};
use domain::ports::Table;
use domain::timestamp::Timestamp;

fn table() -> (tempfile::TempDir, Arc<dyn Table>) {
    let dir = tempfile::tempdir().unwrap();
    let table: Arc<dyn Table> =
        Arc::new(store::SqliteTable::open(&dir.path().join("shop.db")).unwrap());
    (dir, table)
}

fn at(seconds: i64) -> Timestamp {
    Timestamp::from_unix(1_800_000_000 + seconds).unwrap()
}

async fn member(table: &dyn Table) -> StaffMember {
    let member = StaffMember {
        id: "01JD0000000000000000000STF".into(),
        email: "marc@house.example".into(),
        name: "Marc".into(),
        role: Role::Staff,
        since: at(0),
    };
    Staff::of(table).add(&member).await.unwrap();
    member
}

/// The member's audit entries: action, by whom, when; oldest first.
async fn logged(table: &dyn Table, member: &StaffMember) -> Vec<(String, String, Timestamp)> {
    let subject = format!("staff:{}", member.id);
    let entries = of_subject(table, &subject).await.unwrap();
    entries
        .into_iter()
        .map(|e| (e.action, e.actor.email, e.at))
        .collect()
}

#[tokio::test]
async fn a_sign_in_and_a_sign_out_are_on_the_audit_log_by_the_member() {
    let (_dir, table) = table();
    let table = table.as_ref();
    let member = member(table).await;
    let sessions = ConsoleSessions::of(table);
    let enrolled = ConsoleSession::start(&member.id, "enrolled", at(1));
    assert!(sessions
        .open(&enrolled, &member, Opening::Enrolment)
        .await
        .unwrap());
    assert!(logged(table, &member).await.is_empty());

    let signed_in = ConsoleSession::start(&member.id, "signed-in", at(2));
    assert!(sessions
        .open(&signed_in, &member, Opening::SignIn)
        .await
        .unwrap());
    sessions
        .end(&member, &token_hash("signed-in"), at(3))
        .await
        .unwrap();
    let email = member.email.clone();
    assert_eq!(
        logged(table, &member).await,
        [
            ("staff.sign_in".into(), email.clone(), at(2)),
            ("staff.sign_out".into(), email, at(3)),
        ]
    );
    assert!(sessions
        .live(&member.id, "signed-in", at(4))
        .await
        .unwrap()
        .is_none());
}

#[tokio::test]
async fn a_removed_member_cannot_sign_in_and_nothing_is_logged() {
    let (_dir, table) = table();
    let table = table.as_ref();
    let member = member(table).await;
    let stranger = StaffMember {
        id: "01JD0000000000000000000GON".into(),
        ..member.clone()
    };
    let session = ConsoleSession::start(&stranger.id, "t", at(1));
    let opened = ConsoleSessions::of(table)
        .open(&session, &stranger, Opening::SignIn)
        .await
        .unwrap();
    assert!(!opened);
    assert!(logged(table, &stranger).await.is_empty());
}
