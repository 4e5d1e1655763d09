import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { HousePage } from "@/ui/components/pages/house-page";

export const metadata: Metadata = siteMetadata("/support/faq/");

/** FAQ: the house's questions and answers, in sections. */
export default function FaqPage() {
  return <HousePage id="faq" />;
}
