//! The shopping bag over HTTP: every route, every rule's message, and the
//! bad inputs of issue 4 (foreign ids, odd quantities, unknown and inactive
//! products, string and altered prices, the line cap, concurrent adds).

use crate::helpers::{
    self, client_with_access_token, count_table_requests, post_concurrently, put_product,
};
use domain::cart::{self, Bag, CartLine, LineSize};
use domain::catalog::ProductSnapshot;
use domain::pricing::Money;
use domain::timestamp::Timestamp;
use serde_json::{json, Value};

async fn shop_with_products() -> helpers::TestShop {
    let shop = helpers::spawn_shop().await;
    put_product(
        &shop,
        &helpers::test_product(
            "t-set",
            "active",
            1200.5,
            &[("Jacket", 800.0), ("Skirt", 450.25)],
        ),
    )
    .await;
    put_product(
        &shop,
        &helpers::test_product("t-plain", "active", 99.99, &[]),
    )
    .await;
    put_product(
        &shop,
        &helpers::test_product("t-off", "inactive", 10.0, &[]),
    )
    .await;
    shop
}

/// Line `i` of the plain t-shirt (its own category, so each is a new line),
/// as the domain adds it, bypassing the API's pricing.
fn plain_line(i: usize) -> CartLine {
    let now = Timestamp::now();
    let category = format!("line {i}");
    CartLine {
        id: cart::line_id("t-plain", "Black", "M", &category),
        product: ProductSnapshot {
            id: "t-plain".into(),
            slug: "test-t-plain".into(),
            name: "Test t-plain".into(),
            product_gallery: vec![],
        },
        category,
        color: "Black".into(),
        size: LineSize::chosen("M").unwrap(),
        quantity: 1,
        price: Money::from_cents(9_999),
        created_at: now,
        updated_at: now,
    }
}

fn add_body(quantity: Value) -> Value {
    json!({ "productId": "t-set", "size": "M", "color": "Ivory", "quantity": quantity, "category": "Jacket", "price": 800 })
}

#[tokio::test]
async fn visitors_are_asked_to_log_in() {
    let shop = helpers::spawn_shop().await;
    let visitor = shop.client();
    for answer in [
        visitor.get("/api/cart").await,
        visitor.post("/api/cart/add", add_body(json!(1))).await,
        visitor
            .patch(
                "/api/cart/0123456789abcdef0123456789abcdef",
                json!({ "quantity": 2 }),
            )
            .await,
        visitor
            .delete("/api/cart/remove/0123456789abcdef0123456789abcdef")
            .await,
    ] {
        assert_eq!(answer.status, 401);
        assert_eq!(answer.body["message"], cart::LOGIN_REQUIRED);
    }
}

