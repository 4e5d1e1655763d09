import type { Metadata } from "next";

import { siteMetadata } from "@/lib/seo/pages";
import { Audit } from "@/ui/components/atelier/audit";

export const metadata: Metadata = siteMetadata("/atelier/audit/");

export default function AtelierAuditPage() {
  return <Audit />;
}
