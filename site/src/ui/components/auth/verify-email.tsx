"use client";
/**
 * The welcome email's link (?token=). Opening the page changes nothing: it only
 * asks the server what the link would do from this browser (the preview), and
 * a person's press does it:
 * - verified: the address is verified already; nothing to do.
 * - confirm: this browser created the account or signed in to it: CONFIRM MY EMAIL marks
 *   the address verified.
 * - claim: any other browser. Whoever follows the link proves they read the address, so
 *   the address's owner may take the account over: they choose a password, everyone else
 *   is signed out, the account starts afresh, and this browser is signed in. The page says
 *   so plainly, and tells the account's creator to log in here first instead.
 * A mail scanner or a link preview that opens the page therefore verifies nothing and
 * claims nothing.
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { ApiError, ok, shop } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { revalidateSession } from "@/lib/hooks/use-session";
import { checkPassword, meetsRules } from "@/lib/rules/passwords";
import { PageTitle } from "@/ui/components/common/page-title";
import { usePanels } from "@/ui/components/layout/panels";
import { PasswordField, RuleChecklist } from "./password-field";
import { MESSAGES } from "@/lib/messages";

export const VERIFY_MSG = {
  pending: "Checking your verification link...",
  failed: MESSAGES.accounts.VERIFY_LINK_INVALID,
  verified: "Thank you, your email address is verified.",
  busy: "Loading...",
  confirm: "CONFIRM MY EMAIL",
  claim: "VERIFY AND SET PASSWORD",
  toAccount: "GO TO MY ACCOUNT",
  toShop: "BACK TO THE SHOP",
  retry: "Something went wrong. Please try again.",
  creator: "Created this account yourself? Log in on this device first, then open this link again.",
} as const;

/** The reset-password form's rules and words (the server checks a claim's password as a reset's). */
const PASSWORD_MSG = {
  required: MESSAGES.forms.NEW_PASSWORD_REQUIRED,
  complexity: MESSAGES.forms.NOT_COMPLEX,
  confirm: MESSAGES.forms.CONFIRM_REQUIRED,
  mismatch: MESSAGES.forms.RESET_PASSWORDS_DIFFER,
} as const;

type Preview = components["schemas"]["VerifyPreview"];

type Phase = { kind: "loading" } | { kind: "invalid"; message: string } | { kind: "preview"; preview: Preview } | { kind: "done"; message: string };

/** What a refusal says: the field's message (the token's), else the server's words, else the fallback. */
function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fieldError = Object.values(error.errors)[0];
  if (fieldError) return fieldError;
  return error.message && !/^Request failed/.test(error.message) ? error.message : fallback;
}

/** The link itself is refused (expired, tampered, or its account gone): nothing on the page can help. */
const linkRefused = (error: unknown) => error instanceof ApiError && typeof error.errors.token === "string";

export function VerifyEmail() {
  const token = useSearchParams().get("token") ?? "";
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const sent = useRef(false);
  // After a press the button is gone: focus goes to what happened, so a keyboard stays in place.
  const result = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);

  useEffect(() => {
    // One request even when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    ok(shop.POST("/api/auth/verify-email/preview", { body: { token } }))
      .then((preview) => setPhase(preview.action === "verified" ? { kind: "done", message: VERIFY_MSG.verified } : { kind: "preview", preview }))
      .catch((error: unknown) => setPhase({ kind: "invalid", message: refusal(error, VERIFY_MSG.failed) }));
  }, [token]);

  useEffect(() => {
    if (pressed.current && (phase.kind === "done" || phase.kind === "invalid")) result.current?.focus();
  }, [phase]);

  const finish = (next: Phase) => {
    pressed.current = true;
    setPhase(next);
  };

  let body: ReactNode;
  if (phase.kind === "loading") {
    body = (
      <p className="loading" role="status" aria-busy="true">
        {VERIFY_MSG.pending}
      </p>
    );
  } else if (phase.kind === "invalid" || phase.kind === "done") {
    const done = phase.kind === "done";
    body = (
      <div ref={result} tabIndex={-1} className={`notice ${done ? "notice--success" : "notice--error"}`} role={done ? "status" : "alert"}>
        <p>
          <strong>{phase.message}</strong>
        </p>
        <Link className="button" href={done ? "/me/account/" : "/"}>
          {done ? VERIFY_MSG.toAccount : VERIFY_MSG.toShop}
        </Link>
      </div>
    );
  } else if (phase.preview.action === "confirm") {
    body = <ConfirmStep token={token} email={phase.preview.email} onDone={finish} />;
  } else {
    body = <ClaimStep token={token} email={phase.preview.email} onDone={finish} />;
  }

  return (
    <div className="container section narrow auth-page">
      <PageTitle>VERIFY YOUR EMAIL</PageTitle>
      {body}
    </div>
  );
}

