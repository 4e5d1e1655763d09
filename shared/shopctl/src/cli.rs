//! `shopctl`'s commands and arguments, parsed by clap: `--help` at every
//! level, and errors that name the bad argument.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use app::{AheadClock, App};
use clap::{Parser, Subcommand};
use domain::atelier::Role;
use domain::order::OrderStatus;
use domain::requests::RequestKind;

use crate::catalog;
use crate::orders;

/// Whatever a command fails with, told to the operator as its message.
pub type CliError = Box<dyn std::error::Error + Send + Sync>;
/// A command's report to the operator, or why it failed.
pub type CliResult = Result<String, CliError>;

/// The operators' CLI, on whichever store and blob store the environment
/// configures (the embedded ones under `.data/` by default).
#[derive(Debug, Parser)]
#[command(name = "shopctl", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The catalogue as a folder of files: check, import, export.
    #[command(subcommand)]
    Catalog(CatalogCommand),
    /// Re-render the catalogue's lists from the table and publish the site's
    /// pages, sitemap.xml and robots.txt from them (what an import ends with).
    Publish,
    /// List orders and move them along their states.
    #[command(subcommand)]
    Orders(OrdersCommand),
    /// Settle payments whose outcome is unknown.
    #[command(subcommand)]
    Payments(PaymentsCommand),
    /// Made-to-order requests; appointments' reminders.
    #[command(subcommand)]
    Requests(RequestsCommand),
    /// Appointment requests.
    #[command(subcommand)]
    Appointments(ListCommand),
    /// The atelier console's staff: invite (the first owner too), list.
    #[command(subcommand)]
    Staff(StaffCommand),
}

#[derive(Debug, Subcommand)]
pub enum StaffCommand {
    /// Email a single-use enrolment link (72 hours) to a new member, or to
    /// an existing one to replace their passkey.
    Invite {
        email: String,
        /// owner (everything, staff and refunds included) or staff.
        #[arg(long, value_parser = role)]
        role: Role,
        /// How the console names them (the email's name part if left out).
        #[arg(long)]
        name: Option<String>,
    },
    /// The roster and the pending invitations.
    List,
}

fn role(text: &str) -> Result<Role, String> {
    Role::from_name(text).ok_or_else(|| "owner or staff".to_string())
}

#[derive(Debug, Subcommand)]
pub enum CatalogCommand {
    /// Check a catalogue folder: every problem at once; nothing is written.
    Validate { dir: PathBuf },
    /// Write a catalogue folder into the shop: what is added, changed and
    /// withdrawn, then the lists published.
    Import {
        dir: PathBuf,
        /// Show what would change; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Withdraw (make inactive, never delete) what the folder no longer holds.
        #[arg(long)]
        prune: bool,
    },
    /// Write the shop's catalogue into a new folder, in the same form.
    Export { dir: PathBuf },
}

/// An order as an operator names it: its number as the customer reads it
/// (`#SQBB-KJT7`, `SQBBKJT7`) or its full id.
#[derive(Debug, clap::Args)]
pub struct OrderArg {
    /// The order's number (#SQBB-KJT7) or full id.
    pub order: String,
}

