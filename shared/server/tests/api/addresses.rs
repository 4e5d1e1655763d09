//! Addresses over HTTP: the account rules and their exact messages, the
//! single default listed first, partial updates, and another shopper's ids
//! answering 404 with nothing changed.

use crate::helpers::{self, client_with_access_token, count_table_requests, post_concurrently};
use domain::address as rules;
use serde_json::{json, Value};
use shop_http::session::SESSION_EXPIRED;

fn home() -> Value {
    json!({ "title": "Home", "firstName": "Lan", "lastName": "Tran", "country": "Vietnam", "state": "Ho Chi Minh",
            "city": "District 1", "street": "1 Le Loi", "zipCode": "700000", "phone": "0901 234 567" })
}

#[tokio::test]
async fn visitors_get_the_session_message() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    for answer in [
        visitor.get("/api/addresses").await,
        visitor.post("/api/addresses", home()).await,
    ] {
        assert_eq!(
            (answer.status, answer.body["message"].as_str()),
            (401, Some(SESSION_EXPIRED))
        );
    }
}

#[tokio::test]
async fn every_rule_has_its_message() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let empty = lan.post("/api/addresses", json!({})).await;
    assert_eq!(empty.status, 400);
    let errors = &empty.body["errors"];
    assert_eq!(errors["title"], rules::TITLE_REQUIRED);
    assert_eq!(errors["firstName"], rules::FIRST_NAME_REQUIRED);
    assert_eq!(errors["lastName"], rules::LAST_NAME_REQUIRED);
    assert_eq!(errors["country"], rules::COUNTRY_REQUIRED);
    assert_eq!(errors["street"], rules::STREET_REQUIRED);
    assert_eq!(errors["zipCode"], rules::ZIP_REQUIRED);
    assert_eq!(errors["phone"], rules::PHONE_REQUIRED);
    assert_eq!(
        rules::LAST_NAME_REQUIRED,
        "Please enter your last name",
        "the spec's text, without a full stop"
    );

    for (zip, phone) in [
        ("123", "12345"),
        ("12345678901", "123456789012345678901"),
        ("70OOO", "call me maybe"),
    ] {
        let mut body = home();
        body["zipCode"] = json!(zip);
        body["phone"] = json!(phone);
        let answer = lan.post("/api/addresses", body).await;
        assert_eq!(
            answer.body["errors"]["zipCode"],
            rules::ZIP_INVALID,
            "{zip}"
        );
        assert_eq!(
            answer.body["errors"]["phone"],
            rules::PHONE_INVALID,
            "{phone}"
        );
    }
    let mut long = home();
    long["street"] = json!("x".repeat(500));
    assert_eq!(
        lan.post("/api/addresses", long).await.body["errors"]["street"],
        rules::TOO_LONG
    );
    assert!(
        lan.get("/api/addresses").await.list().is_empty(),
        "nothing refused was saved"
    );
}

