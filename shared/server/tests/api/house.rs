//! The house and its pages from the catalogue (`/api/house`, `/api/pages`),
//! and the emails that name the house the table holds, or no one.

use domain::house::House;
use domain::ports::Condition;
use domain::records::Outcome;
use serde_json::json;

use crate::helpers::{self, registration, TestShop};

#[tokio::test]
async fn the_house_and_its_pages_are_served_as_the_folder_gave_them() {
    let shop = helpers::spawn_shop().await;
    let c = shop.client();
    let house = c.get("/api/house").await;
    assert_eq!(house.status, 200);
    assert_eq!(house.body["name"], "Maison Lan Anh");
    assert_eq!(house.body["phone"]["e164"], "+842838226868");
    assert_eq!(house.body["utcOffsetMinutes"], 420);
    assert_eq!(house.body["social"]["zalo"], "https://zalo.me/842838226868");

    let pages = c.get("/api/pages").await;
    assert_eq!(pages.status, 200);
    let ids: Vec<String> = pages
        .list()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        ids,
        [
            "about",
            "made-to-order",
            "faq",
            "contact",
            "privacy",
            "terms"
        ],
        "in the site's order; the sample gives no size guide"
    );
    assert!(
        pages.list()[0].get("html").is_none(),
        "a list names pages, no bodies"
    );

    let about = c.get("/api/pages/about").await;
    assert_eq!(about.status, 200);
    assert_eq!(about.body["title"], "ABOUT MAISON LAN ANH");
    let html = about.body["html"].as_str().unwrap();
    assert!(html.contains("<h2>The Essence</h2>"), "{html}");
    assert!(
        !html.contains("about/atelier.jpg"),
        "pictures at their stored addresses: {html}"
    );

    for missing in [
        "/api/pages/size-guide",
        "/api/pages/blog",
        "/api/pages/..%2Fhouse",
    ] {
        let answer = c.get(missing).await;
        assert_eq!(answer.status, 404, "{missing}");
        assert_eq!(answer.body["message"], "Page not found.", "{missing}");
    }
}

/// Writes `house` over the one the seed imported (or removes it: `None`).
pub async fn store_house(shop: &TestShop, house: Option<House>) {
    match house {
        Some(house) => {
            let written = shop.app.table.write(&house, Condition::None).await.unwrap();
            assert_eq!(written, Outcome::Done(()));
        }
        None => {
            let stored = House::stored(shop.app.table.as_ref())
                .await
                .unwrap()
                .unwrap();
            let key = domain::records::Record::key(&stored);
            let erased = shop.app.table.erase(&key, Condition::None).await.unwrap();
            assert_eq!(erased, Outcome::Done(()));
        }
    }
}

/// Ada registers: the welcome email she receives.
async fn welcome_to_ada(shop: &helpers::TestShop) -> String {
    let registered = shop
        .client()
        .post("/api/auth/register", registration("ada@example.com"))
        .await;
    assert_eq!(registered.status, 201, "{:?}", registered.body);
    shop.outbox()
        .into_iter()
        .find(|m| m.contains("An account was created"))
        .expect("a welcome")
}

#[tokio::test]
async fn the_welcome_and_reset_emails_name_the_house_the_store_holds() {
    let shop = helpers::spawn_shop().await;
    let mut house = House::stored(shop.app.table.as_ref())
        .await
        .unwrap()
        .unwrap();
    house.name = "Atelier Opale".into();
    house.wording.greeting = "Bienvenue chez Atelier Opale".into();
    store_house(&shop, Some(house)).await;
    let welcome = welcome_to_ada(&shop).await;
    let forgot = shop
        .client()
        .post(
            "/api/auth/forgot-password",
            json!({ "email": "ada@example.com" }),
        )
        .await;
    assert!(forgot.status < 300, "{}", forgot.status);
    let outbox = shop.outbox();
    assert!(
        welcome.contains("Bienvenue chez Atelier Opale. An account was created"),
        "{welcome}"
    );
    assert!(!welcome.contains("Lan Anh"), "{welcome}");
    let reset = outbox
        .iter()
        .find(|m| m.contains("reset the password"))
        .expect("a reset email");
    assert!(
        reset.contains("the password of your Atelier Opale account"),
        "{reset}"
    );
    assert!(!reset.contains("Lan Anh"), "{reset}");
}

#[tokio::test]
async fn before_any_house_the_emails_name_no_house() {
    let shop = helpers::spawn_shop().await;
    store_house(&shop, None).await;
    let welcome = welcome_to_ada(&shop).await;
    assert!(
        welcome.contains("Welcome. An account was created"),
        "{welcome}"
    );
    assert!(!welcome.contains("Lan Anh"), "{welcome}");
}
