//! The roster, for owners: who is on it (with their passkeys' count) and
//! who is invited; inviting; removing. Every change is on the audit log.

use app::App;
use axum::extract::{Path, State};
use axum::Json;

use domain::atelier::answers::{InvitationSent, Roster, RosterEntry};
use domain::atelier::{
    Invitations, NewInvitation, Passkeys, Removal, Staff, StaffView, LAST_OWNER,
};
use shop_http::{ApiError, ApiResult, Created, JsonBody, NoContent};

use crate::console::{new_token, Console, Owner};

/// 404 of a removal of someone not on the roster.
pub const NOT_ON_THE_ROSTER: &str = "This person is not on the house's staff.";

/// The signed-in staff member.
pub async fn me(console: Console) -> ApiResult<Json<StaffView>> {
    Ok(Json(console.staff.view()))
}

/// The roster and the pending invitations (owners).
pub async fn list(State(app): State<App>, _: Owner) -> ApiResult<Json<Roster>> {
    let table = &*app.table;
    let mut staff = Vec::new();
    for member in Staff::of(table).list().await? {
        let passkeys = Passkeys::of(table).of_member(&member.id).await?.len();
        staff.push(RosterEntry {
            id: member.id,
            email: member.email,
            name: member.name,
            role: member.role,
            passkeys,
            since: member.since,
        });
    }
    let invitations = Invitations::of(table)
        .pending(app.clock.now())
        .await?
        .iter()
        .map(|i| i.view())
        .collect();
    Ok(Json(Roster { staff, invitations }))
}

/// Invites a new member, or an existing one to replace their passkey
/// (owners): emails the single-use link.
pub async fn invite(
    State(app): State<App>,
    Owner(console): Owner,
    JsonBody(body): JsonBody<NewInvitation>,
) -> ApiResult<Created<InvitationSent>> {
    let new = body.check()?;
    let sent = Invitations::of(&*app.table)
        .send(
            new,
            &new_token(),
            console.actor(),
            &app.config.console_origin(),
            app.mailer.as_ref(),
            app.clock.now(),
        )
        .await?;
    if let Err(error) = sent.mailed {
        tracing::error!(alarm = "invitation_not_mailed", %error, "invitation stored, its email not sent");
    }
    Ok(Created(InvitationSent {
        email: sent.invitation.email.clone(),
        expires_at: sent.invitation.expires(),
    }))
}

/// Removes a member (owners): their sessions end; never the last owner.
pub async fn remove(
    State(app): State<App>,
    Owner(console): Owner,
    Path(id): Path<String>,
) -> ApiResult<NoContent> {
    match Staff::of(&*app.table)
        .remove(&id, console.actor(), app.clock.now())
        .await?
    {
        Removal::Done(_) => Ok(NoContent),
        Removal::NotFound => Err(ApiError::not_found(NOT_ON_THE_ROSTER)),
        Removal::LastOwner => Err(ApiError::conflict(LAST_OWNER)),
    }
}
