import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchResults } from "@/ui/components/shop/search-results";

export const metadata: Metadata = { title: "Search" };

export default function SearchPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <SearchResults />
    </Suspense>
  );
}
