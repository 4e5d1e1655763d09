//! `shopctl payments reconcile [--ahead SECONDS]`: settles every payment
//! whose outcome is unknown or whose claim is past its deadline, by asking
//! the providers (see `domain::checkout` reconcile), as the scheduled
//! `reconcile` function does in AWS. `--ahead` reconciles as if the clock
//! were that much later: what an operator uses to settle a payment now
//! rather than after its settle delay.

use app::App;

use crate::cli::CliResult;

pub async fn reconcile(app: &App) -> CliResult {
    let report = app.checkout().reconcile().await?;
    if report.busy {
        return Ok("payments not reconciled: another reconciler run is in progress".into());
    }
    Ok(format!(
        "payments reconciled: {} placed, {} given back, {} released, {} taken by others, {} captures settled, {} unresolved; refunds: {} settled, {} unresolved",
        report.placed,
        report.reversed,
        report.released,
        report.taken_by_others,
        report.captures_settled,
        report.unresolved,
        report.refunds.settled,
        report.refunds.unresolved
    ))
}
