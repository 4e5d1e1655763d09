//! Abuse limits: at most so many attempts per subject and time window. The
//! counters and how the cap holds are in [`super::store::Attempts`].

pub const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// At most `max` attempts per `window` seconds for one subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window: i64,
}

pub const LOGIN_PER_EMAIL: Limit = Limit {
    scope: "login-email",
    max: 10,
    window: 15 * 60,
};
pub const LOGIN_PER_ADDRESS: Limit = Limit {
    scope: "login-ip",
    max: 50,
    window: 15 * 60,
};
pub const FORGOT_PER_EMAIL: Limit = Limit {
    scope: "forgot-email",
    max: 5,
    window: 3600,
};
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

/// Sign-ups hash a password and send a welcome email: a few per address,
/// and a shop-wide ceiling so no one can turn the shop into a mailer.
pub const REGISTER_PER_ADDRESS: Limit = Limit {
    scope: "register-ip",
    max: 10,
    window: 3600,
};
pub const REGISTER_SHOP_WIDE: Limit = Limit {
    scope: "register-shop",
    max: 300,
    window: 3600,
};
pub const VERIFY_PER_ADDRESS: Limit = Limit {
    scope: "verify-ip",
    max: 30,
    window: 15 * 60,
};
