//! The account emails: welcome and password reset. Both go to an address a
//! visitor typed, so they carry only the shop's own words and links, never
//! anything else the visitor typed (a name can hold a spammer's link). Both
//! speak in the words of the house the table holds (one read at send time).

use app::App;
use domain::accounts::UserProfile;
use domain::house::House;
use domain::ports::Email;
use domain::timestamp::Timestamp;

use crate::verification;

/// Sends the welcome email, with the verification link when the address
/// still needs one (`verify_from`: when the link starts); a mail failure
/// never undoes a sign-up.
pub async fn welcome(app: &App, profile: &UserProfile, verify_from: Option<Timestamp>) {
    let site = &app.config.site_url;
    let verify = verify_from
        .map(|now| {
            let link = verification::link(&app.config, &profile.id, &profile.email, now);
            format!(
                "Please confirm this address is yours (the link works for a day):\n{link}\n\n\
                 If you did not create this account, the same link lets you make it yours alone: \
                 you choose its password there, whoever created it is signed out and it starts afresh.\n\n"
            )
        })
        .unwrap_or_default();
    let house = House::for_mail(app.table.as_ref()).await;
    let greeting = &house.wording.greeting;
    let text = format!(
        "{greeting}. An account was created for this email address.\n\n\
         {verify}Sign in at {site}/ to save your wishlist, keep addresses and follow your orders.\n",
    );
    send(
        app,
        Email {
            to: profile.email.clone(),
            subject: greeting.clone(),
            text,
            html: None,
            attachments: Vec::new(),
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
    let house = House::for_mail(app.table.as_ref()).await;
    let text = format!(
        "Someone asked to reset the password of {account}.\n\n\
         Choose a new password here (the link works once, for one hour):\n{link}\n\n\
         If it was not you, ignore this email: your password stays as it is.\n",
        account = house.your("account"),
    );
    send(
        app,
        Email {
            to: to.to_string(),
            subject: format!("Reset {}", house.your("password")),
            text,
            html: None,
            attachments: Vec::new(),
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
