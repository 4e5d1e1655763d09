//! The UnionPay endpoints through the router: capabilities, enrollment and
//! the enrolled card tokenization, each test number's status.

mod common;

use axum::http::StatusCode;
use common::{app, API, KEY};
use serde_json::{json, Value};

async fn call(
    app: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let reply = common::send(app, method, uri, &[], body).await;
    (reply.status, reply.json())
}

async fn capabilities(app: &axum::Router, number: &str) -> (StatusCode, Value) {
    let uri = format!("{API}/payment_methods/credit_cards/capabilities?tokenizationKey={KEY}&creditCard%5Bnumber%5D={number}");
    call(app, "GET", &uri, None).await
}

async fn enroll(app: &axum::Router, number: &str) -> (StatusCode, Value) {
    let body = json!({ "tokenizationKey": KEY, "unionPayEnrollment": { "number": number, "mobileCountryCode": "62", "mobileNumber": "11111111111" } });
    call(
        app,
        "POST",
        &format!("{API}/union_pay_enrollments"),
        Some(body),
    )
    .await
}

async fn tokenize(
    app: &axum::Router,
    number: &str,
    id: &Value,
    sms: Option<&str>,
) -> (StatusCode, Value) {
    let body = json!({ "tokenizationKey": KEY, "creditCard": {
        "number": number, "expirationDate": "12/30",
        "options": { "unionPayEnrollment": { "id": id, "smsCode": sms } }
    } });
    call(
        app,
        "POST",
        &format!("{API}/payment_methods/credit_cards"),
        Some(body),
    )
    .await
}

#[tokio::test]
async fn capabilities_by_number() {
    let app = app();
    let (status, body) = capabilities(&app, "6221261111117766").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["isUnionPay"], true);
    assert_eq!(
        capabilities(&app, "4111111111111111").await.1["isUnionPay"],
        false
    );
    assert_eq!(
        capabilities(&app, "6221261111114037").await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        capabilities(&app, "6221261111115000").await.0,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    assert_eq!(
        capabilities(&app, "12").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn enrollment_then_tokenization_with_the_sms_code() {
    let app = app();
    let (status, enrolled) = enroll(&app, "6221261111117766").await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(enrolled["smsCodeRequired"], true);
    let id = &enrolled["unionPayEnrollmentId"];
    assert_eq!(
        tokenize(&app, "6221261111117766", id, None).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        tokenize(&app, "6221261111117766", id, Some("000000"))
            .await
            .0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        tokenize(&app, "6221261111110001", id, Some("1")).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, card) = tokenize(&app, "6221261111117766", id, Some("12345")).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(card["creditCards"][0]["details"]["cardType"], "UnionPay");
}

#[tokio::test]
async fn enrollment_statuses_and_no_sms_number() {
    let app = app();
    let (_, enrolled) = enroll(&app, "6221261111110001").await;
    assert_eq!(enrolled["smsCodeRequired"], false);
    let id = &enrolled["unionPayEnrollmentId"];
    assert_eq!(
        tokenize(&app, "6221261111110001", id, None).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        enroll(&app, "6221261111114037").await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        enroll(&app, "6221261111114227").await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        enroll(&app, "6221261111115000").await.0,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    assert_eq!(
        tokenize(&app, "6221261111115000", id, Some("1")).await.0,
        StatusCode::INTERNAL_SERVER_ERROR
    );
}