#[tokio::test]
async fn add_again_list_change_and_remove_a_line() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;

    let (added, cost) =
        count_table_requests(&shop, lan.post("/api/cart/add", add_body(json!(2)))).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(added.body["message"], "Add to cart successfully!");
    assert_eq!(
        cost, 4,
        "the session GetItem, GetItem product + UpdateItem refused (no line yet) + transaction (line and count)"
    );
    let line = &added.body["data"];
    assert_eq!(
        line["product"],
        json!({ "id": "t-set", "slug": "test-t-set", "name": "Test t-set", "productGallery": ["/blobs/t-set.jpg"] })
    );
    assert_eq!(
        (
            line["category"].as_str(),
            line["color"].as_str(),
            line["size"].as_str()
        ),
        (Some("Jacket"), Some("Ivory"), Some("M"))
    );
    assert_eq!(
        (line["quantity"].as_u64(), line["price"].as_f64()),
        (Some(2), Some(800.0))
    );
    let id = line["id"].as_str().unwrap().to_string();

    // The same product, color, size and category (spelled differently) is the same line.
    let again = lan.post("/api/cart/add", json!({ "productId": "t-set", "size": "m", "color": "ivory", "quantity": 3, "category": "jacket" })).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(
        (
            again.body["data"]["id"].as_str(),
            again.body["data"]["quantity"].as_u64()
        ),
        (Some(id.as_str()), Some(5))
    );
    // The set and an item without parts are lines of their own, at their own prices.
    let set = lan.post("/api/cart/add", json!({ "productId": "t-set", "size": "custom", "color": "Black", "quantity": 1, "category": "Set", "price": 1200.5 })).await;
    assert_eq!(
        (
            set.status,
            set.body["data"]["price"].as_f64(),
            set.body["data"]["size"].as_str()
        ),
        (200, Some(1200.5), Some("custom"))
    );
    let plain = lan
        .post(
            "/api/cart/add",
            json!({ "productId": "t-plain", "color": "Black", "quantity": 1, "size": "" }),
        )
        .await;
    // A product without parts is not a set: its line names no category.
    assert_eq!(
        (plain.status, plain.body["data"]["category"].as_str()),
        (200, Some(""))
    );

    let (bag, cost) = count_table_requests(&shop, lan.get("/api/cart")).await;
    assert_eq!(
        (bag.status, cost),
        (200, 3),
        "GET /api/cart is the session GetItem, one Query and one BatchGet (today's prices)"
    );
    let lines = bag.list();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], id.as_str(), "lines come in the order added");
    // 5 × 800 + 1200.50 + 99.99 = 5300.49: over the threshold, shipping is free.
    assert_eq!(
        (
            bag.body["quote"]["subtotal"].as_f64(),
            bag.body["quote"]["shippingfee"].as_f64(),
            bag.body["quote"]["total"].as_f64()
        ),
        (Some(5300.49), Some(0.0), Some(5300.49))
    );
    assert!(lines.iter().all(|l| l["available"] == true));
    assert_eq!(bag.body["count"], 7);

    let (changed, cost) = count_table_requests(
        &shop,
        lan.patch(&format!("/api/cart/{id}"), json!({ "quantity": 1 })),
    )
    .await;
    assert_eq!(
        (
            changed.status,
            changed.body["data"]["quantity"].as_u64(),
            cost
        ),
        (200, Some(1), 2)
    );
    let bag = lan.get("/api/cart").await;
    assert_eq!(
        bag.body["quote"]["shippingfee"].as_f64(),
        Some(56.9),
        "2100.49 is under 2276.02: Express costs 56.90"
    );

    let (removed, cost) =
        count_table_requests(&shop, lan.delete(&format!("/api/cart/remove/{id}"))).await;
    assert_eq!((removed.status, cost), (200, 2));
    assert_eq!(lan.get("/api/cart").await.list().len(), 2);
    let gone = lan.delete(&format!("/api/cart/remove/{id}")).await;
    assert_eq!(
        (gone.status, gone.body["message"].as_str()),
        (404, Some(cart::LINE_NOT_FOUND))
    );
    let gone = lan
        .patch(&format!("/api/cart/{id}"), json!({ "quantity": 2 }))
        .await;
    assert_eq!(gone.status, 404);
}

#[tokio::test]
async fn quantities_must_be_whole_numbers_from_1_to_99() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let cases = [
        (json!(0), cart::QUANTITY_MIN),
        (json!(-1), cart::QUANTITY_MIN),
        (json!(1.5), cart::QUANTITY_WHOLE),
        (json!("2"), cart::QUANTITY_WHOLE),
        (json!(true), cart::QUANTITY_WHOLE),
        (json!([1]), cart::QUANTITY_WHOLE),
        (json!(100), cart::QUANTITY_MAX),
        (json!(1e20), cart::QUANTITY_MAX),
        (json!(18446744073709551615u64), cart::QUANTITY_MAX),
        (Value::Null, cart::QUANTITY_REQUIRED),
    ];
    for (quantity, message) in &cases {
        let answer = lan.post("/api/cart/add", add_body(quantity.clone())).await;
        assert_eq!(answer.status, 400, "{quantity}");
        assert_eq!(answer.body["errors"]["quantity"], *message, "{quantity}");
    }
    let line = lan.post("/api/cart/add", add_body(json!(1))).await.body["data"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    for (quantity, message) in &cases {
        let answer = lan
            .patch(
                &format!("/api/cart/{line}"),
                json!({ "quantity": quantity }),
            )
            .await;
        assert_eq!(
            (answer.status, answer.body["errors"]["quantity"].clone()),
            (400, json!(message)),
            "{quantity}"
        );
    }
    assert_eq!(
        lan.get("/api/cart").await.list()[0]["quantity"],
        1,
        "refused changes change nothing"
    );
    // A line never goes past 99 by adding either.
    assert_eq!(
        lan.patch(&format!("/api/cart/{line}"), json!({ "quantity": 98 }))
            .await
            .status,
        200
    );
    let over = lan.post("/api/cart/add", add_body(json!(2))).await;
    assert_eq!(
        (over.status, over.body["errors"]["quantity"].as_str()),
        (400, Some(cart::LINE_FULL))
    );
    assert_eq!(
        lan.post("/api/cart/add", add_body(json!(1))).await.body["data"]["quantity"],
        99
    );
}

