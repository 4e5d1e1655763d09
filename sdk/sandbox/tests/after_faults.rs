//! Faults injected after the request was handled (`/__control/fail-next`
//! with `"after": true`): the charge or capture happens, the answer is
//! replaced, late or never sent, and the provider can still be asked what
//! happened (gateway transaction search by order id, PayPal order lookup).

mod common;

use std::future::IntoFuture;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use common::{app, send, Reply};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// The charge mutation as the shop's payments crate sends it.
const CHARGE: &str = "mutation ChargePaymentMethod($input: ChargePaymentMethodInput!) { chargePaymentMethod(input: $input) { transaction { id legacyId status orderId amount { value currencyCode } } } }";
const SEARCH: &str = "query Search($input: TransactionSearchInput!) { search { transactions(input: $input) { pageInfo { hasNextPage } edges { node { id legacyId status amount { value currencyCode } orderId createdAt } } } } }";

fn basic() -> String {
    format!(
        "Basic {}",
        STANDARD.encode("sandbox-public-key:sandbox-private-key")
    )
}

async fn gateway(app: &axum::Router, query: &str, variables: Value) -> Reply {
    let auth = basic();
    send(
        app,
        "POST",
        "/graphql",
        &[
            (header::AUTHORIZATION, auth.as_str()),
            (
                header::HeaderName::from_static("braintree-version"),
                "2019-01-01",
            ),
        ],
        Some(json!({ "query": query, "variables": variables })),
    )
    .await
}

fn charge_input(order_id: &str) -> Value {
    json!({ "input": { "paymentMethodId": "fake-valid-nonce",
                       "transaction": { "amount": "10.00", "orderId": order_id } } })
}

async fn fail_next(app: &axum::Router, fault: Value) -> StatusCode {
    send(app, "POST", "/__control/fail-next", &[], Some(fault))
        .await
        .status
}

/// What `GET /__control/transactions` lists for an order id.
async fn recorded(app: &axum::Router, order_id: &str) -> Vec<Value> {
    let all = send(app, "GET", "/__control/transactions", &[], None)
        .await
        .json();
    all["transactions"]
        .as_array()
        .expect("transactions")
        .iter()
        .filter(|t| t["orderId"] == order_id)
        .cloned()
        .collect()
}

/// The nodes the gateway's search answers for an order id, written inline.
async fn search_inline(app: &axum::Router, order_id: &str) -> Vec<Value> {
    let query = format!(
        r#"{{ search {{ transactions(input: {{ orderId: {{ is: "{order_id}" }} }}) {{ edges {{ node {{ id legacyId status amount {{ value currencyCode }} orderId createdAt }} }} }} }} }}"#
    );
    nodes(&gateway(app, &query, json!({})).await)
}

fn nodes(reply: &Reply) -> Vec<Value> {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let answer = reply.json();
    assert!(answer.get("errors").is_none(), "{answer}");
    answer["data"]["search"]["transactions"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .map(|e| e["node"].clone())
        .collect()
}

#[tokio::test]
async fn a_charge_whose_answer_was_replaced_is_recorded_and_found() {
    let app = app();
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "status": 502 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);

    let lost = gateway(&app, CHARGE, charge_input("ORD-AFTER-1")).await;
    assert_eq!(lost.status, StatusCode::BAD_GATEWAY);
    assert!(
        lost.text.contains("after the request was handled"),
        "{}",
        lost.text
    );
    assert!(!lost.text.contains("legacyId"), "{}", lost.text);

    let charges = recorded(&app, "ORD-AFTER-1").await;
    assert_eq!(charges.len(), 1, "{charges:?}");
    assert_eq!(charges[0]["status"], "SUBMITTED_FOR_SETTLEMENT");

    // Another order's charge goes through (the fault was used once) and is
    // not found under the first order id.
    let other = gateway(&app, CHARGE, charge_input("ORD-OTHER")).await;
    assert_eq!(
        other.json()["data"]["chargePaymentMethod"]["transaction"]["status"],
        "SUBMITTED_FOR_SETTLEMENT"
    );

    let found = search_inline(&app, "ORD-AFTER-1").await;
    assert_eq!(found.len(), 1, "{found:?}");
    let node = &found[0];
    assert_eq!(node["legacyId"], charges[0]["id"]);
    assert_eq!(node["status"], "SUBMITTED_FOR_SETTLEMENT");
    assert_eq!(node["orderId"], "ORD-AFTER-1");
    assert_eq!(
        node["amount"],
        json!({ "value": "10.00", "currencyCode": "USD" })
    );
    assert!(
        node["createdAt"]
            .as_str()
            .is_some_and(|t| t.len() == 27 && t.ends_with('Z')),
        "{node}"
    );

    // The shop reverses what it found; the search then says VOIDED.
    let reverse = "mutation Reverse($input: ReverseTransactionInput!) { reverseTransaction(input: $input) { reversal { ... on Transaction { status } } } }";
    let voided = gateway(
        &app,
        reverse,
        json!({ "input": { "transactionId": node["id"] } }),
    )
    .await;
    assert_eq!(
        voided.json()["data"]["reverseTransaction"]["reversal"]["status"],
        "VOIDED"
    );
    let input = json!({ "input": { "orderId": { "is": "ORD-AFTER-1" } } });
    let found = nodes(&gateway(&app, SEARCH, input).await);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["status"], "VOIDED");
    assert_eq!(recorded(&app, "ORD-AFTER-1").await[0]["status"], "VOIDED");

    // Nothing charged under an unknown order id.
    assert!(search_inline(&app, "ORD-NEVER").await.is_empty());
}