interface StepProps {
  token: string;
  email: string;
  onDone: (next: Phase) => void;
}

/** A browser the account trusts: one press marks the address verified. */
function ConfirmStep({ token, email, onDone }: StepProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  const confirm = async () => {
    setBusy(true);
    setFailure("");
    try {
      const answer = await ok(shop.POST("/api/auth/verify-email", { body: { token } }));
      onDone({ kind: "done", message: answer.message });
    } catch (error) {
      if (linkRefused(error)) onDone({ kind: "invalid", message: refusal(error, VERIFY_MSG.failed) });
      else {
        setFailure(refusal(error, VERIFY_MSG.retry));
        setBusy(false);
      }
    }
  };

  return (
    <div className="auth-form">
      <p>
        Confirm that <strong className="verify-email__address">{email}</strong> is your email address.
      </p>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <button type="button" className="button button--block" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
        {busy ? VERIFY_MSG.busy : VERIFY_MSG.confirm}
      </button>
    </div>
  );
}

type ClaimValues = { newPassword: string; confirmPassword: string };

/** Any other browser: the address's owner chooses a password and takes the account over, afresh. */
function ClaimStep({ token, email, onDone }: StepProps) {
  const { toggle } = usePanels();
  const [failure, setFailure] = useState("");
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClaimValues>({ defaultValues: { newPassword: "", confirmPassword: "" } });
  const checks = checkPassword(watch("newPassword"), "reset");

  const onSubmit = handleSubmit(async ({ newPassword, confirmPassword }) => {
    setFailure("");
    try {
      const answer = await ok(shop.POST("/api/auth/verify-email", { body: { token, newPassword, confirmPassword } }));
      // This browser is signed in now: the header must show it.
      void revalidateSession();
      onDone({ kind: "done", message: answer.message });
    } catch (error) {
      if (linkRefused(error)) {
        onDone({ kind: "invalid", message: refusal(error, VERIFY_MSG.failed) });
        return;
      }
      const fields = error instanceof ApiError ? error.errors : {};
      let shown = false;
      for (const name of ["newPassword", "confirmPassword"] as const) {
        const message = fields[name];
        if (typeof message === "string" && message) {
          setError(name, { type: "server", message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFailure(refusal(error, VERIFY_MSG.retry));
    }
  });

  return (
    <>
      <div className="verify-email__claim">
        <p>
          This link was sent to <strong className="verify-email__address">{email}</strong>. Opening it shows that you read that address, so you can make this
          account yours.
        </p>
        <ul className="verify-email__list">
          <li>Choose a password below and the account is yours alone: everyone else signed in to it is signed out.</li>
          <li>The account starts afresh: nothing saved in it before (addresses, bag, wishlist, orders, name) is kept.</li>
          <li>You will be signed in on this device with the password you choose.</li>
        </ul>
        <p className="verify-email__creator">
          {VERIFY_MSG.creator}{" "}
          <button type="button" className="text-link" onClick={() => toggle("account")}>
            Log in
          </button>{" "}
          or{" "}
          <Link className="text-link" href="/">
            go to the shop
          </Link>
          .
        </p>
      </div>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Verify and set password">
        <PasswordField
          id="verify-new"
          label="New password *"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register("newPassword", { validate: (v) => (v === "" ? PASSWORD_MSG.required : meetsRules(v, "reset") || PASSWORD_MSG.complexity) })}
        />
        <RuleChecklist checks={checks} />
        <PasswordField
          id="verify-confirm"
          label="Confirm password *"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword", { validate: (v, all) => (v === "" ? PASSWORD_MSG.confirm : v === all.newPassword || PASSWORD_MSG.mismatch) })}
        />
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? VERIFY_MSG.busy : VERIFY_MSG.claim}
        </button>
      </form>
    </>
  );
}
