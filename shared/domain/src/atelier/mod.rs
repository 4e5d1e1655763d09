//! The atelier console's people and their record: the house's staff
//! ([`StaffMember`], by [`Role`]), their console sessions, the invitations
//! that enrol them and the audit log of what they did. Apart from the
//! shoppers' accounts: a staff member is never a shopper's session, and the
//! console's cookie never reaches a shopper's route.
//!
//! Where they live (all but the log under `STAFF#`, which only the atelier
//! function and shopctl may touch):
//! - `STAFF#members / MEMBER#<id>`: the roster, one Query for the list;
//!   `STAFF#members / ROSTER`: its version, which every roster change bumps
//!   on condition, so two removals cannot both leave the house ownerless;
//! - `STAFF#<id> / SESSION#<token hash>` and `PASSKEY#<credential id>`;
//! - `STAFF#invitations / <token hash>`;
//! - `CEREMONY#<id> / STATE`: a passkey ceremony's state, 5 minutes;
//! - `AUDIT#<yyyy-mm> / <at>#<ulid>`, on GSI1 `AUDIT#<subject>` (see [`audit`]).

pub mod answers;
pub mod audit;
pub mod invitations;
pub mod passkeys;
pub mod sessions;
pub mod staff;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use audit::{AuditEntry, AuditLog};
pub use invitations::{
    enrolment_link, Enrolment, Invitation, InvitationView, Invitations, NewInvitation, Sent,
};
pub use passkeys::{Ceremonies, Ceremony, CeremonyKind, Passkeys, StoredPasskey};
pub use sessions::{ConsoleSession, ConsoleSessions, Opening};
pub use staff::{Removal, Staff, StaffMember, StaffView};

/// The 401 of every console route without a live console session.
pub const SIGN_IN_REQUIRED: &str = "Please sign in to the atelier.";
/// The 403 of an owner's route asked by a staff member.
pub const OWNER_ONLY: &str = "Only the house's owner can do this.";
/// The 410 of an enrolment link unknown, used or expired.
pub const INVITATION_INVALID: &str =
    "This invitation link is no longer valid. Ask the house's owner for a new one.";
/// The 401 of a sign-in whose passkey is not a staff member's.
pub const PASSKEY_NOT_RECOGNISED: &str = "This passkey is not recognised.";
/// The 409 of the removal of the last owner.
pub const LAST_OWNER: &str = "The house needs at least one owner.";

/// What a staff member may do: an owner everything (refunds and staff
/// included), staff the orders, the clients' requests and notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Staff,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Staff => "staff",
        }
    }

    pub fn from_name(name: &str) -> Option<Role> {
        match name {
            "owner" => Some(Role::Owner),
            "staff" => Some(Role::Staff),
            _ => None,
        }
    }
}

/// Who did something, as the audit log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Actor {
    pub staff_id: String,
    pub email: String,
}

impl Actor {
    /// The operator at a terminal (`shopctl staff invite`).
    pub fn shopctl() -> Actor {
        Actor {
            staff_id: "shopctl".into(),
            email: "shopctl".into(),
        }
    }
}