#[tokio::test]
async fn the_catalogue_decides_what_can_be_added_and_at_what_price() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let add = |body: Value| lan.post("/api/cart/add", body);

    let unknown =
        add(json!({ "productId": "no-such-product", "color": "Ivory", "quantity": 1 })).await;
    assert_eq!(
        (unknown.status, unknown.body["message"].as_str()),
        (404, Some(cart::PRODUCT_UNAVAILABLE))
    );
    let inactive = add(json!({ "productId": "t-off", "color": "Ivory", "quantity": 1 })).await;
    assert_eq!(
        (inactive.status, inactive.body["message"].as_str()),
        (404, Some(cart::PRODUCT_UNAVAILABLE))
    );
    let odd_id = add(json!({ "productId": "../../etc", "color": "Ivory", "quantity": 1 })).await;
    assert_eq!(odd_id.status, 404);

    let missing = add(json!({})).await;
    assert_eq!(missing.status, 400);
    assert_eq!(missing.body["errors"]["productId"], cart::PRODUCT_REQUIRED);
    assert_eq!(missing.body["errors"]["quantity"], cart::QUANTITY_REQUIRED);

    for color in [json!(null), json!(""), json!("Red"), json!(7)] {
        let answer = add(json!({ "productId": "t-set", "color": color, "quantity": 1 })).await;
        assert_eq!(
            (answer.status, answer.body["errors"]["color"].as_str()),
            (400, Some(cart::COLOR_REQUIRED)),
            "{color}"
        );
        assert_eq!(answer.body["message"], cart::COLOR_REQUIRED);
    }
    let size =
        add(json!({ "productId": "t-set", "color": "Ivory", "quantity": 1, "size": "XXXXL" }))
            .await;
    assert_eq!(
        (size.status, size.body["errors"]["size"].as_str()),
        (400, Some(cart::SIZE_INVALID))
    );
    let category =
        add(json!({ "productId": "t-set", "color": "Ivory", "quantity": 1, "category": "Hat" }))
            .await;
    assert_eq!(
        (
            category.status,
            category.body["errors"]["category"].as_str()
        ),
        (400, Some(cart::CATEGORY_INVALID))
    );

    // Prices: a string is refused, an altered or stale one too; the catalogue's is charged.
    for price in [json!("800"), json!({ "amount": 800 }), json!(-5)] {
        let answer = add(json!({ "productId": "t-set", "color": "Ivory", "quantity": 1, "category": "Jacket", "price": price })).await;
        assert_eq!(
            (answer.status, answer.body["errors"]["price"].as_str()),
            (400, Some(cart::PRICE_NOT_NUMBER)),
            "{price}"
        );
    }
    for price in [json!(1), json!(799.99), json!(1200.5)] {
        let answer = add(json!({ "productId": "t-set", "color": "Ivory", "quantity": 1, "category": "Jacket", "price": price })).await;
        assert_eq!(
            (answer.status, answer.body["errors"]["price"].as_str()),
            (400, Some(cart::PRICE_CHANGED)),
            "{price}"
        );
    }
    assert!(
        lan.get("/api/cart").await.list().is_empty(),
        "nothing refused was added"
    );
    let skirt = add(json!({ "productId": "t-set", "color": "Ivory", "quantity": 1, "category": "Skirt", "price": 450.25 })).await;
    assert_eq!(
        (skirt.status, skirt.body["data"]["price"].as_f64()),
        (200, Some(450.25))
    );
    let unpriced =
        add(json!({ "productId": "t-set", "color": "Black", "quantity": 1, "category": "Skirt" }))
            .await;
    assert_eq!(
        unpriced.body["data"]["price"].as_f64(),
        Some(450.25),
        "no price sent: the catalogue's"
    );

    let not_json = lan
        .raw(
            reqwest::Method::POST,
            "/api/cart/add",
            "text/plain",
            b"{}".to_vec(),
        )
        .await;
    assert_eq!(not_json.status, 415);
    let broken = lan
        .raw(
            reqwest::Method::POST,
            "/api/cart/add",
            "application/json",
            b"{\"productId\":".to_vec(),
        )
        .await;
    assert_eq!(broken.status, 400);
}

