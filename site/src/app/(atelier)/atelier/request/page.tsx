import type { Metadata } from "next";
import { Suspense } from "react";
import { siteMetadata } from "@/lib/seo/pages";
import { Request } from "@/ui/components/atelier/request";

export const metadata: Metadata = siteMetadata("/atelier/request/");

export default function AtelierRequestPage() {
  return (
    <Suspense fallback={null}>
      <Request />
    </Suspense>
  );
}
