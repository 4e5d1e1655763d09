/** Everything that happened to an order or a request, oldest first, each with who (when a member did it). */
import { when } from "@/lib/atelier/formats";
import type { EmailOutcome, TimelineEntry } from "@/lib/atelier/types";

/** How an email ended, in a word before its line: a failed one stands out, for the house to send it again. */
export const OUTCOME_LABEL: Record<EmailOutcome, string> = {
  sent: "Sent",
  failed: "Not sent",
  unknown: "Outcome unknown",
};

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p>Nothing yet.</p>;
  return (
    <ol className="atelier-timeline" data-testid="timeline">
      {entries.map((e, i) => (
        <li key={i} data-outcome={e.outcome ?? undefined}>
          <time dateTime={e.at}>{when(e.at)}</time> {e.outcome && <Outcome outcome={e.outcome} />} <span>{e.text}</span>
          {e.by && <span className="atelier-muted"> · {e.by}</span>}
        </li>
      ))}
    </ol>
  );
}

function Outcome({ outcome }: { outcome: EmailOutcome }) {
  return <strong className={outcome === "failed" ? "atelier-error" : undefined}>{OUTCOME_LABEL[outcome]}:</strong>;
}
