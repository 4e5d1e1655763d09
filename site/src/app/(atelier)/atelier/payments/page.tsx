import type { Metadata } from "next";

import { siteMetadata } from "@/lib/seo/pages";
import { Payments } from "@/ui/components/atelier/payments";

export const metadata: Metadata = siteMetadata("/atelier/payments/");

export default function AtelierPaymentsPage() {
  return <Payments />;
}