#[derive(Debug, Subcommand)]
pub enum OrdersCommand {
    /// Orders oldest first, one line each.
    List {
        #[arg(long, value_parser = order_status)]
        status: Option<OrderStatus>,
    },
    /// One order in full.
    Show(OrderArg),
    /// awaiting_confirmation → confirmed, and the customer is emailed.
    Confirm(OrderArg),
    /// Cancel an order.
    Cancel(OrderArg),
    /// Move an order to a status.
    Move {
        #[command(flatten)]
        order: OrderArg,
        #[arg(value_parser = order_status)]
        status: OrderStatus,
    },
    /// Send an order's emails that failed again (none failed: its
    /// confirmation); --pending: every confirmation that failed at checkout.
    Resend {
        /// The order's number (#SQBB-KJT7) or full id.
        #[arg(required_unless_present = "pending")]
        order: Option<String>,
        #[arg(long, conflicts_with = "order")]
        pending: bool,
    },
    /// Give an order's money back: whole (and cancel it), or `--amount`
    /// of it with a `--reason`.
    Refund {
        #[command(flatten)]
        order: OrderArg,
        /// USD to give back (`12.50`); without it, the whole payment.
        #[arg(long, requires = "reason")]
        amount: Option<String>,
        /// Why (kept with the refund).
        #[arg(long, requires = "amount")]
        reason: Option<String>,
    },
    /// Record how a confirmed order was shipped and email the client the
    /// tracking link.
    Ship {
        #[command(flatten)]
        order: OrderArg,
        #[arg(long)]
        carrier: String,
        #[arg(long)]
        tracking_number: String,
        /// An https:// address.
        #[arg(long)]
        tracking_url: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum PaymentsCommand {
    /// Settle every payment whose outcome is unknown or whose claim is overdue.
    Reconcile {
        /// Reconcile as if the clock were this many seconds later.
        #[arg(long, value_name = "SECONDS")]
        ahead: Option<u64>,
    },
}

#[derive(Debug, Subcommand)]
pub enum RequestsCommand {
    /// Every made-to-order request, oldest first.
    List,
    /// Send the reminders of tomorrow's appointments (the house's day), each
    /// once: what the scheduled job does every few minutes.
    Remind {
        /// Remind as if the clock were this many seconds later.
        #[arg(long, value_name = "SECONDS")]
        ahead: Option<u64>,
    },
}

#[derive(Debug, Subcommand)]
pub enum ListCommand {
    /// Every request, oldest first.
    List,
}

fn order_status(text: &str) -> Result<OrderStatus, String> {
    OrderStatus::parse(text).ok_or_else(|| {
        "one of pending, awaiting_confirmation, confirmed, delivered, canceled".to_string()
    })
}

/// Runs a command that needs the shop (every one but `catalog validate`).
pub async fn run(app: &App, command: Command) -> CliResult {
    match command {
        Command::Catalog(CatalogCommand::Validate { dir }) => Ok(catalog::validate(&dir)?),
        Command::Catalog(CatalogCommand::Import {
            dir,
            dry_run,
            prune,
        }) => catalog::answer(
            catalog::import(
                app,
                &dir,
                catalog::Options {
                    dry_run,
                    prune,
                    no_site: false,
                },
            )
            .await?,
        ),
        Command::Catalog(CatalogCommand::Export { dir }) => {
            Ok(catalog::export(app, &dir).await?.to_string())
        }
        Command::Publish => {
            let version = catalog_answers::publish(app).await?;
            let site = crate::publish::publish(app).await?;
            Ok(format!("catalogue published: version {version}\n{site}"))
        }
        Command::Orders(command) => run_orders(app, command).await,
        Command::Payments(PaymentsCommand::Reconcile { ahead }) => {
            let mut app = app.clone();
            if let Some(seconds) = ahead {
                app.set_clock(Arc::new(AheadClock(Duration::from_secs(seconds))));
            }
            crate::payments::reconcile(&app).await
        }
        Command::Requests(RequestsCommand::List) => {
            crate::requests::list(app, RequestKind::MadeToOrder).await
        }
        Command::Requests(RequestsCommand::Remind { ahead }) => {
            let mut app = app.clone();
            if let Some(seconds) = ahead {
                app.set_clock(Arc::new(AheadClock(Duration::from_secs(seconds))));
            }
            crate::requests::remind(&app).await
        }
        Command::Appointments(ListCommand::List) => {
            crate::requests::list(app, RequestKind::Appointment).await
        }
        Command::Staff(StaffCommand::Invite { email, role, name }) => {
            crate::staff::invite(app, &email, role, name).await
        }
        Command::Staff(StaffCommand::List) => crate::staff::list(app).await,
    }
}

async fn run_orders(app: &App, command: OrdersCommand) -> CliResult {
    match command {
        OrdersCommand::List { status } => orders::list(app, status).await,
        OrdersCommand::Show(o) => orders::show(app, &o.order).await,
        OrdersCommand::Confirm(o) => {
            orders::move_order(app, &o.order, OrderStatus::Confirmed).await
        }
        OrdersCommand::Cancel(o) => orders::move_order(app, &o.order, OrderStatus::Canceled).await,
        OrdersCommand::Move { order, status } => {
            orders::move_order(app, &order.order, status).await
        }
        OrdersCommand::Resend { order: Some(o), .. } => orders::resend(app, &o).await,
        OrdersCommand::Resend { order: None, .. } => orders::resend_pending(app).await,
        OrdersCommand::Refund {
            order,
            amount: Some(amount),
            reason,
        } => {
            let reason = reason.unwrap_or_default();
            orders::refund_part(app, &order.order, &amount, &reason).await
        }
        OrdersCommand::Refund { order, .. } => orders::refund(app, &order.order).await,
        OrdersCommand::Ship {
            order,
            carrier,
            tracking_number,
            tracking_url,
        } => {
            let form = domain::order::ShipmentForm {
                carrier: carrier.into(),
                tracking_number: tracking_number.into(),
                tracking_url: tracking_url.into(),
            };
            orders::ship(app, &order.order, form).await
        }
    }
}

/// Parses `args` (without the program's name) as the command line would be,
/// and runs them: what tests use to drive the CLI.
pub async fn run_args(app: &App, args: &[&str]) -> CliResult {
    let cli = Cli::try_parse_from(std::iter::once("shopctl").chain(args.iter().copied()))?;
    run(app, cli.command).await
}
