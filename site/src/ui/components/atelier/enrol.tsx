"use client";
/**
 * The page an invitation's link opens: whom it is for, and one button that
 * creates their passkey. Enrolled, the member is signed in and goes to the orders.
 */
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { beginEnrolment, finishEnrolment, type Enrolment } from "@/lib/atelier/passkeys";
import { ErrorAlert } from "./load-state";
import { PasskeyButton } from "./passkey-button";

/** The server keeps a ceremony 5 minutes: one older than this is begun again before the passkey is made. */
const CEREMONY_FRESH_MS = 4 * 60 * 1000;

export const ENROL_MSG = {
  noToken: "This page opens from the link in your invitation email.",
  refused: "No passkey was created. Try again when you are ready.",
} as const;

export function Enrol() {
  const token = useSearchParams().get("token") ?? "";
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [enrolment, setEnrolment] = useState<{ at: number; value: Enrolment } | null>(null);
  const [error, setError] = useState<string | null>(token ? null : ENROL_MSG.noToken);

  useEffect(() => {
    if (!token) return;
    beginEnrolment(token)
      .then((value) => setEnrolment({ at: Date.now(), value }))
      .catch((e: Error) => setError(e.message));
  }, [token]);

  const create = async (begun: { at: number; value: Enrolment }) => {
    const fresh = Date.now() - begun.at < CEREMONY_FRESH_MS ? begun.value : await beginEnrolment(token);
    const staff = await finishEnrolment(fresh);
    await mutate("/me", staff, { revalidate: false });
    router.push("/atelier/orders/");
  };

  return (
    <section className="atelier-card" aria-labelledby="enrol-title">
      <h1 id="enrol-title">{enrolment ? `Welcome, ${enrolment.value.name}` : "Your invitation"}</h1>
      {enrolment && (
        <p>
          You are invited to the atelier as <strong>{enrolment.value.role}</strong> ({enrolment.value.email}). Your passkey is how you sign in: no password.
        </p>
      )}
      {enrolment && <PasskeyButton label="Create your passkey" refused={ENROL_MSG.refused} ceremony={() => create(enrolment)} />}
      <ErrorAlert message={error} />
    </section>
  );
}
