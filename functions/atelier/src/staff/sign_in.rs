//! Sign-in with a discoverable passkey (no email asked), and sign-out.

use app::App;
use axum::extract::State;
use axum::Json;
use webauthn_rs::prelude::{DiscoverableAuthentication, Passkey, PublicKeyCredential};

use domain::atelier::answers::{CeremonyFinish, SignInStarted, SignedInStaff};
use domain::atelier::{
    Ceremonies, Ceremony, CeremonyKind, ConsoleSessions, Opening, Passkeys, Staff,
};
use shop_http::{ApiError, ApiResult, JsonBody, NoContent, WithCookies};

use super::relying_party::{
    ceremony_over, credential, credential_key, from_json, not_recognised, open_session,
    relying_party, staff_id, to_json,
};
use crate::console::{cleared_cookie, Console};

/// Begins a sign-in: the options for `navigator.credentials.get`.
pub async fn begin(State(app): State<App>) -> ApiResult<Json<SignInStarted>> {
    let (options, state) = relying_party(&app.config)?
        .start_discoverable_authentication()
        .map_err(|_| ApiError::internal())?;
    let ceremony = Ceremony::begin(
        CeremonyKind::SignIn,
        None,
        to_json(&state)?,
        app.clock.now(),
    );
    Ceremonies::of(&*app.table).keep(&ceremony).await?;
    Ok(Json(SignInStarted {
        ceremony: ceremony.id,
        options: to_json(&options)?,
    }))
}

/// Finishes a sign-in: the passkey the authenticator chose must be a
/// member's and verify; 401 otherwise.
pub async fn finish(
    State(app): State<App>,
    JsonBody(body): JsonBody<CeremonyFinish>,
) -> ApiResult<WithCookies<Json<SignedInStaff>>> {
    let now = app.clock.now();
    let assertion: PublicKeyCredential = credential(body.credential)?;
    let ceremony = Ceremonies::of(&*app.table)
        .take(&body.ceremony, CeremonyKind::SignIn, now)
        .await?
        .ok_or_else(ceremony_over)?;
    let rp = relying_party(&app.config)?;
    let (handle, credential_id) = rp
        .identify_discoverable_authentication(&assertion)
        .map_err(|_| not_recognised())?;
    let staff_id = staff_id(handle);
    let passkeys = Passkeys::of(&*app.table);
    let mut stored = passkeys
        .get(&staff_id, &credential_key(credential_id))
        .await?
        .ok_or_else(not_recognised)?;
    let mut passkey: Passkey = from_json(stored.passkey.clone())?;
    let state: DiscoverableAuthentication = from_json(ceremony.state)?;
    let result = rp
        .finish_discoverable_authentication_v2(&assertion, state, &passkey)
        .map_err(|_| not_recognised())?;
    if passkey.update_credential(&result) == Some(true) {
        stored.passkey = to_json(&passkey)?;
        // Refused: removed or replaced meanwhile; the member's read below says.
        let _ = passkeys.used(&stored).await?;
    }
    let member = Staff::of(&*app.table)
        .get(&staff_id)
        .await?
        .ok_or_else(not_recognised)?;
    let cookie = open_session(&app, &member, Opening::SignIn).await?;
    Ok(WithCookies::new(
        vec![cookie],
        Json(SignedInStaff {
            staff: member.view(),
        }),
    ))
}

/// Ends the session and clears its cookie.
pub async fn sign_out(
    State(app): State<App>,
    console: Console,
) -> ApiResult<WithCookies<NoContent>> {
    ConsoleSessions::of(&*app.table)
        .end(&console.staff, &console.session_id, app.clock.now())
        .await?;
    Ok(WithCookies::new(
        vec![cleared_cookie(&app.config)],
        NoContent,
    ))
}
