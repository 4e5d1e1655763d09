//! Made-to-order requests and appointments over HTTP: open to visitors,
//! step-0 messages, stored, two emails each, and "my requests".

use crate::helpers::{self, client_with_access_token, count_table_requests};
use domain::requests as rules;
use domain::requests::{Measure, MeasurementUnit, RequestKind};
use serde_json::{json, Value};
use shop_http::session::SESSION_EXPIRED;

fn contact() -> Value {
    json!({ "firstName": "Lan", "lastName": "Tran", "email": "lan@example.com", "phoneCode": "+84", "phone": "901234567",
            "contactTime": "9-12", "message": "An ao dai for my wedding", "socialMedia": "@lan" })
}

pub(crate) fn made_to_order() -> Value {
    let mut body = contact();
    body["customSizeOrder"] = json!({ "nameProduct": "Silk Gown", "measurementUnit": "cm", "height": 165, "weight": 50,
                                      "bust": "84", "waist": 64, "hips": 90, "shoulderWidth": 38, "armLength": 56,
                                      "neckCircumference": null });
    body
}

#[tokio::test]
async fn visitors_submit_requests_that_are_stored_and_mailed() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();

    let (answer, cost) =
        count_table_requests(&shop, visitor.post("/api/made-to-order", made_to_order())).await;
    assert_eq!(
        (answer.status, answer.body["message"].as_str()),
        (201, Some(rules::MADE_TO_ORDER_SUBMITTED)),
        "{:?}",
        answer.body
    );
    assert_eq!(
        cost, 5,
        "three limit counters (UpdateItem), one PutItem and the house its acknowledgement names (GetItem)"
    );
    let (booked, cost) =
        count_table_requests(&shop, visitor.post("/api/appointments", contact())).await;
    assert_eq!(
        (booked.status, booked.body["message"].as_str(), cost),
        (201, Some(rules::APPOINTMENT_BOOKED), 5)
    );

    let stored = shopctl::requests::all(&shop.app, RequestKind::MadeToOrder)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1);
    let m = stored[0].custom_size_order.clone().unwrap();
    assert_eq!(
        (
            m.name_product.as_str(),
            m.measurement_unit,
            m.height.map(Measure::value),
            m.bust.map(Measure::value),
            m.neck_circumference
        ),
        (
            "Silk Gown",
            Some(MeasurementUnit::Cm),
            Some(165.0),
            Some(84.0),
            None
        ),
        "numbers or numeric text in their unit, a field left alone not given"
    );
    assert_eq!(stored[0].user_id, None);
    let listed = shopctl::cli::run_args(&shop.app, &["appointments", "list"])
        .await
        .unwrap();
    assert!(
        listed.contains("lan@example.com") && listed.contains("visitor"),
        "{listed}"
    );

    let outbox = shop.outbox();
    assert_eq!(
        outbox.len(),
        4,
        "an acknowledgement and a house notification per request"
    );
    assert_eq!(
        outbox
            .iter()
            .filter(|m| m.contains("lan@example.com") && m.contains("stay tuned"))
            .count(),
        2
    );
    assert_eq!(
        outbox
            .iter()
            .filter(|m| m.contains("atelier@couture.invalid"))
            .count(),
        2
    );
    assert!(outbox.iter().any(|m| m.contains("Silk Gown")));
}

