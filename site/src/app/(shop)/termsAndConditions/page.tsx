import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { Terms } from "@/ui/components/pages/legal";

/** The older address of the terms, kept as a real page so it works on a plain file host. */
export const metadata: Metadata = siteMetadata("/terms-and-conditions/");

export default function Page() {
  return <Terms />;
}
