//! The provider's client API as the SDK calls it (spec section 7): the
//! configuration, card tokenization, the vault, 3-D Secure, PayPal and the
//! analytics logger. Every call is authorized by a client token's fingerprint
//! or a tokenization key, like the real API.

// Handlers return a ready axum `Response` as their error: boxing it would
// only add noise to every early return.
#![allow(clippy::result_large_err)]

pub mod cards;
pub mod graphql_ops;
pub mod local_payment;
pub mod masterpass;
pub mod paypal;
pub mod sepa;
pub mod three_d_secure;
pub mod unionpay;
pub mod venmo;

use std::collections::HashMap;

use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::state::{Shared, MERCHANT_ID};

pub fn router(shared: Shared) -> Router {
    let api = Router::new()
        .route(
            "/merchants/{merchant}/client_api/v1/configuration",
            get(configuration),
        )
        .route("/analytics", post(analytics))
        .merge(cards::router())
        .merge(three_d_secure::router())
        .merge(paypal::router())
        .merge(local_payment::router())
        .merge(unionpay::router())
        .merge(sepa::router())
        .merge(masterpass::router())
        .merge(graphql_ops::router())
        .merge(venmo::router())
        .with_state(shared)
        .layer(middleware::from_fn(cors));
    Router::new().merge(api)
}

/// The client API is called from merchant pages and frames on other origins:
/// answer preflights and allow any origin (authorization travels in the body)
/// and whatever headers the caller's preflight names (a proxy's or a test
/// browser's own, beside the SDK's).
async fn cors(req: Request, next: Next) -> Response {
    let asked = req
        .headers()
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .cloned();
    let mut res = if req.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(req).await
    };
    let h = res.headers_mut();
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST, OPTIONS"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        asked.unwrap_or_else(|| {
            HeaderValue::from_static("Content-Type, Authorization, Braintree-Version")
        }),
    );
    res
}

/// Who is calling.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The customer of the client token, if any.
    pub customer: Option<String>,
    pub tokenization_key: bool,
}

/// A JSON error response in the provider's shape.
pub fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": { "message": message } }))).into_response()
}

/// Resolves a fingerprint or tokenization key.
pub fn authorize(shared: &Shared, credential: Option<&str>) -> Result<Caller, Response> {
    let Some(cred) = credential.filter(|c| !c.is_empty()) else {
        return Err(error(StatusCode::UNAUTHORIZED, "Authorization required"));
    };
    if let Some(customer) = shared.lock().fingerprints.get(cred) {
        let customer = (!customer.is_empty()).then(|| customer.clone());
        return Ok(Caller {
            customer,
            tokenization_key: false,
        });
    }
    let mut parts = cred.splitn(3, '_');
    if let (Some("sandbox"), Some(id), Some(MERCHANT_ID)) =
        (parts.next(), parts.next(), parts.next())
    {
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Ok(Caller {
                customer: None,
                tokenization_key: true,
            });
        }
    }
    Err(error(StatusCode::UNAUTHORIZED, "Authorization invalid"))
}

/// The credential in a JSON body (REST POST).
fn body_credential(body: &Value) -> Option<&str> {
    body.get("authorizationFingerprint")
        .or_else(|| body.get("tokenizationKey"))
        .and_then(Value::as_str)
}

/// The JSON body of a client API call to our merchant, authorized by the
/// fingerprint or tokenization key it carries. Refused in the order the real
/// API refuses: a malformed body, then an unknown merchant, then the credential.
pub struct Authorized(pub Value);

impl FromRequest<Shared> for Authorized {
    type Rejection = Response;

    async fn from_request(req: Request, shared: &Shared) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let Path(params) = <Path<HashMap<String, String>> as axum::extract::FromRequestParts<
            Shared,
        >>::from_request_parts(&mut parts, shared)
        .await
        .map_err(IntoResponse::into_response)?;
        let Json(body) = Json::<Value>::from_request(Request::from_parts(parts, body), shared)
            .await
            .map_err(IntoResponse::into_response)?;
        check_merchant(params.get("merchant").map_or("", String::as_str))?;
        authorize(shared, body_credential(&body))?;
        Ok(Authorized(body))
    }
}

/// A GET call to our merchant, authorized by the fingerprint or tokenization
/// key in its query.
pub fn authorize_query(
    shared: &Shared,
    merchant: &str,
    query: &HashMap<String, String>,
) -> Result<Caller, Response> {
    check_merchant(merchant)?;
    let cred = query
        .get("authorizationFingerprint")
        .or_else(|| query.get("tokenizationKey"));
    authorize(shared, cred.map(String::as_str))
}

