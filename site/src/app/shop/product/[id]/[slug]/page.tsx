import type { Metadata } from "next";
import type { Product } from "@/lib/api/types";
import { builtId, catalogDetail, detailFallback, detailKey, detailParams } from "@/lib/catalog-snapshot";
import { detailPage, type DetailPageProps } from "@/lib/catalog-snapshot/detail-page";
import { isActive } from "@/lib/rules/catalog";
import { builtCollection, builtProduct, origin } from "@/lib/seo/catalog";
import { productCrumbs } from "@/lib/seo/crumbs";
import { breadcrumbLd, productLd } from "@/lib/seo/json-ld";
import { JsonLdScript, ProductOpenGraph } from "@/lib/seo/json-ld-script";
import { productMetadata } from "@/lib/seo/metadata";
import { ProductDetail } from "@/ui/components/product/product-detail";

/** A page per product known at build time, and one placeholder for the others: it reads the id from the address. */
export function generateStaticParams() {
  return detailParams("/products", "item");
}

/** The head of the product the page was built for (the placeholder's says "Product" until the product arrives). */
export async function generateMetadata({ params }: DetailPageProps): Promise<Metadata> {
  const id = builtId((await params).id);
  return productMetadata(id ? builtProduct(id) : undefined);
}

/** The product and its collection (the related pieces) as the build knew them. */
function fallbackFor(id: string): Record<string, unknown> {
  const key = detailKey("/products", id);
  const product = catalogDetail<Product>(key);
  if (!product) return {};
  return { [key]: product, ...(product.collection ? detailFallback(detailKey("/collections", product.collection)) : {}) };
}

export default async function Page(props: DetailPageProps) {
  const id = builtId((await props.params).id);
  const product = id ? builtProduct(id) : undefined;
  return (
    <>
      {await detailPage(props, fallbackFor, (id) => <ProductDetail id={id} />)}
      {product && isActive(product) && (
        <>
          <ProductOpenGraph product={product} />
          <JsonLdScript data={[productLd(product, origin), breadcrumbLd(productCrumbs(product, builtCollection(product.collection)), origin)]} />
        </>
      )}
    </>
  );
}
