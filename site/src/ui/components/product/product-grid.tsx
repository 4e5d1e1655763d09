"use client";
import type { ProductCard as Card } from "@/lib/api/types";
import { useWishlist } from "@/lib/hooks/use-wishlist";
import { ProductCard } from "./product-card";

/** A grid of product cards sharing one wishlist. */
export function ProductGrid({ products, showPrice = true }: { products: Card[]; showPrice?: boolean }) {
  const wishlist = useWishlist();
  return (
    <div className="product-grid">
      {products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          wished={wishlist.has(p.id)}
          onToggleWish={wishlist.toggle}
          showPrice={showPrice}
          eager={i < 4}
          priority={i === 0}
          headingLevel={2}
        />
      ))}
    </div>
  );
}
