//! What the console's staff routes take and answer (the contract reads
//! these types from the handlers' signatures). The passkey options and
//! credentials are WebAuthn's JSON, as webauthn-rs writes and reads it.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{AuditEntry, InvitationView, Role, StaffView};
use crate::timestamp::Timestamp;

/// `POST /api/atelier/enrolment/begin`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct EnrolmentRequest {
    /// The token of the enrolment link.
    #[serde(default)]
    pub token: String,
}

/// The enrolment ceremony begun: for whom, and the options to pass to
/// `navigator.credentials.create`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EnrolmentStarted {
    /// The ceremony's id, for its finish (5 minutes).
    pub ceremony: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// `{ publicKey: {...} }`, binary fields base64url.
    pub options: Value,
}

/// The sign-in ceremony begun (a discoverable credential: no email asked).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SignInStarted {
    pub ceremony: String,
    /// `{ publicKey: {...}, mediation }`, binary fields base64url.
    pub options: Value,
}

/// A ceremony's finish: its id and the browser's credential.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CeremonyFinish {
    #[serde(default)]
    pub ceremony: String,
    /// The `PublicKeyCredential`, as JSON (binary fields base64url).
    #[serde(default)]
    pub credential: Value,
}

/// Signed in: the console's cookie is set.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SignedInStaff {
    pub staff: StaffView,
}

/// A member on the roster, as the staff page lists them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RosterEntry {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// How many passkeys they hold.
    pub passkeys: usize,
    /// When they enrolled.
    pub since: Timestamp,
}

/// The roster and the pending invitations.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Roster {
    pub staff: Vec<RosterEntry>,
    pub invitations: Vec<InvitationView>,
}

/// An invitation sent.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationSent {
    pub email: String,
    pub expires_at: Timestamp,
}

/// A period of the audit log, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditEntries {
    pub entries: Vec<AuditEntry>,
}
