/** Everything that happened to an order or a request, oldest first, each with who (when a member did it). */
import { when } from "@/lib/atelier/formats";
import type { TimelineEntry } from "@/lib/atelier/types";

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p>Nothing yet.</p>;
  return (
    <ol className="atelier-timeline" data-testid="timeline">
      {entries.map((e, i) => (
        <li key={i}>
          <time dateTime={e.at}>{when(e.at)}</time> <span>{e.text}</span>
          {e.by && <span className="atelier-muted"> · {e.by}</span>}
        </li>
      ))}
    </ol>
  );
}
