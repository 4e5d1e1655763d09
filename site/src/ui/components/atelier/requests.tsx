"use client";
/** The clients' requests as an inbox: by state (new → contacted → scheduled → closed), kind and assignee, newest first. */
import Link from "next/link";
import { useState } from "react";
import { query } from "@/lib/atelier/client";
import { REQUEST_KIND, REQUEST_STATUS, when } from "@/lib/atelier/formats";
import type { RequestInbox, RequestKind, RequestStatus, StaffView } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";

const STATUSES = Object.keys(REQUEST_STATUS) as RequestStatus[];

export function Requests() {
  const me = useAtelier<StaffView>("/me");
  const [status, setStatus] = useState<RequestStatus | "">("new");
  const [kind, setKind] = useState<RequestKind | "">("");
  const [mine, setMine] = useState(false);
  const inbox = useAtelier<RequestInbox>(`/requests${query({ status, kind, assignee: mine ? me.data?.id : "" })}`);
  const counts = inbox.data?.counts;
  return (
    <>
      <h1>Requests</h1>
      <div className="atelier-tabs" role="group" aria-label="Request state">
        {STATUSES.map((s) => (
          <button key={s} type="button" aria-pressed={status === s} onClick={() => setStatus(s)}>
            {REQUEST_STATUS[s]}
            {counts && ` (${counts[s]})`}
          </button>
        ))}
        <button type="button" aria-pressed={status === ""} onClick={() => setStatus("")}>
          All
        </button>
      </div>
      <div className="atelier-filters">
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as RequestKind | "")}>
            <option value="">Any</option>
            <option value="made_to_order">{REQUEST_KIND.made_to_order}</option>
            <option value="appointment">{REQUEST_KIND.appointment}</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} /> Assigned to me
        </label>
      </div>
      <LoadState error={inbox.error} loading={inbox.isLoading}>
        {inbox.data?.requests.length === 0 ? (
          <p>No requests here.</p>
        ) : (
          <table className="atelier-table">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Kind</th>
                <th scope="col">Received</th>
                <th scope="col">State</th>
                <th scope="col">Assigned to</th>
                <th scope="col">Appointment</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data?.requests.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link href={`/atelier/request/?id=${encodeURIComponent(r.id)}`}>{r.client.name}</Link>
                    <span className="atelier-muted"> {r.client.email}</span>
                  </th>
                  <td>{REQUEST_KIND[r.kind] ?? r.kind}</td>
                  <td>{when(r.receivedAt)}</td>
                  <td>{REQUEST_STATUS[r.status] ?? r.status}</td>
                  <td>{r.assignee?.name ?? "Nobody"}</td>
                  <td>{when(r.appointmentAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </>
  );
}
