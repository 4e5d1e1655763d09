//! The account emails: welcome and password reset.

use app::App;
use domain::accounts::records::UserProfile;
use domain::ports::Email;

/// Sends the welcome email; a mail failure never undoes a sign-up.
pub async fn welcome(app: &App, profile: &UserProfile) {
    let site = &app.config.site_url;
    let text = format!(
        "Dear {name},\n\nWelcome to Maison Lan Anh. Your account for {email} is ready.\n\
         Sign in at {site}/ to save your wishlist, keep addresses and follow your orders.\n\n\
         If you did not create this account, reply to this email and we will remove it.\n",
        name = profile.name(),
        email = profile.email,
    );
    send(
        app,
        Email {
            to: profile.email.clone(),
            subject: "Welcome to Maison Lan Anh".into(),
            text,
            html: None,
        },
    )
    .await;
}

/// The reset link: `{site}/reset-password?token=…`.
pub fn reset_link(site_url: &str, token: &str) -> String {
    format!("{site_url}/reset-password?token={token}")
}

pub async fn reset(app: &App, to: &str, token: &str) {
    let link = reset_link(&app.config.site_url, token);
    let text = format!(
        "Someone asked to reset the password of your Maison Lan Anh account.\n\n\
         Choose a new password here (the link works once, for one hour):\n{link}\n\n\
         If it was not you, ignore this email: your password stays as it is.\n"
    );
    send(
        app,
        Email {
            to: to.to_string(),
            subject: "Reset your Maison Lan Anh password".into(),
            text,
            html: None,
        },
    )
    .await;
}

async fn send(app: &App, email: Email) {
    let subject = email.subject.clone();
    if let Err(error) = app.mailer.send(email).await {
        tracing::error!(%error, subject, "account email not sent");
    }
}
