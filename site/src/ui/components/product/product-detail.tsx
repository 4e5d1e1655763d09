"use client";
/** The product page: gallery, buying panel, description and 'WE THINK YOU MIGHT LIKE' from the same collection. */
import Link from "next/link";
import { useState } from "react";
import { useCollection, useProduct } from "@/lib/hooks/use-catalog";
import { usePageId } from "@/lib/hooks/use-route-segments";
import { collectionPath, isActive } from "@/lib/rules/catalog";
import { describeProduct } from "@/lib/seo/describe";
import { NoIndex } from "@/lib/seo/no-index";
import { usePageMeta } from "@/lib/seo/use-page-meta";
import { ChevronDown } from "@/ui/components/common/icons";
import { SanitizedHtml } from "@/ui/components/common/sanitized-html";
import { AddToCart } from "./add-to-cart";
import { ProductCarousel } from "./product-carousel";
import { ProductGallery } from "./product-gallery";

function Related({ collectionId, productId }: { collectionId: string; productId: string }) {
  const { item: collection } = useCollection(collectionId || null);
  const products = (collection?.products ?? []).filter((p) => isActive(p) && p.id !== productId);
  if (products.length === 0) return null;
  return (
    <section className="section related" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        WE THINK YOU MIGHT LIKE
      </h2>
      <ProductCarousel products={products} label="We think you might like" />
    </section>
  );
}

/** `id`: the product the page was built for; null on the placeholder page, which reads it from the address. */
export function ProductDetail({ id: built = null }: { id?: string | null }) {
  const id = usePageId("/shop/product/", built);
  const { item: product, isLoading } = useProduct(id ?? null);
  const [descOpen, setDescOpen] = useState(true);
  usePageMeta(product, describeProduct);

  if (id === undefined || isLoading) return <div className="container section loading" aria-busy="true" />;
  if (!product || !isActive(product)) {
    return (
      <div className="container section">
        <p className="empty">No product found.</p>
        <NoIndex />
        <p className="center">
          <Link className="button" href="/shop/">
            Back to the shop
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="container section">
      <div className="product">
        <ProductGallery images={product.productGallery} name={product.name} />
        <div className="product__info">
          {product.collectionName && (
            <Link className="eyebrow" href={collectionPath({ id: product.collection, slug: "collection" })}>
              {product.collectionName}
            </Link>
          )}
          <h1 className="product__name">{product.name.trim().toUpperCase()}</h1>
          <p className="muted small">SKU {product.sku}</p>
          <AddToCart key={product.id} product={product} />
          <div className="collapse">
            <button
              type="button"
              className="collapse__toggle"
              aria-expanded={descOpen}
              aria-controls="product-description"
              onClick={() => setDescOpen((o) => !o)}
            >
              DESCRIPTION <ChevronDown className={descOpen ? "rot-180" : ""} />
            </button>
            <div id="product-description" hidden={!descOpen}>
              <SanitizedHtml html={product.description} />
            </div>
          </div>
        </div>
      </div>
      <Related collectionId={product.collection} productId={product.id} />
    </div>
  );
}
