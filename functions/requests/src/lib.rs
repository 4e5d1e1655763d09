//! Made-to-order requests and appointment bookings: open to visitors,
//! stored, acknowledged to the customer and notified to the house
//! (`HOUSE_EMAIL`, default `atelier@couture.invalid`) by email.
//!
//! Table requests: `POST /api/made-to-order` and `POST /api/appointments` one
//! PutItem each; `GET /api/made-to-order` and `GET /api/appointments` (the
//! signed-in customer's own) one Query each.

use app::App;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use domain::ports::{Condition, TableError};
use domain::requests::{
    ContactRequest, RequestInput, RequestKind, APPOINTMENT_BOOKED, MADE_TO_ORDER_SUBMITTED,
};
use domain::timestamp::Timestamp;
use shop_http::{list, ApiError, ApiResult, CurrentUser, JsonBody};

pub fn router(app: App) -> Router {
    Router::new()
        .route(
            "/api/made-to-order",
            get(my_made_to_order).post(made_to_order),
        )
        .route("/api/appointments", get(my_appointments).post(appointment))
        .with_state(app)
}

async fn made_to_order(
    State(app): State<App>,
    visitor: Visitor,
    JsonBody(body): JsonBody<RequestInput>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    submit(
        &app,
        visitor.0,
        RequestKind::MadeToOrder,
        body,
        MADE_TO_ORDER_SUBMITTED,
    )
    .await
}

async fn appointment(
    State(app): State<App>,
    visitor: Visitor,
    JsonBody(body): JsonBody<RequestInput>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    submit(
        &app,
        visitor.0,
        RequestKind::Appointment,
        body,
        APPOINTMENT_BOOKED,
    )
    .await
}

async fn my_made_to_order(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    mine(&app, &user.id, RequestKind::MadeToOrder).await
}

async fn my_appointments(State(app): State<App>, user: CurrentUser) -> ApiResult<Json<Value>> {
    mine(&app, &user.id, RequestKind::Appointment).await
}

/// Anyone: the signed-in customer's id when there is a session.
struct Visitor(Option<String>);

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

async fn submit(
    app: &App,
    user_id: Option<String>,
    kind: RequestKind,
    body: RequestInput,
    done: &str,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let id = ulid::Ulid::new().to_string();
    let request = body.check(kind, &id, user_id.as_deref(), Timestamp::now())?;
    app.table
        .write(&request, Condition::NotExists)
        .await?
        .or(TableError::ConditionFailed)?;
    // The request is kept whatever the mail does; a failed email is logged
    // for the operators, who list requests with `shopctl`.
    for email in [
        request.acknowledgement(),
        request.house_notification(&app.config.house_email),
    ] {
        if let Err(e) = app.mailer.send(email).await {
            tracing::error!(error = %e, request = %id, "request email not sent");
        }
    }
    Ok((
        StatusCode::CREATED,
        Json(json!({ "message": done, "data": { "id": id } })),
    ))
}

/// The customer's own requests of a kind, newest first: one Query.
async fn mine(app: &App, user_id: &str, kind: RequestKind) -> ApiResult<Json<Value>> {
    let requests: Vec<ContactRequest> = app
        .table
        .read_all(ContactRequest::of_customer(user_id, kind))
        .await?;
    Ok(list(requests))
}