#[tokio::test]
async fn step_zero_rules_have_their_messages() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    for path in ["/api/made-to-order", "/api/appointments"] {
        let empty = visitor.post(path, json!({})).await;
        assert_eq!(empty.status, 400);
        let errors = &empty.body["errors"];
        assert_eq!(errors["firstName"], rules::FIRST_NAME_REQUIRED);
        assert_eq!(errors["lastName"], rules::LAST_NAME_REQUIRED);
        assert_eq!(errors["email"], rules::EMAIL_REQUIRED);
        assert_eq!(errors["phone"], rules::PHONE_REQUIRED);
        assert_eq!(errors["contactTime"], "Prefered Delivery Date is required");

        // The phone is needed only when phone and code are both empty.
        // (A valid request would be mailed and counted: each rule is seen
        // passing beside a missing first name instead.)
        let mut no_phone = contact();
        no_phone["phone"] = json!("");
        no_phone["firstName"] = json!("");
        let answer = visitor.post(path, no_phone.clone()).await;
        assert_eq!(answer.body["errors"]["phone"], serde_json::Value::Null);
        no_phone["phoneCode"] = json!("");
        assert_eq!(
            visitor.post(path, no_phone).await.body["errors"]["phone"],
            rules::PHONE_REQUIRED
        );

        let mut bad = contact();
        bad["email"] = json!("lan.example.com");
        bad["contactTime"] = json!("18-21");
        let answer = visitor.post(path, bad).await;
        assert_eq!(answer.body["errors"]["email"], rules::EMAIL_INVALID);
        assert_eq!(
            answer.body["errors"]["contactTime"],
            rules::CONTACT_TIME_INVALID
        );
        for time in ["any", "12-15", "15-18", "2026-12-24"] {
            let mut body = contact();
            body["contactTime"] = json!(time);
            body["firstName"] = json!("");
            let answer = visitor.post(path, body).await;
            assert_eq!(answer.status, 400);
            assert_eq!(
                answer.body["errors"]["contactTime"],
                serde_json::Value::Null,
                "{time}"
            );
        }
        let mut long = contact();
        long["message"] = json!("x".repeat(6000));
        assert_eq!(
            visitor.post(path, long).await.body["errors"]["message"],
            rules::TOO_LONG
        );
    }
}

#[tokio::test]
async fn customers_list_their_own_requests() {
    let shop = helpers::spawn_shop().await;
    let (lan, minh) = (
        client_with_access_token(&shop, "lan").await,
        client_with_access_token(&shop, "minh").await,
    );
    assert_eq!(
        shop.client().get("/api/made-to-order").await.body["message"],
        SESSION_EXPIRED
    );

    // Each to its own recipient: a recipient gets at most three a day.
    let to = |email: &str, mut body: Value| {
        body["email"] = json!(email);
        body
    };
    lan.post(
        "/api/made-to-order",
        to("lan1@example.com", made_to_order()),
    )
    .await;
    let mut second = to("lan2@example.com", made_to_order());
    second["customSizeOrder"]["nameProduct"] = json!("Velvet Coat");
    lan.post("/api/made-to-order", second).await;
    minh.post(
        "/api/made-to-order",
        to("minh@example.com", made_to_order()),
    )
    .await;
    shop.client()
        .post(
            "/api/made-to-order",
            to("anon@example.com", made_to_order()),
        )
        .await;
    lan.post("/api/appointments", to("lan3@example.com", contact()))
        .await;

    let (mine, cost) = count_table_requests(&shop, lan.get("/api/made-to-order")).await;
    assert_eq!(
        (mine.status, cost),
        (200, 2),
        "GET /api/made-to-order is the session GetItem and one Query"
    );
    let mine = mine.list();
    assert_eq!(mine.len(), 2);
    assert_eq!(
        mine[0]["customSizeOrder"]["nameProduct"], "Velvet Coat",
        "newest first"
    );
    assert!(mine.iter().all(|r| r["userId"] == "lan"));
    assert_eq!(minh.get("/api/made-to-order").await.list().len(), 1);
    assert_eq!(lan.get("/api/appointments").await.list().len(), 1);
    assert_eq!(
        shopctl::requests::all(&shop.app, RequestKind::MadeToOrder)
            .await
            .unwrap()
            .len(),
        4,
        "the operators see everyone's"
    );
}

#[tokio::test]
async fn the_acknowledgement_quotes_nothing_the_visitor_typed() {
    let shop = helpers::spawn_shop().await;
    let mut body = made_to_order();
    body["firstName"] = json!("Cheapwatches");
    body["message"] = json!("Visit https://spam.example/deals now");
    let answer = shop.client().post("/api/made-to-order", body).await;
    assert_eq!(answer.status, 201, "{:?}", answer.body);
    let reference = answer.body["data"]["id"].as_str().unwrap().to_string();
    let outbox = shop.outbox();
    let (ack, house): (Vec<_>, Vec<_>) = outbox
        .iter()
        .partition(|m| m.contains("lan@example.com") && !m.contains("atelier@couture.invalid"));
    assert_eq!((ack.len(), house.len()), (1, 1), "{outbox:?}");
    assert!(ack[0].contains(&reference), "the reference: {}", ack[0]);
    for typed in ["Cheapwatches", "spam.example", "Silk Gown", "901234567"] {
        assert!(!ack[0].contains(typed), "{typed} in {}", ack[0]);
    }
    assert!(house[0].contains("spam.example") && house[0].contains("Silk Gown"));
}

