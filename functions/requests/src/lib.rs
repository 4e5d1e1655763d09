//! Made-to-order requests and appointment bookings: open to visitors,
//! stored, acknowledged to the customer and notified to the house
//! (`HOUSE_EMAIL`, default `atelier@couture.invalid`) by email.
//!
//! Limits: a client address (an IPv6 client's /64) may submit a few per
//! hour (429 past them). The mail to the customer is what the other limits
//! hold back, never the request: past a few acknowledgements to one mailbox
//! a day, or the shop-wide hourly ceiling, the request is still stored and
//! the house still told, only the acknowledgement is not sent. So no one
//! can use the shop to mail a stranger, and no one can close the forms to
//! a customer by naming their address, or to everyone.
//!
//! Table requests: `POST /api/made-to-order` and `POST /api/appointments`
//! up to three limit counters (UpdateItem) and one PutItem each; `GET /api/made-to-order` and `GET /api/appointments` (the
//! signed-in customer's own) one Query each.

use app::App;
use axum::extract::{Extension, FromRequestParts, State};
use axum::routing::{get, MethodRouter};
use axum::{Json, Router};

use domain::answers::{List, RequestId, RequestReceived};
use domain::house::House;
use domain::requests::{
    ContactRequest, RequestInput, RequestKind, APPOINTMENT_BOOKED, MADE_TO_ORDER_SUBMITTED,
    REQUESTS_PER_ADDRESS, REQUESTS_PER_RECIPIENT, REQUESTS_SHOP_WIDE,
};
use domain::timestamp::Timestamp;
use shop_http::limits::{self, ClientAddress};
use shop_http::{ApiError, ApiResult, Created, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route("/api/made-to-order", requests_of(RequestKind::MadeToOrder))
        .route("/api/appointments", requests_of(RequestKind::Appointment))
        .with_state(app)
}

/// One kind's two routes: `POST` submits, `GET` lists the customer's own.
/// The kind rides along as an extension so one handler serves both kinds.
fn requests_of(kind: RequestKind) -> MethodRouter<App> {
    get(mine).post(submit).layer(Extension(kind))
}

/// The answer's message for a kind's submission.
fn submitted(kind: RequestKind) -> &'static str {
    match kind {
        RequestKind::MadeToOrder => MADE_TO_ORDER_SUBMITTED,
        RequestKind::Appointment => APPOINTMENT_BOOKED,
    }
}

/// Anyone: the signed-in customer's id when there is a session.
pub struct Visitor(Option<String>);

impl FromRequestParts<App> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        app: &App,
    ) -> Result<Self, ApiError> {
        Ok(Visitor(
            CurrentUser::from_request_parts(parts, app)
                .await
                .ok()
                .map(|u| u.id),
        ))
    }
}

pub async fn submit(
    State(app): State<App>,
    Extension(kind): Extension<RequestKind>,
    Visitor(user_id): Visitor,
    ClientAddress(address): ClientAddress,
    JsonBody(body): JsonBody<RequestInput>,
) -> ApiResult<Created<RequestReceived>> {
    let now = app.clock.now();
    let id = ulid::Ulid::new().to_string();
    let request = body.check(kind, &id, user_id.as_deref(), now)?;
    limits::hit(&app, REQUESTS_PER_ADDRESS, &address, now).await?;
    request.file(app.table.as_ref()).await?;
    notify_house(&app, &request).await;
    if acknowledgement_allowed(&app, &request, now).await? {
        acknowledge(&app, &request).await;
    }
    Ok(Created(RequestReceived {
        message: submitted(kind).into(),
        data: RequestId { id },
    }))
}

/// The acknowledgement mails an address the visitor typed: counted per
/// recipient mailbox, then shop-wide; past either it is not sent.
async fn acknowledgement_allowed(
    app: &App,
    request: &ContactRequest,
    now: Timestamp,
) -> ApiResult<bool> {
    let allowed = limits::mail_allowed(app, REQUESTS_PER_RECIPIENT, &request.recipient(), now)
        .await?
        && limits::mail_allowed(app, REQUESTS_SHOP_WIDE, "shop", now).await?;
    if !allowed {
        tracing::warn!(request = %request.id, "request acknowledgement held back by a mail limit");
    }
    Ok(allowed)
}

/// The request is kept whatever the mail does; a failed email is an alarm
/// line for the operators, who list requests with `shopctl`.
async fn notify_house(app: &App, request: &ContactRequest) {
    let house = request.house_notification(&app.config.house_email);
    if let Err(e) = app.mailer.send(house).await {
        tracing::error!(alarm = "request_not_notified", error = %e, request = %request.id, "house notification not sent");
    }
}

/// The acknowledgement, in the words of the house the table holds.
async fn acknowledge(app: &App, request: &ContactRequest) {
    let house = House::for_mail(app.table.as_ref()).await;
    if let Err(e) = app.mailer.send(request.acknowledgement(&house)).await {
        tracing::error!(error = %e, request = %request.id, "request acknowledgement not sent");
    }
}

/// The customer's own requests of a kind, newest first: one Query.
pub async fn mine(
    State(app): State<App>,
    Extension(kind): Extension<RequestKind>,
    user: CurrentUser,
) -> ApiResult<Json<List<ContactRequest>>> {
    let requests: Vec<ContactRequest> = app
        .table
        .read_all(ContactRequest::of_customer(&user.id, kind))
        .await?;
    Ok(Json(requests.into()))
}
