"use client";
/** Reset password from the emailed link (?token=): new and confirm with show/hide, live rule checklist, Save, success modal. */
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ok, shop } from "@/lib/api/client";
import { checkPassword, meetsRules } from "@/lib/rules/passwords";
import { Modal } from "@/ui/components/common/modal";
import { PageTitle } from "@/ui/components/common/page-title";
import { PasswordField, RuleChecklist } from "./password-field";
import { MESSAGES } from "@/lib/messages";

export const RESET_MSG = {
  required: MESSAGES.forms.NEW_PASSWORD_REQUIRED,
  complexity: MESSAGES.forms.NOT_COMPLEX,
  confirm: MESSAGES.forms.CONFIRM_REQUIRED,
  mismatch: MESSAGES.forms.RESET_PASSWORDS_DIFFER,
  done: MESSAGES.accounts.RESET_DONE,
  failed: "Failed to reset password. Try again.",
} as const;

export function ResetPasswordForm() {
  const router = useRouter();
  const token = useSearchParams().get("token") ?? "";
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState("");
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<{ newPassword: string; confirmPassword: string }>({ defaultValues: { newPassword: "", confirmPassword: "" } });
  const checks = checkPassword(watch("newPassword"), "reset");

  const onSubmit = handleSubmit(async ({ newPassword, confirmPassword }) => {
    setFailure("");
    try {
      await ok(shop.POST("/api/auth/reset-password", { body: { token, newPassword, confirmPassword } }));
      setDone(true);
    } catch {
      setFailure(RESET_MSG.failed);
    }
  });

  return (
    <div className="container section narrow auth-page">
      <PageTitle sub="Choose a new password for your account.">RESET PASSWORD</PageTitle>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset password">
        <PasswordField
          id="reset-new"
          label="New password *"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register("newPassword", { validate: (v) => (v === "" ? RESET_MSG.required : meetsRules(v, "reset") || RESET_MSG.complexity) })}
        />
        <RuleChecklist checks={checks} />
        <PasswordField
          id="reset-confirm"
          label="Confirm password *"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword", { validate: (v, all) => (v === "" ? RESET_MSG.confirm : v === all.newPassword || RESET_MSG.mismatch) })}
        />
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={isSubmitting}>
          {isSubmitting ? "Loading..." : "Save"}
        </button>
      </form>
      <Modal open={done} title="PASSWORD RESET" onClose={() => router.push("/")}>
        <p>{RESET_MSG.done}</p>
        <button type="button" className="button button--block" onClick={() => router.push("/")}>
          OK
        </button>
      </Modal>
    </div>
  );
}