#[tokio::test]
async fn a_refunded_charge_shows_its_refund_in_the_search() {
    let app = app();
    let charged = gateway(&app, CHARGE, charge_input("ORD-REFUND"))
        .await
        .json();
    let id = charged["data"]["chargePaymentMethod"]["transaction"]["legacyId"].clone();
    let settle = send(
        &app,
        "POST",
        "/__control/settle",
        &[],
        Some(json!({ "transactionId": id })),
    )
    .await;
    assert_eq!(settle.status, StatusCode::OK);
    let refund = "mutation Refund($input: RefundTransactionInput!) { refundTransaction(input: $input) { refund { legacyId status } } }";
    let refunded = gateway(
        &app,
        refund,
        json!({ "input": { "transactionId": id, "refund": { "amount": "4.00" } } }),
    )
    .await
    .json();
    let refund_id = refunded["data"]["refundTransaction"]["refund"]["legacyId"].clone();

    let input = json!({ "input": { "orderId": { "is": "ORD-REFUND" }, "status": { "in": ["SETTLED", "VOIDED"] } } });
    let found = nodes(&gateway(&app, SEARCH, input).await);
    assert_eq!(found.len(), 1, "{found:?}");
    // As on the gateway, a refunded charge stays SETTLED; its refunds say
    // what went back.
    assert_eq!(found[0]["status"], "SETTLED");
    assert_eq!(found[0]["refunds"][0]["legacyId"], refund_id);
    assert_eq!(found[0]["refunds"][0]["amount"]["value"], "4.00");

    // An unsupported criterion is an error, not "everything".
    let input = json!({ "input": { "customer": { "id": { "is": "c" } } } });
    let answer = gateway(&app, SEARCH, input).await.json();
    assert_eq!(
        answer["errors"][0]["extensions"]["errorClass"], "VALIDATION",
        "{answer}"
    );
}

#[tokio::test]
async fn a_late_answer_times_the_client_out_but_the_charge_happened() {
    let app = app();
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "delayMs": 2000 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    let late = tokio::time::timeout(
        Duration::from_millis(200),
        gateway(&app, CHARGE, charge_input("ORD-LATE")),
    )
    .await;
    assert!(late.is_err(), "the answer came in time");
    assert_eq!(recorded(&app, "ORD-LATE").await.len(), 1);
    assert_eq!(
        search_inline(&app, "ORD-LATE").await[0]["status"],
        "SUBMITTED_FOR_SETTLEMENT"
    );
}

/// Sends a charge for `order_id` in-process: whether its answer's body
/// could be read (a dropped answer's cannot).
async fn charge_body_readable(app: &axum::Router, order_id: &str) -> bool {
    let body = json!({ "query": CHARGE, "variables": charge_input(order_id) });
    let req = Request::post("/graphql")
        .header(header::AUTHORIZATION, basic())
        .header("braintree-version", "2019-01-01")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let res = app.clone().oneshot(req).await.expect("response");
    res.into_body().collect().await.is_ok()
}

#[tokio::test]
async fn a_dropped_answer_reads_as_nothing_in_process() {
    let app = app();
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "drop": true });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    assert!(
        !charge_body_readable(&app, "ORD-DROP").await,
        "the body was readable"
    );
    assert_eq!(recorded(&app, "ORD-DROP").await.len(), 1);

    // Without `after`, the call never reaches the gateway: nothing charged.
    let fault = json!({ "pathPrefix": "/graphql", "drop": true });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    assert!(
        !charge_body_readable(&app, "ORD-NEVER-ARRIVED").await,
        "the body was readable"
    );
    assert!(recorded(&app, "ORD-NEVER-ARRIVED").await.is_empty());
}

