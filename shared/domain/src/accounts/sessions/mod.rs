//! Refresh sessions: one token family per sign-in, in one of the shopper's
//! [`MAX_SESSIONS`] slots (`USER#id` / `SESSION#slot`), rotated once per
//! token, with the rules that judge a presented token. The repository is
//! [`Sessions`].

mod store;

use serde::{Deserialize, Serialize};

use super::stored_time::{self, later};
use super::SocialProvider;
use crate::ports::{Condition, Key, Update};
use crate::records::{encode, Record};
use crate::shopper::user_pk;
use crate::timestamp::Timestamp;

pub use store::{Rotate, Sessions, MAX_SESSIONS};

const SESSION_PREFIX: &str = "SESSION#";

/// One refresh-token family: the session a sign-in starts, in one of the
/// shopper's slots. Only hashes of tokens are stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub user_id: String,
    /// `slot-family`: the slot it holds (its key) and its random family id,
    /// so a later session in the same slot is never taken for this one.
    pub session_id: String,
    pub email: String,
    pub token_hash: String,
    /// The token this one replaced, accepted for [`REFRESH_GRACE_SECONDS`]
    /// after rotation so two tabs refreshing at once are not taken for theft.
    pub prev_hash: Option<String>,
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub rotated_at: Timestamp,
    pub remember: bool,
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub created_at: Timestamp,
    /// When the table forgets the session: its TTL, in epoch seconds.
    #[serde(with = "stored_time::seconds")]
    pub expires_at: Timestamp,
    /// Which provider signed this session in (Facebook's needs a logout).
    pub provider: Option<SocialProvider>,
    /// The provider's access token, kept (sealed by the auth function) only
    /// where its logout needs it.
    pub provider_token: Option<String>,
}

/// How long the previous refresh token stays good after a rotation.
pub const REFRESH_GRACE_SECONDS: i64 = 10;
/// Refresh sessions: 30 days with "remember me", otherwise a day of
/// inactivity (the cookie itself dies with the browser session).
pub const REMEMBER_SECONDS: i64 = 30 * 24 * 3600;
pub const BROWSER_SESSION_SECONDS: i64 = 24 * 3600;
/// However often it is refreshed, a session ends this long after its sign-in.
pub const ABSOLUTE_SESSION_SECONDS: i64 = 30 * 24 * 3600;

impl Record for Session {
    fn key(&self) -> Key {
        session_key(&self.user_id, &self.session_id)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at.unix())
    }
}

/// The key of the slot a session id names (the part before its `-`).
pub(crate) fn session_key(user_id: &str, session_id: &str) -> Key {
    let slot = session_id
        .split_once('-')
        .map_or(session_id, |(slot, _)| slot);
    Key::new(user_pk(user_id), format!("{SESSION_PREFIX}{slot}"))
}

/// The key of a shopper's session slot `slot`.
pub(crate) fn slot_key(user_id: &str, slot: usize) -> Key {
    Key::new(user_pk(user_id), format!("{SESSION_PREFIX}{slot}"))
}

/// The attribute every write to a slot conditions on: which family is there.
pub(crate) const SESSION_ID: &str = "sessionId";

/// Where a new session goes among the shopper's `slots` slots, given the
/// sessions `held` there.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub slot: usize,
    /// The family it replaces, which must still be there; `None`: a free
    /// slot, which must still be free.
    pub evicts: Option<String>,
}

impl Placement {
    /// A free slot if there is one, else the slot of the session that ended
    /// or, all being live, of the one signed in first.
    pub fn among(held: &[Session], slots: usize, now: Timestamp) -> Placement {
        let taken = |slot: usize| held.iter().any(|s| s.slot() == Some(slot));
        if let Some(free) = (0..slots).find(|slot| !taken(*slot)) {
            return Placement {
                slot: free,
                evicts: None,
            };
        }
        let oldest = held
            .iter()
            .filter(|s| s.slot().is_some_and(|slot| slot < slots))
            .min_by_key(|s| (s.is_live(now), s.created_at))
            .expect("every slot is taken, so some session holds one");
        Placement {
            slot: oldest.slot().expect("filtered on its slot"),
            evicts: Some(oldest.session_id.clone()),
        }
    }

    /// The id of the family `family` in this slot.
    pub fn session_id(&self, family: &str) -> String {
        format!("{}-{family}", self.slot)
    }

    /// The put's condition: the slot is as it was read.
    pub fn condition(&self) -> Condition {
        match &self.evicts {
            None => Condition::NotExists,
            Some(family) => Condition::Equals(SESSION_ID.into(), family.clone().into()),
        }
    }
}

/// Who a new session is for.
#[derive(Debug, Clone, PartialEq)]
pub struct NewSession {
    pub user_id: String,
    pub email: String,
    pub remember: bool,
    /// The social provider that signed the shopper in.
    pub provider: Option<SocialProvider>,
    /// The provider's access token, for Facebook (its logout needs it).
    pub provider_token: Option<String>,
}

