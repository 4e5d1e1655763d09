//! The house's orders in the console: the queue, an order's page and the
//! moves the house makes (`domain::order::Desk`, shared with `shopctl
//! orders`). Every move writes an audit entry: in the same transaction as
//! the order's change, or, where money moved, with the refund's outcome.
//! Cancels and refunds are the owner's.
//!
//! Table requests: the queue, one Query per status (five) and one
//! BatchGetItem of the clients' profiles; an order's page, the order found
//! by an exact Query per status partition until found (at most five), its
//! client's profile and its confirmation marker (two GetItems) and its
//! history, the audit entries and the emails (one Query); each move adds
//! its one conditional write (a TransactWriteItems with its audit entry and
//! the email it sends) and the GetItem of the order as written, and an
//! email the UpdateItem of its outcome.

mod errors;
mod view;

use app::App;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;

use domain::accounts::Accounts;
use domain::atelier::audit::record;
use domain::checkout::{PartRefund, PendingConfirmation, RefundBy, REFUND_UNKNOWN};
use domain::house::{House, TimeZoneName};
use domain::ids::OrderId;
use domain::order::{
    self, timeline, Desk, Order, OrderAudit, OrderStatus, QueueFilter, RefundForm, ShipmentForm,
};
use domain::text::as_sent;
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, IdInPath, JsonBody};

use crate::console::Console;

pub use errors::{desk_refused, unprocessable};
pub use view::*;

pub const NO_SUCH_ORDER: &str = "There is no such order.";
pub const NOTE_REQUIRED: &str = "Please write the note.";
pub const NOTE_TOO_LONG: &str = "A note holds at most 2000 characters.";
pub const CANCEL_REASON_REQUIRED: &str = "Please give the reason for canceling.";
pub const STATUS_INVALID: &str =
    "The status is one of pending, awaiting_confirmation, confirmed, delivered, canceled.";
pub const DATE_INVALID: &str = "Please give the date as YYYY-MM-DD.";

const MAX_NOTE: usize = 2000;

pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/atelier/orders", get(queue))
        .route("/api/atelier/orders/{id}", get(detail))
        .route("/api/atelier/orders/{id}/confirm", post(confirm))
        .route("/api/atelier/orders/{id}/ship", post(ship))
        .route("/api/atelier/orders/{id}/deliver", post(deliver))
        .route("/api/atelier/orders/{id}/cancel", post(cancel))
        .route("/api/atelier/orders/{id}/refunds", post(refund))
        .route("/api/atelier/orders/{id}/resend-confirmation", post(resend))
        .route("/api/atelier/orders/{id}/notes", post(note))
}

/// The queue: counts per status and the orders the filters select, newest first.
pub async fn queue(
    State(app): State<App>,
    _console: Console,
    Query(params): Query<QueueParams>,
) -> ApiResult<Json<OrderQueue>> {
    let mut filter = queue_filter(&params)?;
    if filter.from.is_some() || filter.to.is_some() {
        filter.time_zone = House::zone_of(&*app.table).await?;
    }
    let found = order::queue(&*app.table, &filter).await?;
    let count = |status| found.counts.get(&status).copied().unwrap_or_default();
    Ok(Json(OrderQueue {
        counts: StatusCounts {
            pending: count(OrderStatus::Pending),
            awaiting_confirmation: count(OrderStatus::AwaitingConfirmation),
            confirmed: count(OrderStatus::Confirmed),
            delivered: count(OrderStatus::Delivered),
            canceled: count(OrderStatus::Canceled),
        },
        orders: found
            .orders
            .iter()
            .map(|q| OrderSummary::of(&q.order, q.client.as_ref()))
            .collect(),
    }))
}

/// An order's page.
pub async fn detail(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
) -> ApiResult<Json<OrderDetail>> {
    let order = found(&app, id).await?;
    page(&app, &console, order).await
}

/// awaiting_confirmation → confirmed; the client is emailed.
pub async fn confirm(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
) -> ApiResult<Json<OrderDetail>> {
    advance(app, console, id, OrderStatus::Confirmed).await
}

