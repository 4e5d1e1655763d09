//! Clients' requests in the console: the inbox (made-to-order requests and
//! appointment bookings), a request's page, and what staff do with one:
//! move its status, assign it, reply by email, set an appointment. Any
//! staff member may do all of it (no owner-only action here). Every action
//! is kept in the audit log in the same transaction as the change.
//!
//! Table requests: `GET /requests` one Query per kind's GSI1 partition
//! (and page) and the staff list; `GET /requests/{id}` one Query per kind
//! (at most two: the id is the index's sort key), the staff list and the
//! request's audit timeline (one Query of GSI1); each action the same
//! reads, then one TransactWriteItems (the change and its audit entry);
//! a reply and an appointment a GetItem of the house for the email's words.

mod views;

use app::App;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use domain::atelier::{AuditEntry, Staff};
use domain::house::House;
use domain::ids::ContactRequestId;
use domain::ports::Table;
use domain::requests::{
    AppointmentInput, Change, InboxError, InboxRequest, Reply, ReplyInput, RequestKind, Status,
};
use domain::validation::FieldErrors;
use shop_http::{ApiError, ApiResult, IdInPath, JsonBody};

use crate::console::Console;
pub use views::{RequestDetail, RequestList};

pub const NO_SUCH_STAFF: &str = "There is no such staff member.";
pub const MAIL_FAILED: &str =
    "The email could not be sent, so nothing was kept: please try again in a moment.";

pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/atelier/requests", get(list))
        .route("/api/atelier/requests/{id}", get(detail))
        .route("/api/atelier/requests/{id}/status", post(move_status))
        .route("/api/atelier/requests/{id}/assign", post(assign))
        .route("/api/atelier/requests/{id}/replies", post(reply))
        .route("/api/atelier/requests/{id}/appointment", post(appoint))
}

