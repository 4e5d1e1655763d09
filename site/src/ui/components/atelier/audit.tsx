"use client";
/** The audit log (the owner's page): every console action, who, when, the values before and after; read-only, as CSV too. */
import { useState, type FormEvent } from "react";
import { ATELIER_API, query } from "@/lib/atelier/client";
import { when } from "@/lib/atelier/formats";
import type { AuditEntries } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { LoadState } from "./load-state";

export function Audit() {
  const [range, setRange] = useState({ from: "", to: "" });
  const dates = query(range);
  const log = useAtelier<AuditEntries>(`/audit${dates}`);
  const filter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    setRange({ from: String(d.get("from") ?? ""), to: String(d.get("to") ?? "") });
  };
  return (
    <>
      <h1>Audit log</h1>
      <form className="atelier-filters" aria-label="Dates" onSubmit={filter}>
        <label>
          From
          <input name="from" type="date" defaultValue={range.from} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={range.to} />
        </label>
        <button type="submit" className="atelier-button">
          Show
        </button>
        <a className="atelier-button" href={`${ATELIER_API}/audit.csv${dates}`} download>
          Download CSV
        </a>
      </form>
      <LoadState error={log.error} loading={log.isLoading}>
        {log.data?.entries.length === 0 ? (
          <p>Nothing on the record for these dates.</p>
        ) : (
          // On a phone the table scrolls sideways in its own box (atelier.css), and none of its cells takes
          // the focus: the table takes it, so the keyboard can scroll it too.
          <table className="atelier-table" data-testid="audit" tabIndex={0} aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Subject</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {log.data?.entries.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </th>
                  <td>{e.actor.email}</td>
                  <td>{e.action}</td>
                  <td>{e.subject}</td>
                  <td>
                    <Value value={e.before} />
                  </td>
                  <td>
                    <Value value={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
    </>
  );
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return <code className="atelier-json">{JSON.stringify(value)}</code>;
}
