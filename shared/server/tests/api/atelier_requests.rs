//! Clients' requests in the atelier console over HTTP: the inbox and a
//! request's page (and what they cost), each action and each refusal, the
//! reply and the invitation in the outbox (its calendar file read back by
//! RFC 5545's rules), the reminder the day before sent once, and every
//! action on the audit log.

use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use domain::atelier::Role;
use domain::requests::ics;
use serde_json::{json, Value};

use crate::helpers::{self, console_client, count_table_requests, sign_up_and_sign_in, TestShop};
use crate::requests::made_to_order;

const UNKNOWN: &str = "01JD0000000000000000000000";

fn appointment_request() -> Value {
    json!({ "firstName": "Mai", "lastName": "Pham", "email": "mai@example.com", "phoneCode": "+84",
            "phone": "908765432", "contactTime": "any", "message": "A fitting, please" })
}

/// A visitor's made-to-order request and appointment booking: their ids.
async fn two_requests(shop: &TestShop) -> (String, String) {
    let visitor = shop.client();
    let made = visitor.post("/api/made-to-order", made_to_order()).await;
    let booked = visitor
        .post("/api/appointments", appointment_request())
        .await;
    assert_eq!((made.status, booked.status), (201, 201));
    let id = |a: &helpers::Answer| a.body["data"]["id"].as_str().unwrap().to_string();
    (id(&made), id(&booked))
}

/// `YYYY-MM-DDTHH:MM` in the house's zone (the sample house: Ho Chi Minh
/// City, UTC+7 all year), `days` after the shop's today, at `hour`.
fn house_time(shop: &TestShop, days: i64, hour: u8) -> String {
    let seconds = shop.app.clock.now().unix() + 7 * 3600 + days * 24 * 3600;
    let day = domain::timestamp::Timestamp::from_unix(seconds)
        .unwrap()
        .date();
    format!("{day}T{hour:02}:00")
}

/// The calendar file of the last invitation in the outbox.
fn last_invitation(shop: &TestShop) -> String {
    let mail = shop
        .outbox()
        .into_iter()
        .rev()
        .find(|m| m.contains("filename=\"invitation.ics\""))
        .expect("an invitation in the outbox");
    let part = mail
        .split("filename=\"invitation.ics\"\r\n\r\n")
        .nth(1)
        .unwrap();
    let encoded: String = part
        .split("\r\n--")
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert!(
        mail.contains("Content-Type: text/calendar; method=REQUEST; charset=utf-8"),
        "{mail}"
    );
    String::from_utf8(STANDARD.decode(encoded).unwrap()).unwrap()
}

/// RFC 5545 3.1: CRLF line ends, no line over 75 octets, continuation lines
/// starting with a space; the content lines unfolded.
fn read_calendar(ics_text: &str) -> Vec<String> {
    assert!(ics_text.ends_with("\r\n"));
    let body = ics_text.trim_end_matches("\r\n");
    for line in body.split("\r\n") {
        assert!(
            !line.contains('\n') && !line.contains('\r'),
            "bare line end: {line:?}"
        );
        assert!(line.len() <= 75, "{} octets: {line}", line.len());
    }
    let lines = ics::unfold(ics_text);
    assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
    assert_eq!(lines.iter().filter(|l| *l == "BEGIN:VEVENT").count(), 1);
    lines
}

async fn audit_actions(shop: &TestShop, id: &str) -> Vec<(String, String, Value, Value)> {
    domain::atelier::audit::of_subject(shop.app.table.as_ref(), &format!("request:{id}"))
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.action, e.actor.email, e.before, e.after))
        .collect()
}

