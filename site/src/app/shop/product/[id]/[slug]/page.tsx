import type { Metadata } from "next";
import type { Product } from "@/lib/api/types";
import { builtId, catalogDetail, detailParams } from "@/lib/catalog-snapshot";
import { CatalogFallback } from "@/lib/catalog-snapshot/catalog-fallback";
import { ProductDetail } from "@/ui/components/product/product-detail";

export const metadata: Metadata = { title: "Product" };

/** A page per product known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/products", "item");
}

/** The product and its collection (the related pieces) as the build knew them; SWR asks the API again on load. */
function fallbackFor(id: string): Record<string, unknown> {
  const productKey = `/products/${encodeURIComponent(id)}`;
  const product = catalogDetail<Product>(productKey);
  if (!product) return {};
  const collectionKey = `/collections/${encodeURIComponent(product.collection)}`;
  const collection = product.collection ? catalogDetail(collectionKey) : undefined;
  return collection ? { [productKey]: product, [collectionKey]: collection } : { [productKey]: product };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const id = builtId((await params).id);
  return (
    <CatalogFallback fallback={id ? fallbackFor(id) : {}}>
      <ProductDetail id={id} />
    </CatalogFallback>
  );
}