/// Issue 48: the unit sent with the measurements reaches the house, the
/// customer and the operators' list; a field left alone reads "not given",
/// never 0; the date the form asks for is named a delivery date.
#[tokio::test]
async fn the_measurement_unit_is_stored_mailed_and_listed_and_untouched_fields_are_not_given() {
    let shop = helpers::spawn_shop().await;
    let mut body = made_to_order();
    body["contactTime"] = json!("2027-03-15");
    body["customSizeOrder"] = json!({ "nameProduct": "Silk Gown", "measurementUnit": "in", "height": 66,
                                      "bust": "33", "waist": 25, "hips": 35, "weight": null, "armLength": "" });
    let answer = shop.client().post("/api/made-to-order", body).await;
    assert_eq!(answer.status, 201, "{:?}", answer.body);

    let sizes =
        "Measurements: height 66 in, weight not given, bust 33 in, waist 25 in, hips 35 in, \
                 shoulder width not given, arm length not given, neck not given";
    let outbox: Vec<String> = shop
        .outbox()
        .iter()
        .map(|m| m.replace("=\r\n", "").replace("=3D", "="))
        .collect();
    let (house, ack): (Vec<_>, Vec<_>) = outbox
        .iter()
        .partition(|m| m.contains("atelier@couture.invalid"));
    assert_eq!((house.len(), ack.len()), (1, 1), "{outbox:?}");
    for mail in [house[0], ack[0]] {
        assert!(
            mail.contains("Measurement unit: in (inches, weight in lb)") && mail.contains(sizes),
            "{mail}"
        );
    }
    assert!(
        house[0].contains("Preferred delivery date: 2027-03-15")
            && !house[0].contains("Preferred contact time"),
        "{}",
        house[0]
    );

    let stored = shopctl::requests::all(&shop.app, RequestKind::MadeToOrder)
        .await
        .unwrap();
    let m = stored[0].custom_size_order.clone().unwrap();
    assert_eq!(
        (m.measurement_unit, m.height.map(Measure::value), m.weight),
        (Some(MeasurementUnit::In), Some(66.0), None)
    );
    let listed = shopctl::cli::run_args(&shop.app, &["requests", "list"])
        .await
        .unwrap();
    assert!(
        listed.contains("Measurement unit: in") && listed.contains("weight not given"),
        "{listed}"
    );
}

#[tokio::test]
async fn measurements_without_a_unit_or_that_are_not_numbers_are_refused_by_field() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    let mut body = made_to_order();
    body["customSizeOrder"]["measurementUnit"] = Value::Null;
    body["customSizeOrder"]["bust"] = json!("eighty");
    let answer = visitor.post("/api/made-to-order", body).await;
    assert_eq!(answer.status, 400, "{:?}", answer.body);
    let errors = &answer.body["errors"];
    assert_eq!(
        errors["customSizeOrder.measurementUnit"],
        rules::MEASUREMENT_UNIT_REQUIRED
    );
    assert_eq!(errors["customSizeOrder.bust"], rules::MEASUREMENT_INVALID);
    assert!(
        shop.outbox().is_empty(),
        "nothing mailed for a refused request"
    );

    // The form before issue 48 sent every field, 0 when left alone, and no
    // unit: such a request, giving no measurement, is still taken.
    let mut old_form = made_to_order();
    old_form["customSizeOrder"] = json!({ "nameProduct": "Silk Gown", "height": 0, "weight": 0, "bust": 0,
        "waist": 0, "hips": 0, "shoulderWidth": 0, "armLength": 0, "neckCircumference": 0 });
    let answer = visitor.post("/api/made-to-order", old_form).await;
    assert_eq!(answer.status, 201, "{:?}", answer.body);
}

/// How many of the outbox's mails go to `to`.
fn mails_to(shop: &helpers::TestShop, to: &str) -> usize {
    let header = format!("\r\nTo: {to}\r\n").to_lowercase();
    shop.outbox()
        .iter()
        .filter(|m| m.to_lowercase().contains(&header))
        .count()
}