#[tokio::test]
async fn staff_work_the_inbox_and_each_action_is_on_the_record() {
    let shop = helpers::spawn_shop().await;
    let (made, booked) = two_requests(&shop).await;
    let (staff, member) = console_client(&shop, Role::Staff).await;

    let (inbox, list_cost) = count_table_requests(&shop, staff.get("/api/atelier/requests")).await;
    assert_eq!(inbox.status, 200, "{:?}", inbox.body);
    assert_eq!(
        inbox.body["counts"],
        json!({ "new": 2, "contacted": 0, "scheduled": 0, "closed": 0 })
    );
    let ids: Vec<&str> = inbox.body["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [booked.as_str(), made.as_str()], "newest first");
    let mine = staff.get("/api/atelier/requests?kind=made_to_order").await;
    assert_eq!(mine.body["requests"].as_array().unwrap().len(), 1);
    assert_eq!(mine.body["requests"][0]["client"]["name"], "Lan Tran");

    let (page, detail_cost) =
        count_table_requests(&shop, staff.get(&format!("/api/atelier/requests/{made}"))).await;
    assert_eq!(page.status, 200, "{:?}", page.body);
    assert_eq!(page.body["status"], "new");
    assert_eq!(page.body["product"], "Silk Gown");
    assert_eq!(page.body["measurements"]["unit"], "cm");
    let values = page.body["measurements"]["values"].as_array().unwrap();
    assert_eq!(values[0], json!({ "label": "height", "value": "165" }));
    assert_eq!(values[7], json!({ "label": "neck", "value": "not given" }));
    assert_eq!(page.body["timeline"][0]["kind"], "received");
    println!("table requests: GET /api/atelier/requests {list_cost}, GET /api/atelier/requests/{{id}} {detail_cost}");
    assert!(
        list_cost <= 4,
        "two Queries, the staff list and the session: {list_cost}"
    );
    assert!(detail_cost <= 5, "{detail_cost}");

    // Unknown or malformed ids: 404.
    for path in [
        format!("/api/atelier/requests/{UNKNOWN}"),
        "/api/atelier/requests/x".into(),
    ] {
        assert_eq!(staff.get(&path).await.status, 404, "{path}");
    }
    let status = |s: &str| json!({ "status": s });
    let at = |what: &str| format!("/api/atelier/requests/{made}/{what}");
    assert_eq!(
        staff
            .post(
                &format!("/api/atelier/requests/{UNKNOWN}/status"),
                status("contacted")
            )
            .await
            .status,
        404
    );

    // Status: one step on, never back, never skipping.
    let skipped = staff.post(&at("status"), status("scheduled")).await;
    assert_eq!(skipped.status, 409, "{:?}", skipped.body);
    let contacted = staff.post(&at("status"), status("contacted")).await;
    assert_eq!(
        (contacted.status, &contacted.body["status"]),
        (200, &json!("contacted"))
    );
    let back = staff.post(&at("status"), status("new")).await;
    assert_eq!(back.status, 409);
    assert_eq!(
        back.body["message"],
        "This request is contacted: it cannot move to new."
    );

    // Assignment: a staff member, an unknown one (422), no one.
    let given = staff
        .post(&at("assign"), json!({ "staffId": member.id }))
        .await;
    assert_eq!(given.status, 200, "{:?}", given.body);
    assert_eq!(given.body["assignee"]["email"], member.email);
    let unknown = staff
        .post(&at("assign"), json!({ "staffId": "nobody" }))
        .await;
    assert_eq!(
        (unknown.status, &unknown.body["errors"]["staffId"]),
        (422, &json!("There is no such staff member."))
    );
    let mine = staff
        .get(&format!("/api/atelier/requests?assignee={}", member.id))
        .await;
    assert_eq!(mine.body["requests"][0]["id"], made);

    // A reply: refused empty (422), else emailed to the client and kept.
    let empty = staff
        .post(&at("replies"), json!({ "subject": "", "text": " " }))
        .await;
    assert_eq!(empty.status, 422);
    assert_eq!(empty.body["errors"]["text"], "Please write your reply.");
    let replied = staff
        .post(
            &at("replies"),
            json!({ "subject": "Your silk gown", "text": "Dear Lan,\nWe can make it by March." }),
        )
        .await;
    assert_eq!(replied.status, 200, "{:?}", replied.body);
    assert_eq!(replied.body["replies"][0]["by"], member.email);
    assert_eq!(replied.body["replies"][0]["subject"], "Your silk gown");
    let mail = shop.outbox().pop().unwrap();
    assert!(mail.contains("To: lan@example.com\r\n"), "{mail}");
    assert!(mail.contains("Subject: Your silk gown\r\n"));
    assert!(mail.contains("We can make it by March."));
    assert!(
        mail.contains("Maison Lan Anh"),
        "signed by the house: {mail}"
    );

    // Close; then nothing moves it back and it takes no reply.
    assert_eq!(
        staff.post(&at("status"), status("closed")).await.status,
        200
    );
    assert_eq!(
        staff.post(&at("status"), status("contacted")).await.status,
        409
    );
    let late = staff
        .post(&at("replies"), json!({ "subject": "s", "text": "t" }))
        .await;
    assert_eq!(late.status, 409);

    let actions = audit_actions(&shop, &made).await;
    let names: Vec<&str> = actions.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "request.status",
            "request.assign",
            "request.reply",
            "request.status"
        ],
        "refusals leave no entry"
    );
    assert!(actions.iter().all(|a| a.1 == member.email));
    assert_eq!(
        (&actions[0].2, &actions[0].3),
        (
            &json!({ "status": "new" }),
            &json!({ "status": "contacted" })
        )
    );
    assert_eq!(actions[1].3, json!({ "assignee": member.id }));
    let page = staff.get(&format!("/api/atelier/requests/{made}")).await;
    let timeline = page.body["timeline"].as_array().unwrap();
    assert_eq!(timeline.len(), 5, "received and four actions: {timeline:?}");
    assert_eq!(timeline[1]["text"], "Status: new → contacted");
    assert_eq!(timeline[1]["by"], member.email);
}

