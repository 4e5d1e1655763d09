"use client";
/**
 * The one button of a passkey ceremony (enrolling, signing in): it waits for
 * the browser's passkey, then says why none was made or used. Once the
 * ceremony succeeds it stays busy: the member is on their way to the orders.
 */
import { useState } from "react";
import { ceremonyRefused } from "@/lib/atelier/passkeys";
import { ErrorAlert } from "./load-state";

interface Props {
  label: string;
  /** What to say when the member turned the browser's prompt down. */
  refused: string;
  /** The ceremony, from the browser's prompt to the server's answer; it throws when it fails. */
  ceremony: () => Promise<void>;
}

export function PasskeyButton({ label, refused, ceremony }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const press = async () => {
    setBusy(true);
    setError(null);
    try {
      await ceremony();
    } catch (e) {
      setError(ceremonyRefused(e) ? refused : e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="atelier-button atelier-button--main" disabled={busy} onClick={() => void press()}>
        {busy ? "Waiting for your passkey…" : label}
      </button>
      <ErrorAlert message={error} />
    </>
  );
}
