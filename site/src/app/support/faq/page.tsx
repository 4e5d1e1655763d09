import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { HousePage } from "@/ui/components/pages/house-page";
import { HousePageFallback } from "@/ui/components/pages/house-page-fallback";

export const metadata: Metadata = siteMetadata("/support/faq/");

/** FAQ: the house's questions and answers, in sections. */
export default function FaqPage() {
  return (
    <HousePageFallback id="faq">
      <HousePage id="faq" />
    </HousePageFallback>
  );
}
