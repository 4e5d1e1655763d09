import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchResults } from "@/ui/components/shop/search-results";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/search/");

export default function SearchPage() {
  return (
    <Suspense fallback={<div className="container section loading" aria-busy="true" />}>
      <SearchResults />
    </Suspense>
  );
}
