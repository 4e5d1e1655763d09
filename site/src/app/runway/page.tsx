import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { RunwayList } from "@/ui/components/runway/runway-list";

export const metadata: Metadata = { title: "Runway" };

export default function Page() {
  return (
    <CatalogFallback fallback={catalogFallback(["/runways"])}>
      <RunwayList />
    </CatalogFallback>
  );
}
