//! Shopper accounts: the sign-up, sign-in, password and profile rules with the
//! spec's exact messages, and where accounts live in the single table.
//!
//! Handlers parse a raw form into one of the validated types of [`forms`]; a
//! value of those types has passed every rule, so the storage code never
//! re-checks anything. Each stored item has its file, beside the repository
//! that keeps its rules by the writes themselves: [`Accounts`] ([`store`])
//! for profiles, credentials, identities and resets, [`Sessions`] for the
//! refresh sessions. The accounts' abuse limits are in [`limits`], counted by
//! [`crate::limits`].
//!
//! | item | pk | sk | notes |
//! |---|---|---|---|
//! | profile ([`profile`]) | `USER#id` | `PROFILE` | names, title, birthday |
//! | credentials ([`credentials`]) | `EMAIL#lower(email)` | `EMAIL` | user id, the argon2 hash and whether the address is verified; written with `NotExists` in the profile's transaction, so an address has one account. Sign-in reads only this item (one GetItem, strongly consistent). |
//! | social identity ([`credentials`]) | `IDP#provider#subject` | `IDP` | user id |
//! | refresh session ([`sessions`]) | `USER#id` | `SESSION#slot` | one of the shopper's [`MAX_SESSIONS`] slots, holding one token family: its id (`slot-family`, what tokens name and every write conditions on), current and previous token hashes, sign-in time; TTL |
//! | password reset ([`reset`]) | `RESET#sha256(token)` | `RESET` | user id, TTL one hour, deleted on use under a condition |
//! | rate counter ([`crate::limits`]) | `RATE#scope#subject` | window number | `ADD count` under a cap, TTL |

pub mod birthday;
pub mod credentials;
pub mod email;
pub mod forms;
pub mod limits;
pub mod password;
pub mod profile;
pub mod provider;
pub mod reset;
pub mod sessions;
pub mod store;
mod stored_time;
pub mod title;
pub mod view;

pub use birthday::Birthday;
pub use credentials::{AddressProof, Credentials, Identity, FIRST_TRUST_EPOCH};
pub use email::EmailAddress;
pub use profile::UserProfile;
pub use provider::SocialProvider;
pub use reset::{PasswordReset, RESET_TTL_SECONDS};
pub use sessions::{
    constant_time_eq, NewSession, Rotate, Session, Sessions, ABSOLUTE_SESSION_SECONDS, MAX_SESSIONS,
};
pub use store::{Accounts, Register, Reset};
pub use title::Title;
pub use view::ProfileView;

pub const CREATED: &str = "Account created successfully. Please Login.";
/// The message of a 401 on a route that needs a session.
pub const SESSION_EXPIRED: &str = "Your session has expired. Please log in again.";
pub const EMAIL_TAKEN: &str = "An account with this email already exists.";
/// One answer for a wrong email and a wrong password; it mentions the
/// password, so the site shows it under the password field.
pub const WRONG_CREDENTIALS: &str = "Incorrect email or password.";
pub const SIGNED_IN: &str = "Login successful.";
pub const REFRESHED: &str = "Session refreshed.";
pub const LOGGED_OUT: &str = "Logged out successfully.";
pub const RESET_SENT: &str = "Password reset email has been sent.";
pub const RESET_DONE: &str = "Your password has been reset successfully.";
pub const PASSWORD_CHANGED: &str = "Password changed successfully!";
pub const WRONG_CURRENT: &str = "Your current password is incorrect.";
pub const NO_PASSWORD_YET: &str =
    "Your account signs in with Google or Facebook and has no password yet. Use Forgot password to set one.";
pub const PROFILE_UPDATED: &str = "Update profile successfully!";
pub const NOT_YOURS: &str = "You can only edit your own profile.";
pub const ACCOUNT_GONE: &str = "This account no longer exists.";
/// Social sign-in.
pub const SIGN_IN_FAILED: &str = "Sign-in could not be completed. Please try again.";
pub const SIGN_IN_CANCELED: &str = "Sign-in was canceled.";

/// Email verification (the link of the welcome email).
pub const EMAIL_VERIFIED: &str = "Thank you, your email address is verified.";
pub const VERIFY_LINK_INVALID: &str = "This verification link is invalid or has expired.";
/// The link followed from a browser the account does not trust, and a
/// password chosen: the address's owner now holds the account alone.
pub const ACCOUNT_CLAIMED: &str = "Thank you, your email address is verified. The account is yours alone now: everyone else was signed out, it starts afresh, and you are signed in with the password you chose.";

/// A provider whose client credentials the shop does not hold.
pub fn provider_unavailable(provider: &str) -> String {
    format!("Sign-in with {provider} is not available at the moment.")
}

/// A social account without a verified address cannot sign in.
/// A provider that does not vouch for addresses met an account with this
/// one: its owner signs in with the password first, and the identity is
/// linked then.
pub fn password_first(provider: &str) -> String {
    format!(
        "An account with this email already exists. Log in with your password to connect {provider}; forgot it? Reset it from the login panel."
    )
}

pub fn unverified_email(provider: &str) -> String {
    format!(
        "Your {provider} account has no verified email address, so it cannot be used to sign in here."
    )
}
