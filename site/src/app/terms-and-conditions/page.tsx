import type { Metadata } from "next";
import { Terms } from "@/ui/components/pages/legal";
import { siteMetadata } from "@/lib/seo/pages";
import { HousePageFallback } from "@/ui/components/pages/house-page-fallback";

export const metadata: Metadata = siteMetadata("/terms-and-conditions/");

export default function Page() {
  return (
    <HousePageFallback id="terms">
      <Terms />
    </HousePageFallback>
  );
}