#[tokio::test]
async fn another_shoppers_lines_are_not_found_and_stay_unchanged() {
    let shop = shop_with_products().await;
    let (lan, minh) = (
        client_with_access_token(&shop, "lan").await,
        client_with_access_token(&shop, "minh").await,
    );
    let line = lan.post("/api/cart/add", add_body(json!(2))).await.body["data"]["id"]
        .as_str()
        .unwrap()
        .to_string();

    assert!(minh.get("/api/cart").await.list().is_empty());
    let patch = minh
        .patch(&format!("/api/cart/{line}"), json!({ "quantity": 9 }))
        .await;
    assert_eq!(
        (patch.status, patch.body["message"].as_str()),
        (404, Some(cart::LINE_NOT_FOUND))
    );
    assert_eq!(
        minh.delete(&format!("/api/cart/remove/{line}"))
            .await
            .status,
        404
    );
    assert_eq!(
        minh.patch("/api/cart/not-a-line-id", json!({ "quantity": 1 }))
            .await
            .status,
        404
    );

    let bag = lan.get("/api/cart").await.list();
    assert_eq!((bag.len(), bag[0]["quantity"].as_u64()), (1, Some(2)));
    assert!(
        minh.get("/api/cart").await.list().is_empty(),
        "a refused change creates nothing either"
    );
}

#[tokio::test]
async fn a_bag_holds_at_most_100_lines() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    // 100 lines added through the domain, then the 101st through the API.
    let bag = Bag::of(&*shop.app.table, "lan");
    for i in 0..cart::MAX_LINES {
        let line = plain_line(i);
        let added = bag.add(&line).await.unwrap();
        assert!(matches!(added, cart::AddOutcome::Added(_)), "{i}");
    }
    let full = lan.post("/api/cart/add", add_body(json!(1))).await;
    assert_eq!(
        (full.status, full.body["message"].as_str()),
        (400, Some(cart::CART_FULL))
    );
    for _ in 0..5 {
        assert_eq!(
            lan.post("/api/cart/add", add_body(json!(1))).await.status,
            400
        );
    }
    assert_eq!(lan.get("/api/cart").await.list().len(), 100);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_adds_to_one_line_lose_no_update() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let answers = post_concurrently(&lan, 20, "/api/cart/add", add_body(json!(1))).await;
    assert!(
        answers.iter().all(|a| a.status == 200),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    let bag = lan.get("/api/cart").await.list();
    assert_eq!((bag.len(), bag[0]["quantity"].as_u64()), (1, Some(20)));

    // Near the maximum, racing adds either land or are refused, and the line never rests above 99.
    let id = bag[0]["id"].as_str().unwrap();
    assert_eq!(
        lan.patch(&format!("/api/cart/{id}"), json!({ "quantity": 90 }))
            .await
            .status,
        200
    );
    let answers = post_concurrently(&lan, 20, "/api/cart/add", add_body(json!(1))).await;
    let landed = answers.iter().filter(|a| a.status == 200).count() as u64;
    assert!(answers
        .iter()
        .all(|a| a.status == 200
            || (a.status == 400 && a.body["errors"]["quantity"] == cart::LINE_FULL)));
    let quantity = lan.get("/api/cart").await.list()[0]["quantity"]
        .as_u64()
        .unwrap();
    assert_eq!(quantity, 90 + landed);
    assert!(quantity <= 99);
}