/// `?status=&kind=&assignee=` (a staff id, or `none`).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
pub struct Filter {
    pub status: Option<Status>,
    pub kind: Option<RequestKind>,
    pub assignee: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestStatusInput {
    pub status: Status,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestAssignInput {
    /// The staff member to give it to; `null`: to no one.
    pub staff_id: Option<String>,
}

/// The inbox: counts by status, and the requests the filter selects, newest first.
pub async fn list(
    State(app): State<App>,
    _: Console,
    Query(filter): Query<Filter>,
) -> ApiResult<Json<RequestList>> {
    let requests = InboxRequest::all(app.table.as_ref()).await?;
    let staff = Staff::of(app.table.as_ref()).list().await?;
    Ok(Json(RequestList::of(&requests, &filter, &staff)))
}

/// One request with its replies, appointment and timeline.
pub async fn detail(
    State(app): State<App>,
    _: Console,
    IdInPath(id): IdInPath<ContactRequestId>,
) -> ApiResult<Json<RequestDetail>> {
    let request = found(&app, &id).await?;
    answer(&app, request).await
}

pub async fn move_status(
    State(app): State<App>,
    console: Console,
    IdInPath(id): IdInPath<ContactRequestId>,
    JsonBody(body): JsonBody<RequestStatusInput>,
) -> ApiResult<Json<RequestDetail>> {
    let request = found(&app, &id).await?;
    let change = request.move_to(body.status).map_err(refused)?;
    let request = commit(&app, &console, change).await?;
    answer(&app, request).await
}

pub async fn assign(
    State(app): State<App>,
    console: Console,
    IdInPath(id): IdInPath<ContactRequestId>,
    JsonBody(body): JsonBody<RequestAssignInput>,
) -> ApiResult<Json<RequestDetail>> {
    if let Some(staff_id) = &body.staff_id {
        if Staff::of(app.table.as_ref()).get(staff_id).await?.is_none() {
            return Err(invalid("staffId", NO_SUCH_STAFF));
        }
    }
    let request = found(&app, &id).await?;
    let change = request.assign(body.staff_id).map_err(refused)?;
    let request = commit(&app, &console, change).await?;
    answer(&app, request).await
}

/// Emails the client, then keeps the reply on the request: a reply the
/// mail server refused is not kept, and one sent is kept even if the
/// request changed meanwhile (read again, kept on that).
pub async fn reply(
    State(app): State<App>,
    console: Console,
    IdInPath(id): IdInPath<ContactRequestId>,
    JsonBody(body): JsonBody<ReplyInput>,
) -> ApiResult<Json<RequestDetail>> {
    let draft = body.check().map_err(unprocessable)?;
    let request = found(&app, &id).await?;
    let reply = Reply {
        at: app.clock.now(),
        by: console.staff.email.clone(),
        subject: draft.subject.clone(),
        text: draft.text.clone(),
    };
    // Refused before anything is sent (a closed request).
    request.keep_reply(reply.clone()).map_err(refused)?;
    let house = House::for_mail(app.table.as_ref()).await;
    send(&app, request.reply_email(&draft, &house)).await?;
    let kept = keep(&app, &console, request, |r| r.keep_reply(reply.clone())).await?;
    answer(&app, kept).await
}

/// Sets or moves the appointment: the invitation (with its ICS) goes to
/// the client, then the appointment is kept and its reminder armed.
pub async fn appoint(
    State(app): State<App>,
    console: Console,
    IdInPath(id): IdInPath<ContactRequestId>,
    JsonBody(body): JsonBody<AppointmentInput>,
) -> ApiResult<Json<RequestDetail>> {
    let house = House::for_mail(app.table.as_ref()).await;
    let now = app.clock.now();
    let appointment = body
        .check(&house.time_zone.zone(), house.time_zone.as_str(), now)
        .map_err(unprocessable)?;
    let request = found(&app, &id).await?;
    let planned = request
        .schedule(appointment.clone(), now)
        .map_err(refused)?
        .request;
    let Some(invited) = planned.inbox.appointment.as_ref() else {
        return Err(ApiError::internal());
    };
    let email = request.invitation(
        invited,
        &house,
        &organizer(&app, &house),
        &uid_host(&app),
        now,
    );
    send(&app, email).await?;
    let kept = keep(&app, &console, request, |r| {
        r.schedule(appointment.clone(), now)
    })
    .await?;
    answer(&app, kept).await
}

/// The request, or 404.
async fn found(app: &App, id: &ContactRequestId) -> ApiResult<InboxRequest> {
    InboxRequest::find(app.table.as_ref(), id.as_str())
        .await?
        .ok_or_else(|| ApiError::not_found(domain::requests::inbox::NOT_FOUND))
}

/// The change and its audit entry, in one transaction.
async fn commit(app: &App, console: &Console, change: Change) -> ApiResult<InboxRequest> {
    let entry = audit_entry(app, console, &change);
    let write = entry.put_write()?;
    change
        .commit(app.table.as_ref(), write)
        .await
        .map_err(refused)
}

fn audit_entry(app: &App, console: &Console, change: &Change) -> AuditEntry {
    AuditEntry::new(
        console.actor(),
        change.action,
        format!("request:{}", change.request.request.id),
        change.before.clone(),
        change.after.clone(),
        app.clock.now(),
    )
}

/// Keeps what an email already did: on a request changed meanwhile, read it
/// again and keep it on that (a few times), as the client has the email.
async fn keep(
    app: &App,
    console: &Console,
    mut request: InboxRequest,
    change: impl Fn(&InboxRequest) -> Result<Change, InboxError>,
) -> ApiResult<InboxRequest> {
    for _ in 0..3 {
        match commit(app, console, change(&request).map_err(refused)?).await {
            Err(conflict) if conflict.status == StatusCode::CONFLICT => {
                let id = request.request.id.clone();
                request = InboxRequest::find(app.table.as_ref(), &id)
                    .await?
                    .ok_or_else(|| ApiError::not_found(domain::requests::inbox::NOT_FOUND))?;
            }
            done => return done,
        }
    }
    tracing::error!(alarm = "request_change_not_kept", request = %request.request.id, "an email went but the request kept changing: not recorded");
    Err(refused(InboxError::Changed))
}

async fn send(app: &App, email: domain::ports::Email) -> ApiResult<()> {
    app.mailer.send(email).await.map_err(|error| {
        tracing::error!(%error, "console email not sent");
        ApiError::new(
            StatusCode::BAD_GATEWAY,
            domain::answers::ErrorCode::Internal,
            MAIL_FAILED,
        )
    })
}

/// The invitation's organizer: the house's own address, else the shop's sender.
fn organizer(app: &App, house: &House) -> String {
    match house.emails.contact.as_str() {
        "" => app.config.mail.sender_address().to_string(),
        contact => contact.to_string(),
    }
}

/// The host that makes an invitation's UID the shop's own.
fn uid_host(app: &App) -> String {
    let site = app.config.site_url.as_str();
    let host = site.split("://").nth(1).unwrap_or(site);
    host.split(['/', ':'])
        .next()
        .unwrap_or("atelier")
        .to_string()
}

async fn answer(app: &App, request: InboxRequest) -> ApiResult<Json<RequestDetail>> {
    let table: &dyn Table = app.table.as_ref();
    let staff = Staff::of(table).list().await?;
    let subject = format!("request:{}", request.request.id);
    let timeline = domain::atelier::audit::of_subject(table, &subject).await?;
    Ok(Json(RequestDetail::of(&request, &staff, &timeline)))
}

fn refused(error: InboxError) -> ApiError {
    match error {
        InboxError::NotFound => ApiError::not_found(domain::requests::inbox::NOT_FOUND),
        InboxError::Forbidden(message) => ApiError::conflict(message),
        InboxError::Changed => ApiError::conflict(domain::requests::inbox::CHANGED),
        InboxError::Table(error) => error.into(),
    }
}

/// 422 with each field's message.
fn unprocessable(errors: FieldErrors) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        ..ApiError::validation(errors)
    }
}

fn invalid(field: &str, message: &str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    unprocessable(errors)
}
