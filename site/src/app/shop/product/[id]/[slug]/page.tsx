import type { Metadata } from "next";
import { ProductDetail } from "@/ui/components/product/product-detail";

export const metadata: Metadata = { title: "Product" };

/** One placeholder page serves every product: the id is read from the address. */
export function generateStaticParams() {
  return [{ id: "_", slug: "_" }];
}

export default function Page() {
  return <ProductDetail />;
}
