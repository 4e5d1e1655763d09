"use client";
/** A collection: banner carousel (10 s), trimmed uppercase name, sanitised description, grid of its active products. */
import { useCollectionPage } from "@/lib/hooks/use-catalog";
import { usePageId } from "@/lib/hooks/use-route-segments";
import { isActive } from "@/lib/rules/catalog";
import { describeCollection } from "@/lib/seo/describe";
import { NoIndex } from "@/lib/seo/no-index";
import { usePageMeta } from "@/lib/seo/use-page-meta";
import { BannerCarousel } from "@/ui/components/common/banner-carousel";
import { SanitizedHtml } from "@/ui/components/common/sanitized-html";
import { ProductGrid } from "@/ui/components/product/product-grid";

export const COLLECTION_BANNER_MS = 10_000;

/** `id`: the collection the page was built for; null on the placeholder page, which reads it from the address. */
export function CollectionPage({ id = null }: { id?: string | null }) {
  const ref = usePageId("/collection/", id);
  const { data, isLoading } = useCollectionPage(ref);
  usePageMeta(data, describeCollection);
  if (ref === undefined || isLoading) return <div className="container section loading" aria-busy="true" />;
  if (!data || !isActive(data)) {
    return (
      <p className="empty container section">
        No collection found.
        <NoIndex />
      </p>
    );
  }
  const products = (data.products ?? []).filter(isActive);
  return (
    <div className="collection">
      <BannerCarousel images={data.banner} alt={data.name.trim()} intervalMs={COLLECTION_BANNER_MS} />
      <div className="container section">
        <div className="page-title">
          <h1>{data.name.trim().toUpperCase()}</h1>
        </div>
        <SanitizedHtml html={data.description} className="collection__desc" />
        {products.length === 0 ? <p className="empty">No product found.</p> : <ProductGrid products={products} showPrice={false} />}
      </div>
    </div>
  );
}