/// confirmed → delivered.
pub async fn deliver(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
) -> ApiResult<Json<OrderDetail>> {
    advance(app, console, id, OrderStatus::Delivered).await
}

/// A confirmed order's shipment; the client is emailed the tracking link.
pub async fn ship(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
    JsonBody(form): JsonBody<ShipmentForm>,
) -> ApiResult<Json<OrderDetail>> {
    let order = found(&app, id).await?;
    let shipment = form.check(app.clock.now()).map_err(unprocessable)?;
    let audit = audit(&app, &console).ship(&order, &shipment)?;
    let (order, _) = desk(&app)
        .ship(&order, &shipment, vec![audit])
        .await
        .map_err(desk_refused)?;
    page(&app, &console, order).await
}

/// The owner cancels the order: its whole payment given back once, then canceled.
pub async fn cancel(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
    JsonBody(form): JsonBody<CancelForm>,
) -> ApiResult<Json<OrderDetail>> {
    console.owner()?;
    let order = found(&app, id).await?;
    let reason = required(&form.reason, "reason", CANCEL_REASON_REQUIRED, MAX_NOTE)?;
    let (order, _) = desk(&app)
        .cancel(&order, &reason, &audit(&app, &console))
        .await
        .map_err(desk_refused)?;
    page(&app, &console, order).await
}

/// The owner gives part of the payment back: an amount or lines, with a
/// reason; once, never above what is left. A lost answer is a 502 saying
/// the outcome is unknown (the reconciler settles it).
pub async fn refund(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
    JsonBody(form): JsonBody<RefundForm>,
) -> ApiResult<Json<OrderDetail>> {
    console.owner()?;
    let order = found(&app, id).await?;
    let asked = form.check(&order).map_err(unprocessable)?;
    let by = RefundBy {
        by: console.staff.email.clone(),
        records: vec![audit(&app, &console).refund(&order, &asked)?],
    };
    let refunded = desk(&app)
        .refund_part(&order, asked, by)
        .await
        .map_err(desk_refused)?;
    match refunded {
        PartRefund::Given(order) => page(&app, &console, *order).await,
        PartRefund::Unknown(_) => Err(errors::refund_unknown(REFUND_UNKNOWN)),
    }
}

/// Sends again the order's emails that failed (with none failed, its
/// confirmation); 502 if one could not be sent (the timeline says why).
pub async fn resend(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
) -> ApiResult<Json<OrderDetail>> {
    let order = found(&app, id).await?;
    let told = desk(&app)
        .resend(&order, &audit(&app, &console))
        .await
        .map_err(desk_refused)?;
    if let Some((_, Err(why))) = told.into_iter().find(|(_, emailed)| emailed.is_err()) {
        return Err(errors::not_emailed(why));
    }
    page(&app, &console, order).await
}

/// A staff-only note on the order's timeline (the audit log keeps it).
pub async fn note(
    State(app): State<App>,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
    JsonBody(form): JsonBody<NoteForm>,
) -> ApiResult<Json<OrderDetail>> {
    let order = found(&app, id).await?;
    let text = required(&form.text, "text", NOTE_REQUIRED, MAX_NOTE)?;
    record(&*app.table, &audit(&app, &console).note(&order, &text)).await?;
    page(&app, &console, order).await
}

// ---- steps -------------------------------------------------------------------

/// A status move (confirm, deliver) with its audit entry, in one transaction.
async fn advance(
    app: App,
    console: Console,
    id: ApiResult<IdInPath<OrderId>>,
    to: OrderStatus,
) -> ApiResult<Json<OrderDetail>> {
    let order = found(&app, id).await?;
    let audit = audit(&app, &console).advance(&order, to)?;
    let (order, _) = desk(&app)
        .advance(&order, to, vec![audit])
        .await
        .map_err(desk_refused)?;
    page(&app, &console, order).await
}

fn desk(app: &App) -> Desk<'_> {
    Desk::new(app.checkout())
}

