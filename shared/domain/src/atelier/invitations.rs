//! Invitations: a single-use enrolment link an owner (or `shopctl staff
//! invite`) sends to a new or an existing member, good for
//! [`INVITATION_HOURS`]. Enrolling with it puts the member on the roster
//! with the invitation's role and their new passkey, and removes their old
//! passkeys and sessions (a lost passkey may be a stolen one): re-inviting
//! is how a lost passkey is replaced.
//!
//! Stored `STAFF#invitations / <token hash>` (only the hash of the link's
//! token), so the pending ones are one Query and a link is one GetItem.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::audit::AuditEntry;
use super::passkeys::{clearing_member, StoredPasskey};
use super::sessions::token_hash;
use super::staff::{keeps_an_owner, roster_bump, roster_version, RosterRule, Staff};
use super::{Actor, Role, StaffMember};
use crate::accounts::EmailAddress;
use crate::house::House;
use crate::ports::{Condition, Email, Key, Mailer, MailerError, Query, Table, TableError, Write};
use crate::records::{put, Committed, Record, Transaction};
use crate::text::escape_html;
use crate::timestamp::Timestamp;
use crate::validation::FieldErrors;

/// How long an enrolment link works.
pub const INVITATION_HOURS: i64 = 72;
const INVITATIONS_PK: &str = "STAFF#invitations";
pub const NAME_REQUIRED: &str = "Please enter the member's name.";
pub const NAME_TOO_LONG: &str = "Please keep the name under 100 characters.";

/// Whom to invite, as the console's form and `shopctl staff invite` give it.
#[derive(Debug, Clone, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewInvitation {
    pub email: String,
    pub name: String,
    pub role: Role,
}

impl NewInvitation {
    /// The invitation with its email in canonical form and its name
    /// trimmed, or the fields that break a rule.
    pub fn check(self) -> Result<NewInvitation, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = match EmailAddress::parse(&self.email) {
            Ok(email) => email.canonical(),
            Err(e) => {
                errors.add("email", e.to_string());
                String::new()
            }
        };
        let name = self.name.trim().to_string();
        errors.check(!name.is_empty(), "name", NAME_REQUIRED);
        errors.check(name.chars().count() <= 100, "name", NAME_TOO_LONG);
        errors.into_result(NewInvitation {
            email,
            name,
            role: self.role,
        })
    }
}

/// A pending invitation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub token_hash: String,
    /// The member it enrols: theirs if they are on the roster, else new.
    pub staff_id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    /// The email of who invited them (`shopctl` from a terminal).
    pub invited_by: String,
    pub created_at: Timestamp,
    /// Epoch seconds (the table's TTL).
    pub expires_at: i64,
}

/// A pending invitation as the console lists it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    pub email: String,
    pub name: String,
    pub role: Role,
    pub invited_by: String,
    pub expires_at: Timestamp,
}

fn invitation_key(token_hash: &str) -> Key {
    Key::new(INVITATIONS_PK, token_hash)
}

impl Record for Invitation {
    fn key(&self) -> Key {
        invitation_key(&self.token_hash)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at)
    }
}

impl Invitation {
    pub fn expires(&self) -> Timestamp {
        Timestamp::from_unix(self.expires_at).unwrap_or(self.created_at)
    }

    fn is_live(&self, now: Timestamp) -> bool {
        now.unix() < self.expires_at
    }

    pub fn view(&self) -> InvitationView {
        InvitationView {
            email: self.email.clone(),
            name: self.name.clone(),
            role: self.role,
            invited_by: self.invited_by.clone(),
            expires_at: self.expires(),
        }
    }

