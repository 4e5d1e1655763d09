//! The auth resource: sign-up, sign-in (password, Google, Facebook),
//! sessions (refresh, logout, me), passwords (forgot, reset, change) and
//! email verification.

pub mod accounts;
pub mod crypto;
pub mod devices;
pub mod mail;
pub mod oauth;
pub mod routes;
pub mod sealed;
pub mod sessions;
pub mod throttle;
pub mod verification;

#[cfg(test)]
mod test_support;

use app::App;
use axum::routing::{get, post};
use axum::{Extension, Router};

use routes::{login, password, register, session, verify};

/// The auth routes, signing in with the configuration's providers.
pub fn router(app: App) -> Router {
    let providers = oauth::providers::from_config(&app.config);
    router_with(app, providers)
}

/// The auth routes, signing in with `providers` (a test's, or the
/// configuration's).
pub fn router_with(app: App, providers: oauth::Providers) -> Router {
    Router::new()
        .route("/api/auth/register", post(register::register))
        .route("/api/auth/login", post(login::login))
        .route("/api/auth/refresh", post(session::refresh))
        .route("/api/auth/logout", post(session::logout))
        .route("/api/auth/me", get(session::me))
        .route(session::FACEBOOK_LOGOUT_PATH, get(session::facebook_logout))
        .route("/api/auth/forgot-password", post(password::forgot))
        .route("/api/auth/reset-password", post(password::reset))
        .route("/api/auth/change-password", post(password::change))
        .route("/api/auth/verify-email", post(verify::verify))
        .route("/api/auth/verify-email/preview", post(verify::preview))
        .merge(oauth::routes(oauth::SocialProvider::Google))
        .merge(oauth::routes(oauth::SocialProvider::Facebook))
        .layer(Extension(providers))
        .with_state(app)
}
