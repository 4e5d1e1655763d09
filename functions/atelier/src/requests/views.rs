//! What the console's request routes answer (camelCase JSON).

use serde::Serialize;
use serde_json::Value;

use domain::atelier::{AuditEntry, StaffMember, StaffView};
use domain::requests::{InboxRequest, MeasurementUnit, Reply, RequestKind, Status};
use domain::timestamp::Timestamp;

use super::Filter;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RequestCounts {
    pub new: usize,
    pub contacted: usize,
    pub scheduled: usize,
    pub closed: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RequestList {
    /// Every request by status, whatever the filter.
    pub counts: RequestCounts,
    pub requests: Vec<RequestSummary>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestClient {
    pub name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestSummary {
    pub id: String,
    pub kind: RequestKind,
    pub status: Status,
    pub received_at: Timestamp,
    pub client: RequestClient,
    pub assignee: Option<StaffView>,
    /// When the appointment starts, if one is set.
    pub appointment_at: Option<Timestamp>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestMeasurements {
    /// `cm` or `in`; `null` on a request stored before the unit was asked.
    pub unit: Option<MeasurementUnit>,
    pub values: Vec<RequestMeasure>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RequestMeasure {
    pub label: String,
    /// The number as the client gave it, or `not given`.
    pub value: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestAppointment {
    pub at: Timestamp,
    /// As set, in the house's zone: `2027-03-15T10:30`.
    pub local: String,
    pub time_zone: String,
    pub duration_minutes: u32,
    pub place: String,
    pub invitation_sent_at: Option<Timestamp>,
    pub reminder_sent_at: Option<Timestamp>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestTimelineEntry {
    pub at: Timestamp,
    /// `received`, or the audit action: `request.status`, `request.reply`, ...
    pub kind: String,
    /// The staff member's email; `null` for the client's own request.
    pub by: Option<String>,
    pub text: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestDetail {
    #[serde(flatten)]
    pub summary: RequestSummary,
    pub message: String,
    /// The product a made-to-order request names.
    pub product: Option<String>,
    pub measurements: Option<RequestMeasurements>,
    pub contact_time: String,
    pub social_media: String,
    pub replies: Vec<Reply>,
    pub appointment: Option<RequestAppointment>,
    pub timeline: Vec<RequestTimelineEntry>,
}

impl RequestList {
    pub fn of(requests: &[InboxRequest], filter: &super::Filter, staff: &[StaffMember]) -> Self {
        let count = |status| requests.iter().filter(|r| r.inbox.status == status).count();
        RequestList {
            counts: RequestCounts {
                new: count(Status::New),
                contacted: count(Status::Contacted),
                scheduled: count(Status::Scheduled),
                closed: count(Status::Closed),
            },
            requests: requests
                .iter()
                .filter(|r| selected(r, filter))
                .map(|r| RequestSummary::of(r, staff))
                .collect(),
        }
    }
}

fn selected(request: &InboxRequest, filter: &Filter) -> bool {
    let assignee = request.inbox.assignee.as_deref();
    filter.status.is_none_or(|s| s == request.inbox.status)
        && filter.kind.is_none_or(|k| k == request.request.kind)
        && match filter.assignee.as_deref() {
            None | Some("") => true,
            Some("none") => assignee.is_none(),
            Some(id) => assignee == Some(id),
        }
}

impl RequestSummary {
    fn of(r: &InboxRequest, staff: &[StaffMember]) -> Self {
        let c = &r.request;
        RequestSummary {
            id: c.id.clone(),
            kind: c.kind,
            status: r.inbox.status,
            received_at: c.created_at,
            client: RequestClient {
                name: format!("{} {}", c.first_name, c.last_name),
                email: c.email.clone(),
                phone: format!("{} {}", c.phone_code, c.phone).trim().to_string(),
            },
            assignee: r
                .inbox
                .assignee
                .as_deref()
                .and_then(|id| staff.iter().find(|m| m.id == id))
                .map(StaffMember::view),
            appointment_at: r.inbox.appointment.as_ref().map(|a| a.at),
        }
    }
}

impl RequestDetail {
    pub fn of(r: &InboxRequest, staff: &[StaffMember], audit: &[AuditEntry]) -> Self {
        let c = &r.request;
        let measurements = c.custom_size_order.as_ref().map(|m| RequestMeasurements {
            unit: m.measurement_unit,
            values: m
                .labelled()
                .into_iter()
                .map(|(label, value)| RequestMeasure {
                    label: label.into(),
                    value,
                })
                .collect(),
        });
        let mut timeline = vec![RequestTimelineEntry {
            at: c.created_at,
            kind: "received".into(),
            by: None,
            text: "The client's request arrived.".into(),
        }];
        timeline.extend(audit.iter().map(|e| timeline_entry(e, staff)));
        RequestDetail {
            summary: RequestSummary::of(r, staff),
            message: c.message.clone(),
            product: c.custom_size_order.as_ref().map(|m| m.name_product.clone()),
            measurements,
            contact_time: c.contact_time.clone(),
            social_media: c.social_media.clone(),
            replies: r.inbox.replies.clone(),
            appointment: r.inbox.appointment.as_ref().map(|a| RequestAppointment {
                at: a.at,
                local: a.local.clone(),
                time_zone: a.time_zone.clone(),
                duration_minutes: a.duration_minutes,
                place: a.place.clone(),
                invitation_sent_at: a.invitation_sent_at,
                reminder_sent_at: r.reminder_sent_at(),
            }),
            timeline,
        }
    }
}

/// An audit entry as the request's page tells it.
fn timeline_entry(entry: &AuditEntry, staff: &[StaffMember]) -> RequestTimelineEntry {
    let after = &entry.after;
    let text = match entry.action.as_str() {
        "request.status" => format!(
            "Status: {} → {}",
            word(&entry.before["status"]),
            word(&after["status"])
        ),
        "request.assign" => match after["assignee"].as_str() {
            Some(id) => format!(
                "Assigned to {}",
                staff
                    .iter()
                    .find(|m| m.id == id)
                    .map_or(id, |m| m.name.as_str())
            ),
            None => "Unassigned".into(),
        },
        "request.reply" => format!("Replied: {}", word(&after["subject"])),
        "request.appointment" => format!(
            "Appointment set for {} ({})",
            word(&after["appointment"]["local"]).replace('T', " "),
            word(&after["appointment"]["timeZone"])
        ),
        other => other.to_string(),
    };
    RequestTimelineEntry {
        at: entry.at,
        kind: entry.action.clone(),
        by: Some(entry.actor.email.clone()),
        text,
    }
}

fn word(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_string()
}
