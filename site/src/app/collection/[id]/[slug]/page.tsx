import type { Metadata } from "next";
import { unstable_serialize } from "swr";
import { builtId, catalogDetail, detailParams } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { collectionKey } from "@/ui/components/collection/collection-key";
import { CollectionPage } from "@/ui/components/collection/collection-page";

export const metadata: Metadata = { title: "Collection" };

/**
 * A page per collection known at build time, and one placeholder for the
 * others (by id, or by slug from a menu url): it reads them from the address.
 */
export function generateStaticParams() {
  return detailParams("/collections", "collection");
}

/** The collection as the build knew it; SWR asks the API again on load. */
function fallbackFor(id: string): Record<string, unknown> {
  const collection = catalogDetail(`/collections/${encodeURIComponent(id)}`);
  return collection ? { [unstable_serialize(collectionKey(id))]: collection } : {};
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = builtId((await params).id);
  return (
    <CatalogFallback fallback={id ? fallbackFor(id) : {}}>
      <CollectionPage id={id} />
    </CatalogFallback>
  );
}
