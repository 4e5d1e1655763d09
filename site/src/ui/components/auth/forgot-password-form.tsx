"use client";
/** Forgot password: the email, Reset password; the confirmation advises waiting 10 minutes before retrying. */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ApiError, ok, shop } from "@/lib/api/client";
import { emailRule } from "@/lib/rules/email";
import { PageTitle } from "@/ui/components/common/page-title";
import { TextField } from "./password-field";
import { MESSAGES } from "@/lib/messages";

export const FORGOT_MSG = {
  required: MESSAGES.email.MISSING,
  // The server's word for an address it cannot take (the spec names none here).
  format: MESSAGES.email.INVALID,
  sent: MESSAGES.accounts.RESET_SENT,
  failed: "Something went wrong",
  advice: "The email may take a few minutes to arrive. Please wait at least 10 minutes before requesting another one.",
} as const;

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState("");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure("");
    try {
      await ok(shop.POST("/api/auth/forgot-password", { body: { email: email.trim() } }));
      setSent(true);
    } catch (error) {
      const fieldError = error instanceof ApiError ? Object.values(error.errors)[0] : undefined;
      setFailure(fieldError ?? (error instanceof ApiError && !/^Request failed/.test(error.message) ? error.message : FORGOT_MSG.failed));
    }
  });

  return (
    <div className="container section narrow auth-page">
      <PageTitle sub="Enter the email of your account and we will send you a link to choose a new password.">FORGOT YOUR PASSWORD?</PageTitle>
      {sent ? (
        <div className="notice notice--success" role="status">
          <p>
            <strong>{FORGOT_MSG.sent}</strong>
          </p>
          <p>{FORGOT_MSG.advice}</p>
        </div>
      ) : (
        <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <TextField id="forgot-email" label="Email *" error={errors.email?.message}>
            <input
              id="forgot-email"
              type="email"
              autoComplete="email"
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? "forgot-email-error" : undefined}
              {...register("email", { validate: emailRule({ missing: FORGOT_MSG.required, invalid: FORGOT_MSG.format }) })}
            />
          </TextField>
          {failure && (
            <p className="field__error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={isSubmitting}>
            {isSubmitting ? "Loading..." : "Reset password"}
          </button>
        </form>
      )}
    </div>
  );
}
