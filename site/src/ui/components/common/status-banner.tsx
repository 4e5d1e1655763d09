"use client";
/** A result banner that disappears after 5 seconds. */
import { useEffect, useState } from "react";

export const BANNER_MS = 5000;

export type StatusNotice = { kind: "success" | "error"; text: string } | null;

/** A status that clears itself after BANNER_MS. */
export function useTimedStatus(): [StatusNotice, (s: StatusNotice) => void] {
  const [status, setStatus] = useState<StatusNotice>(null);
  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [status]);
  return [status, setStatus];
}

export function StatusBanner({ status }: { status: StatusNotice }) {
  if (!status) return null;
  return (
    <p className={`status-banner status-banner--${status.kind}`} role={status.kind === "error" ? "alert" : "status"}>
      {status.text}
    </p>
  );
}
