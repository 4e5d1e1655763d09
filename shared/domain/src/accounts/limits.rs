//! The accounts' abuse limits: what sign-in, sign-up, reset and change
//! each allow per subject and window (the counters are [`crate::limits`]).

use crate::limits::Limit;

/// Failed sign-ins from one client address (an IPv6 client's /64) that is
/// not a trusted device of the account. Only failures count, and the cap is
/// high: an office or a mobile carrier puts many shoppers behind one
/// address, and a browser that signed in before is never held by it.
pub const LOGIN_FAILURES_PER_ADDRESS: Limit = Limit {
    scope: "login-fail-ip",
    max: 300,
    window: 15 * 60,
};

/// Failed sign-ins a trusted device (a browser holding the account's device
/// cookie) may make before it is treated as any stranger's. Its failures
/// count here only, so a stranger's guessing never holds it, and its
/// owner's typos never slow the account for anyone else.
pub const LOGIN_FAILURES_PER_DEVICE: Limit = Limit {
    scope: "login-fail-device",
    max: 10,
    window: 15 * 60,
};

/// How long a browser stays trusted for an account after its last sign-in.
pub const DEVICE_TRUST_SECONDS: i64 = 365 * 24 * 3600;

/// Reset mails to one address. Past it a request is answered as usual but
/// nothing is sent or stored: the newest link mailed in the window still
/// works (a link lives an hour, the window is an hour), so the owner is never
/// cut off from a reset, only their inbox is spared.
pub const RESET_MAILS_PER_EMAIL: Limit = Limit {
    scope: "forgot-email",
    max: 5,
    window: 3600,
};
/// Forgot-password requests from one client address (an IPv6 client's /64).
pub const FORGOT_PER_ADDRESS: Limit = Limit {
    scope: "forgot-ip",
    max: 20,
    window: 3600,
};
pub const RESET_PER_TOKEN: Limit = Limit {
    scope: "reset-token",
    max: 10,
    window: 15 * 60,
};
pub const RESET_PER_ADDRESS: Limit = Limit {
    scope: "reset-ip",
    max: 20,
    window: 15 * 60,
};
pub const CHANGE_PER_USER: Limit = Limit {
    scope: "change-user",
    max: 10,
    window: 15 * 60,
};

/// Sign-ups hash a password and send a welcome email: a few per client
/// address (an IPv6 client's /64).
pub const REGISTER_PER_ADDRESS: Limit = Limit {
    scope: "register-ip",
    max: 10,
    window: 3600,
};
/// Welcome mails, shop-wide, so no one can turn the shop into a mailer.
/// Past it sign-ups still succeed, without the welcome: a ceiling anyone
/// can reach must never close sign-up for everyone.
pub const WELCOME_MAILS_SHOP_WIDE: Limit = Limit {
    scope: "register-shop",
    max: 300,
    window: 3600,
};
pub const VERIFY_PER_ADDRESS: Limit = Limit {
    scope: "verify-ip",
    max: 30,
    window: 15 * 60,
};
