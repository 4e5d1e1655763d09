//! The stored account records, each with the keys it lives under.
//!
//! | item | pk | sk | notes |
//! |---|---|---|---|
//! | profile | `USER#id` | `PROFILE` | names, title, birthday |
//! | credentials | `EMAIL#lower(email)` | `EMAIL` | user id, the argon2 hash and whether the address is verified; written with `NotExists` in the profile's transaction, so an address has one account. Sign-in reads only this item (one GetItem, strongly consistent). |
//! | social identity | `IDP#provider#subject` | `IDP` | user id |
//! | refresh session | `USER#id` | `SESSION#slot` | one of the shopper's [`MAX_SESSIONS`](super::MAX_SESSIONS) slots, holding one token family: its id (`slot-family`, what tokens name and every write conditions on), current and previous token hashes, sign-in time; TTL |
//! | password reset | `RESET#sha256(token)` | `RESET` | user id, TTL one hour, deleted on use under a condition |
//! | rate counter | `RATE#scope#subject` | window number | `ADD count` under a cap, TTL |
//!
//! How the rules are kept by the writes is in [`super::store`].

use serde::{Deserialize, Serialize};

use super::birthday::Birthday;
use super::email::EmailAddress;
use super::forms::{ProfileEdit, Registration, NAME_MAX_CHARS};
use super::title::Title;
use super::SocialProvider;
use crate::ports::{Condition, Key, Update};
use crate::records::{encode, Record};
use crate::shopper::user_pk;
use crate::timestamp::Timestamp;

pub(crate) const PROFILE_SK: &str = "PROFILE";
pub(crate) const SESSION_PREFIX: &str = "SESSION#";

/// A shopper's profile. Title and birthday are absent for accounts created
/// by a social sign-in until the shopper fills them in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserProfile {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub title: Option<Title>,
    pub birthday: Option<Birthday>,
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub created_at: Timestamp,
    #[serde(deserialize_with = "stored_time::text_or_seconds")]
    pub updated_at: Timestamp,
}

impl Record for UserProfile {
    fn key(&self) -> Key {
        profile_key(&self.id)
    }
}

pub(crate) fn profile_key(user_id: &str) -> Key {
    Key::new(user_pk(user_id), PROFILE_SK)
}

impl Registration {
    /// The profile of the new account `id`.
    pub fn profile(&self, id: String, now: Timestamp) -> UserProfile {
        UserProfile {
            id,
            email: self.email.to_string(),
            firstname: self.firstname.clone(),
            lastname: self.lastname.clone(),
            title: Some(self.title),
            birthday: Some(self.birthday),
            created_at: now,
            updated_at: now,
        }
    }
}

impl UserProfile {
    /// The profile of an account a social sign-in creates: the names the
    /// provider gave; no title or birthday yet.
    pub fn social(
        id: String,
        email: &EmailAddress,
        firstname: &str,
        lastname: &str,
        now: Timestamp,
    ) -> Self {
        UserProfile::fresh(id, email.to_string(), firstname, lastname, now)
    }