#[tokio::test]
async fn an_appointment_sends_an_invitation_and_a_reschedule_replaces_it() {
    let shop = helpers::spawn_shop().await;
    let (_, booked) = two_requests(&shop).await;
    let (staff, member) = console_client(&shop, Role::Staff).await;
    let path = format!("/api/atelier/requests/{booked}/appointment");

    let past = staff
        .post(
            &path,
            json!({ "at": house_time(&shop, -1, 10), "durationMinutes": 60, "place": "Salon" }),
        )
        .await;
    assert_eq!(past.status, 422);
    assert_eq!(
        past.body["errors"]["at"],
        "Please choose a date and time in the future."
    );
    let bad = staff
        .post(
            &path,
            json!({ "at": "soon", "durationMinutes": 0, "place": "" }),
        )
        .await;
    assert_eq!(bad.status, 422);
    for field in ["at", "durationMinutes", "place"] {
        assert!(
            bad.body["errors"][field].is_string(),
            "{field}: {:?}",
            bad.body
        );
    }
    assert_eq!(
        staff
            .post(
                &format!("/api/atelier/requests/{UNKNOWN}/appointment"),
                json!({ "at": house_time(&shop, 3, 10), "durationMinutes": 60, "place": "Salon" })
            )
            .await
            .status,
        404
    );

    let local = house_time(&shop, 3, 10);
    let set = staff
        .post(&path, json!({ "at": local, "durationMinutes": 90, "place": "Salon; 12 Dong Khoi, District 1" }))
        .await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    assert_eq!(set.body["status"], "scheduled");
    assert_eq!(set.body["appointment"]["local"], local);
    assert_eq!(set.body["appointment"]["timeZone"], "Asia/Ho_Chi_Minh");
    assert!(set.body["appointment"]["invitationSentAt"].is_string());
    assert!(set.body["appointment"]["reminderSentAt"].is_null());

    let lines = read_calendar(&last_invitation(&shop));
    let prop = |name| ics::property(&lines, name).unwrap_or_default();
    let start = domain::timestamp::Timestamp::parse(&format!("{local}:00+07:00")).unwrap();
    let utc = |t: domain::timestamp::Timestamp| {
        let t = t.instant();
        format!(
            "{:04}{:02}{:02}T{:02}{:02}00Z",
            t.year(),
            t.month() as u8,
            t.day(),
            t.hour(),
            t.minute()
        )
    };
    assert_eq!(prop("METHOD"), "REQUEST");
    assert_eq!(prop("UID"), format!("{booked}@127.0.0.1"));
    assert_eq!(prop("SEQUENCE"), "0");
    assert_eq!(prop("DTSTART"), utc(start));
    assert_eq!(
        prop("DTEND"),
        utc(domain::timestamp::Timestamp::from_unix(start.unix() + 90 * 60).unwrap())
    );
    assert_eq!(prop("LOCATION"), "Salon; 12 Dong Khoi, District 1");
    assert!(
        lines
            .iter()
            .any(|l| l == "LOCATION:Salon\\; 12 Dong Khoi\\, District 1"),
        "escaped on the wire"
    );
    assert_eq!(prop("ATTENDEE"), "mailto:mai@example.com");
    assert!(prop("ORGANIZER").starts_with("mailto:"));
    assert!(prop("DTSTAMP").ends_with('Z'));
    assert_eq!(prop("SUMMARY"), "Appointment with Maison Lan Anh");

    // Moved: the same event (UID), a higher SEQUENCE.
    let moved_to = house_time(&shop, 4, 15);
    let moved = staff
        .post(
            &path,
            json!({ "at": moved_to, "durationMinutes": 60, "place": "Salon" }),
        )
        .await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
    let lines = read_calendar(&last_invitation(&shop));
    assert_eq!(
        ics::property(&lines, "UID").unwrap(),
        format!("{booked}@127.0.0.1")
    );
    assert_eq!(ics::property(&lines, "SEQUENCE").unwrap(), "1");
    let mail = shop.outbox().pop().unwrap();
    assert!(mail.contains("Your appointment has moved"), "{mail}");

    let actions = audit_actions(&shop, &booked).await;
    assert_eq!(actions.len(), 2);
    assert!(actions
        .iter()
        .all(|(action, by, ..)| action == "request.appointment" && by == &member.email));
    assert_eq!(
        actions[1].2["appointment"]["local"], local,
        "before: the first time"
    );
    assert_eq!(actions[1].3["appointment"]["local"], moved_to);
}

