//! Shopper accounts: the sign-up, sign-in, password and profile rules with the
//! spec's exact messages, and where accounts live in the single table.
//!
//! Handlers parse a raw form into one of the validated types of [`forms`]; a
//! value of those types has passed every rule, so the storage code never
//! re-checks anything.

pub mod birthday;
pub mod email;
pub mod forms;
pub mod password;
pub mod records;
pub mod title;

pub use birthday::Birthday;
pub use email::EmailAddress;
pub use title::Title;
