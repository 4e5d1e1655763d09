import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { NewsList } from "@/ui/components/news/news-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/news/");

export default function Page() {
  return (
    <CatalogFallback fallback={catalogFallback(["/news"])}>
      <NewsList />
    </CatalogFallback>
  );
}
