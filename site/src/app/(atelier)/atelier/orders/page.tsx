import type { Metadata } from "next";

import { siteMetadata } from "@/lib/seo/pages";
import { Orders } from "@/ui/components/atelier/orders";

export const metadata: Metadata = siteMetadata("/atelier/orders/");

export default function AtelierOrdersPage() {
  return <Orders />;
}
