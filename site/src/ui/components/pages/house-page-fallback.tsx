/**
 * Server side: a house page's build-time copy handed to SWR and its body
 * sanitised by the build, so the page paints its text at once.
 */
import type { ReactNode } from "react";
import type { PageId } from "@/lib/api/types";
import { detailFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { presanitized } from "@/lib/catalog-snapshot/rich-text";
import { PresanitizedHtml } from "@/ui/components/common/sanitized-html";

export function HousePageFallback({ id, children }: { id: PageId; children: ReactNode }) {
  const fallback = detailFallback(`/pages/${id}`);
  return (
    <CatalogFallback fallback={fallback}>
      <PresanitizedHtml value={presanitized(fallback)}>{children}</PresanitizedHtml>
    </CatalogFallback>
  );
}
