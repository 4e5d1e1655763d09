//! `shopctl staff invite` and `shopctl staff list`: the atelier console's
//! roster from a terminal. An invitation is the console's own (the same
//! domain operation, on the audit log with `shopctl` as its actor), so the
//! first owner is invited this way.

use app::App;
use domain::atelier::{Actor, Invitations, NewInvitation, Role, Staff};

use crate::cli::CliResult;

pub async fn invite(app: &App, email: &str, role: Role, name: Option<String>) -> CliResult {
    let name = name.unwrap_or_else(|| email.split('@').next().unwrap_or(email).to_string());
    let new = NewInvitation {
        email: email.to_string(),
        name,
        role,
    }
    .check()
    .map_err(|errors| errors.first().unwrap_or("invalid invitation").to_string())?;
    let sent = Invitations::of(&*app.table)
        .send(
            new,
            &app::random_token(),
            Actor::shopctl(),
            &app.config.console_origin(),
            app.mailer.as_ref(),
            app.clock.now(),
        )
        .await?;
    let invitation = sent.invitation;
    sent.mailed.map_err(|e| {
        format!("the invitation is stored but its email was not sent ({e}): invite again")
    })?;
    Ok(format!(
        "invited {} as {}: the enrolment link was emailed and works once, until {}",
        invitation.email,
        invitation.role.as_str(),
        invitation.expires()
    ))
}

pub async fn list(app: &App) -> CliResult {
    let mut lines = vec!["id\temail\tname\trole\tsince".to_string()];
    for m in Staff::of(&*app.table).list().await? {
        lines.push(format!(
            "{}\t{}\t{}\t{}\t{}",
            m.id,
            m.email,
            m.name,
            m.role.as_str(),
            m.since
        ));
    }
    lines.push(String::new());
    lines.push("invited\tname\trole\tinvitedBy\texpiresAt".to_string());
    for i in Invitations::of(&*app.table)
        .pending(app.clock.now())
        .await?
    {
        lines.push(format!(
            "{}\t{}\t{}\t{}\t{}",
            i.email,
            i.name,
            i.role.as_str(),
            i.invited_by,
            i.expires()
        ));
    }
    Ok(lines.join("\n"))
}
