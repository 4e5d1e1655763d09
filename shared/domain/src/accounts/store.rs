//! The accounts in the table (profiles, credentials, identities, resets; the
//! items are listed in [`super`]) and how their rules are kept by the writes
//! themselves (the sessions' are in [`super::sessions`]):
//! - one account per address: a sign-up is one transaction that puts the
//!   credentials where none are (`EMAIL#lower(email)`), with the profile and
//!   any social identity;
//! - a reset link works once: its item is deleted on condition that it is
//!   there, in the transaction that sets the new hash and revokes the sessions;
//!   that transaction's write on the credentials holds only while the link is
//!   the newest one sent and the password has not changed since, so a new
//!   link, a reset or a change voids every link sent before it;
//! - the owner of an address who proves it (a verification link followed
//!   from another browser, a provider that vouches for it) takes the account
//!   over in one transaction: verified, the unproven password gone, every
//!   session revoked, the claim recorded;
//! - a password changes from the one that was checked: the update holds only
//!   while the stored hash is still that one;
//! - a claim moves the address to a new account id, so its owner starts
//!   clean of what the account's creator left.
//!
//! A refusal that only a lost race can cause (an identity linked a moment ago,
//! a password changed by another request) is [`TableError::ConditionFailed`],
//! which the API answers with its generic 409.

use serde_json::Value;

use crate::ports::{Condition, Table, TableError, Update, Write};
use crate::records::{put, Committed, Outcome, Record, Transaction};
use crate::timestamp::Timestamp;

use super::credentials::{credentials_key, identity_key, AddressProof, Credentials, Identity};
use super::forms::ProfileEdit;
use super::profile::{profile_key, UserProfile};
use super::reset::{reset_key, PasswordReset};
use super::sessions::Sessions;
use super::SocialProvider;

const PASSWORD_HASH: &str = "passwordHash";
const USER_ID: &str = "userId";
const EMAIL_VERIFIED: &str = "emailVerified";
const PASSWORD_CHANGED_AT: &str = "passwordChangedAt";
const LATEST_RESET: &str = "latestReset";
const CLAIMED_AT: &str = "claimedAt";
const CLAIMED_VIA: &str = "claimedVia";
const TRUST_EPOCH: &str = "trustEpoch";

/// The rules the account transactions check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rule {
    /// No account has the address yet.
    EmailFree,
    /// The new profile's id is not taken.
    ProfileFree,
    /// The social identity is not linked yet.
    IdentityFree,
    /// The reset link has not been used.
    TokenUnused,
    /// The password is still the one that was checked.
    SamePassword,
    /// The password has not changed since the reset link was sent.
    LinkCurrent,
    /// The session changing the password still holds its slot.
    SessionLive,
    /// The address still belongs to the account that was read.
    SameAccount,
    /// A write that cannot be refused (a session's revocation).
    Always,
}

/// What a sign-up did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Register {
    Created,
    /// The address (in any letter case) already has an account; nothing was written.
    EmailTaken,
}

/// What using a reset link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reset {
    /// The new password is set, every session revoked and every browser
    /// trusted before is a stranger: the account's new trust epoch.
    Done { trust_epoch: String },
    /// The link was used a moment ago by another request, or voided by a
    /// reset or a password change since it was sent.
    TokenUsed,
}

/// The accounts in the table: profiles, credentials, identities, resets.
pub struct Accounts<'a> {
    table: &'a dyn Table,
}

