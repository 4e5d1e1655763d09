//! Venmo: the payment contexts the SDK creates, updates and polls over
//! GraphQL (the legacy QR-code mutations and the current ones, spec section
//! 7), and stand-ins for what the customer does on Venmo's side.
//!
//! - `GET /venmo/braintree/checkout` and `/venmo/go/checkout` stand in for the
//!   Venmo app's deep link, `/venmo/go/web` for web login: Approve, Cancel and
//!   Error buttons move the context (`resource_id`, or `|pcid:` in the legacy
//!   access token) and return the way the app does, to `x-success`,
//!   `x-cancel` or `x-error` (the app's page navigates the window that
//!   opened it; web login its own popup). With `NOOP` return URLs (manual
//!   return) it only tells the customer to go back.
//! - `GET /venmo/go/purchase` stands in for what the customer's phone opens
//!   from the desktop QR code (`resource_id`): the same buttons; with no
//!   return URL, the desktop page learns the outcome by polling.
//! - `POST /venmo/authorize` `{"id", "status"}`: what those buttons call.
//! - `POST /__control/venmo` `{"status", "id"?}`: the customer's phone (a
//!   QR scan, an approval) for tests; without an id the newest context.
//!   `GET /__control/venmo[?id=]`: the newest (or that) context with the
//!   input it was created with.
//!
//! Contexts live 300 s. An APPROVED context carries a minted nonce
//! (`tokenvenmo_…`), the username `venmojoe` and, for the current mutation,
//! the payer (addresses when the paysheet collected them). A
//! `paymentMethodUsage` other than SINGLE_USE or MULTI_USE is a validation
//! error.

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::state::{Shared, MERCHANT_ID};

/// How long a payment context lives.
pub const LIFETIME_SECS: u64 = 300;
pub const USERNAME: &str = "venmojoe";
const STATUSES: [&str; 6] = [
    "CREATED", "SCANNED", "APPROVED", "CANCELED", "EXPIRED", "FAILED",
];

pub fn router() -> Router<Shared> {
    Router::new()
        .route("/venmo/braintree/checkout", get(app_page))
        .route("/venmo/go/checkout", get(app_page))
        .route("/venmo/go/web", get(app_page))
        .route("/venmo/go/purchase", get(app_page))
        .route("/venmo/app.js", get(app_js))
        .route("/venmo/authorize", post(authorize))
        .route("/__control/venmo", post(control).get(newest))
}

