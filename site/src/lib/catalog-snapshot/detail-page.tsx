/**
 * A pre-rendered detail page (product, collection, runway): the entity it was
 * built for, or null on the placeholder (which reads the id from the address),
 * with that entity's build-time data as SWR fallback and its rich text
 * sanitised by the build; SWR asks the API again on load.
 */
import type { ReactNode } from "react";
import { PresanitizedHtml } from "@/ui/components/common/sanitized-html";
import { builtId } from ".";
import { CatalogFallback } from "./catalog-fallback";
import { presanitized } from "./rich-text";

export interface DetailPageProps {
  params: Promise<{ id: string }>;
}

export async function detailPage({ params }: DetailPageProps, fallbackFor: (id: string) => Record<string, unknown>, render: (id: string | null) => ReactNode) {
  const id = builtId((await params).id);
  const fallback = id ? fallbackFor(id) : {};
  return (
    <CatalogFallback fallback={fallback}>
      <PresanitizedHtml value={presanitized(fallback)}>{render(id)}</PresanitizedHtml>
    </CatalogFallback>
  );
}