impl<'a> Accounts<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// The credentials of an address, in any letter case or spelling of its
    /// normal form: one strongly consistent GetItem.
    pub async fn credentials(&self, email: &str) -> Result<Option<Credentials>, TableError> {
        let key = credentials_key(email);
        self.table.read(&key).await
    }

    pub async fn profile(&self, user_id: &str) -> Result<Option<UserProfile>, TableError> {
        self.table.read(&profile_key(user_id)).await
    }

    /// The profiles of these accounts (the ones that still exist), by id:
    /// one BatchGetItem per hundred, for the house's lists.
    pub async fn profiles(
        &self,
        user_ids: &[&str],
    ) -> Result<std::collections::HashMap<String, UserProfile>, TableError> {
        let mut found = std::collections::HashMap::new();
        for ids in user_ids.chunks(100) {
            let keys: Vec<_> = ids.iter().map(|id| profile_key(id)).collect();
            for item in self.table.batch_get(&keys).await? {
                let profile: UserProfile = crate::records::decode(item)?;
                found.insert(profile.id.clone(), profile);
            }
        }
        Ok(found)
    }

    /// The profile a social identity is linked to: two GetItems when linked.
    pub async fn linked_profile(
        &self,
        provider: SocialProvider,
        subject: &str,
    ) -> Result<Option<UserProfile>, TableError> {
        let link: Option<Identity> = self.table.read(&identity_key(provider, subject)).await?;
        match link {
            Some(link) => self.profile(&link.user_id).await,
            None => Ok(None),
        }
    }

    /// Creates the profile, its credentials and any social identity in one
    /// transaction, unless the address has an account.
    pub async fn register(
        &self,
        profile: &UserProfile,
        credentials: &Credentials,
        identity: Option<&Identity>,
    ) -> Result<Register, TableError> {
        let mut transaction = Transaction::new()
            .with(Rule::EmailFree, put(credentials, Condition::NotExists)?)
            .with(Rule::ProfileFree, put(profile, Condition::NotExists)?);
        if let Some(identity) = identity {
            transaction.push(Rule::IdentityFree, put(identity, Condition::NotExists)?);
        }
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(Register::Created),
            Committed::Refused(Rule::EmailFree) => Ok(Register::EmailTaken),
            Committed::Refused(_) => Err(lost_race()),
        }
    }

    /// Links a social identity to an existing account; linking twice is fine.
    pub async fn link(&self, identity: &Identity) -> Result<(), TableError> {
        // Refused: already linked, which is what was asked.
        let _ = self.table.write(identity, Condition::NotExists).await?;
        Ok(())
    }

    /// Applies a profile edit; refused when the account is gone.
    pub async fn edit_profile(
        &self,
        user_id: &str,
        edit: &ProfileEdit,
        now: Timestamp,
    ) -> Result<Outcome<UserProfile>, TableError> {
        self.table
            .change(&profile_key(user_id), edit.update(now))
            .await
    }

    /// Marks the address verified, on condition that it still belongs to
    /// the account the link was sent for (refused otherwise). One UpdateItem.
    pub async fn confirm_email(&self, email: &str, user_id: &str) -> Result<Outcome, TableError> {
        let mut update = Update {
            condition: Condition::Equals(USER_ID.into(), user_id.into()),
            ..Update::default()
        };
        update.set.insert(EMAIL_VERIFIED.into(), true.into());
        let key = credentials_key(email);
        Ok(match self.table.change::<Value>(&key, update).await? {
            Outcome::Done(_) => Outcome::Done(()),
            Outcome::Refused => Outcome::Refused,
        })
    }

    /// Stores a reset link's item and notes on the account that it is the
    /// newest link, which voids the older ones: one transaction.
    pub async fn request_reset(&self, reset: &PasswordReset) -> Result<(), TableError> {
        let mut newest = Update {
            condition: Condition::Equals(USER_ID.into(), reset.user_id.clone().into()),
            ..Update::default()
        };
        newest
            .set
            .insert(LATEST_RESET.into(), reset.token_hash.clone().into());
        let note = Write::Update {
            key: credentials_key(&reset.email),
            update: newest,
        };
        let transaction = Transaction::new()
            .with(Rule::TokenUnused, put(reset, Condition::NotExists)?)
            .with(Rule::SameAccount, note);
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(()),
            Committed::Refused(_) => Err(lost_race()),
        }
    }

    /// The reset a link's token (by its hash) names, if unused and
    /// unexpired: one GetItem. Whether a later reset or change voided it is
    /// the reset's write to tell ([`Accounts::reset_password`]).
    pub async fn pending_reset(
        &self,
        token_hash: &str,
    ) -> Result<Option<PasswordReset>, TableError> {
        let pending: Option<PasswordReset> = self.table.read(&reset_key(token_hash)).await?;
        Ok(pending.map(|pending| PasswordReset {
            token_hash: token_hash.to_string(),
            ..pending
        }))
    }

    /// Uses the link: deletes it (it must still be there), sets the new hash
    /// (on condition that the account is the link's, the link is the newest
    /// sent, and the password has not changed since: a new link, a reset or a
    /// change voids every link sent before it) and revokes every session of
    /// the account, all in one transaction. The address is verified too: the
    /// link was read there.
    pub async fn reset_password(
        &self,
        pending: &PasswordReset,
        password_hash: &str,
        now: Timestamp,
    ) -> Result<Reset, TableError> {
        let use_link = Write::Delete {
            key: pending.key(),
            condition: Condition::Exists,
        };
        let link_current = Condition::All(vec![
            Condition::Equals(USER_ID.into(), pending.user_id.clone().into()),
            Condition::Equals(LATEST_RESET.into(), pending.token_hash.clone().into()),
            Condition::AbsentOrBelow(PASSWORD_CHANGED_AT.into(), pending.issued_at()),
        ]);
        let (mut update, trust_epoch) = set_password(password_hash, link_current, now);
        update.set.insert(EMAIL_VERIFIED.into(), true.into());
        let set_hash = Write::Update {
            key: credentials_key(&pending.email),
            update,
        };
        let transaction = Transaction::new()
            .with(Rule::TokenUnused, use_link)
            .with(Rule::LinkCurrent, set_hash);
        let transaction = Sessions::revoking(transaction, &pending.user_id, None);
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(Reset::Done { trust_epoch }),
            Committed::Refused(Rule::TokenUnused | Rule::LinkCurrent) => Ok(Reset::TokenUsed),
            Committed::Refused(_) => Err(lost_race()),
        }
    }

    /// The address's owner takes the account `credentials` names over, having
    /// proved the address (`via`), in one transaction. The address moves to
    /// `fresh`, a new profile with its own id, so the owner starts clean of
    /// whatever the account's creator left (addresses, bag, wishlist,
    /// requests, orders stay under the old id, which no sign-in reaches any
    /// more, and its profile is deleted). The address is verified, the
    /// password is the owner's (`password_hash`) or none (the unproven one is
    /// gone, with every reset link sent before), every session of the old id
    /// is revoked, every browser trusted before is a stranger (a new trust
    /// epoch, answered) and the claim is recorded; with `identity`, the social
    /// identity is linked. Refused (the API's 409) if the address changed
    /// hands meanwhile.
    pub async fn claim(
        &self,
        credentials: &Credentials,
        via: AddressProof,
        fresh: &UserProfile,
        password_hash: Option<&str>,
        identity: Option<&Identity>,
        now: Timestamp,
    ) -> Result<String, TableError> {
        let condition = Condition::Equals(USER_ID.into(), credentials.user_id.clone().into());
        let (mut update, trust_epoch) = match password_hash {
            Some(hash) => set_password(hash, condition, now),
            None => {
                let mut update = Update {
                    condition,
                    remove: vec![PASSWORD_HASH.into(), LATEST_RESET.into()],
                    ..Update::default()
                };
                let epoch = new_trust_epoch();
                update.set.insert(TRUST_EPOCH.into(), epoch.clone().into());
                (update, epoch)
            }
        };
        let set = &mut update.set;
        set.insert(USER_ID.into(), fresh.id.clone().into());
        set.insert(EMAIL_VERIFIED.into(), true.into());
        set.insert(CLAIMED_AT.into(), now.unix().into());
        set.insert(
            CLAIMED_VIA.into(),
            serde_json::to_value(via).unwrap_or_default(),
        );
        let take_over = Write::Update {
            key: credentials.key(),
            update,
        };
        let leave_behind = Write::Delete {
            key: profile_key(&credentials.user_id),
            condition: Condition::None,
        };
        let mut transaction = Transaction::new()
            .with(Rule::SameAccount, take_over)
            .with(Rule::ProfileFree, put(fresh, Condition::NotExists)?)
            .with(Rule::Always, leave_behind);
        if let Some(identity) = identity {
            transaction.push(Rule::IdentityFree, put(identity, Condition::NotExists)?);
        }
        let transaction = Sessions::revoking(transaction, &credentials.user_id, None);
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(trust_epoch),
            Committed::Refused(_) => Err(lost_race()),
        }
    }

    /// Replaces the password that was checked (`old_hash`) and revokes every
    /// other session of the account, all in one transaction; refused (the
    /// API's 409) if `keep`, the session asking, was ended meanwhile. Answers
    /// the new trust epoch: every browser trusted before is a stranger.
    pub async fn change_password(
        &self,
        credentials: &Credentials,
        old_hash: &str,
        new_hash: &str,
        keep_session: &str,
        now: Timestamp,
    ) -> Result<String, TableError> {
        let (update, trust_epoch) = set_password(
            new_hash,
            Condition::Equals(PASSWORD_HASH.into(), old_hash.into()),
            now,
        );
        let set_hash = Write::Update {
            key: credentials.key(),
            update,
        };
        let transaction = Transaction::new().with(Rule::SamePassword, set_hash);
        let transaction = Sessions::revoking(transaction, &credentials.user_id, Some(keep_session));
        match self.table.commit(transaction).await? {
            Committed::Done => Ok(trust_epoch),
            Committed::Refused(_) => Err(lost_race()),
        }
    }
}

/// Sets the hash, and when it changed: reset links sent before then are
/// void. Starts a new trust epoch (answered): no browser trusted before is.
fn set_password(hash: &str, condition: Condition, now: Timestamp) -> (Update, String) {
    let mut update = Update {
        condition,
        remove: vec![LATEST_RESET.into()],
        ..Update::default()
    };
    let trust_epoch = new_trust_epoch();
    let set = &mut update.set;
    set.insert(PASSWORD_HASH.into(), hash.into());
    set.insert(PASSWORD_CHANGED_AT.into(), now.unix().into());
    set.insert(TRUST_EPOCH.into(), trust_epoch.clone().into());
    (update, trust_epoch)
}

/// A trust epoch no browser was given yet.
fn new_trust_epoch() -> String {
    ulid::Ulid::new().to_string()
}

/// A refusal only a concurrent request can cause: the API's generic 409.
pub(super) fn lost_race() -> TableError {
    TableError::ConditionFailed
}
