import type { Metadata } from "next";
import { Suspense } from "react";
import { VerifyEmail } from "@/ui/components/auth/verify-email";

export const metadata: Metadata = { title: "Verify your email" };

export default function VerifyEmailPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <VerifyEmail />
    </Suspense>
  );
}