#[tokio::test]
async fn a_client_address_is_limited_and_a_mailbox_gets_few_acknowledgements() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    for n in 0..3 {
        let answer = visitor.post("/api/appointments", contact()).await;
        assert_eq!(answer.status, 201, "{n}: {:?}", answer.body);
    }
    let fourth = visitor.post("/api/appointments", contact()).await;
    assert_eq!(
        fourth.status, 201,
        "a fourth request naming one recipient is still taken"
    );
    assert_eq!(
        mails_to(&shop, "lan@example.com"),
        3,
        "but not acknowledged: three mails to one recipient a day"
    );
    assert_eq!(
        mails_to(&shop, "atelier@couture.invalid"),
        4,
        "the house hears of each"
    );
    let mut other = contact();
    other["email"] = json!("minh@example.com");
    assert_eq!(
        visitor
            .post("/api/appointments", other.clone())
            .await
            .status,
        201
    );
    other["email"] = json!("hoa@example.com");
    let sixth = visitor.post("/api/appointments", other).await;
    assert_eq!(
        (sixth.status, sixth.body["message"].as_str()),
        (429, Some("Too many attempts. Please try again later.")),
        "a sixth request from one address in an hour"
    );
    assert_eq!(
        mails_to(&shop, "hoa@example.com"),
        0,
        "nothing mailed for a refused request"
    );
}

/// Three requests a stranger makes naming a customer's address use up that
/// mailbox's acknowledgements; the customer's own requests still go through.
#[tokio::test]
async fn strangers_naming_a_customer_never_block_the_customers_own_requests() {
    let shop = helpers::spawn_shop().await;
    let stranger = helpers::client_at(&shop, [127, 0, 7, 1], &[]);
    for _ in 0..3 {
        assert_eq!(
            stranger
                .post("/api/made-to-order", made_to_order())
                .await
                .status,
            201
        );
    }
    let customer = helpers::client_at(&shop, [127, 0, 7, 2], &[]);
    helpers::sign_up_and_sign_in(&customer, "lan@example.com").await;
    let own = customer.post("/api/made-to-order", made_to_order()).await;
    assert_eq!(own.status, 201, "{:?}", own.body);
    let booked = customer.post("/api/appointments", contact()).await;
    assert_eq!(booked.status, 201, "{:?}", booked.body);
    let mine = customer.get("/api/made-to-order").await;
    assert_eq!(mine.list().len(), 1, "the customer's own request is kept");
}

/// The shop-wide ceiling of acknowledgements cannot close the forms: after
/// 41 addresses made 5 requests each (more than the ceiling), a new address
/// is still taken; only the acknowledgement is held back.
#[tokio::test]
async fn the_forms_stay_open_to_a_new_address_past_the_shop_wide_ceiling() {
    let shop = helpers::spawn_shop().await;
    let mut acknowledged = 0;
    for a in 0..41u8 {
        let from = helpers::client_at(&shop, [127, 0, 8, a + 1], &[]);
        for n in 0..5 {
            let mut body = contact();
            body["email"] = json!(format!("visitor{a}-{n}@example.com"));
            let answer = from.post("/api/appointments", body).await;
            assert_eq!(answer.status, 201, "{a}/{n}: {:?}", answer.body);
            acknowledged += mails_to(&shop, &format!("visitor{a}-{n}@example.com"));
        }
        let over = from.post("/api/appointments", contact()).await;
        assert_eq!(over.status, 429, "each address's own limit holds");
    }
    assert_eq!(
        acknowledged, 200,
        "the ceiling: 200 acknowledgements an hour"
    );
    let newcomer = helpers::client_at(&shop, [127, 0, 8, 200], &[]);
    let mut body = contact();
    body["email"] = json!("newcomer@example.com");
    let answer = newcomer.post("/api/appointments", body).await;
    assert_eq!(
        answer.status, 201,
        "a new address is never refused: {:?}",
        answer.body
    );
    assert_eq!(mails_to(&shop, "newcomer@example.com"), 0);
    assert_eq!(mails_to(&shop, "atelier@couture.invalid"), 206);
}