/// The whole way a shopper takes: sign up, log in (cookies set by the auth
/// function), then fill the bag with that session.
#[tokio::test]
async fn a_registered_shopper_fills_their_bag_with_the_login_session() {
    let shop = shop_with_products().await;
    let browser = shop.client();
    let signup = json!({ "email": "hoa@example.com", "password": "Secret1!x", "confirmPassword": "Secret1!x", "title": "Ms",
                         "firstname": "Hoa", "lastname": "Le", "birthday": "1990-05-17", "isAgree": true });
    let registered = browser.post("/api/auth/register", signup).await;
    assert!(registered.status < 300, "{:?}", registered.body);
    let login = browser
        .post(
            "/api/auth/login",
            json!({ "email": "hoa@example.com", "password": "Secret1!x", "isRememberMe": false }),
        )
        .await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let added = browser.post("/api/cart/add", add_body(json!(1))).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(browser.get("/api/cart").await.list().len(), 1);
}

/// Sixteen different lines (each of the set's own sizes and custom, in two
/// colours, for its two parts) added at once to a bag of 85: exactly fifteen
/// land, the other gets the bag's cap message, and the bag holds 100.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixteen_racing_new_lines_on_85_fill_the_bag_to_exactly_100() {
    let shop = shop_with_products().await;
    let lan = client_with_access_token(&shop, "lan").await;
    let bag = Bag::of(&*shop.app.table, "lan");
    for i in 0..85 {
        let line = plain_line(i);
        assert!(matches!(
            bag.add(&line).await.unwrap(),
            cart::AddOutcome::Added(_)
        ));
    }
    let sizes = ["S", "M", "L", "custom"];
    let bodies = sizes
        .iter()
        .flat_map(|size| ["Ivory", "Black"].map(|color| (*size, color)))
        .flat_map(|(size, color)| {
            [("Jacket", 800.0), ("Skirt", 450.25)].map(|(category, price)| {
                json!({ "productId": "t-set", "size": size, "color": color, "quantity": 1, "category": category, "price": price })
            })
        });
    let tasks: Vec<_> = bodies
        .map(|body| {
            let client = helpers::Client {
                http: lan.http.clone(),
                base: lan.base.clone(),
            };
            tokio::spawn(async move { client.post("/api/cart/add", body).await })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(
        answers.iter().filter(|a| a.status == 200).count(),
        15,
        "{statuses:?}"
    );
    assert!(
        answers
            .iter()
            .all(|a| a.status == 200 || (a.status == 400 && a.body["message"] == cart::CART_FULL)),
        "{:?}",
        answers.iter().map(|a| &a.body).collect::<Vec<_>>()
    );
    assert_eq!(lan.get("/api/cart").await.list().len(), cart::MAX_LINES);
}

/// A line added after the bag was priced stays when the order takes the
/// priced lines, and stays counted: the bag still holds at most 100 lines.
#[tokio::test]
async fn a_line_added_after_pricing_still_counts_against_the_cap() {
    let shop = shop_with_products().await;
    let bag = Bag::of(&*shop.app.table, "lan");
    let priced = plain_line(0);
    bag.add(&priced).await.unwrap();
    bag.add(&plain_line(1)).await.unwrap();
    // The order takes the priced line only; line 1 came after pricing.
    shop.app
        .table
        .transact(bag.clear_writes(std::slice::from_ref(&priced)))
        .await
        .unwrap();
    let mut outcomes = Vec::new();
    for i in 2..=cart::MAX_LINES + 1 {
        outcomes.push(bag.add(&plain_line(i)).await.unwrap());
    }
    assert!(outcomes[..cart::MAX_LINES - 1]
        .iter()
        .all(|o| matches!(o, cart::AddOutcome::Added(_))));
    assert_eq!(
        outcomes.last(),
        Some(&cart::AddOutcome::BagFull),
        "the 101st line"
    );
    assert_eq!(bag.lines().await.unwrap().len(), cart::MAX_LINES);
}
