//! Enrolment: the invitation's link opens a passkey registration; its
//! finish uses the invitation up, puts the member on the roster with their
//! new passkey (their old ones and sessions gone) and signs them in.

use app::App;
use axum::extract::State;
use axum::Json;
use serde_json::{json, Value};
use webauthn_rs::prelude::{PasskeyRegistration, RegisterPublicKeyCredential};

use domain::atelier::answers::{CeremonyFinish, EnrolmentRequest, EnrolmentStarted, SignedInStaff};
use domain::atelier::{
    Ceremonies, Ceremony, CeremonyKind, Enrolment, Invitations, Opening, StoredPasskey, LAST_OWNER,
};
use shop_http::{ApiError, ApiResult, JsonBody, WithCookies};

use super::relying_party::{
    ceremony_over, credential, credential_key, from_json, invitation_invalid, open_session,
    relying_party, to_json, user_handle, PASSKEY_REFUSED,
};

/// Begins the registration for the link's invitation (410 for a link
/// unknown, used or expired).
pub async fn begin(
    State(app): State<App>,
    JsonBody(body): JsonBody<EnrolmentRequest>,
) -> ApiResult<Json<EnrolmentStarted>> {
    let now = app.clock.now();
    let invitation = Invitations::of(&*app.table)
        .find(&body.token, now)
        .await?
        .ok_or_else(invitation_invalid)?;
    let handle = user_handle(&invitation.staff_id).ok_or_else(ApiError::internal)?;
    let (options, state) = relying_party(&app.config)?
        .start_passkey_registration(handle, &invitation.email, &invitation.name, None)
        .map_err(|_| ApiError::internal())?;
    let ceremony = Ceremony::begin(
        CeremonyKind::Enrolment,
        Some(invitation.token_hash.clone()),
        to_json(&state)?,
        now,
    );
    Ceremonies::of(&*app.table).keep(&ceremony).await?;
    Ok(Json(EnrolmentStarted {
        ceremony: ceremony.id,
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        options: discoverable(to_json(&options)?),
    }))
}

/// Sign-in asks no email, so the passkey must be one the authenticator
/// finds by itself: a discoverable credential. (The library's passkey
/// registration leaves it to the authenticator; its verification is the
/// same either way.)
fn discoverable(mut options: Value) -> Value {
    let selection = &mut options["publicKey"]["authenticatorSelection"];
    selection["residentKey"] = json!("required");
    selection["requireResidentKey"] = json!(true);
    options
}

/// Finishes the registration: enrols the member and signs them in.
pub async fn finish(
    State(app): State<App>,
    JsonBody(body): JsonBody<CeremonyFinish>,
) -> ApiResult<WithCookies<Json<SignedInStaff>>> {
    let now = app.clock.now();
    let registration: RegisterPublicKeyCredential = credential(body.credential)?;
    let ceremony = Ceremonies::of(&*app.table)
        .take(&body.ceremony, CeremonyKind::Enrolment, now)
        .await?
        .ok_or_else(ceremony_over)?;
    let invitations = Invitations::of(&*app.table);
    let invitation = invitations
        .find_by_hash(ceremony.invitation.as_deref().unwrap_or_default(), now)
        .await?
        .ok_or_else(invitation_invalid)?;
    let state: PasskeyRegistration = from_json(ceremony.state)?;
    let passkey = relying_party(&app.config)?
        .finish_passkey_registration(&registration, &state)
        .map_err(|_| ApiError::bad_request(PASSKEY_REFUSED))?;
    let stored = StoredPasskey {
        staff_id: invitation.staff_id.clone(),
        credential_id: credential_key(passkey.cred_id().as_ref()),
        passkey: to_json(&passkey)?,
        created_at: now,
    };
    let member = match invitations.enrol(&invitation, &stored, now).await? {
        Enrolment::Done(member) => member,
        Enrolment::Used => return Err(invitation_invalid()),
        Enrolment::LastOwner => return Err(ApiError::conflict(LAST_OWNER)),
    };
    let cookie = open_session(&app, &member, Opening::Enrolment).await?;
    Ok(WithCookies::new(
        vec![cookie],
        Json(SignedInStaff {
            staff: member.view(),
        }),
    ))
}
