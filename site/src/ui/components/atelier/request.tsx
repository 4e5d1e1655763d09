"use client";
/**
 * A client's request: what they asked, their measurements in the unit they
 * gave, the replies, and what the member does next: reply by email, schedule
 * an appointment (the client receives a calendar invitation), move its state,
 * assign it.
 */
import { useSearchParams } from "next/navigation";
import type { FormEvent } from "react";
import { atelier } from "@/lib/atelier/client";
import { REQUEST_KIND, REQUEST_STATUS, when } from "@/lib/atelier/formats";
import type { RequestDetail, RequestStatus, StaffView } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";
import { Timeline } from "./timeline";
import { useAction } from "./use-action";

/** Where a request may go from each state: the next one, and closed from any (never back). */
export function nextStatuses(status: RequestStatus): RequestStatus[] {
  const order: RequestStatus[] = ["new", "contacted", "scheduled", "closed"];
  const next = order[order.indexOf(status) + 1];
  return status === "closed" ? [] : [...new Set<RequestStatus>([...(next ? [next] : []), "closed"])];
}

export function Request() {
  const id = useSearchParams().get("id") ?? "";
  const request = useAtelier<RequestDetail>(id ? `/requests/${encodeURIComponent(id)}` : null);
  if (!id) return <p className="atelier-error">No request is named in this address.</p>;
  return (
    <LoadState error={request.error} loading={request.isLoading}>
      {request.data && <RequestPage request={request.data} onChanged={(next) => void request.mutate(next, { revalidate: false })} />}
    </LoadState>
  );
}

function RequestPage({ request, onChanged }: { request: RequestDetail; onChanged: (next: RequestDetail) => void }) {
  const me = useAtelier<StaffView>("/me");
  const { busy, run } = useAction();
  const path = `/requests/${encodeURIComponent(request.id)}`;
  const act = (name: string, route: string, body: unknown, success: string) =>
    run(name, () => atelier.post<RequestDetail>(`${path}/${route}`, body), onChanged, success);
  const formAct = (name: string, route: string, success: string, body: (data: FormData) => unknown) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (await act(name, route, body(new FormData(form)), success)) form.reset();
  };
  return (
    <>
      <h1>
        {REQUEST_KIND[request.kind] ?? request.kind}: {request.client.name} <span className="atelier-status">{REQUEST_STATUS[request.status]}</span>
      </h1>
      <p className="atelier-muted">
        Received {when(request.receivedAt)} · {request.client.email}
        {request.client.phone && ` · ${request.client.phone}`}
        {request.contactTime && ` · best reached: ${request.contactTime}`}
        {request.socialMedia && ` · ${request.socialMedia}`}
      </p>
      <div className="atelier-row">
        {nextStatuses(request.status).map((s) => (
          <button
            key={s}
            type="button"
            className="atelier-button"
            disabled={!!busy}
            onClick={() => void act("status", "status", { status: s }, `Now ${REQUEST_STATUS[s].toLowerCase()}.`)}
          >
            Mark {REQUEST_STATUS[s].toLowerCase()}
          </button>
        ))}
        {me.data && request.assignee?.id !== me.data.id && (
          <button
            type="button"
            className="atelier-button"
            disabled={!!busy}
            onClick={() => void act("assign", "assign", { staffId: me.data?.id }, "Assigned to you.")}
          >
            Assign to me
          </button>
        )}
        {request.assignee && (
          <button type="button" className="atelier-button" disabled={!!busy} onClick={() => void act("assign", "assign", { staffId: null }, "Unassigned.")}>
            Unassign ({request.assignee.name})
          </button>
        )}
      </div>
      <section aria-labelledby="message-title">
        <h2 id="message-title">Their request</h2>
        {request.product && <p>About: {request.product}</p>}
        <p className="atelier-message">{request.message}</p>
        <Measurements measurements={request.measurements} />
      </section>
      <section aria-labelledby="replies-title">
        <h2 id="replies-title">Replies</h2>
        {request.replies.length === 0 ? (
          <p>No reply yet.</p>
        ) : (
          <ol className="atelier-timeline">
            {request.replies.map((r, i) => (
              <li key={i}>
                <time dateTime={r.at}>{when(r.at)}</time> · {r.by}: <strong>{r.subject}</strong>
                <p className="atelier-message">{r.text}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          className="atelier-form"
          aria-labelledby="reply-title"
          onSubmit={(e) => void formAct("reply", "replies", "Reply sent.", (d) => ({ subject: d.get("subject"), text: d.get("text") }))(e)}
        >
          <h3 id="reply-title">Reply by email</h3>
          <label>
            Subject
            <input name="subject" required />
          </label>
          <label>
            Message
            <textarea name="text" required rows={5} />
          </label>
          <button type="submit" className="atelier-button" disabled={busy === "reply"}>
            Send reply
          </button>
        </form>
      </section>
      <section aria-labelledby="appointment-title">
        <h2 id="appointment-title">Appointment</h2>
        {request.appointment && (
          <p data-testid="appointment">
            {appointmentTime(request.appointment)} · {request.appointment.durationMinutes} minutes · {request.appointment.place}
            {request.appointment.invitationSentAt && ` · invitation sent ${when(request.appointment.invitationSentAt)}`}
            {request.appointment.reminderSentAt && ` · reminder sent ${when(request.appointment.reminderSentAt)}`}
          </p>
        )}
        <form
          className="atelier-form atelier-form--inline"
          aria-label="Schedule an appointment"
          onSubmit={(e) =>
            void formAct("appointment", "appointment", "Scheduled: the client has the invitation.", (d) => ({
              at: d.get("at"),
              durationMinutes: Number(d.get("durationMinutes")),
              place: d.get("place"),
            }))(e)
          }
        >
          <label>
            Date and time (the house&apos;s time)
            <input name="at" type="datetime-local" required />
          </label>
          <label>
            Minutes
            <input name="durationMinutes" type="number" min={15} step={15} defaultValue={60} required />
          </label>
          <label>
            Place
            <input name="place" required defaultValue="The atelier" />
          </label>
          <button type="submit" className="atelier-button" disabled={busy === "appointment"}>
            {request.appointment ? "Reschedule" : "Schedule"}
          </button>
        </form>
      </section>
      <section aria-labelledby="request-timeline-title">
        <h2 id="request-timeline-title">Timeline</h2>
        <Timeline entries={request.timeline} />
      </section>
    </>
  );
}

/** When an appointment is, as the house set it (its own time zone) when the server says so. */
function appointmentTime(appointment: NonNullable<RequestDetail["appointment"]>): string {
  if (!appointment.local) return when(appointment.at);
  return `${appointment.local.replace("T", " ")}${appointment.timeZone ? ` (${appointment.timeZone})` : ""}`;
}

/** The measurements as the client gave them: their unit, and "not given" where they left one out. */
function Measurements({ measurements }: { measurements: RequestDetail["measurements"] }) {
  if (!measurements) return null;
  return (
    <table className="atelier-table atelier-table--narrow">
      <caption>Measurements ({measurements.unit ?? "unit not recorded"})</caption>
      <thead>
        <tr>
          <th scope="col">Measurement</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {measurements.values.map((m) => (
          <tr key={m.label}>
            <th scope="row">{m.label}</th>
            <td>{m.value === "not given" || !measurements.unit ? m.value : `${m.value} ${measurements.unit}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
