import type { Metadata } from "next";

import { siteMetadata } from "@/lib/seo/pages";
import { Staff } from "@/ui/components/atelier/staff";

export const metadata: Metadata = siteMetadata("/atelier/staff/");

export default function AtelierStaffPage() {
  return <Staff />;
}
