"use client";
/** Signing in to the atelier: one button, the browser's passkey; no email, no password. */
import { useState } from "react";
import { ceremonyRefused, signInWithPasskey } from "@/lib/atelier/passkeys";
import type { StaffView } from "@/lib/atelier/types";

export const SIGN_IN_MSG = {
  refused: "No passkey was used. Try again, or ask the house's owner for a new invitation.",
} as const;

export function SignIn({ onSignedIn }: { onSignedIn: (staff: StaffView) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (e) {
      setError(ceremonyRefused(e) ? SIGN_IN_MSG.refused : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="atelier-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">The atelier</h1>
      <p>Sign in with the passkey you created from your invitation.</p>
      <button type="button" className="atelier-button atelier-button--main" disabled={busy} onClick={() => void signIn()}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      {error && (
        <p className="atelier-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
