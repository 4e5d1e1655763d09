import type { Metadata } from "next";
import { Suspense } from "react";
import { siteMetadata } from "@/lib/seo/pages";
import { Order } from "@/ui/components/atelier/order";

export const metadata: Metadata = siteMetadata("/atelier/order/");

export default function AtelierOrderPage() {
  return (
    <Suspense fallback={null}>
      <Order />
    </Suspense>
  );
}