/// `2026-01-02T03:04:05Z` for seconds since the epoch.
pub fn iso8601(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn gql_error(message: &str) -> Response {
    Json(json!({ "data": null, "errors": [{ "message": message,
        "extensions": { "errorClass": "VALIDATION", "errorType": "user_error" } }] }))
    .into_response()
}

/// The Venmo GraphQL operations, or None for another operation.
pub fn graphql(shared: &Shared, query: &str, body: &Value) -> Option<Response> {
    let input = body
        .pointer("/variables/input")
        .cloned()
        .unwrap_or(Value::Null);
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let legacy = query.contains("createVenmoQRCodePaymentContext");
    if legacy || query.contains("createVenmoPaymentContext") {
        if !legacy
            && !matches!(
                text(&input, "paymentMethodUsage").as_str(),
                "SINGLE_USE" | "MULTI_USE"
            )
        {
            return Some(gql_error(
                "paymentMethodUsage must be SINGLE_USE or MULTI_USE",
            ));
        }
        let now = now_secs();
        let ctx = json!({
            "id": shared.id("venmo_ctx_"),
            "merchantId": format!("venmo-{MERCHANT_ID}"),
            "createdAt": iso8601(now),
            "expiresAt": iso8601(now + LIFETIME_SECS),
            "status": "CREATED",
            "legacy": legacy,
            "input": input,
        });
        let answer = json!({ "id": ctx["id"], "merchantId": ctx["merchantId"],
            "createdAt": ctx["createdAt"], "expiresAt": ctx["expiresAt"] });
        shared.lock().venmo.push(ctx);
        let (field, inner) = if legacy {
            (
                "createVenmoQRCodePaymentContext",
                "venmoQRCodePaymentContext",
            )
        } else {
            ("createVenmoPaymentContext", "venmoPaymentContext")
        };
        return Some(
            Json(json!({ "data": { field: { "clientMutationId": null, inner: answer } } }))
                .into_response(),
        );
    }
    let update = if query.contains("updateVenmoQRCodePaymentContext") {
        Some("updateVenmoQRCodePaymentContext")
    } else if query.contains("updateVenmoPaymentContextStatus") {
        Some("updateVenmoPaymentContextStatus")
    } else {
        None
    };
    if let Some(field) = update {
        return Some(
            match set_status(shared, &text(&input, "id"), &text(&input, "status")) {
                Some(_) => {
                    Json(json!({ "data": { field: { "clientMutationId": null } } })).into_response()
                }
                None => gql_error("Unknown payment context or status"),
            },
        );
    }
    if query.contains("on VenmoPaymentContext") || query.contains("on VenmoQRCodePaymentContext") {
        let id = body
            .pointer("/variables/id")
            .and_then(Value::as_str)
            .unwrap_or("");
        let node = find(shared, id).map(|c| {
            json!({ "status": c["status"], "paymentMethodId": c["paymentMethodId"],
                "userName": c["userName"], "payerInfo": c["payerInfo"] })
        });
        return Some(Json(json!({ "data": { "node": node } })).into_response());
    }
    None
}

fn find(shared: &Shared, id: &str) -> Option<Value> {
    shared.lock().venmo.iter().find(|c| c["id"] == id).cloned()
}

/// Moves a context (the newest for an empty id) to `status`; APPROVED mints
/// its nonce and payer. None for an unknown context or status.
pub fn set_status(shared: &Shared, id: &str, status: &str) -> Option<Value> {
    if !STATUSES.contains(&status) {
        return None;
    }
    let nonce = shared.id("tokenvenmo_");
    let mut inner = shared.lock();
    let ctx = if id.is_empty() {
        inner.venmo.last_mut()?
    } else {
        inner.venmo.iter_mut().find(|c| c["id"] == id)?
    };
    ctx["status"] = json!(status);
    if status == "APPROVED" {
        ctx["paymentMethodId"] = json!(nonce);
        ctx["userName"] = json!(USERNAME);
        if ctx["legacy"] == false {
            ctx["payerInfo"] = payer(&ctx["input"]);
        }
    }
    Some(ctx.clone())
}

/// The payer of an approved context; addresses when the paysheet collected them.
fn payer(input: &Value) -> Value {
    let address = json!({ "fullName": "Joe Venmo", "addressLine1": "1 Main St", "addressLine2": null,
        "adminArea1": "CA", "adminArea2": "San Francisco", "postalCode": "94105", "countryCode": "US" });
    let collect = |k: &str| input.pointer(&format!("/paysheetDetails/{k}")) == Some(&json!(true));
    json!({
        "firstName": "Joe", "lastName": "Venmo", "phoneNumber": "5555555555",
        "email": "venmojoe@example.com", "externalId": "venmo-external-01", "userName": USERNAME,
        "billingAddress": if collect("collectCustomerBillingAddress") { address.clone() } else { Value::Null },
        "shippingAddress": if collect("collectCustomerShippingAddress") { address } else { Value::Null },
    })
}

async fn app_page() -> Response {
    Html(include_str!("../../static/venmo.html")).into_response()
}

async fn app_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../static/venmo.js"),
    )
        .into_response()
}

/// The stand-in pages' buttons. Without a context (the legacy app switch
/// creates none) an approval only mints a nonce.
async fn authorize(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let id = body.get("id").and_then(Value::as_str).unwrap_or("");
    let status = body.get("status").and_then(Value::as_str).unwrap_or("");
    if id.is_empty() {
        let nonce = shared.id("tokenvenmo_");
        return Json(json!({ "status": status, "paymentMethodId": nonce, "userName": USERNAME }))
            .into_response();
    }
    match set_status(&shared, id, status) {
        Some(ctx) => Json(ctx).into_response(),
        None => super::error(axum::http::StatusCode::NOT_FOUND, "Unknown payment context"),
    }
}

async fn control(State(shared): State<Shared>, Json(body): Json<Value>) -> Response {
    let id = body.get("id").and_then(Value::as_str).unwrap_or("");
    let status = body.get("status").and_then(Value::as_str).unwrap_or("");
    match set_status(&shared, id, status) {
        Some(ctx) => Json(ctx).into_response(),
        None => super::error(
            axum::http::StatusCode::BAD_REQUEST,
            "give a known status (and id)",
        ),
    }
}