#[tokio::test]
async fn the_reminder_goes_the_day_before_once_whatever_runs_at_once() {
    let (shop, clock) = helpers::spawn_shop_with_clock().await;
    let (_, booked) = two_requests(&shop).await;
    let (staff, _) = console_client(&shop, Role::Staff).await;
    let local = house_time(&shop, 3, 10);
    let set = staff
        .post(
            &format!("/api/atelier/requests/{booked}/appointment"),
            json!({ "at": local, "durationMinutes": 60, "place": "Salon" }),
        )
        .await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    let reminders = |shop: &TestShop| {
        shop.outbox()
            .into_iter()
            .filter(|m| m.contains("your appointment tomorrow"))
            .count()
    };
    let remind = |shop: &TestShop| {
        let app = shop.app.clone();
        async move {
            shopctl::cli::run_args(&app, &["requests", "remind"])
                .await
                .unwrap()
        }
    };

    // Three days before, then two: nothing.
    remind(&shop).await;
    clock.advance(Duration::from_secs(24 * 3600));
    remind(&shop).await;
    assert_eq!(reminders(&shop), 0, "not before the day before");

    // The day before, two runs at once (and one more after): one email.
    clock.advance(Duration::from_secs(24 * 3600));
    let runs = helpers::concurrently([remind(&shop), remind(&shop)]).await;
    remind(&shop).await;
    assert_eq!(reminders(&shop), 1, "{runs:?}");
    let mail = shop
        .outbox()
        .into_iter()
        .find(|m| m.contains("your appointment tomorrow"))
        .unwrap();
    assert!(mail.contains("To: mai@example.com\r\n"));
    // Two days on, the first session is long over: a new one reads the page.
    let (staff, _) = console_client(&shop, Role::Staff).await;
    let page = staff.get(&format!("/api/atelier/requests/{booked}")).await;
    assert!(
        page.body["appointment"]["reminderSentAt"].is_string(),
        "{:?}",
        page.body
    );
}

#[tokio::test]
async fn shoppers_and_visitors_reach_no_request_route() {
    let shop = helpers::spawn_shop().await;
    let (made, _) = two_requests(&shop).await;
    let shopper = shop.client();
    sign_up_and_sign_in(&shopper, "shopper@example.com").await;
    let visitor = shop.client();
    for c in [&shopper, &visitor] {
        let reads = [
            c.get("/api/atelier/requests").await,
            c.get(&format!("/api/atelier/requests/{made}")).await,
        ];
        let writes = [
            c.post(
                &format!("/api/atelier/requests/{made}/status"),
                json!({ "status": "contacted" }),
            )
            .await,
            c.post(
                &format!("/api/atelier/requests/{made}/assign"),
                json!({ "staffId": null }),
            )
            .await,
            c.post(
                &format!("/api/atelier/requests/{made}/replies"),
                json!({ "subject": "s", "text": "t" }),
            )
            .await,
            c.post(
                &format!("/api/atelier/requests/{made}/appointment"),
                json!({ "at": "2030-01-01T10:00", "durationMinutes": 60, "place": "x" }),
            )
            .await,
        ];
        for answer in reads.iter().chain(&writes) {
            assert_eq!(answer.status, 401, "{:?}", answer.body);
            assert_eq!(answer.body["message"], "Please sign in to the atelier.");
        }
    }
    assert!(audit_actions(&shop, &made).await.is_empty());
}
