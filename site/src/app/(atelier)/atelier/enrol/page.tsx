import type { Metadata } from "next";
import { Suspense } from "react";
import { siteMetadata } from "@/lib/seo/pages";
import { Enrol } from "@/ui/components/atelier/enrol";
import { Loading } from "@/ui/components/atelier/load-state";

export const metadata: Metadata = siteMetadata("/atelier/enrol/");

/** Its first paint is the page loading: the invitation is read from the link's token once the script runs. */
export default function AtelierEnrolPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Enrol />
    </Suspense>
  );
}
