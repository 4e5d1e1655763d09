//! The refresh sessions in the table, and how their rules are kept by the
//! writes themselves:
//! - a shopper holds at most [`MAX_SESSIONS`] sessions: each takes one of as
//!   many slot keys, put on condition that the slot is as it was read, so
//!   revoking them all is one transaction of at most that many deletes;
//! - a refresh token rotates once: the update holds only while the session
//!   still has the presented token, so of two tabs rotating at once one wins
//!   and the other is a second tab, never a theft.

use crate::accounts::store::{lost_race, Rule};
use crate::ports::{Condition, Key, Table, TableError, Write};
use crate::records::{decode, Outcome, Record, Transaction};
use crate::timestamp::Timestamp;

use super::{session_key, slot_key, Placement, Session, Verdict, SESSION_ID};

/// The sessions one shopper holds at most (devices and browsers): the
/// slots of [`Sessions::open`]. Signing in on one more ends the oldest, and
/// revoking them all (a reset, a password change) is one transaction of at
/// most this many deletes.
pub const MAX_SESSIONS: usize = 10;
/// What presenting a refresh token did.
#[derive(Debug, Clone, PartialEq)]
pub enum Rotate {
    /// No such session: logged out, revoked or expired.
    Ended,
    /// The current token: the session now holds the new one.
    Rotated(Session),
    /// The token just replaced, or one another request rotated a moment ago:
    /// a second tab, answered from the session as it was.
    SecondTab(Session),
    /// An already rotated token: the family is revoked.
    Reused,
}

/// The refresh sessions in the table.
pub struct Sessions<'a> {
    table: &'a dyn Table,
}

impl<'a> Sessions<'a> {
    pub fn of(table: &'a dyn Table) -> Self {
        Self { table }
    }

    /// Stores a new session (its `session_id` is its random family id) in
    /// one of the shopper's [`MAX_SESSIONS`] slots: a free one, on condition
    /// that it is still free, or else the oldest session's, on condition that
    /// it is still there. The bound is thus held by the put itself, however
    /// many sign-ins race; the loser of a race reads again once. Answers the
    /// session as stored (its id names its slot). One BatchGetItem and one
    /// conditional PutItem.
    pub async fn open(&self, session: &Session) -> Result<Session, TableError> {
        for _ in 0..2 {
            let held = self.held(&session.user_id).await?;
            let placement = Placement::among(&held, MAX_SESSIONS, session.created_at);
            let placed = session.placed(&placement);
            if let Outcome::Done(()) = self.table.write(&placed, placement.condition()).await? {
                return Ok(placed);
            }
        }
        Err(lost_race())
    }

    /// The sessions in the shopper's slots: one BatchGetItem.
    async fn held(&self, user_id: &str) -> Result<Vec<Session>, TableError> {
        let slots: Vec<Key> = (0..MAX_SESSIONS).map(|n| slot_key(user_id, n)).collect();
        let items = self.table.batch_get(&slots).await?;
        items.into_iter().map(decode).collect()
    }

    /// The session `session_id` of `user_id`, if its slot still holds it
    /// and it is live at `now`: one strongly consistent GetItem.
    async fn current(
        &self,
        user_id: &str,
        session_id: &str,
        now: Timestamp,
    ) -> Result<Option<Session>, TableError> {
        let stored: Option<Session> = self.table.read(&session_key(user_id, session_id)).await?;
        Ok(stored.filter(|s| s.session_id == session_id && s.is_live(now)))
    }

