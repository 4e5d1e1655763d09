import type { Metadata } from "next";
import { builtId, catalogDetail, detailParams } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { RunwayDetail } from "@/ui/components/runway/runway-detail";

export const metadata: Metadata = { title: "Runway" };

/** A page per runway show known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/runways", "show");
}

/** The show as the build knew it; SWR asks the API again on load. */
function fallbackFor(id: string): Record<string, unknown> {
  const key = `/runways/${encodeURIComponent(id)}`;
  const runway = catalogDetail(key);
  return runway ? { [key]: runway } : {};
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = builtId((await params).id);
  return (
    <CatalogFallback fallback={id ? fallbackFor(id) : {}}>
      <RunwayDetail id={id} />
    </CatalogFallback>
  );
}
