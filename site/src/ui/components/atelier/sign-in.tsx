"use client";
/** Signing in to the atelier: one button, the browser's passkey; no email, no password. */
import { signInWithPasskey } from "@/lib/atelier/passkeys";
import type { StaffView } from "@/lib/atelier/types";
import { PasskeyButton } from "./passkey-button";

export const SIGN_IN_MSG = {
  refused: "No passkey was used. Try again, or ask the house's owner for a new invitation.",
} as const;

export function SignIn({ onSignedIn }: { onSignedIn: (staff: StaffView) => void }) {
  return (
    <section className="atelier-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">The atelier</h1>
      <p>Sign in with the passkey you created from your invitation.</p>
      <PasskeyButton label="Sign in with a passkey" refused={SIGN_IN_MSG.refused} ceremony={async () => onSignedIn(await signInWithPasskey())} />
    </section>
  );
}