    /// The email that carries the enrolment link, in the house's words.
    pub fn email(&self, link: &str, house: &House) -> Email {
        let role = match self.role {
            Role::Owner => "an owner",
            Role::Staff => "a member of staff",
        };
        let us = house.us();
        let text = format!(
            "Hello {name},\n\n{us} invites you to the atelier console, as {role}.\n\n\
             Enrol a passkey on this device here (the link works once, for {INVITATION_HOURS} hours):\n{link}\n\n\
             If you did not expect this invitation, ignore this email.\n\n{signature}",
            name = self.name,
            signature = house.signature(),
        );
        let html = format!(
            "<p>Hello {name},</p><p>{us} invites you to the atelier console, as {role}.</p>\
             <p><a href=\"{href}\">Enrol a passkey</a> on this device (the link works once, for {INVITATION_HOURS} hours).</p>\
             <p>If you did not expect this invitation, ignore this email.</p>",
            name = escape_html(&self.name),
            us = escape_html(us),
            href = escape_html(link),
        );
        Email {
            to: self.email.clone(),
            subject: house.subject("your invitation to the atelier"),
            text,
            html: Some(html),
            attachments: Vec::new(),
        }
    }
}

/// The enrolment link of a token: the console's enrolment page.
pub fn enrolment_link(console_origin: &str, token: &str) -> String {
    format!("{console_origin}/atelier/enrol/?token={token}")
}

/// An invitation stored, and whether its email went.
pub struct Sent {
    pub invitation: Invitation,
    pub mailed: Result<(), MailerError>,
}

/// What an enrolment did.
#[derive(Debug, Clone, PartialEq)]
pub enum Enrolment {
    /// Enrolled: the member as they are now.
    Done(StaffMember),
    /// The invitation was used (or withdrawn) meanwhile.
    Used,
    /// It would take the house's last owner's role away.
    LastOwner,
}

/// The invitations in the table.
pub struct Invitations<'a> {
    table: &'a dyn Table,
}

