/** What a console page shows while its data loads or when it was refused (a 401 shows the sign-in page instead). */
import type { ReactNode } from "react";

export function LoadState({ error, loading, children }: { error: Error | undefined; loading: boolean; children: ReactNode }) {
  if (error) return <ErrorAlert message={error.message} />;
  if (loading) return <Loading />;
  return children;
}

export function Loading() {
  return <p aria-busy="true">Loading…</p>;
}

/** Why something failed, where it failed; an alert, so a screen reader says it at once. Nothing without a message. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="atelier-error" role="alert">
      {message}
    </p>
  );
}