#[tokio::test]
async fn a_dropped_answer_closes_the_connection_over_http() {
    let app = app();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let server = tokio::spawn(axum::serve(listener, app.clone()).into_future());
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "drop": true });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);

    let body = json!({ "query": CHARGE, "variables": charge_input("ORD-WIRE") }).to_string();
    let request = format!(
        "POST /graphql HTTP/1.1\r\nHost: {addr}\r\nAuthorization: {}\r\nBraintree-Version: 2019-01-01\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        basic(),
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .expect("the connection stayed open");
    // Closed (or reset) without a single byte of an answer.
    assert!(
        read.is_err() || answer.is_empty(),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    assert_eq!(recorded(&app, "ORD-WIRE").await.len(), 1);

    // The next call on a new connection is answered normally.
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let request = request.replace("ORD-WIRE", "ORD-WIRX");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.expect("an answer");
    assert_eq!(&head, b"HTTP/1.1 200");
    server.abort();
}

/// The shop server's bearer token for PayPal's REST API.
async fn paypal_bearer(app: &axum::Router) -> String {
    let client = format!(
        "Basic {}",
        STANDARD.encode("sandbox-client-id:sandbox-client-secret")
    );
    let req = Request::post("/paypal/v1/oauth2/token")
        .header(header::AUTHORIZATION, client)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("grant_type=client_credentials"))
        .expect("request");
    let res = app.clone().oneshot(req).await.expect("response");
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    let token: Value = serde_json::from_slice(&bytes).expect("JSON");
    format!("Bearer {}", token["access_token"].as_str().expect("token"))
}

/// A PayPal order of 25.00 EUR the buyer approved: its id.
async fn approved_order(app: &axum::Router, auth: &[(header::HeaderName, &str)]) -> String {
    let order = json!({ "intent": "CAPTURE", "purchase_units": [{ "reference_id": "ORD-PP-1", "amount": { "currency_code": "EUR", "value": "25.00" } }] });
    let created = send(app, "POST", "/paypal/v2/checkout/orders", auth, Some(order)).await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.json()["id"].as_str().expect("id").to_string();
    let approve = Some(json!({ "token": id }));
    let approved = send(app, "POST", "/paypal/approve", &[], approve).await;
    assert_eq!(approved.status, StatusCode::OK);
    id
}

