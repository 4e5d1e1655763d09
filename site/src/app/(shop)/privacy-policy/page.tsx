import type { Metadata } from "next";
import { PrivacyPolicy } from "@/ui/components/pages/legal";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/privacy-policy/");

export default function Page() {
  return <PrivacyPolicy />;
}
