"use client";
/** Wishlist: the saved products as a grid, each with remove; 'Your wishlist is empty.' when none. */
import Link from "next/link";
import { mutate as globalMutate } from "swr";
import { ok, shop } from "@/lib/api/client";
import { PICTURE_SIZES, pictureSrcSet } from "@/lib/rules/pictures";
import { useWishlistEntries } from "@/lib/hooks/use-wishlist";
import { productPath } from "@/lib/rules/catalog";

export const WISHLIST_EMPTY = "Your wishlist is empty.";

export function MyWishlist() {
  const { data, mutate, isLoading } = useWishlistEntries();
  const entries = (data ?? []).filter((e) => e.product?.id);

  const remove = async (productId: string) => {
    try {
      await ok(shop.DELETE("/api/wishlist/remove/{id}", { params: { path: { id: productId } } }));
      await mutate(
        entries.filter((e) => e.product.id !== productId),
        { revalidate: true },
      );
      void globalMutate("/wishlist");
    } catch (error) {
      console.error("wishlist remove failed", error);
    }
  };

  return (
    <div>
      <h1 className="account__title">WISHLIST</h1>
      {isLoading ? null : entries.length === 0 ? (
        <p className="muted">{WISHLIST_EMPTY}</p>
      ) : (
        <ul className="product-grid wishlist-grid">
          {entries.map((e) => (
            <li key={e.product.id} className="product-card" data-testid="wishlist-item">
              <Link href={productPath({ id: e.product.id, slug: e.product.slug ?? "" })} className="product-card__link">
                <div className="product-card__media">
                  {e.product.productGallery?.[0] ? (
                    <img
                      className="product-card__img"
                      src={e.product.productGallery[0]}
                      srcSet={pictureSrcSet(e.product.productGallery[0])}
                      sizes={PICTURE_SIZES.productGrid}
                      alt=""
                      width={600}
                      height={800}
                    />
                  ) : (
                    <div className="product-card__img product-card__img--empty" />
                  )}
                </div>
                <span className="product-card__name">{(e.product.name ?? "").toUpperCase()}</span>
              </Link>
              <button
                type="button"
                className="button button--outline button--block"
                onClick={() => void remove(e.product.id)}
                aria-label={`Remove ${e.product.name ?? "product"} from wishlist`}
              >
                REMOVE
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
