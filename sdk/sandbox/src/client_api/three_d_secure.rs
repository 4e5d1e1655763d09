//! 3-D Secure 2: lookup, the challenge page, authentication from the script's
//! JWT, and the stand-in for the third-party authentication script.
//!
//! Test cards (the provider's published 3DS2 sandbox cards):
//! - 4000000000001000: frictionless, authenticated (liability shifted)
//! - 4000000000001018: frictionless, failed
//! - 4000000000001026: frictionless, attempted (liability shifted)
//! - 4000000000001034: authentication unavailable
//! - 4000000000001091: challenge; submitting it authenticates
//! - 4000000000001109: challenge; submitting it fails
//! - anything else: not enrolled (no liability shift, no challenge)
//!
//! The stand-in script (`/3ds/songbird.js`) implements the subset of the
//! authentication script's interface the SDK uses, as the real script behaves:
//! `configure`, `on`, `off`, `setup('init', {jwt})` → `payments.setupComplete`,
//! `trigger('bin.process')`, `continue('cca', {AcsUrl, Payload}, {OrderDetails})`
//! → its own modal, its Bootstrap 3 modal (`payment.framework: 'bootstrap3'`)
//! or, with `payment.framework: 'inline'`, a `ui.inline.setup` event carrying
//! the challenge iframe as an HTML string; `ui.render`/`ui.close` around its
//! modals, `ui.loading.*` with `displayLoading`, and `payments.validated(data,
//! jwt)`. Closing its modal (button, backdrop, Escape) cancels the challenge
//! as the bank page's Cancel does: ChallengeCancel `01`.

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::{json, Value};

use super::cards::card_payload;
use super::{error, Authorized};
use crate::state::{Nonce, Shared, Tokenized};

pub fn router() -> Router<Shared> {
    Router::new()
        .route("/merchants/{merchant}/client_api/v1/payment_methods/{nonce}/three_d_secure/lookup", post(lookup))
        .route(
            "/merchants/{merchant}/client_api/v1/payment_methods/{nonce}/three_d_secure/authenticate_from_jwt",
            post(authenticate),
        )
        .route("/3ds/songbird.js", get(songbird))
        .route("/3ds/challenge", get(challenge_page))
        .route("/3ds/challenge.js", get(challenge_js))
        .route("/3ds/challenge/{tx}", post(challenge_outcome))
}

/// The JWT the configuration hands the SDK for the script's set-up.
pub fn setup_jwt() -> String {
    jwt(&json!({ "iss": "sandbox", "purpose": "setup" }))
}

fn jwt(claims: &Value) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    format!(
        "{header}.{}.sandbox",
        URL_SAFE_NO_PAD.encode(claims.to_string())
    )
}

fn jwt_claims(token: &str) -> Option<Value> {
    let payload = token.split('.').nth(1)?;
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
}

/// The lookup outcome of a card: (status, liability shifted, shift possible, challenge).
pub fn outcome(number: &str) -> (&'static str, bool, bool, bool) {
    match number {
        "4000000000001000" => ("authenticate_successful", true, true, false),
        "4000000000001018" => ("authenticate_frictionless_failed", false, false, false),
        "4000000000001026" => ("authenticate_attempt_successful", true, true, false),
        "4000000000001034" => ("authentication_unavailable", false, false, false),
        "4000000000001091" | "4000000000001109" => ("challenge_required", false, true, true),
        _ => ("lookup_not_enrolled", false, false, false),
    }
}

fn info(status: &str, shifted: bool, possible: bool) -> Value {
    json!({ "status": status, "liabilityShifted": shifted, "liabilityShiftPossible": possible,
            "enrolled": if status == "lookup_not_enrolled" { "N" } else { "Y" }, "threeDSecureVersion": "2.2.0" })
}

/// Issues a new nonce for the verified card, carrying the 3-D Secure info.
fn verified_nonce(shared: &Shared, card: &crate::state::CardData, info: &Value) -> Value {
    let nonce = shared.id("tokencc_3ds_");
    shared.lock().nonces.insert(
        nonce.clone(),
        Nonce {
            method: Tokenized::Card(card.clone()),
            three_d_secure: Some(info.clone()),
            consumed: false,
        },
    );
    card_payload(&nonce, card, Some(info))
}

fn amount_ok(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f >= 0.0),
        Some(Value::String(s)) => s.trim().parse::<f64>().is_ok_and(|f| f >= 0.0),
        _ => false,
    }
}