#[tokio::test]
async fn a_paypal_capture_behind_a_fault_shows_in_the_order_lookup() {
    let app = app();
    let bearer = paypal_bearer(&app).await;
    let auth = [(header::AUTHORIZATION, bearer.as_str())];
    let id = approved_order(&app, &auth).await;

    let lookup = format!("/paypal/v2/checkout/orders/{id}");
    let before = send(&app, "GET", &lookup, &auth, None).await.json();
    assert_eq!(before["status"], "APPROVED");
    assert!(
        before["purchase_units"][0].get("payments").is_none(),
        "{before}"
    );

    let fault = json!({ "pathPrefix": "/paypal/v2/checkout/orders", "after": true, "status": 500 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    let lost = send(
        &app,
        "POST",
        &format!("{lookup}/capture"),
        &auth,
        Some(json!({})),
    )
    .await;
    assert_eq!(lost.status, StatusCode::INTERNAL_SERVER_ERROR);

    let after = send(&app, "GET", &lookup, &auth, None).await;
    assert_eq!(after.status, StatusCode::OK);
    let after = after.json();
    assert_eq!(after["status"], "COMPLETED");
    assert_eq!(after["purchase_units"][0]["reference_id"], "ORD-PP-1");
    let capture = &after["purchase_units"][0]["payments"]["captures"][0];
    assert_eq!(capture["status"], "COMPLETED");
    assert_eq!(
        capture["amount"],
        json!({ "currency_code": "EUR", "value": "25.00" })
    );
    let capture_id = capture["id"].as_str().expect("capture id").to_string();
    let all = send(&app, "GET", "/__control/transactions", &[], None)
        .await
        .json();
    assert!(all["captures"]
        .as_array()
        .expect("captures")
        .iter()
        .any(|c| c["id"] == capture_id.as_str()));

    // Refunding it shows in the lookup too.
    let refund = send(
        &app,
        "POST",
        &format!("/paypal/v2/payments/captures/{capture_id}/refund"),
        &auth,
        Some(json!({})),
    )
    .await;
    assert_eq!(refund.status, StatusCode::CREATED);
    let refunded = send(&app, "GET", &lookup, &auth, None).await.json();
    let payments = &refunded["purchase_units"][0]["payments"];
    assert_eq!(payments["captures"][0]["status"], "REFUNDED");
    assert_eq!(payments["refunds"][0]["id"], refund.json()["id"]);
    assert_eq!(payments["refunds"][0]["status"], "COMPLETED");
}

#[tokio::test]
async fn a_paypal_capture_is_refunded_in_part_up_to_what_was_captured() {
    let app = app();
    let bearer = paypal_bearer(&app).await;
    let auth = [(header::AUTHORIZATION, bearer.as_str())];
    let id = approved_order(&app, &auth).await;
    let lookup = format!("/paypal/v2/checkout/orders/{id}");
    let captured = send(&app, "POST", &format!("{lookup}/capture"), &auth, None).await;
    let capture_id = captured.json()["purchase_units"][0]["payments"]["captures"][0]["id"]
        .as_str()
        .expect("capture id")
        .to_string();
    let refund_path = format!("/paypal/v2/payments/captures/{capture_id}/refund");
    let refund = |value: &str, request_id: &str| {
        let body = json!({ "amount": { "value": value, "currency_code": "EUR" } });
        let request_id = request_id.to_string();
        let (app, path, bearer) = (app.clone(), refund_path.clone(), bearer.clone());
        async move {
            let headers = [
                (header::AUTHORIZATION, bearer.as_str()),
                (
                    header::HeaderName::from_static("paypal-request-id"),
                    request_id.as_str(),
                ),
            ];
            send(&app, "POST", &path, &headers, Some(body)).await
        }
    };
    let first = refund("10.00", "r-1").await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(first.json()["amount"]["value"], "10.00");
    let replayed = refund("10.00", "r-1").await;
    assert_eq!(
        replayed.json()["id"],
        first.json()["id"],
        "the first refund, again"
    );
    let order = send(&app, "GET", &lookup, &auth, None).await.json();
    let payments = &order["purchase_units"][0]["payments"];
    assert_eq!(payments["captures"][0]["status"], "PARTIALLY_REFUNDED");
    assert_eq!(payments["refunds"].as_array().expect("refunds").len(), 1);

    let above = refund("15.01", "r-2").await;
    assert_eq!(above.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        above.json()["details"][0]["issue"],
        "REFUND_AMOUNT_EXCEEDED"
    );

    // The fault injection still holds the refund's path: done, answer lost.
    let fault = json!({ "pathPrefix": "/paypal/v2/payments", "after": true, "status": 500 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    let lost = refund("15.00", "r-3").await;
    assert_eq!(lost.status, StatusCode::INTERNAL_SERVER_ERROR);
    let order = send(&app, "GET", &lookup, &auth, None).await.json();
    let payments = &order["purchase_units"][0]["payments"];
    assert_eq!(payments["captures"][0]["status"], "REFUNDED");
    let values: Vec<&Value> = payments["refunds"]
        .as_array()
        .expect("refunds")
        .iter()
        .map(|r| &r["amount"]["value"])
        .collect();
    assert_eq!(values, [&json!("10.00"), &json!("15.00")]);
    let nothing_left = refund("0.01", "r-4").await;
    assert_eq!(
        nothing_left.json()["details"][0]["issue"],
        "CAPTURE_FULLY_REFUNDED"
    );
}

#[tokio::test]
async fn after_faults_keep_times_and_path_prefix_and_refuse_nonsense() {
    let app = app();
    for bad in [
        json!({ "pathPrefix": "/graphql", "after": true }),
        json!({ "pathPrefix": "/graphql", "after": "yes", "status": 500 }),
        json!({ "pathPrefix": "/graphql", "after": true, "status": 700 }),
        json!({ "pathPrefix": "/graphql", "after": true, "drop": true, "status": 502 }),
        json!({ "pathPrefix": "/graphql", "drop": 1 }),
        json!({ "pathPrefix": "graphql", "after": true, "status": 500 }),
    ] {
        assert_eq!(
            fail_next(&app, bad.clone()).await,
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "status": 503, "times": 2 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    // Another path is untouched.
    let token = send(&app, "POST", "/gateway/client_token", &[], Some(json!({}))).await;
    assert_eq!(token.status, StatusCode::OK);
    for order in ["ORD-T1", "ORD-T2"] {
        let reply = gateway(&app, CHARGE, charge_input(order)).await;
        assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    }
    let third = gateway(&app, CHARGE, charge_input("ORD-T3")).await;
    assert_eq!(third.status, StatusCode::OK);
    for order in ["ORD-T1", "ORD-T2", "ORD-T3"] {
        assert_eq!(recorded(&app, order).await.len(), 1, "{order}");
    }
}

#[tokio::test]
async fn a_fault_with_skip_lets_the_first_matching_requests_through() {
    let app = app();
    let fault = json!({ "pathPrefix": "/graphql", "after": true, "status": 500, "skip": 1 });
    assert_eq!(fail_next(&app, fault).await, StatusCode::NO_CONTENT);
    let first = gateway(&app, CHARGE, charge_input("ORD-SKIP-1")).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let second = gateway(&app, CHARGE, charge_input("ORD-SKIP-2")).await;
    assert_eq!(
        second.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{}",
        second.text
    );
    assert_eq!(
        recorded(&app, "ORD-SKIP-2").await.len(),
        1,
        "handled, answer lost"
    );
    let third = gateway(&app, CHARGE, charge_input("ORD-SKIP-3")).await;
    assert_eq!(third.status, StatusCode::OK, "the fault was used once");
}