impl Session {
    pub fn lifetime(remember: bool) -> i64 {
        if remember {
            REMEMBER_SECONDS
        } else {
            BROWSER_SESSION_SECONDS
        }
    }

    /// A new session (id `session_id`) whose current token hashes to `token_hash`.
    pub fn start(who: NewSession, session_id: String, token_hash: String, now: Timestamp) -> Self {
        Session {
            user_id: who.user_id,
            session_id,
            email: who.email,
            token_hash,
            prev_hash: None,
            rotated_at: now,
            remember: who.remember,
            created_at: now,
            expires_at: later(now, Session::lifetime(who.remember)),
            provider: who.provider,
            provider_token: who.provider_token,
        }
    }

    /// The session after a rotation to the token hashing to `token_hash`:
    /// it lives on from now, but never past its absolute end.
    pub fn rotated(&self, token_hash: String, now: Timestamp) -> Self {
        let expires_at = later(now, Session::lifetime(self.remember)).min(self.absolute_end());
        Session {
            prev_hash: Some(self.token_hash.clone()),
            token_hash,
            rotated_at: now,
            expires_at,
            ..self.clone()
        }
    }

    /// The slot the session holds.
    pub fn slot(&self) -> Option<usize> {
        self.session_id.split_once('-')?.0.parse().ok()
    }

    /// The same session, in the slot (and with the id) `placement` gives it.
    pub fn placed(&self, placement: &Placement) -> Session {
        Session {
            session_id: placement.session_id(&self.session_id),
            ..self.clone()
        }
    }

    /// A write on the session's slot holds only while this family is there.
    pub(crate) fn still_there(&self) -> Condition {
        Condition::Equals(SESSION_ID.into(), self.session_id.clone().into())
    }

    /// Whether `presented` hashes the current or the previous refresh token.
    pub fn holds_token(&self, presented: &str) -> bool {
        constant_time_eq(presented, &self.token_hash)
            || self
                .prev_hash
                .as_deref()
                .is_some_and(|prev| constant_time_eq(presented, prev))
    }

    /// When the session ends whatever happens: [`ABSOLUTE_SESSION_SECONDS`]
    /// after its sign-in.
    pub fn absolute_end(&self) -> Timestamp {
        later(self.created_at, ABSOLUTE_SESSION_SECONDS)
    }

    /// Whether the session still signs its shopper in at `now` (the table
    /// forgets expired items only eventually).
    pub fn is_live(&self, now: Timestamp) -> bool {
        now < self.expires_at && now < self.absolute_end()
    }

    /// What presenting a refresh token whose hash is `presented` means.
    pub fn judge(&self, presented: &str, now: Timestamp) -> Verdict {
        if constant_time_eq(presented, &self.token_hash) {
            Verdict::Rotate
        } else if self
            .prev_hash
            .as_deref()
            .is_some_and(|prev| constant_time_eq(presented, prev))
            && now.unix() - self.rotated_at.unix() <= REFRESH_GRACE_SECONDS
        {
            Verdict::Grace
        } else {
            Verdict::Reuse
        }
    }

    /// The update that moves the stored session to `next`, on condition that
    /// it still holds this session's token (two tabs rotating at once: one wins).
    pub(crate) fn rotation(&self, next: &Session) -> Update {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Rotation<'a> {
            token_hash: &'a str,
            prev_hash: Option<&'a str>,
            rotated_at: Timestamp,
            #[serde(with = "stored_time::seconds")]
            expires_at: Timestamp,
        }
        let fields = Rotation {
            token_hash: &next.token_hash,
            prev_hash: next.prev_hash.as_deref(),
            rotated_at: next.rotated_at,
            expires_at: next.expires_at,
        };
        Update {
            set: encode(&fields).unwrap_or_default(),
            condition: Condition::Equals(TOKEN_HASH.into(), self.token_hash.clone().into()),
            ..Update::default()
        }
    }
}

const TOKEN_HASH: &str = "tokenHash";

/// The outcome of presenting a refresh token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The current token: issue a new pair.
    Rotate,
    /// The token just replaced, within the grace: a second tab; issue an
    /// access token and leave the (already rotated) refresh cookie alone.
    Grace,
    /// An older or unknown token of this family: a stolen token was used, so
    /// the whole family is revoked.
    Reuse,
}

