import type { Metadata } from "next";
import { Suspense } from "react";
import { ResetPasswordForm } from "@/ui/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Reset password" };

export default function ResetPasswordPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <ResetPasswordForm />
    </Suspense>
  );
}
