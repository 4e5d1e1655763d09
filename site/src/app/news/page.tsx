import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { NewsList } from "@/ui/components/news/news-list";

export const metadata: Metadata = { title: "News" };

export default function Page() {
  return (
    <CatalogFallback fallback={catalogFallback(["/news"])}>
      <NewsList />
    </CatalogFallback>
  );
}
