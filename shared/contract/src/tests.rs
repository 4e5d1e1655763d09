use serde_json::{json, Value};

use super::*;

const ROUTES_JSON: &str = include_str!("../../routes.json");

fn committed() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json");
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn the_committed_document_is_the_generated_one() {
    assert!(
        committed() == openapi_json(),
        "shared/openapi.json is stale: run `make openapi` and commit it"
    );
}

#[test]
fn the_committed_messages_are_the_domains() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../messages.json");
    assert!(
        std::fs::read_to_string(path).unwrap_or_default() == messages_json(),
        "shared/messages.json is stale: run `make messages` and commit it"
    );
}

#[test]
fn the_committed_rules_are_the_domains() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules.json");
    assert!(
        std::fs::read_to_string(path).unwrap_or_default() == rules_json(),
        "shared/rules.json is stale: run `make rules` and commit it"
    );
}

#[test]
fn the_document_is_openapi_3_1() {
    let document: Value = serde_json::from_str(&openapi_json()).unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"));
}

#[test]
fn every_prefix_of_the_routing_table_has_its_routes_and_every_route_a_prefix() {
    let table: Value = serde_json::from_str(ROUTES_JSON).unwrap();
    let mut prefixes = Vec::new();
    for function in table["functions"].as_array().unwrap() {
        for prefix in function["prefixes"].as_array().unwrap() {
            prefixes.push((
                prefix.as_str().unwrap().to_string(),
                function["name"].as_str().unwrap().to_string(),
            ));
        }
    }
    let under =
        |path: &str, prefix: &str| path == prefix || path.starts_with(&format!("{prefix}/"));
    let document = serde_json::to_value(openapi()).unwrap();
    let paths: Vec<&String> = document["paths"].as_object().unwrap().keys().collect();
    for (prefix, _) in &prefixes {
        assert!(
            paths.iter().any(|p| under(p, prefix)),
            "routes.json's prefix {prefix} has no route in the OpenAPI document"
        );
    }
    for op in operations() {
        let owner = prefixes.iter().find(|(prefix, _)| under(op.path, prefix));
        assert_eq!(
            owner.map(|(_, name)| name.as_str()),
            Some(op.function),
            "{} is not under a prefix of its function in routes.json",
            op.path
        );
    }
}

#[test]
fn every_operation_is_listed_once() {
    let mut seen = std::collections::HashSet::new();
    for op in operations() {
        assert!(
            seen.insert((op.method, op.path)),
            "{} listed twice",
            op.path
        );
    }
}

#[test]
fn a_literal_segment_wins_over_a_parameter() {
    let path = |method, path| operation_for(method, path).map(|op| op.path);
    assert_eq!(
        path("GET", "/api/products/search?q=x"),
        Some("/api/products/search")
    );
    assert_eq!(
        path("GET", "/api/products/01ABC"),
        Some("/api/products/{id}")
    );
    assert_eq!(
        path("GET", "/api/runways/featured"),
        Some("/api/runways/featured")
    );
    assert_eq!(
        path("delete", "/api/cart/remove/ab"),
        Some("/api/cart/remove/{id}")
    );
    assert_eq!(path("PATCH", "/api/cart/ab"), Some("/api/cart/{id}"));
    assert_eq!(path("GET", "/api/products/"), None);
    assert_eq!(path("PUT", "/api/products"), None);
}

fn product() -> Value {
    json!({
        "id": "01J0000000000000000000PROD", "sku": "CH-001", "name": "Gown",
        "description": "Silk.", "categories": ["dresses"], "collection": "01J0COLL",
        "collectionName": "Spring", "slug": "gown", "size": ["S", "M"], "color": ["red"],
        "price": 800.0, "tag": [], "status": "active", "productGallery": ["a.jpg"],
        "items": [{ "name": "Veil", "price": 50.0 }], "createdAt": "2024-01-01T00:00:00.000000Z"
    })
}

fn line() -> Value {
    json!({
        "id": "0123456789abcdef0123456789abcdef",
        "product": { "id": "01J0000000000000000000PROD", "slug": "gown", "name": "Gown", "productGallery": ["a.jpg"] },
        "category": "dresses", "color": "red", "size": "S", "quantity": 2, "price": 56.9,
        "createdAt": "2024-01-01T00:00:00.000000Z", "updatedAt": "2024-01-01T00:00:00.000000Z"
    })
}

fn priced_line() -> Value {
    let mut line = line();
    line["available"] = json!(true);
    line
}

#[test]
fn valid_bodies_pass() {
    check("GET", "/api/products", 200, &json!({ "data": [product()] })).unwrap();
    check(
        "GET",
        "/api/products/01J0000000000000000000PROD",
        200,
        &product(),
    )
    .unwrap();
    check(
        "GET",
        "/api/cart",
        200,
        &json!({ "data": [priced_line()], "count": 2,
                 "quote": { "subtotal": 113.8, "shippingfee": 56.9, "tax": 0.0, "total": 170.7 } }),
    )
    .unwrap();
    check(
        "POST",
        "/api/cart/add",
        200,
        &json!({ "message": "Add to cart successfully!", "data": line() }),
    )
    .unwrap();
    check(
        "POST",
        "/api/cart/add",
        400,
        &json!({ "message": "Please check the highlighted fields.", "code": "validation", "errors": { "quantity": "Too many." } }),
    )
    .unwrap();
    check(
        "GET",
        "/api/cart",
        401,
        &json!({ "message": "Please log in.", "code": "unauthorized" }),
    )
    .unwrap();
    check(
        "POST",
        "/api/orders/customer-confirm-fe/x",
        409,
        &json!({ "success": false, "message": "This order cannot be confirmed.", "code": "conflict" }),
    )
    .unwrap();
    check(
        "GET",
        "/api/auth/me",
        200,
        &json!({ "id": "u", "email": "a@b.co", "name": "A B", "firstname": "A", "lastname": "B", "title": null, "birthday": null }),
    )
    .unwrap();
    check(
        "POST",
        "/api/auth/logout",
        200,
        &json!({ "message": "Logged out successfully.", "redirect": null }),
    )
    .unwrap();
    let mut collection = json!({ "id": "c", "slug": "s", "name": "n", "description": "d", "banner": [], "status": "active" });
    collection["products"] = json!([product()]);
    check("GET", "/api/collections/c", 200, &collection).unwrap();
    check("GET", "/api/auth/google", 302, &Value::Null).unwrap();
}

