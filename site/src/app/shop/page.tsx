import type { Metadata } from "next";
import { catalogFallback } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { ShopList } from "@/ui/components/shop/shop-list";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/shop/");

export default function ShopPage() {
  return (
    <CatalogFallback fallback={catalogFallback(["/products"])}>
      <ShopList menu={null} />
    </CatalogFallback>
  );
}
