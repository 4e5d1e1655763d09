"use client";
/** A product tile: first gallery image, the second on hover, NEW! tag, heart, uppercase name and price. */
import Link from "next/link";
import type { ProductCard as Card } from "@/lib/api/types";
import { isNewArrival, productPath } from "@/lib/rules/catalog";
import { formatPrice } from "@/lib/rules/format";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { WishlistHeart } from "./wishlist-heart";

interface Props {
  product: Card;
  wished: boolean;
  onToggleWish: (id: string) => void;
  showPrice?: boolean;
  eager?: boolean;
  /** The page's largest image (the first tile of a grid): fetched before the others. */
  priority?: boolean;
  /** h2 in a page's own grid (under its h1), h3 under a section title. */
  headingLevel?: 2 | 3;
  /** How wide the tile's layout shows it (the images' `sizes`): a grid's column unless told. */
  sizes?: string;
}

export function ProductCard({
  product,
  wished,
  onToggleWish,
  showPrice = true,
  eager = false,
  priority = false,
  headingLevel = 3,
  sizes = PICTURE_SIZES.productGrid,
}: Props) {
  const [first, second] = product.productGallery;
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card">
      <Link href={productPath(product)} className="product-card__link" prefetch={false}>
        <div className="product-card__media">
          {/* The link's text names the product: its photo adds no words (alt=""), so a reader hears the name once. */}
          {first ? (
            <img
              className="product-card__img"
              src={first}
              srcSet={pictureSrcSet(first)}
              sizes={sizes}
              alt=""
              width={600}
              height={800}
              loading={eager || priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : "auto"}
              decoding={priority ? "sync" : "async"}
            />
          ) : (
            <div className="product-card__img product-card__img--empty" />
          )}
          {second && (
            <img
              className="product-card__img product-card__img--hover"
              src={second}
              srcSet={pictureSrcSet(second)}
              sizes={sizes}
              alt=""
              width={600}
              height={800}
              loading="lazy"
              decoding="async"
            />
          )}
          {isNewArrival(product) && <span className="tag-new">NEW!</span>}
        </div>
        <Name className="product-card__name">{product.name.trim().toUpperCase()}</Name>
        {showPrice && <p className="product-card__price">{formatPrice(product.price)}</p>}
      </Link>
      <WishlistHeart className="product-card__heart" active={wished} name={product.name} onToggle={() => onToggleWish(product.id)} />
    </article>
  );
}