/// The credential of a GraphQL call (`Authorization: Bearer …`).
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

pub fn check_merchant(merchant: &str) -> Result<(), Response> {
    if merchant == MERCHANT_ID {
        Ok(())
    } else {
        Err(error(StatusCode::NOT_FOUND, "Merchant not found"))
    }
}

#[derive(serde::Deserialize)]
struct ConfigQuery {
    #[serde(rename = "authorizationFingerprint")]
    fingerprint: Option<String>,
    #[serde(rename = "tokenizationKey")]
    tokenization_key: Option<String>,
}

async fn configuration(
    State(shared): State<Shared>,
    Path(merchant): Path<String>,
    Query(q): Query<ConfigQuery>,
    headers: HeaderMap,
) -> Response {
    if let Err(r) = check_merchant(&merchant) {
        return r;
    }
    let cred = q
        .fingerprint
        .as_deref()
        .or(q.tokenization_key.as_deref())
        .or_else(|| bearer(&headers));
    if let Err(r) = authorize(&shared, cred) {
        return r;
    }
    Json(configuration_json(&shared)).into_response()
}

/// The merchant's gateway configuration.
pub fn configuration_json(shared: &Shared) -> Value {
    let public = &shared.config.public_url;
    json!({
        "environment": "sandbox",
        "merchantId": MERCHANT_ID,
        "assetsUrl": shared.config.assets_url,
        "clientApiUrl": shared.client_api_url(),
        "configUrl": format!("{}/v1/configuration", shared.client_api_url()),
        "graphQL": { "url": format!("{public}/graphql"), "date": "2018-05-10", "features": ["tokenize_credit_cards"] },
        "analytics": { "url": format!("{public}/analytics") },
        "challenges": ["cvv", "postal_code"],
        "creditCards": { "supportedCardTypes": [
            "Visa", "MasterCard", "American Express", "Discover", "JCB", "UnionPay", "Maestro", "Diners Club"
        ], "supportedGateways": [{ "name": "clientApi" }] },
        "threeDSecureEnabled": true,
        "threeDSecure": {
            "cardinalAuthenticationJWT": three_d_secure::setup_jwt(),
            "cardinalSongbirdUrl": format!("{public}/3ds/songbird.js"),
        },
        "paypalEnabled": true,
        "paypal": {
            "displayName": "Couture",
            "clientId": "sandbox-client-id",
            "environment": "offline",
            "environmentNoNetwork": false,
            "unvettedMerchant": false,
            "currencyIsoCode": "USD",
            "assetsUrl": shared.config.assets_url,
            "sdkUrl": format!("{public}/paypal/sdk/js"),
            "preloadUrl": format!("{public}/paypal/smart/buttons/preload"),
            "privacyUrl": format!("{public}/paypal/privacy"),
            "userAgreementUrl": format!("{public}/paypal/terms"),
        },
        "masterpass": {
            "merchantCheckoutId": masterpass::MERCHANT_CHECKOUT_ID,
            "scriptUrl": format!("{public}/masterpass/MasterPass.client.js"),
            "supportedNetworks": ["visa", "master", "amex", "discover"],
        },
        "usBankAccount": {
            "routeId": "sandbox-route",
            "plaid": { "publicKey": "sandbox-plaid-public-key", "scriptUrl": format!("{public}/plaid/link-initialize.js") },
        },
        "venmo": "sandbox",
        "payWithVenmo": {
            "accessToken": "access_token$sandbox$venmo01",
            "environment": "sandbox",
            "merchantId": "venmo-merchant01",
            "enrichedCustomerDataEnabled": true,
        },
        "applePayWeb": null,
        "unionPay": { "enabled": true, "merchantAccountId": "merchant01_unionpay" },
        "androidPay": {
            "enabled": true,
            "displayName": "Couture",
            "environment": "sandbox",
            "googleAuthorizationFingerprint": "sandbox-google-fingerprint",
            "supportedNetworks": ["visa", "mastercard", "amex", "discover"],
        },
    })
}

/// The analytics logger: accepts `events` and `tracking` arrays, keeps nothing.
async fn analytics(Json(body): Json<Value>) -> Response {
    let ok = body.get("events").is_none_or(Value::is_array)
        && body.get("tracking").is_none_or(Value::is_array);
    if ok {
        Json(json!({})).into_response()
    } else {
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "events and tracking must be arrays",
        )
    }
}
