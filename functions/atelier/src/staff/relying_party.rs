//! The passkeys' relying party: webauthn-rs, for the console's origin
//! (`Config::console_origin`: its host is the RP id), and what joins its
//! world to the shop's (a member's id as a WebAuthn user handle, its JSON
//! in and out, its refusals as the API's).

use axum::http::StatusCode;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use webauthn_rs::prelude::{Url, Uuid, Webauthn, WebauthnBuilder};

use app::{App, Config};
use domain::atelier::{
    ConsoleSession, ConsoleSessions, Opening, StaffMember, INVITATION_INVALID,
    PASSKEY_NOT_RECOGNISED,
};
use shop_http::{ApiError, ErrorCode};

use crate::console::{new_token, session_cookie};

/// A ceremony id unknown, used, expired or of another ceremony.
pub const CEREMONY_OVER: &str = "This passkey request has expired. Please try again.";
/// A credential that is not WebAuthn's JSON.
pub const CREDENTIAL_UNREADABLE: &str =
    "This passkey's answer could not be read. Please try again.";
/// A registration the library refused.
pub const PASSKEY_REFUSED: &str = "This passkey could not be enrolled. Please try again.";

/// The relying party of the console's origin.
pub fn relying_party(config: &Config) -> Result<Webauthn, ApiError> {
    let origin = Url::parse(&config.console_origin()).map_err(|e| misconfigured(&e))?;
    let id = origin
        .host_str()
        .ok_or_else(ApiError::internal)?
        .to_string();
    WebauthnBuilder::new(&id, &origin)
        .and_then(|builder| builder.rp_name("Atelier").build())
        .map_err(|e| misconfigured(&e))
}

fn misconfigured(error: &dyn std::fmt::Display) -> ApiError {
    tracing::error!(%error, "the console's relying party could not be made");
    ApiError::internal()
}

/// A member's WebAuthn user handle: their ULID's 128 bits as a UUID.
pub fn user_handle(staff_id: &str) -> Option<Uuid> {
    ulid::Ulid::from_string(staff_id)
        .ok()
        .map(|id| Uuid::from_u128(id.0))
}

/// The member a user handle names.
pub fn staff_id(handle: Uuid) -> String {
    ulid::Ulid(handle.as_u128()).to_string()
}

/// A credential id as the table keys it.
pub fn credential_key(id: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(id)
}

/// The library's value as JSON to keep or to answer.
pub fn to_json<T: Serialize>(value: &T) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(|e| misconfigured(&e))
}

/// Kept JSON back as the library's value (a fault of the stored data if not).
pub fn from_json<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| misconfigured(&e))
}

/// The browser's credential, or 400.
pub fn credential<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|_| ApiError::bad_request(CREDENTIAL_UNREADABLE))
}

pub fn ceremony_over() -> ApiError {
    ApiError::bad_request(CEREMONY_OVER)
}

pub fn invitation_invalid() -> ApiError {
    ApiError::new(StatusCode::GONE, ErrorCode::Gone, INVITATION_INVALID)
}

pub fn not_recognised() -> ApiError {
    ApiError::unauthorized(PASSKEY_NOT_RECOGNISED)
}

/// Opens a console session for the member (`why`: a sign-in is on the
/// audit log): the cookie that carries it. 401 if they left the roster
/// meanwhile.
pub async fn open_session(
    app: &App,
    member: &StaffMember,
    why: Opening,
) -> Result<axum::http::HeaderValue, ApiError> {
    let token = new_token();
    let session = ConsoleSession::start(&member.id, &token, app.clock.now());
    let sessions = ConsoleSessions::of(&*app.table);
    if !sessions.open(&session, member, why).await? {
        return Err(not_recognised());
    }
    Ok(session_cookie(&app.config, &member.id, &token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_id_and_its_user_handle_are_the_same_bits() {
        let id = ulid::Ulid::new().to_string();
        assert_eq!(staff_id(user_handle(&id).unwrap()), id);
        assert_eq!(user_handle("not a ulid"), None);
    }

    #[test]
    fn the_local_console_is_its_own_relying_party_at_localhost() {
        let dir = std::env::temp_dir().join(format!("atelier-rp-{}", std::process::id()));
        let config = Config::local(dir, "http://127.0.0.1:3000").unwrap();
        let rp = relying_party(&config).unwrap();
        let (options, _) = rp.start_discoverable_authentication().unwrap();
        assert_eq!(options.public_key.rp_id, "localhost");
        assert_eq!(
            rp.get_allowed_origins()[0].as_str(),
            "http://localhost:3000/"
        );
    }
}
