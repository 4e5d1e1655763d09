import type { Metadata } from "next";
import { SignUpForm } from "@/ui/components/auth/sign-up-form";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/sign-up/");

export default function SignUpPage() {
  return <SignUpForm />;
}
