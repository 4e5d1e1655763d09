import type { Metadata } from "next";
import type { Product } from "@/lib/api/types";
import { catalogDetail, detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { ProductDetail } from "@/ui/components/product/product-detail";

export const metadata: Metadata = { title: "Product" };

/** A page per product known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/products", "item");
}

/** The product and its collection (the related pieces) as the build knew them. */
function fallbackFor(id: string): Record<string, unknown> {
  const key = detailKey("/products", id);
  const product = catalogDetail<Product>(key);
  if (!product) return {};
  return { [key]: product, ...(product.collection ? detailFallback(detailKey("/collections", product.collection)) : {}) };
}

export default async function Page(props: DetailPageProps) {
  return detailPage(props, fallbackFor, (id) => <ProductDetail id={id} />);
}
