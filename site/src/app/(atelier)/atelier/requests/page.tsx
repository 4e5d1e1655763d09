import type { Metadata } from "next";

import { siteMetadata } from "@/lib/seo/pages";
import { Requests } from "@/ui/components/atelier/requests";

export const metadata: Metadata = siteMetadata("/atelier/requests/");

export default function AtelierRequestsPage() {
  return <Requests />;
}
