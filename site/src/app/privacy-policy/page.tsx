import type { Metadata } from "next";
import { PrivacyPolicy } from "@/ui/components/pages/legal";

export const metadata: Metadata = { title: "Privacy policy" };

export default function Page() {
  return <PrivacyPolicy />;
}
