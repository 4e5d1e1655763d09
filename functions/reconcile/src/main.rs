//! The reconciler as a Lambda function, invoked by an EventBridge schedule
//! (`infra`): every run settles the payments whose provider answer was lost
//! or whose claim is past its deadline (`domain::checkout` reconcile) and
//! answers `{busy, placed, reversed, released, takenByOthers, capturesSettled, unresolved}`. By
//! hand, `shopctl payments reconcile` does the same. The same run sends
//! tomorrow's appointment reminders, each once (`shopctl requests remind`),
//! and answers them as `reminders: {sent, takenByOthers, failed}`.

use app::App;
use domain::requests::send_reminders;
use lambda_http::lambda_runtime::{self, service_fn, Error, LambdaEvent};
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> Result<(), Error> {
    shop_http::lambda::init_tracing();
    let app = App::from_env().await?;
    lambda_runtime::run(service_fn(move |_: LambdaEvent<Value>| {
        let app = app.clone();
        async move { run(&app).await }
    }))
    .await
}

async fn run(app: &App) -> Result<Value, Error> {
    let report = app.checkout().reconcile().await?;
    tracing::info!(?report, "payments reconciled");
    if report.unresolved > 0 {
        tracing::error!(
            alarm = "payment_unresolved",
            unresolved = report.unresolved,
            "payments left unresolved; retried on the next run"
        );
    }
    let reminders =
        send_reminders(app.table.as_ref(), app.mailer.as_ref(), app.clock.now()).await?;
    tracing::info!(?reminders, "appointment reminders sent");
    Ok(json!({
        "reminders": {
            "sent": reminders.sent,
            "takenByOthers": reminders.taken_by_others,
            "failed": reminders.failed,
        },
        "busy": report.busy,
        "placed": report.placed,
        "reversed": report.reversed,
        "released": report.released,
        "takenByOthers": report.taken_by_others,
        "capturesSettled": report.captures_settled,
        "unresolved": report.unresolved,
    }))
}
