/** What a console page shows while its data loads or when it was refused (a 401 shows the sign-in page instead). */
import type { ReactNode } from "react";

export function LoadState({ error, loading, children }: { error: Error | undefined; loading: boolean; children: ReactNode }) {
  if (error)
    return (
      <p className="atelier-error" role="alert">
        {error.message}
      </p>
    );
  if (loading) return <p aria-busy="true">Loading…</p>;
  return children;
}