#[test]
fn invalid_bodies_fail_and_say_where() {
    let mut priced_as_text = product();
    priced_as_text["price"] = json!("800.00");
    let err = check("GET", "/api/products/p", 200, &priced_as_text).unwrap_err();
    assert!(err.contains("/price"), "{err}");

    let err = check("GET", "/api/products", 200, &json!([product()])).unwrap_err();
    assert!(err.contains("does not match"), "{err}");

    let mut no_total =
        json!({ "data": [line()], "count": 2, "subtotal": 113.8, "shippingfee": 56.9 });
    let err = check("GET", "/api/cart", 200, &no_total).unwrap_err();
    assert!(err.contains("total"), "{err}");
    no_total["total"] = json!(170.7);
    no_total["data"][0]["quantity"] = json!(-1);
    assert!(check("GET", "/api/cart", 200, &no_total).is_err());

    let err = check(
        "GET",
        "/api/cart",
        401,
        &json!({ "message": "Please log in." }),
    )
    .unwrap_err();
    assert!(err.contains("code"), "{err}");
    let err = check(
        "GET",
        "/api/cart",
        401,
        &json!({ "message": "Please log in.", "code": "not_logged_in" }),
    )
    .unwrap_err();
    assert!(
        err.contains("/code"),
        "a code ErrorCode does not list: {err}"
    );

    let mut order = json!({ "id": "o", "number": "#0000-0001", "status": "shipped", "createdAt": "t", "updatedAt": "t",
        "subtotal": 1.0, "shippingfee": 0.0, "total": 1.0, "items": [],
        "shippingAddress": { "title": "", "firstName": "Lan", "lastName": "Tran", "street": "s",
            "city": "c", "state": "", "country": "VN", "zipCode": "70000", "phoneCode": "+84", "phone": "0901234567" },
        "payment": { "provider": "card", "reference": "t1", "amount": 1.0, "status": "SETTLED",
            "method": { "kind": "card", "cardType": "VISA", "last4": "1111" } } });
    assert!(check(
        "GET",
        "/api/orders/me",
        200,
        &json!({ "data": { "data": [order] } })
    )
    .is_err());
    order["status"] = json!("delivered");
    check(
        "GET",
        "/api/orders/me",
        200,
        &json!({ "data": { "data": [order] } }),
    )
    .unwrap();
}

#[test]
fn unknown_routes_and_undocumented_statuses_fail() {
    let err = check("GET", "/api/nowhere", 200, &json!({})).unwrap_err();
    assert!(err.contains("not a route"), "{err}");
    let err = check("GET", "/api/products", 418, &json!({})).unwrap_err();
    assert!(err.contains("418"), "{err}");
    assert!(check(
        "GET",
        "/api/products",
        401,
        &json!({ "message": "m", "code": "c" })
    )
    .is_err());
}

/// The document's successes are read from the handlers' return types: a
/// saved address is answered with `isDefault` because `AddressView` has it,
/// and a payment's three statuses are `payment::Settlement`'s.
#[test]
fn each_route_documents_what_its_handler_answers() {
    let address = json!({ "id": "01JD0000000000000000000000", "title": "Ms", "firstName": "Lan",
        "lastName": "Tran", "street": "1 Le Loi", "city": "", "state": "", "country": "VN",
        "zipCode": "70000", "phoneCode": "+84", "phone": "0901234567",
        "createdAt": "2025-01-01T00:00:00.000000Z", "updatedAt": "2025-01-01T00:00:00.000000Z" });
    let err = check("GET", "/api/addresses", 200, &json!({ "data": [address] })).unwrap_err();
    assert!(err.contains("isDefault"), "{err}");
    let mut view = address.clone();
    view["isDefault"] = json!(true);
    let saved = json!({ "message": "Address created successfully!", "data": view });
    check("POST", "/api/addresses", 201, &saved).unwrap();

    let checkout = operation_for("POST", "/api/payment/checkout").unwrap();
    for status in [200, 201, 202] {
        assert!(checkout.responses.contains_key(&status), "{status}");
    }
    let refresh = operation_for("POST", "/api/auth/refresh").unwrap();
    assert!(matches!(
        refresh.responses.get(&200),
        Some((_, Body::Json(_)))
    ));
}

/// The PayPal limit's number lives in the payment function; the contract's
/// prose says it, and this keeps the two the same.
#[test]
fn the_paypal_limit_in_the_prose_is_the_functions() {
    let limit = payment::PAYPAL_ORDERS;
    assert_eq!(limit.window, 3600, "the prose says \"an hour\"");
    let create = operations()
        .into_iter()
        .find(|op| op.path == "/api/payment/paypal/create-order")
        .expect("the route");
    let said = format!("At most {} per shopper an hour", limit.max);
    assert!(create.summary.contains(&said), "{}", create.summary);
}
