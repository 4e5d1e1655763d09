//! Masterpass: the request token (`POST masterpass/request_token`), stand-ins
//! for Masterpass's checkout script (`/masterpass/MasterPass.client.js`, the
//! configuration's `masterpass.scriptUrl`, which the SDK's loading page loads)
//! and for the wallet page its `MasterPass.client.checkout(...)` goes to, and
//! the card tokenization (`POST payment_methods/masterpass_cards`).
//!
//! Test values: any positive amount with a three-letter currency issues a
//! request token; a malformed one answers 422 (the SDK's
//! INVALID_PAYMENT_OPTION). The wallet page wants the request token, the
//! merchant checkout id and the request token's callback URL, as Masterpass
//! does (else 400). Its Approve returns to the
//! callback URL with `oauth_token`, `oauth_verifier`, `checkout_resource_url`
//! and `mpstatus=success`, Cancel with `mpstatus=cancel`. The card is the
//! sandbox buyer's MasterCard 5555555555554444 (a chargeable nonce); each
//! approval tokenizes once.

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::cards::card_payload;
use super::paypal::{valid_amount, valid_currency};
use super::sepa::with_query;
use super::three_d_secure::escape;
use super::{error, Authorized};
use crate::state::{CardData, Nonce, Shared, Tokenized};

/// The card every Masterpass checkout pays with.
pub const CARD_NUMBER: &str = "5555555555554444";

pub fn router() -> Router<Shared> {
    let base = "/merchants/{merchant}/client_api/v1";
    Router::new()
        .route(
            &format!("{base}/masterpass/request_token"),
            post(request_token),
        )
        .route(
            &format!("{base}/payment_methods/masterpass_cards"),
            post(tokenize),
        )
        .route("/masterpass/MasterPass.client.js", get(client_js))
        .route("/masterpass/checkout", get(checkout_page))
        .route("/masterpass/approve", get(approve))
        .route("/masterpass/cancel", get(cancel))
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

fn unprocessable(message: &str) -> Response {
    error(StatusCode::UNPROCESSABLE_ENTITY, message)
}

async fn request_token(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let req = body.get("requestToken").cloned().unwrap_or(Value::Null);
    if !valid_amount(req.get("subtotal")) || !valid_currency(req.get("currencyCode")) {
        return unprocessable("Subtotal or currency is invalid");
    }
    let callback = text(&req, "callbackUrl");
    if !(callback.starts_with("http://") || callback.starts_with("https://")) {
        return unprocessable("callbackUrl is required");
    }
    let token = shared.id("MPTOKEN-");
    shared.lock().masterpass.insert(token.clone(), req);
    Json(json!({ "requestToken": token })).into_response()
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    #[serde(rename = "requestToken")]
    request_token: String,
}

/// What `MasterPass.client.checkout(...)` sends the wallet page.
#[derive(serde::Deserialize)]
struct CheckoutQuery {
    #[serde(rename = "requestToken")]
    request_token: String,
    #[serde(rename = "merchantCheckoutId", default)]
    merchant_checkout_id: String,
    #[serde(rename = "callbackUrl", default)]
    callback_url: String,
}

/// The merchant checkout id of the sandbox's configuration.
pub const MERCHANT_CHECKOUT_ID: &str = "sandbox-masterpass-checkout";

async fn client_js() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../static/masterpass-client.js"),
    )
        .into_response()
}

fn bad_request(message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Html(format!(
            "<!doctype html><title>Masterpass</title><p>{}</p>",
            escape(message)
        )),
    )
        .into_response()
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html("<!doctype html><title>Masterpass</title><p>Unknown request token</p>"),
    )
        .into_response()
}

