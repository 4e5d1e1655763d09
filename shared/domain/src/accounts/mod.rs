//! Shopper accounts: the sign-up, sign-in, password and profile rules with the
//! spec's exact messages, and where accounts live in the single table.
//!
//! Handlers parse a raw form into one of the validated types of [`forms`]; a
//! value of those types has passed every rule, so the storage code never
//! re-checks anything. The records are in [`records`], and how the table
//! keeps the rules (one account per address, single-use links and refresh
//! tokens) in [`store`]; the accounts' abuse limits in [`limits`], counted
//! by [`crate::limits`].

pub mod birthday;
pub mod email;
pub mod forms;
pub mod limits;
pub mod password;
pub mod provider;
pub mod records;
pub mod store;
pub mod title;

pub use birthday::Birthday;
pub use email::EmailAddress;
pub use provider::SocialProvider;
pub use store::{Accounts, Register, Reset, Rotate, Sessions, MAX_SESSIONS};
pub use title::Title;

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
