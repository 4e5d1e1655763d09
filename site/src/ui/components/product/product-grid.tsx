"use client";
import { Suspense } from "react";
import type { Product } from "@/lib/api/types";
import { useWishlist } from "@/lib/hooks/use-wishlist";
import { ProductCard } from "./product-card";

/**
 * Cards per hydration task: each group is its own Suspense boundary, which
 * React hydrates separately, yielding between groups, so a long grid never
 * holds the main thread for long while the page becomes interactive.
 */
export const CARDS_PER_GROUP = 8;

/** A grid of product cards sharing one wishlist. */
export function ProductGrid({ products, showPrice = true }: { products: Product[]; showPrice?: boolean }) {
  const wishlist = useWishlist();
  const groups: Product[][] = [];
  for (let i = 0; i < products.length; i += CARDS_PER_GROUP) groups.push(products.slice(i, i + CARDS_PER_GROUP));
  return (
    <div className="product-grid">
      {groups.map((group, g) => (
        <Suspense key={g} fallback={null}>
          {group.map((p, j) => {
            const i = g * CARDS_PER_GROUP + j;
            return <ProductCard key={p.id} product={p} wished={wishlist.has(p.id)} onToggleWish={wishlist.toggle} showPrice={showPrice} eager={i < 4} priority={i === 0} headingLevel={2} />;
          })}
        </Suspense>
      ))}
    </div>
  );
}