/// The audit entries of this staff member's moves, now.
fn audit(app: &App, console: &Console) -> OrderAudit {
    OrderAudit::new(console.actor(), app.clock.now())
}

/// The order the path names, whoever placed it: 404 if none.
async fn found(app: &App, id: ApiResult<IdInPath<OrderId>>) -> ApiResult<Order> {
    let IdInPath(id) = id.map_err(|_| ApiError::not_found(NO_SUCH_ORDER))?;
    order::find(&*app.table, id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found(NO_SUCH_ORDER))
}

/// A required text field, trimmed, at most `max` characters: else 422.
fn required(value: &Value, field: &str, message: &str, max: usize) -> ApiResult<String> {
    let text = as_sent(value);
    let mut errors = FieldErrors::new();
    errors.check(!text.is_empty(), field, message);
    errors.check(text.chars().count() <= max, field, NOTE_TOO_LONG);
    errors.into_result(text).map_err(unprocessable)
}

/// The queue's filters, or 422 naming the bad one.
fn queue_filter(params: &QueueParams) -> ApiResult<QueueFilter> {
    let mut errors = FieldErrors::new();
    let status = params
        .status
        .as_deref()
        .filter(|s| !s.is_empty())
        .map(|s| OrderStatus::parse(s).ok_or(()))
        .transpose()
        .map_err(|()| errors.add("status", STATUS_INVALID))
        .unwrap_or_default();
    let mut day = |field: &str, text: &Option<String>| {
        let text = text.as_deref().filter(|t| !t.is_empty())?;
        let format = time::macros::format_description!("[year]-[month]-[day]");
        let parsed = time::Date::parse(text, &format).ok();
        errors.check(parsed.is_some(), field, DATE_INVALID);
        parsed
    };
    let from = day("from", &params.from);
    let to = day("to", &params.to);
    errors
        .into_result(QueueFilter {
            status,
            query: params.q.clone(),
            from,
            to,
            time_zone: TimeZoneName::default(),
        })
        .map_err(unprocessable)
}

/// The order's page as this staff member sees it.
async fn page(app: &App, console: &Console, order: Order) -> ApiResult<Json<OrderDetail>> {
    let table = &*app.table;
    let profile = Accounts::of(table).profile(&order.user_id).await?;
    let pending = PendingConfirmation::of(table, &order.id).await?;
    let history = order::history(table, &order.id).await?;
    let ledger = errors::ledger(app, &order).await;
    Ok(Json(OrderDetail {
        id: order.id.clone(),
        number: order.number().to_string(),
        status: order.status,
        placed_at: order.created_at,
        client: Client::of(&order, profile.as_ref()),
        lines: OrderDetail::lines(&order),
        totals: OrderDetail::totals(&order),
        shipping_address: order.shipping_address.clone(),
        payment: DetailPayment::of(&order.payment),
        ledger,
        shipment: order.shipment.clone(),
        timeline: timeline(&order, pending.map(|p| p.since), &history),
        actions: allowed(&order, console),
    }))
}

/// What this staff member may do to the order now.
fn allowed(order: &Order, console: &Console) -> Vec<OrderAction> {
    use OrderStatus::*;
    let owner = console.owner().is_ok();
    let open_refund = order.open_refund().is_some();
    let mut actions = Vec::new();
    let mut allow = |ok: bool, action| {
        if ok {
            actions.push(action);
        }
    };
    allow(order.status == AwaitingConfirmation, OrderAction::Confirm);
    allow(order.status == Confirmed, OrderAction::Ship);
    allow(order.status == Confirmed, OrderAction::Deliver);
    allow(
        owner && order.status.can_move_to(Canceled) && !open_refund,
        OrderAction::Cancel,
    );
    allow(
        owner && order.status != Pending && !open_refund && !order.left_to_refund().is_zero(),
        OrderAction::Refund,
    );
    allow(order.status != Pending, OrderAction::Resend);
    allow(true, OrderAction::Note);
    actions
}