/// The newest context, or `?id=`'s.
async fn newest(
    State(shared): State<Shared>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let ctx = match q.get("id") {
        Some(id) => find(&shared, id),
        None => shared.lock().venmo.last().cloned(),
    };
    Json(ctx.unwrap_or(Value::Null)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SandboxConfig;

    fn shared() -> Shared {
        Shared::new(SandboxConfig {
            public_url: "http://127.0.0.1:1/sandbox".into(),
            assets_url: "http://127.0.0.1:1".into(),
        })
    }

    fn body(r: Response) -> Value {
        let bytes = futures_body(r);
        serde_json::from_slice(&bytes).unwrap()
    }

    fn futures_body(r: Response) -> Vec<u8> {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(async {
                use http_body_util::BodyExt;
                r.into_body().collect().await.unwrap().to_bytes().to_vec()
            })
    }

    #[test]
    fn iso_dates() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(iso8601(951_782_400), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn contexts_are_created_polled_and_approved() {
        let s = shared();
        let create = "mutation CreateVenmoPaymentContext { createVenmoPaymentContext }";
        let r = body(
            graphql(
                &s,
                create,
                &json!({ "variables": { "input": { "paymentMethodUsage": "SINGLE_USE",
                "paysheetDetails": { "collectCustomerShippingAddress": true } } } }),
            )
            .unwrap(),
        );
        let ctx = &r["data"]["createVenmoPaymentContext"]["venmoPaymentContext"];
        let id = ctx["id"].as_str().unwrap().to_string();
        assert!(ctx["expiresAt"].as_str().unwrap() > ctx["createdAt"].as_str().unwrap());
        let status = "query { node(id: $id) { ... on VenmoPaymentContext { status } } }";
        let poll =
            |s: &Shared| body(graphql(s, status, &json!({ "variables": { "id": id } })).unwrap());
        assert_eq!(poll(&s)["data"]["node"]["status"], "CREATED");
        assert!(set_status(&s, "", "APPROVED").is_some());
        let node = poll(&s);
        assert_eq!(node["data"]["node"]["status"], "APPROVED");
        assert_eq!(node["data"]["node"]["userName"], USERNAME);
        assert!(node["data"]["node"]["payerInfo"]["billingAddress"].is_null());
        assert_eq!(
            node["data"]["node"]["payerInfo"]["shippingAddress"]["postalCode"],
            "94105"
        );
    }

    #[test]
    fn legacy_contexts_and_updates() {
        let s = shared();
        let r = body(
            graphql(
                &s,
                "mutation { createVenmoQRCodePaymentContext }",
                &json!({ "variables": { "input": { "environment": "SANDBOX", "intent": "PAY_FROM_APP" } } }),
            )
            .unwrap(),
        );
        let id = r["data"]["createVenmoQRCodePaymentContext"]["venmoQRCodePaymentContext"]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let update = "mutation { updateVenmoQRCodePaymentContext }";
        let ok = body(
            graphql(
                &s,
                update,
                &json!({ "variables": { "input": { "id": id, "status": "CANCELED" } } }),
            )
            .unwrap(),
        );
        assert!(ok["errors"].is_null());
        assert_eq!(find(&s, &id).unwrap()["status"], "CANCELED");
        let bad = body(
            graphql(
                &s,
                update,
                &json!({ "variables": { "input": { "id": id, "status": "NOPE" } } }),
            )
            .unwrap(),
        );
        assert!(bad["errors"].is_array());
        assert!(graphql(&s, "query { other }", &json!({})).is_none());
    }

    #[test]
    fn invalid_usage_is_a_validation_error() {
        let s = shared();
        let r = body(
            graphql(
                &s,
                "mutation { createVenmoPaymentContext }",
                &json!({ "variables": { "input": { "paymentMethodUsage": "SOMETIMES" } } }),
            )
            .unwrap(),
        );
        assert_eq!(r["errors"][0]["extensions"]["errorClass"], "VALIDATION");
        assert_eq!(r["errors"][0]["extensions"]["errorType"], "user_error");
    }
}
