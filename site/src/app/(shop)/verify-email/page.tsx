import type { Metadata } from "next";
import { Suspense } from "react";
import { VerifyEmail } from "@/ui/components/auth/verify-email";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/verify-email/");

export default function VerifyEmailPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <VerifyEmail />
    </Suspense>
  );
}
