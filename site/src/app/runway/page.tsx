import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { RunwayList } from "@/ui/components/runway/runway-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/runway/");

export default function Page() {
  return (
    <CatalogFallback fallback={catalogFallback(["/runways"])}>
      <RunwayList />
    </CatalogFallback>
  );
}
