import type { Metadata } from "next";
import { Terms } from "@/ui/components/pages/legal";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/terms-and-conditions/");

export default function Page() {
  return <Terms />;
}
