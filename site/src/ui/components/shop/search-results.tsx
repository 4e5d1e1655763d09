"use client";
/** /search?q=: heading with the query and count, hearts, and the empty text. */
import { useSearchParams } from "next/navigation";
import { useSearch } from "@/lib/hooks/use-catalog";
import { PageTitle } from "@/ui/components/common/page-title";
import { ProductGrid } from "@/ui/components/product/product-grid";

export const EMPTY_SEARCH = "No products found for your search.";

export function SearchResults() {
  const q = useSearchParams()?.get("q")?.trim() ?? "";
  const { items, isLoading } = useSearch(q);
  return (
    <div className="container section">
      <PageTitle sub={q ? `${items.length} ${items.length === 1 ? "result" : "results"}` : undefined}>
        {q ? `SEARCH RESULTS FOR “${q.toUpperCase()}”` : "SEARCH"}
      </PageTitle>
      {isLoading ? (
        <div className="loading" aria-busy="true" />
      ) : items.length === 0 ? (
        <p className="empty">{EMPTY_SEARCH}</p>
      ) : (
        <ProductGrid products={items} />
      )}
    </div>
  );
}
