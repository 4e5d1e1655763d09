//! `shopctl requests list` and `shopctl appointments list`: every
//! made-to-order request or appointment, visitors' and customers' alike,
//! from its GSI1 partition (one Query per page), oldest first; and
//! `shopctl requests remind`: tomorrow's appointment reminders, each once.

use app::App;
use domain::requests::{send_reminders, ContactRequest, RequestKind};

use crate::cli::CliResult;

pub async fn all(
    app: &App,
    kind: RequestKind,
) -> Result<Vec<ContactRequest>, domain::ports::TableError> {
    app.table.read_all(ContactRequest::all_of(kind)).await
}

pub async fn list(app: &App, kind: RequestKind) -> CliResult {
    let mut lines =
        vec!["id\tcreatedAt\tname\temail\tphone\tcontactTime\tcustomer\tdetails".to_string()];
    for r in all(app, kind).await? {
        let details = match &r.custom_size_order {
            Some(m) => format!("{}; {}; {}", m.name_product, m.unit_line(), m.sizes_line()),
            None => r.message.replace(['\n', '\t'], " "),
        };
        lines.push(format!(
            "{}\t{}\t{} {}\t{}\t{} {}\t{}\t{}\t{}",
            r.id,
            r.created_at,
            r.first_name,
            r.last_name,
            r.email,
            r.phone_code,
            r.phone,
            r.contact_time,
            r.user_id.as_deref().unwrap_or("visitor"),
            details
        ));
    }
    Ok(lines.join("\n"))
}

pub async fn remind(app: &App) -> CliResult {
    let report = send_reminders(app.table.as_ref(), app.mailer.as_ref(), app.clock.now()).await?;
    Ok(format!(
        "reminders: {} sent, {} taken by another run, {} failed (retried on the next run)",
        report.sent, report.taken_by_others, report.failed
    ))
}