    /// A profile with only an address and names (cut to
    /// [`NAME_MAX_CHARS`]): no title or birthday yet.
    fn fresh(id: String, email: String, firstname: &str, lastname: &str, now: Timestamp) -> Self {
        let cut = |name: &str| name.chars().take(NAME_MAX_CHARS).collect();
        UserProfile {
            id,
            email,
            firstname: cut(firstname),
            lastname: cut(lastname),
            title: None,
            birthday: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// The display name: "first last".
    pub fn name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
            .trim()
            .to_string()
    }

    /// What the API answers about a profile (`GET /api/auth/me`, profile edits).
    pub fn view(&self) -> ProfileView {
        ProfileView {
            id: self.id.clone(),
            email: self.email.clone(),
            name: self.name(),
            firstname: self.firstname.clone(),
            lastname: self.lastname.clone(),
            title: self.title,
            birthday: self.birthday,
        }
    }

    /// The credentials item that goes with a new profile.
    pub fn credentials(&self, password_hash: Option<String>) -> Credentials {
        Credentials {
            user_id: self.id.clone(),
            email: self.email.clone(),
            password_hash,
            email_verified: false,
            password_changed_at: None,
            latest_reset: None,
            claimed_at: None,
            claimed_via: None,
            trust_epoch: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[derive(utoipa::ToSchema)]
pub struct ProfileView {
    pub id: String,
    pub email: String,
    pub name: String,
    pub firstname: String,
    pub lastname: String,
    pub title: Option<Title>,
    pub birthday: Option<Birthday>,
}

/// The fields a profile edit sets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileFields<'a> {
    firstname: &'a str,
    lastname: &'a str,
    title: Title,
    birthday: Birthday,
    updated_at: Timestamp,
}

impl ProfileEdit {
    /// The update that applies the edit to a stored profile, which must
    /// still be there.
    pub fn update(&self, now: Timestamp) -> Update {
        let fields = ProfileFields {
            firstname: &self.firstname,
            lastname: &self.lastname,
            title: self.title,
            birthday: self.birthday,
            updated_at: now,
        };
        Update {
            set: encode(&fields).unwrap_or_default(),
            condition: Condition::Exists,
            ..Update::default()
        }
    }
}

/// What signing in with a password reads: one item per address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub user_id: String,
    /// As the shopper typed it at sign-up.
    pub email: String,
    /// PHC string; absent for accounts that only ever signed in socially.
    pub password_hash: Option<String>,
    /// The shopper proved they read this address: the link of the welcome
    /// email, a completed reset, or a provider that vouches for it. Only then
    /// may a social identity be linked to the account by its address.
    #[serde(default)]
    pub email_verified: bool,
    /// When the password was last set by a reset or a change (epoch
    /// seconds): reset links issued before then no longer work.
    #[serde(default)]
    pub password_changed_at: Option<i64>,
    /// The token hash of the newest reset link: only that one works, so
    /// asking for a new link voids the older ones.
    #[serde(default)]
    pub latest_reset: Option<String>,
    /// When the address's owner proved it on an account they may not have
    /// created (epoch seconds), and how ([`Claim`]): every session then
    /// ended and the unproven password stopped working.
    #[serde(default)]
    pub claimed_at: Option<i64>,
    #[serde(default)]
    pub claimed_via: Option<Claim>,
    /// Which browsers the account trusts: a device cookie names the epoch
    /// it was given in, and a claim, a reset or a password change starts a
    /// new one, so every browser trusted before (a squatter's included) is
    /// a stranger again. Absent: the account's first epoch.
    #[serde(default)]
    pub trust_epoch: Option<String>,
}

/// The epoch of an account that never changed hands or password.
pub const FIRST_TRUST_EPOCH: &str = "0";

/// How the owner of an address proved it when taking the account over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// The link of the welcome email, followed from another browser.
    VerificationLink,
    /// A social provider that vouches for the address.
    Google,
    Facebook,
}

impl Credentials {
    /// The account's current trust epoch (see [`Credentials::trust_epoch`]).
    pub fn trust_epoch(&self) -> &str {
        self.trust_epoch.as_deref().unwrap_or(FIRST_TRUST_EPOCH)
    }

    /// The fresh profile of the account when its address's owner claims it
    /// (`id`, a new one): nothing of whoever created the account, only the
    /// address and the names the proving provider gives, if any.
    pub fn claimed_profile(
        &self,
        id: String,
        firstname: &str,
        lastname: &str,
        now: Timestamp,
    ) -> UserProfile {
        UserProfile::fresh(id, self.email.clone(), firstname, lastname, now)
    }

    /// The same credentials, the address vouched for.
    pub fn with_verified_email(self) -> Self {
        Credentials {
            email_verified: true,
            ..self
        }
    }
}

impl Record for Credentials {
    fn key(&self) -> Key {
        credentials_key(&self.email)
    }
}

/// The credentials of an address, under its [`super::email::canonical`] form.
pub(crate) fn credentials_key(email: &str) -> Key {
    Key::new(format!("EMAIL#{}", super::email::canonical(email)), "EMAIL")
}

/// A social identity linked to an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Identity {
    pub user_id: String,
    pub provider: SocialProvider,
    pub subject: String,
}

impl Record for Identity {
    fn key(&self) -> Key {
        identity_key(self.provider, &self.subject)
    }
}

pub(crate) fn identity_key(provider: SocialProvider, subject: &str) -> Key {
    Key::new(format!("IDP#{}#{subject}", provider.name()), "IDP")
}

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

/// A pending password reset, keyed by the token's hash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    /// Absent from items written before it was stored: the key has it.
    #[serde(default)]
    pub token_hash: String,
    pub user_id: String,
    /// The account's address, lower case.
    pub email: String,
    /// When the link stops working: its TTL, in epoch seconds.
    #[serde(with = "stored_time::seconds")]
    pub expires_at: Timestamp,
}

pub const RESET_TTL_SECONDS: i64 = 3600;

impl Record for PasswordReset {
    fn key(&self) -> Key {
        reset_key(&self.token_hash)
    }
    fn expires_at(&self) -> Option<i64> {
        Some(self.expires_at.unix())
    }
}

pub(crate) fn reset_key(token_hash: &str) -> Key {
    Key::new(format!("RESET#{token_hash}"), "RESET")
}

