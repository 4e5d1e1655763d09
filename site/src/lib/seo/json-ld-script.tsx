/** A page's structured data, as the page was rendered (no script runs it). */
import { house } from "@/config/house";
import type { Product } from "@/lib/api/types";
import { jsonLdText, type JsonLd } from "./json-ld";

export function JsonLdScript({ data }: { data: JsonLd | readonly JsonLd[] }) {
  if (Array.isArray(data) && data.length === 0) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

/**
 * A product page's Open Graph type and price, which Next's metadata cannot
 * write (its types lack `product`); React puts them in the head.
 */
export function ProductOpenGraph({ product }: { product: Pick<Product, "price"> }) {
  return (
    <>
      <meta property="og:type" content="product" />
      <meta property="product:price:amount" content={product.price.toFixed(2)} />
      <meta property="product:price:currency" content={house.currency} />
    </>
  );
}
