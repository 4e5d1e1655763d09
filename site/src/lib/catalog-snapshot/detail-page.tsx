/**
 * A pre-rendered detail page (product, collection, runway): the entity it was
 * built for, or null on the placeholder (which reads the id from the address),
 * with that entity's build-time data as SWR fallback; SWR asks the API again on load.
 */
import type { ReactNode } from "react";
import { builtId } from ".";
import { CatalogFallback } from "./catalog-fallback";

export interface DetailPageProps {
  params: Promise<{ id: string }>;
}

export async function detailPage({ params }: DetailPageProps, fallbackFor: (id: string) => Record<string, unknown>, render: (id: string | null) => ReactNode) {
  const id = builtId((await params).id);
  return <CatalogFallback fallback={id ? fallbackFor(id) : {}}>{render(id)}</CatalogFallback>;
}
