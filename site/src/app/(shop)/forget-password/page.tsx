import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/ui/components/auth/forgot-password-form";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/forget-password/");

export default function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