async fn lookup(
    State(shared): State<Shared>,
    Path((_, nonce)): Path<(String, String)>,
    Authorized(body): Authorized,
) -> Response {
    let card = match shared.lock().nonces.get(&nonce).map(|n| n.method.clone()) {
        Some(Tokenized::Card(card)) => card,
        _ => return error(StatusCode::NOT_FOUND, "Payment method nonce not found"),
    };
    if !amount_ok(body.get("amount")) {
        return (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({ "error": { "message": "Amount is invalid" }, "fieldErrors": [{ "field": "amount", "code": "915090", "message": "Amount is invalid" }] })),
        )
            .into_response();
    }
    let (status, shifted, possible, challenge) = outcome(&card.number);
    let info = info(status, shifted, possible);
    let mut lookup = json!({ "threeDSecureVersion": "2.2.0", "acsUrl": null, "pareq": null, "transactionId": null });
    if challenge {
        let tx = shared.id("tx_");
        shared
            .lock()
            .challenges
            .insert(tx.clone(), (nonce.clone(), card.number.clone()));
        lookup = json!({
            "threeDSecureVersion": "2.2.0",
            "acsUrl": format!("{}/3ds/challenge", shared.config.public_url),
            "pareq": tx,
            "transactionId": tx,
        });
    }
    let payment_method = verified_nonce(&shared, &card, &info);
    Json(json!({
        "lookup": lookup,
        "paymentMethod": payment_method,
        "threeDSecureInfo": { "liabilityShifted": shifted, "liabilityShiftPossible": possible },
    }))
    .into_response()
}

async fn authenticate(
    State(shared): State<Shared>,
    Path((_, nonce)): Path<(String, String)>,
    Authorized(body): Authorized,
) -> Response {
    let claims = body.get("jwt").and_then(Value::as_str).and_then(jwt_claims);
    let tx = claims
        .as_ref()
        .and_then(|c| c.get("tx"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let Some((lookup_nonce, _)) = shared.lock().challenges.get(tx).cloned() else {
        return error(StatusCode::UNPROCESSABLE_ENTITY, "JWT is invalid");
    };
    let card = match shared
        .lock()
        .nonces
        .get(&lookup_nonce)
        .map(|n| n.method.clone())
    {
        // The SDK authenticates with the nonce the lookup returned; the
        // challenge found through the JWT names the card.
        Some(Tokenized::Card(card)) if !nonce.is_empty() => card,
        _ => return error(StatusCode::NOT_FOUND, "Payment method nonce not found"),
    };
    let passed = claims
        .as_ref()
        .and_then(|c| c.get("outcome"))
        .and_then(Value::as_str)
        == Some("Y");
    let status = if passed {
        "authenticate_successful"
    } else {
        "authenticate_failed"
    };
    let info = info(status, passed, true);
    Json(json!({
        "paymentMethod": verified_nonce(&shared, &card, &info),
        "threeDSecureInfo": { "liabilityShifted": passed, "liabilityShiftPossible": true },
        "success": true,
        "errors": [],
    }))
    .into_response()
}

fn js(body: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn songbird() -> Response {
    js(include_str!("../../static/songbird.js"))
}

async fn challenge_js() -> Response {
    js(include_str!("../../static/challenge.js"))
}

#[derive(serde::Deserialize)]
struct ChallengeQuery {
    tx: String,
    origin: String,
}

/// Escapes text for an HTML attribute or body.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

async fn challenge_page(State(shared): State<Shared>, Query(q): Query<ChallengeQuery>) -> Response {
    let Some((_, number)) = shared.lock().challenges.get(&q.tx).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><title>Unknown transaction</title><p>Unknown transaction</p>"),
        )
            .into_response();
    };
    let last4 = &number[number.len() - 4..];
    Html(
        include_str!("../../static/challenge.html")
            .replace("{{tx}}", &escape(&q.tx))
            .replace("{{origin}}", &escape(&q.origin))
            .replace("{{last4}}", last4),
    )
    .into_response()
}

async fn challenge_outcome(
    State(shared): State<Shared>,
    Path(tx): Path<String>,
    Json(body): Json<Value>,
) -> Response {
    let Some((_, number)) = shared.lock().challenges.get(&tx).cloned() else {
        return error(StatusCode::NOT_FOUND, "Unknown transaction");
    };
    let cancel = body.get("action").and_then(Value::as_str) == Some("cancel");
    let passed = !cancel && number == "4000000000001091";
    let outcome = if passed { "Y" } else { "N" };
    Json(json!({
        "jwt": jwt(&json!({ "tx": tx, "outcome": outcome })),
        "actionCode": if passed { "SUCCESS" } else { "FAILURE" },
        "challengeCancel": if cancel { "01" } else { "" },
    }))
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jwt_round_trip() {
        let t = jwt(&json!({ "tx": "tx_1", "outcome": "Y" }));
        assert_eq!(jwt_claims(&t).unwrap()["tx"], "tx_1");
        assert!(jwt_claims("garbage").is_none());
    }

    #[test]
    fn test_cards() {
        assert_eq!(
            outcome("4000000000001000"),
            ("authenticate_successful", true, true, false)
        );
        assert!(outcome("4000000000001091").3);
        assert!(outcome("4000000000001109").3);
        assert!(!outcome("4000000000001018").1);
        assert_eq!(outcome("4111111111111111").0, "lookup_not_enrolled");
    }

    #[test]
    fn escapes_html() {
        assert_eq!(
            escape("<a href=\"x\">'&"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;"
        );
    }
}