#[tokio::test]
async fn line_breaks_and_address_lists_are_refused_before_anything_is_mailed() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    let mut body = contact();
    body["firstName"] = json!("Lan\r\nBcc: victim@example.com");
    let answer = visitor.post("/api/appointments", body).await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.body["errors"]["firstName"], rules::ONE_LINE);
    let mut body = contact();
    body["email"] = json!("v1@example.com,v2<v3@b.example>");
    let answer = visitor.post("/api/appointments", body).await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.body["errors"]["email"], rules::EMAIL_INVALID);
    assert!(shop.outbox().is_empty());
}

#[tokio::test]
async fn one_mailbox_under_many_spellings_is_one_recipient() {
    let shop = helpers::spawn_shop().await;
    for (n, email) in ["lan@example.com", "Lan+a@example.com", "lan+b@Example.com"]
        .iter()
        .enumerate()
    {
        let mut body = contact();
        body["email"] = json!(email);
        let from = helpers::client_at(&shop, [127, 0, 4, n as u8 + 1], &[]);
        assert_eq!(from.post("/api/appointments", body).await.status, 201);
    }
    let mut body = contact();
    body["email"] = json!("LAN+c@example.com");
    let fourth = helpers::client_at(&shop, [127, 0, 4, 9], &[])
        .post("/api/appointments", body)
        .await;
    assert_eq!(fourth.status, 201);
    assert_eq!(
        mails_to(&shop, "LAN+c@example.com"),
        0,
        "no fourth mail to lan@example.com under a +tag, from a fourth address"
    );
}

/// A house notification that cannot be sent (here: a HOUSE_EMAIL the mailer
/// refuses) still answers 201, for the request is stored and acknowledged,
/// and logs an `alarm=` error line for the operators.
#[tokio::test]
async fn a_house_notification_that_fails_raises_an_alarm() {
    let shop = helpers::spawn_shop_with(|mut app| {
        let mut config = (*app.config).clone();
        config.house_email = "atelier@couture.invalid, spam@example.com".into();
        app.config = std::sync::Arc::new(config);
        app
    })
    .await;
    let logs = logs::capture();
    let answer = shop.client().post("/api/appointments", contact()).await;
    assert_eq!(answer.status, 201, "{:?}", answer.body);
    let reference = answer.body["data"]["id"].as_str().unwrap().to_string();
    let outbox = shop.outbox();
    assert_eq!(outbox.len(), 1, "the acknowledgement only");
    let alarms: Vec<String> = logs
        .lines()
        .into_iter()
        .filter(|l| l.contains("alarm=\"request_not_notified\""))
        .collect();
    assert_eq!(alarms.len(), 1, "{:?}", logs.lines());
    assert!(
        alarms[0].starts_with("ERROR") && alarms[0].contains(&reference),
        "{}",
        alarms[0]
    );
}

/// The events logged on the test's thread, one line each (`LEVEL name=value
/// ...`): a `#[tokio::test]` runs the shop's tasks on its one thread.
mod logs {
    use std::fmt::Debug;
    use std::sync::{Arc, Mutex};

    use tracing::field::Field;
    use tracing::span::{Attributes, Id, Record};
    use tracing::{Event, Metadata};

    pub struct Captured {
        lines: Arc<Mutex<Vec<String>>>,
        _guard: tracing::subscriber::DefaultGuard,
    }

    impl Captured {
        pub fn lines(&self) -> Vec<String> {
            self.lines.lock().unwrap().clone()
        }
    }

    pub fn capture() -> Captured {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let guard = tracing::subscriber::set_default(Lines(lines.clone()));
        Captured {
            lines,
            _guard: guard,
        }
    }

    struct Lines(Arc<Mutex<Vec<String>>>);

    impl tracing::Subscriber for Lines {
        fn enabled(&self, _: &Metadata<'_>) -> bool {
            true
        }
        fn new_span(&self, _: &Attributes<'_>) -> Id {
            Id::from_u64(1)
        }
        fn record(&self, _: &Id, _: &Record<'_>) {}
        fn record_follows_from(&self, _: &Id, _: &Id) {}
        fn event(&self, event: &Event<'_>) {
            let mut line = event.metadata().level().to_string();
            event.record(&mut |field: &Field, value: &dyn Debug| {
                line.push_str(&format!(" {}={value:?}", field.name()));
            });
            self.0.lock().unwrap().push(line);
        }
        fn enter(&self, _: &Id) {}
        fn exit(&self, _: &Id) {}
    }
}