    /// Presents the refresh token hashing to `presented` for the session
    /// `session_id` of `user_id`: rotates it to the one hashing to `next`,
    /// or tells a second tab, or revokes the family on reuse. One GetItem,
    /// then one conditional UpdateItem or one DeleteItem.
    pub async fn rotate(
        &self,
        user_id: &str,
        session_id: &str,
        presented: &str,
        next: String,
        now: Timestamp,
    ) -> Result<Rotate, TableError> {
        let Some(current) = self.current(user_id, session_id, now).await? else {
            return Ok(Rotate::Ended);
        };
        match current.judge(presented, now) {
            Verdict::Rotate => {
                let next = current.rotated(next, now);
                let update = current.rotation(&next);
                Ok(
                    match self.table.change::<Session>(&current.key(), update).await? {
                        Outcome::Done(_) => Rotate::Rotated(next),
                        // Another request rotated the same token a moment ago.
                        Outcome::Refused => Rotate::SecondTab(current),
                    },
                )
            }
            Verdict::Grace => Ok(Rotate::SecondTab(current)),
            Verdict::Reuse => {
                // Refused: the family already left its slot, which is as good.
                let _ = self
                    .table
                    .erase(&current.key(), current.still_there())
                    .await?;
                Ok(Rotate::Reused)
            }
        }
    }

    /// The session, while it still signs its shopper in: logged out, revoked
    /// (a reset, a password change, a reused refresh token), evicted by a
    /// newer sign-in, expired (the table forgets expired items only late) and
    /// past its absolute end are all absent. One strongly consistent GetItem
    /// (1 read unit): what every signed-in request pays so that a revoked
    /// session is refused at once, not when its access token expires.
    /// Measured (`shop-bench <dir> signed-in`, release, in-process, 2-core
    /// machine): GET /api/cart, /api/addresses, /api/orders/me each go from
    /// 1 to 2 table requests; p50 from ~45 to ~80 µs on the embedded table,
    /// and +0.8 to +1.2 ms (e.g. cart 2.2 → 3.0 ms) on DynamoDB Local.
    pub async fn live(
        &self,
        user_id: &str,
        session_id: &str,
        now: Timestamp,
    ) -> Result<Option<Session>, TableError> {
        self.current(user_id, session_id, now).await
    }

    /// Ends a session and answers what it was (for the provider's logout):
    /// one GetItem and one DeleteItem conditioned on the family still being
    /// in its slot. `presented`: the hash of the refresh token that asks,
    /// which must be the session's current or previous one (a guessed user
    /// and session id end nothing); `None` when the caller holds a verified
    /// access token of the session instead.
    pub async fn end(
        &self,
        user_id: &str,
        session_id: &str,
        presented: Option<&str>,
    ) -> Result<Option<Session>, TableError> {
        let key = session_key(user_id, session_id);
        let session: Option<Session> = self.table.read(&key).await?;
        let Some(session) = session
            .filter(|s| s.session_id == session_id)
            .filter(|s| presented.is_none_or(|p| s.holds_token(p)))
        else {
            return Ok(None);
        };
        match self.table.erase(&key, session.still_there()).await? {
            Outcome::Done(()) => Ok(Some(session)),
            Outcome::Refused => Ok(None),
        }
    }

    /// Adds to `transaction` the deletes of every slot of the user (at most
    /// [`MAX_SESSIONS`] writes, no read needed), but `keep`'s, which must
    /// still hold `keep`: the session that asked is not revoked meanwhile.
    pub(in crate::accounts) fn revoking(
        mut transaction: Transaction<Rule>,
        user_id: &str,
        keep: Option<&str>,
    ) -> Transaction<Rule> {
        let kept = keep.map(|sid| session_key(user_id, sid));
        if let (Some(key), Some(sid)) = (&kept, keep) {
            let condition = Condition::Equals(SESSION_ID.into(), sid.into());
            let check = Write::Check {
                key: key.clone(),
                condition,
            };
            transaction.push(Rule::SessionLive, check);
        }
        for key in (0..MAX_SESSIONS).map(|n| slot_key(user_id, n)) {
            if Some(&key) != kept.as_ref() {
                let delete = Write::Delete {
                    key,
                    condition: Condition::None,
                };
                transaction.push(Rule::Always, delete);
            }
        }
        transaction
    }
}