impl<'a> Invitations<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// Invites: the invitation (link token `token`) and its audit entry in
    /// one transaction, the member's earlier invitations withdrawn.
    pub async fn invite(
        &self,
        new: NewInvitation,
        token: &str,
        actor: Actor,
        now: Timestamp,
    ) -> Result<Invitation, TableError> {
        let member = Staff::of(self.table).by_email(&new.email).await?;
        let staff_id = member
            .as_ref()
            .map_or_else(|| ulid::Ulid::new().to_string(), |m| m.id.clone());
        let invitation = Invitation {
            token_hash: token_hash(token),
            staff_id: staff_id.clone(),
            email: new.email,
            name: new.name,
            role: new.role,
            invited_by: actor.email.clone(),
            created_at: now,
            expires_at: now.unix() + INVITATION_HOURS * 3600,
        };
        let entry = AuditEntry::new(
            actor,
            "staff.invite",
            super::staff::subject(&staff_id),
            serde_json::to_value(member.map(|m| m.view())).unwrap_or_default(),
            serde_json::json!({ "email": invitation.email, "name": invitation.name, "role": invitation.role }),
            now,
        );
        let mut writes = Transaction::new()
            .with(
                RosterRule::Invitation,
                put(&invitation, Condition::NotExists)?,
            )
            .with(RosterRule::Always, entry.put_write()?);
        for write in self.withdrawing(&staff_id).await? {
            writes.push(RosterRule::Always, write);
        }
        match self.table.commit(writes).await? {
            Committed::Done => Ok(invitation),
            Committed::Refused(_) => Err(TableError::ConditionFailed),
        }
    }

    /// Invites (see [`Invitations::invite`]) and emails the link, in the
    /// words of the stored house: what the console and `shopctl staff
    /// invite` both do. The invitation stands if the email fails (the
    /// caller says so; inviting again sends a new link).
    pub async fn send(
        &self,
        new: NewInvitation,
        token: &str,
        actor: Actor,
        console_origin: &str,
        mailer: &dyn Mailer,
        now: Timestamp,
    ) -> Result<Sent, TableError> {
        let invitation = self.invite(new, token, actor, now).await?;
        let house = House::for_mail(self.table).await;
        let email = invitation.email(&enrolment_link(console_origin, token), &house);
        let mailed = mailer.send(email).await;
        Ok(Sent { invitation, mailed })
    }

    /// The pending invitations, oldest first: one Query.
    pub async fn pending(&self, now: Timestamp) -> Result<Vec<Invitation>, TableError> {
        let mut all: Vec<Invitation> = self
            .table
            .read_all(Query::partition(INVITATIONS_PK))
            .await?;
        all.retain(|i| i.is_live(now));
        all.sort_by_key(|i| i.created_at);
        Ok(all)
    }

    /// The live invitation a link's token names: one GetItem.
    pub async fn find(
        &self,
        token: &str,
        now: Timestamp,
    ) -> Result<Option<Invitation>, TableError> {
        self.find_by_hash(&token_hash(token), now).await
    }

    pub async fn find_by_hash(
        &self,
        hash: &str,
        now: Timestamp,
    ) -> Result<Option<Invitation>, TableError> {
        let found: Option<Invitation> = self.table.read(&invitation_key(hash)).await?;
        Ok(found.filter(|i| i.is_live(now)))
    }

    /// The deletes of a member's pending invitations: one Query.
    pub(crate) async fn withdrawing(&self, staff_id: &str) -> Result<Vec<Write>, TableError> {
        let all: Vec<Invitation> = self
            .table
            .read_all(Query::partition(INVITATIONS_PK))
            .await?;
        Ok(all
            .iter()
            .filter(|i| i.staff_id == staff_id)
            .map(|i| Write::Delete {
                key: i.key(),
                condition: Condition::None,
            })
            .collect())
    }

    /// Enrols the invitation's member with `passkey`, using the invitation
    /// up (its delete holds only while it is there: of any number of
    /// finishes with one link, one enrols). In the same transaction: the
    /// member on the roster with the invitation's role, their old passkeys
    /// and sessions gone, the new passkey, the audit entry.
    pub async fn enrol(
        &self,
        invitation: &Invitation,
        passkey: &StoredPasskey,
        now: Timestamp,
    ) -> Result<Enrolment, TableError> {
        for _ in 0..3 {
            let version = roster_version(self.table).await?;
            let members = Staff::of(self.table).list().await?;
            let before = members.iter().find(|m| m.id == invitation.staff_id);
            let demoted =
                before.is_some_and(StaffMember::is_owner) && invitation.role != Role::Owner;
            if demoted && !keeps_an_owner(&members, &invitation.staff_id) {
                return Ok(Enrolment::LastOwner);
            }
            let member = StaffMember {
                id: invitation.staff_id.clone(),
                email: invitation.email.clone(),
                name: invitation.name.clone(),
                role: invitation.role,
                since: before.map_or(now, |m| m.since),
            };
            let actor = member.actor();
            let entry = AuditEntry::new(
                actor,
                "staff.enrol",
                super::staff::subject(&member.id),
                serde_json::to_value(before.map(StaffMember::view)).unwrap_or_default(),
                serde_json::to_value(member.view()).unwrap_or_default(),
                now,
            );
            let mut change = Transaction::new()
                .with(
                    RosterRule::Invitation,
                    Write::Delete {
                        key: invitation.key(),
                        condition: Condition::Exists,
                    },
                )
                .with(RosterRule::Roster, roster_bump(version))
                .with(RosterRule::Always, put(&member, Condition::None)?)
                .with(RosterRule::Always, put(passkey, Condition::None)?)
                .with(RosterRule::Always, entry.put_write()?);
            let keep = passkey.key();
            for write in clearing_member(self.table, &member.id, Some(&keep)).await? {
                change.push(RosterRule::Always, write);
            }
            match self.table.commit(change).await? {
                Committed::Done => return Ok(Enrolment::Done(member)),
                Committed::Refused(RosterRule::Invitation) => return Ok(Enrolment::Used),
                Committed::Refused(_) => continue,
            }
        }
        Err(TableError::ConditionFailed)
    }
}
