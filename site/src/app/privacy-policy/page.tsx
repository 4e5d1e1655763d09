import type { Metadata } from "next";
import { PrivacyPolicy } from "@/ui/components/pages/legal";
import { siteMetadata } from "@/lib/seo/pages";
import { HousePageFallback } from "@/ui/components/pages/house-page-fallback";

export const metadata: Metadata = siteMetadata("/privacy-policy/");

export default function Page() {
  return (
    <HousePageFallback id="privacy">
      <PrivacyPolicy />
    </HousePageFallback>
  );
}
