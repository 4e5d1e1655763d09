"use client";
/** The welcome email's link (?token=): confirms the address once on arrival and says how it went. */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ApiError, api } from "@/lib/api/client";
import { PageTitle } from "@/ui/components/common/page-title";

export const VERIFY_MSG = {
  pending: "Verifying your email address...",
  failed: "This verification link is invalid or has expired.",
} as const;

type Outcome = { ok: boolean; message: string } | null;

export function VerifyEmail() {
  const token = useSearchParams().get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  useEffect(() => {
    // One request even when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    api
      .post<{ message: string }>("/auth/verify-email", { token })
      .then((answer) => setOutcome({ ok: true, message: answer.message }))
      .catch((error: unknown) => {
        const fieldError = error instanceof ApiError ? Object.values(error.errors)[0] : undefined;
        setOutcome({ ok: false, message: fieldError ?? VERIFY_MSG.failed });
      });
  }, [token]);

  return (
    <div className="container section narrow auth-page">
      <PageTitle>VERIFY YOUR EMAIL</PageTitle>
      {outcome === null ? (
        <p className="loading" aria-busy="true">
          {VERIFY_MSG.pending}
        </p>
      ) : (
        <div className={`notice ${outcome.ok ? "notice--success" : "notice--error"}`} role={outcome.ok ? "status" : "alert"}>
          <p>
            <strong>{outcome.message}</strong>
          </p>
          <Link className="button" href={outcome.ok ? "/me/account/" : "/"}>
            {outcome.ok ? "GO TO MY ACCOUNT" : "BACK TO THE SHOP"}
          </Link>
        </div>
      )}
    </div>
  );
}
