import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/ui/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
