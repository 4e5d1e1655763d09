import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE_PAGES } from "@/lib/seo/pages";
import { HomePage } from "@/ui/components/home/home-page";

/** What the home page shows comes with its published HTML (its first paint); SWR revalidates it on mount. */
export const metadata: Metadata = pageMetadata(SITE_PAGES["/"]);

export default function Page() {
  return <HomePage />;
}