impl PasswordReset {
    /// When the link was sent.
    pub fn issued_at(&self) -> i64 {
        self.expires_at.unix() - RESET_TTL_SECONDS
    }

    /// A reset of the account of `credentials` by the token hashing to
    /// `token_hash`, good for [`RESET_TTL_SECONDS`].
    pub fn new(credentials: &Credentials, token_hash: String, now: Timestamp) -> Self {
        PasswordReset {
            token_hash,
            user_id: credentials.user_id.clone(),
            email: super::email::canonical(&credentials.email),
            expires_at: later(now, RESET_TTL_SECONDS),
        }
    }
}

/// `seconds` after `at` (to the second, as TTLs are).
fn later(at: Timestamp, seconds: i64) -> Timestamp {
    Timestamp::from_unix(at.unix() + seconds).unwrap_or(at)
}

/// Compares two strings without stopping at the first difference.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// How account times are stored: instants as [`Timestamp`] text, TTLs as
/// epoch seconds (what the table's expiry reads).
mod stored_time {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::timestamp::Timestamp;

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Seconds(i64),
        Text(String),
    }

    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
        let at = match Stored::deserialize(d)? {
            Stored::Seconds(seconds) => Timestamp::from_unix(seconds),
            Stored::Text(text) => Timestamp::parse(&text),
        };
        at.ok_or_else(|| serde::de::Error::custom("not a time"))
    }

    /// Text, or epoch seconds as accounts stored their times before
    /// [`Timestamp`]: items written then still read.
    pub fn text_or_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
        read(d)
    }

    /// A TTL: epoch seconds.
    pub mod seconds {
        use super::*;

        pub fn serialize<S: Serializer>(at: &Timestamp, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_i64(at.unix())
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Timestamp, D::Error> {
            read(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::decode;
    use time::macros::date;

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

    fn profile() -> UserProfile {
        UserProfile {
            id: "u1".into(),
            email: "a@b.co".into(),
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            title: None,
            birthday: None,
            created_at: at(1),
            updated_at: at(1),
        }
    }

    #[test]
    fn keys_follow_the_table_design() {
        assert_eq!(profile().key(), Key::new("USER#u1", "PROFILE"));
        let creds = Credentials {
            user_id: "u1".into(),
            email: "Ada@X.co".into(),
            password_hash: None,
            email_verified: false,
            password_changed_at: None,
            latest_reset: None,
            claimed_at: None,
            claimed_via: None,
            trust_epoch: None,
        };
        assert_eq!(creds.trust_epoch(), FIRST_TRUST_EPOCH);
        assert_eq!(creds.key(), Key::new("EMAIL#ada@x.co", "EMAIL"));
        let identity = Identity {
            user_id: "u1".into(),
            provider: SocialProvider::Google,
            subject: "42".into(),
        };
        assert_eq!(identity.key(), Key::new("IDP#google#42", "IDP"));
        assert_eq!(session().key(), Key::new("USER#u1", "SESSION#s1"));
        let reset = PasswordReset::new(&creds, "abc".into(), at(0));
        assert_eq!(reset.key(), Key::new("RESET#abc", "RESET"));
        assert_eq!(reset.email, "ada@x.co");
        assert_eq!(reset.expires_at(), Some(RESET_TTL_SECONDS));
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
        let mut item = profile().to_item().unwrap();
        item.insert("createdAt".into(), 1.into());
        assert_eq!(decode::<UserProfile>(item).unwrap(), profile());
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
    fn profile_name_and_optional_fields() {
        let p = profile();
        assert_eq!(p.name(), "Ada Lovelace");
        let view = serde_json::to_value(p.view()).unwrap();
        assert_eq!(view["name"], "Ada Lovelace");
        assert_eq!(view["title"], serde_json::Value::Null);
        let back: UserProfile = decode(p.to_item().unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn a_profile_edit_sets_its_fields_on_a_stored_profile() {
        let edit = ProfileEdit {
            firstname: "Grace".into(),
            lastname: "Hopper".into(),
            title: Title::Mrs,
            birthday: Birthday::parse("1906-12-09", date!(2026 - 01 - 01)).unwrap(),
        };
        let update = edit.update(at(60));
        assert_eq!(update.condition, Condition::Exists);
        assert_eq!(update.set["firstname"], "Grace");
        assert_eq!(update.set["title"], "Mrs");
        assert_eq!(update.set["birthday"], "1906-12-09");
        assert_eq!(update.set["updatedAt"], "1970-01-01T00:01:00.000000Z");
    }

    #[test]
    fn constant_time_eq_is_eq() {
        assert!(constant_time_eq("abc", "abc"));
        assert!(!constant_time_eq("abc", "abd"));
        assert!(!constant_time_eq("abc", "ab"));
    }
}