/// Compares two strings without stopping at the first difference.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::decode;

    fn at(seconds: i64) -> Timestamp {
        Timestamp::from_unix(seconds).unwrap()
    }

    fn session() -> Session {
        Session {
            user_id: "u1".into(),
            session_id: "s1".into(),
            email: "a@b.co".into(),
            token_hash: "new".into(),
            prev_hash: Some("old".into()),
            rotated_at: at(1_000),
            remember: true,
            created_at: at(900),
            expires_at: at(5_000),
            provider: None,
            provider_token: None,
        }
    }

    #[test]
    fn a_session_lives_in_its_slot() {
        assert_eq!(session().key(), Key::new("USER#u1", "SESSION#s1"));
    }

    #[test]
    fn records_carry_their_keys_and_ttl() {
        let item = session().to_item().unwrap();
        assert_eq!(item["pk"], "USER#u1");
        assert_eq!(item["sk"], "SESSION#s1");
        assert_eq!(item["expiresAt"], 5_000);
        assert_eq!(item["rotatedAt"], "1970-01-01T00:16:40.000000Z");
        assert_eq!(decode::<Session>(item).unwrap(), session());
    }

    #[test]
    fn times_stored_as_seconds_still_read() {
        let mut item = session().to_item().unwrap();
        item.insert("rotatedAt".into(), 1_000.into());
        item.insert("createdAt".into(), 900.into());
        assert_eq!(decode::<Session>(item).unwrap(), session());
    }

    #[test]
    fn a_rotation_keeps_the_replaced_token_and_extends_the_ttl() {
        let next = session().rotated("newer".into(), at(2_000));
        assert_eq!(next.prev_hash.as_deref(), Some("new"));
        // 30 remembered days from now would pass the absolute end: capped there.
        assert_eq!(next.expires_at, at(900 + ABSOLUTE_SESSION_SECONDS));
        assert!(next.is_live(at(2_000)) && !next.is_live(at(900 + ABSOLUTE_SESSION_SECONDS)));
        let browser = Session {
            remember: false,
            ..session()
        }
        .rotated("n".into(), at(2_000));
        assert_eq!(browser.expires_at, at(2_000 + BROWSER_SESSION_SECONDS));
        let update = session().rotation(&next);
        assert_eq!(
            update.condition,
            Condition::Equals("tokenHash".into(), "new".into())
        );
        assert_eq!(update.set["tokenHash"], "newer");
        assert_eq!(update.set["prevHash"], "new");
        assert_eq!(update.set["expiresAt"], 900 + ABSOLUTE_SESSION_SECONDS);
    }

    #[test]
    fn a_new_session_takes_a_free_slot_else_the_oldest() {
        let in_slot = |slot: usize, created: i64, expires: i64| Session {
            session_id: format!("{slot}-f{slot}"),
            created_at: at(created),
            expires_at: at(expires),
            ..session()
        };
        let held = vec![in_slot(0, 10, 9_000), in_slot(2, 5, 9_000)];
        let free = Placement::among(&held, 3, at(100));
        assert_eq!((free.slot, free.condition()), (1, Condition::NotExists));
        assert_eq!(free.session_id("abc"), "1-abc");
        let full = vec![
            in_slot(0, 10, 9_000),
            in_slot(1, 5, 9_000),
            in_slot(2, 20, 9_000),
        ];
        let oldest = Placement::among(&full, 3, at(100));
        assert_eq!(oldest.slot, 1);
        assert_eq!(
            oldest.condition(),
            Condition::Equals("sessionId".into(), "1-f1".into())
        );
        let ended = vec![
            in_slot(0, 10, 9_000),
            in_slot(1, 5, 9_000),
            in_slot(2, 20, 50),
        ];
        assert_eq!(
            Placement::among(&ended, 3, at(100)).slot,
            2,
            "an ended one first"
        );
        assert_eq!(in_slot(7, 0, 1).key(), Key::new("USER#u1", "SESSION#7"));
        assert_eq!(session_key("u1", "7-abc"), Key::new("USER#u1", "SESSION#7"));
    }

    #[test]
    fn the_current_token_rotates() {
        assert_eq!(session().judge("new", at(99_999)), Verdict::Rotate);
    }

    #[test]
    fn the_previous_token_is_a_second_tab_only_briefly() {
        assert_eq!(
            session().judge("old", at(1_000 + REFRESH_GRACE_SECONDS)),
            Verdict::Grace
        );
        assert_eq!(
            session().judge("old", at(1_001 + REFRESH_GRACE_SECONDS)),
            Verdict::Reuse
        );
    }

    #[test]
    fn any_other_token_is_reuse() {
        assert_eq!(session().judge("older", at(1_000)), Verdict::Reuse);
        assert_eq!(session().judge("", at(1_000)), Verdict::Reuse);
        let fresh = Session {
            prev_hash: None,
            ..session()
        };
        assert_eq!(fresh.judge("old", at(1_000)), Verdict::Reuse);
    }

    #[test]
    fn constant_time_eq_is_eq() {
        assert!(constant_time_eq("abc", "abc"));
        assert!(!constant_time_eq("abc", "abd"));
        assert!(!constant_time_eq("abc", "ab"));
    }
}