#[tokio::test]
async fn one_default_at_most_listed_first() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;

    let (first, cost) = count_table_requests(&shop, lan.post("/api/addresses", home())).await;
    assert_eq!(
        (first.status, first.body["message"].as_str()),
        (201, Some(rules::CREATED))
    );
    assert_eq!(
        cost, 3,
        "the session GetItem, Query + one transaction (address and default marker)"
    );
    let first = first.body["data"].clone();
    assert_eq!(
        (first["isDefault"].as_bool(), first["phoneCode"].as_str()),
        (Some(true), Some("+84")),
        "the first address is the default"
    );

    let mut office = home();
    office["title"] = json!("Office");
    office["phoneCode"] = json!("+1");
    let (second, cost) = count_table_requests(&shop, lan.post("/api/addresses", office)).await;
    assert_eq!(
        (
            second.status,
            second.body["data"]["isDefault"].as_bool(),
            cost
        ),
        (201, Some(false), 3)
    );
    let second_id = second.body["data"]["id"].as_str().unwrap().to_string();

    let mut shop_addr = home();
    shop_addr["title"] = json!("Shop");
    shop_addr["isDefault"] = json!(true);
    let third = lan.post("/api/addresses", shop_addr).await.body["data"].clone();
    assert_eq!(third["isDefault"], true);

    let (list, cost) = count_table_requests(&shop, lan.get("/api/addresses")).await;
    assert_eq!(
        (list.status, cost),
        (200, 2),
        "GET /api/addresses is the session GetItem and one Query"
    );
    let list = list.list();
    let titles: Vec<_> = list
        .iter()
        .map(|a| {
            (
                a["title"].as_str().unwrap(),
                a["isDefault"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        titles,
        vec![("Shop", true), ("Home", false), ("Office", false)]
    );

    // "Set as default" sends only the flag; the other fields keep their values.
    let (set, cost) = count_table_requests(
        &shop,
        lan.patch(
            &format!("/api/addresses/{second_id}"),
            json!({ "isDefault": true }),
        ),
    )
    .await;
    assert_eq!(
        (set.status, set.body["message"].as_str(), cost),
        (200, Some(rules::UPDATED), 3),
        "the session GetItem, BatchGet + one transaction"
    );
    assert_eq!(
        (
            set.body["data"]["title"].as_str(),
            set.body["data"]["phoneCode"].as_str()
        ),
        (Some("Office"), Some("+1"))
    );
    let list = lan.get("/api/addresses").await.list();
    assert_eq!(list.iter().filter(|a| a["isDefault"] == true).count(), 1);
    assert_eq!(list[0]["id"], second_id.as_str());

    let (one, cost) =
        count_table_requests(&shop, lan.get(&format!("/api/addresses/{second_id}"))).await;
    assert_eq!(
        (one.status, one.body["isDefault"].as_bool(), cost),
        (200, Some(true), 2),
        "GET by id is the session GetItem and one BatchGetItem"
    );

    // An edit is checked whole, with the same messages.
    let bad = lan
        .patch(
            &format!("/api/addresses/{second_id}"),
            json!({ "zipCode": "12", "firstName": "" }),
        )
        .await;
    assert_eq!(bad.body["errors"]["zipCode"], rules::ZIP_INVALID);
    assert_eq!(bad.body["errors"]["firstName"], rules::FIRST_NAME_REQUIRED);
    let edit = lan
        .patch(
            &format!("/api/addresses/{second_id}"),
            json!({ "street": "2 Nguyen Hue", "isDefault": false }),
        )
        .await;
    assert_eq!(
        (
            edit.body["data"]["street"].as_str(),
            edit.body["data"]["isDefault"].as_bool()
        ),
        (Some("2 Nguyen Hue"), Some(false))
    );
    assert_eq!(
        lan.get("/api/addresses")
            .await
            .list()
            .iter()
            .filter(|a| a["isDefault"] == true)
            .count(),
        0,
        "no default is allowed"
    );

    let (removed, cost) = count_table_requests(
        &shop,
        lan.delete(&format!("/api/addresses/remove/{second_id}")),
    )
    .await;
    assert_eq!((removed.status, cost), (200, 2));
    assert_eq!(
        lan.get(&format!("/api/addresses/{second_id}")).await.status,
        404
    );
    assert_eq!(lan.get("/api/addresses").await.list().len(), 2);
}

#[tokio::test]
async fn another_shoppers_addresses_are_not_found_and_stay_unchanged() {
    let shop = helpers::spawn_shop().await;
    let (lan, minh) = (
        client_with_access_token(&shop, "lan").await,
        client_with_access_token(&shop, "minh").await,
    );
    let id = lan.post("/api/addresses", home()).await.body["data"]["id"]
        .as_str()
        .unwrap()
        .to_string();

    assert!(minh.get("/api/addresses").await.list().is_empty());
    for answer in [
        minh.get(&format!("/api/addresses/{id}")).await,
        minh.patch(
            &format!("/api/addresses/{id}"),
            json!({ "street": "stolen", "isDefault": true }),
        )
        .await,
        minh.delete(&format!("/api/addresses/remove/{id}")).await,
        minh.get("/api/addresses/not-an-id").await,
    ] {
        assert_eq!(
            (answer.status, answer.body["message"].as_str()),
            (404, Some(rules::NOT_FOUND))
        );
    }
    let mine = lan.get(&format!("/api/addresses/{id}")).await;
    assert_eq!(
        (
            mine.body["street"].as_str(),
            mine.body["isDefault"].as_bool()
        ),
        (Some("1 Le Loi"), Some(true))
    );
    assert!(minh.get("/api/addresses").await.list().is_empty());
}

#[tokio::test]
async fn an_account_keeps_at_most_20_addresses_even_when_adds_race() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    for _ in 0..rules::MAX_ADDRESSES - 2 {
        assert_eq!(lan.post("/api/addresses", home()).await.status, 201);
    }
    let answers = post_concurrently(&lan, 6, "/api/addresses", home()).await;
    let landed = answers.iter().filter(|a| a.status == 201).count();
    assert_eq!(landed, 2, "the count is the write's condition");
    assert!(answers
        .iter()
        .all(|a| a.status == 201 || a.body["message"] == rules::TOO_MANY));
    let list = lan.get("/api/addresses").await.list();
    assert_eq!(list.len(), rules::MAX_ADDRESSES);

    let (full, cost) = count_table_requests(&shop, lan.post("/api/addresses", home())).await;
    assert_eq!(
        (full.status, full.body["message"].as_str(), cost),
        (400, Some(rules::TOO_MANY), 3),
        "the session GetItem, Query + one refused transaction"
    );
    let id = list[3]["id"].as_str().unwrap();
    assert_eq!(
        lan.delete(&format!("/api/addresses/remove/{id}"))
            .await
            .status,
        200
    );
    assert_eq!(
        lan.post("/api/addresses", home()).await.status,
        201,
        "a removal makes room"
    );
    assert_eq!(
        lan.get("/api/addresses").await.list().len(),
        rules::MAX_ADDRESSES
    );
}

/// Thirty adds at once on an account of fifteen: exactly five land, the
/// others get the cap's message, and twenty addresses are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_racing_adds_on_fifteen_addresses_store_exactly_twenty() {
    let shop = helpers::spawn_shop().await;
    let lan = client_with_access_token(&shop, "lan").await;
    for _ in 0..15 {
        assert_eq!(lan.post("/api/addresses", home()).await.status, 201);
    }
    let answers = post_concurrently(&lan, 30, "/api/addresses", home()).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(
        answers.iter().filter(|a| a.status == 201).count(),
        5,
        "{statuses:?}"
    );
    assert!(answers
        .iter()
        .all(|a| a.status == 201 || (a.status == 400 && a.body["message"] == rules::TOO_MANY)));
    assert_eq!(
        lan.get("/api/addresses").await.list().len(),
        rules::MAX_ADDRESSES
    );
}