/// The wallet page: the buyer pays with the sandbox card or cancels (links,
/// no script). Like Masterpass, it checks the checkout it is asked for against
/// the merchant and the request token.
async fn checkout_page(State(shared): State<Shared>, Query(q): Query<CheckoutQuery>) -> Response {
    let Some(req) = shared.lock().masterpass.get(&q.request_token).cloned() else {
        return not_found();
    };
    if q.merchant_checkout_id != MERCHANT_CHECKOUT_ID {
        return bad_request("Unknown merchant checkout id");
    }
    if q.callback_url != text(&req, "callbackUrl") {
        return bad_request("The callback URL is not the request token's");
    }
    let token = urlencoding::encode(&q.request_token);
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Masterpass sandbox</title></head>\
         <body><main><h1>Masterpass sandbox</h1><p id=\"summary\">Pay {} {} with MasterCard ending in 4444</p>\
         <p><a id=\"approve\" href=\"approve?requestToken={token}\">Approve</a> <a id=\"cancel\" href=\"cancel?requestToken={token}\">Cancel</a></p></main></body></html>",
        escape(&req["subtotal"].to_string().replace('"', "")),
        escape(text(&req, "currencyCode")),
    ))
    .into_response()
}

/// The checkout resource URL Masterpass hands back for a request token.
fn resource_url(shared: &Shared, token: &str) -> String {
    format!("{}/masterpass/checkout/{token}", shared.config.public_url)
}

async fn approve(State(shared): State<Shared>, Query(q): Query<TokenQuery>) -> Response {
    let verifier = shared.id("MPVERIFIER-");
    let mut inner = shared.lock();
    let Some(req) = inner.masterpass.get_mut(&q.request_token) else {
        return not_found();
    };
    req["verifier"] = json!(verifier);
    let query = format!(
        "oauth_token={}&oauth_verifier={verifier}&checkout_resource_url={}&mpstatus=success",
        urlencoding::encode(&q.request_token),
        urlencoding::encode(&resource_url(&shared, &q.request_token)),
    );
    Redirect::to(&with_query(text(req, "callbackUrl"), &query)).into_response()
}

async fn cancel(State(shared): State<Shared>, Query(q): Query<TokenQuery>) -> Response {
    match shared.lock().masterpass.get(&q.request_token) {
        Some(req) => {
            Redirect::to(&with_query(text(req, "callbackUrl"), "mpstatus=cancel")).into_response()
        }
        None => not_found(),
    }
}

/// An approved checkout (token, verifier and resource URL matching) becomes a card nonce, once.
async fn tokenize(State(shared): State<Shared>, Authorized(body): Authorized) -> Response {
    let card = body.get("masterpassCard").cloned().unwrap_or(Value::Null);
    let token = text(&card, "requestToken");
    let verifier = text(&card, "verifierToken");
    let approved = shared
        .lock()
        .masterpass
        .get(token)
        .is_some_and(|req| !verifier.is_empty() && text(req, "verifier") == verifier);
    if !approved || text(&card, "checkoutResourceUrl") != resource_url(&shared, token) {
        return unprocessable("The Masterpass checkout was not approved");
    }
    shared.lock().masterpass.remove(token);
    let data = CardData {
        number: CARD_NUMBER.into(),
        expiration_month: "12".into(),
        expiration_year: "2030".into(),
        cardholder_name: "Sandbox Buyer".into(),
        cvv: String::new(),
        postal_code: "95131".into(),
    };
    let nonce = shared.id("tokenmp_");
    let mut payload = card_payload(&nonce, &data, None);
    shared.lock().nonces.insert(
        nonce,
        Nonce {
            method: Tokenized::Card(data),
            three_d_secure: None,
            consumed: false,
        },
    );
    let address = json!({ "streetAddress": "1 Main St", "extendedAddress": "", "locality": "San Jose", "region": "CA", "postalCode": "95131", "countryCodeAlpha2": "US" });
    payload["type"] = json!("MasterpassCard");
    payload["description"] = json!("ending in 44");
    payload["contact"] = json!({ "firstName": "Sandbox", "lastName": "Buyer", "phoneNumber": "4085550100", "emailAddress": "buyer@example.com" });
    payload["billingAddress"] = address.clone();
    payload["shippingAddress"] = address;
    Json(json!({ "masterpassCards": [payload] })).into_response()
}
