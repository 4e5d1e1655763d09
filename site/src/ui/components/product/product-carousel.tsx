"use client";
/** A horizontal product carousel (embla): arrows, optional auto-advance. */
import { useCarousel } from "@/ui/components/common/use-carousel";
import { useEffect } from "react";
import type { ProductCard as Card } from "@/lib/api/types";
import { useWishlist } from "@/lib/hooks/use-wishlist";
import { PICTURE_SIZES } from "@/lib/rules/pictures";
import { CarouselArrows } from "@/ui/components/common/carousel-controls";
import { ProductCard } from "./product-card";

interface Props {
  products: Card[];
  label: string;
  /** Auto-advance period in ms; none when absent. */
  autoplayMs?: number;
}

export function ProductCarousel({ products, label, autoplayMs }: Props) {
  const [ref, embla] = useCarousel({ align: "start", containScroll: "trimSnaps" });
  const wishlist = useWishlist();
  useEffect(() => {
    if (!embla || !autoplayMs) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduce) return;
    // Advance, and start over after the last page (wrap-around without loop's slide juggling).
    const t = window.setInterval(() => (embla.canScrollNext() ? embla.scrollNext() : embla.scrollTo(0)), autoplayMs);
    return () => window.clearInterval(t);
  }, [embla, autoplayMs]);
  if (products.length === 0) return null;
  return (
    <div className="product-carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="embla" ref={ref}>
        <div className="embla__container">
          {products.map((p) => (
            <div className="embla__slide product-carousel__slide" key={p.id}>
              <ProductCard product={p} wished={wishlist.has(p.id)} onToggleWish={wishlist.toggle} sizes={PICTURE_SIZES.productCarousel} />
            </div>
          ))}
        </div>
      </div>
      <CarouselArrows carousel={embla} noun="products" />
    </div>
  );
}
