import type { Metadata } from "next";
import { Suspense } from "react";
import { siteMetadata } from "@/lib/seo/pages";
import { Enrol } from "@/ui/components/atelier/enrol";

export const metadata: Metadata = siteMetadata("/atelier/enrol/");

export default function AtelierEnrolPage() {
  return (
    <Suspense fallback={null}>
      <Enrol />
    </Suspense>
  );
}
