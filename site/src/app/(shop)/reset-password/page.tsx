import type { Metadata } from "next";
import { Suspense } from "react";
import { ResetPasswordForm } from "@/ui/components/auth/reset-password-form";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/reset-password/");

export default function ResetPasswordPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <ResetPasswordForm />
    </Suspense>
  );
}
