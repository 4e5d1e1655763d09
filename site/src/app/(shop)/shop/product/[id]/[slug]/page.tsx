import type { Metadata } from "next";
import { PLACEHOLDER } from "@/lib/first-paint/placeholder";
import { unknownMetadata } from "@/lib/seo/metadata";
import { ProductDetail } from "@/ui/components/product/product-detail";

/** One placeholder page for every product: it reads the id from the address; `shopctl publish` writes each product's page from it at its own address, with its head and first paint. */
export function generateStaticParams() {
  return [PLACEHOLDER];
}

export const metadata: Metadata = unknownMetadata("Product");

export default function Page() {
  return <ProductDetail id={null} />;
}
