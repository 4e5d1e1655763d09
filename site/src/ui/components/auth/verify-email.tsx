"use client";
/**
 * The welcome email's link (?token=): confirms the address once on arrival and
 * says how it went. When the address's owner follows it from a browser that
 * did not create the account, the server also ends every session of the
 * account and voids its password (someone else may have signed up with their
 * address), and answers a reset token: the owner's next step is choosing a
 * password, so that is the page's one button.
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ApiError, ok, shop } from "@/lib/api/client";
import { revalidateSession } from "@/lib/hooks/use-session";
import { PageTitle } from "@/ui/components/common/page-title";
import { MESSAGES } from "@/lib/messages";

export const VERIFY_MSG = {
  pending: "Verifying your email address...",
  failed: MESSAGES.accounts.VERIFY_LINK_INVALID,
  choosePassword: "Choose a password",
} as const;

type Outcome = { ok: boolean; message: string; resetToken?: string } | null;

/** The reset page reads its token from `?token=`. */
export const choosePasswordHref = (resetToken: string) => `/reset-password/?token=${encodeURIComponent(resetToken)}`;

export function VerifyEmail() {
  const token = useSearchParams().get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);

  useEffect(() => {
    // One request even when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    ok(shop.POST("/api/auth/verify-email", { body: { token } }))
      .then((answer) => {
        const resetToken = typeof answer.resetToken === "string" && answer.resetToken ? answer.resetToken : undefined;
        setOutcome({ ok: true, message: answer.message, resetToken });
        // Every session of the account has just ended: the header must not go on showing one.
        if (resetToken) void revalidateSession();
      })
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
          {outcome.resetToken ? (
            <Link className="button" href={choosePasswordHref(outcome.resetToken)}>
              {VERIFY_MSG.choosePassword}
            </Link>
          ) : (
            <Link className="button" href={outcome.ok ? "/me/account/" : "/"}>
              {outcome.ok ? "GO TO MY ACCOUNT" : "BACK TO THE SHOP"}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
