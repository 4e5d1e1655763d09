/**
 * Responsive pictures. `shopctl catalog import` stores each catalogue picture
 * at `images/catalog/<hash>/<width>.webp`, in the widths of
 * shared/picture-sizes.json, and the record names the largest; the smaller
 * widths follow from that one by the import's own rule, so the site builds a
 * picture's srcset from its address alone. Any other address has no variants.
 */
import pictureSizes from "../../../../shared/picture-sizes.json";

/** Which smaller widths a picture is made in (shared/picture-sizes.json). */
export interface PictureRule {
  widths: number[];
  /** A smaller width exists when it is at most this share of the largest. */
  smallerAtMost: number;
}

export const PICTURE_RULE: PictureRule = { widths: pictureSizes.widths, smallerAtMost: pictureSizes.smallerAtMost };

/**
 * The srcset of the picture at `url` under `rule` (narrowest first, the
 * address itself last), or undefined when it has no smaller width. The
 * early-fetch script runs it serialised: it must use nothing from outside
 * its own body (no imports, no helpers).
 */
export function srcSetWith(rule: PictureRule, url: string): string | undefined {
  const made = /^(.*\/images\/catalog\/[0-9a-f]+\/)(\d+)\.webp$/.exec(url);
  if (!made) return undefined;
  const base = made[1] ?? "";
  const largest = Number(made[2]);
  const smaller = rule.widths.filter((w) => w <= largest * rule.smallerAtMost).sort((a, b) => a - b);
  if (smaller.length === 0) return undefined;
  return smaller
    .map((w) => `${base}${w}.webp ${w}w`)
    .concat(`${url} ${largest}w`)
    .join(", ");
}

/** The srcset of a catalogue picture's address, or undefined (a plain src is all there is). */
export function pictureSrcSet(url: string | undefined): string | undefined {
  return url ? srcSetWith(PICTURE_RULE, url) : undefined;
}

/*
 * How wide each layout shows its pictures (the `sizes` attribute), read from
 * the styles: a .container is min(100vw, 1360px) less its gutters, 16px a side
 * (40px from 768px wide), so its content is calc(100vw - 32px), then
 * calc(100vw - 80px), and 1280px from 1360px wide.
 */
export const PICTURE_SIZES = {
  /** .product-grid: 2 columns (12px gap), 3 from 768px, 4 from 1200px (28px gaps). */
  productGrid: "(min-width: 1360px) 299px, (min-width: 1200px) calc(25vw - 41px), (min-width: 768px) calc(33.33vw - 45px), calc(50vw - 22px)",
  /** .product-carousel: 2 slides (12px apart), 3 from 768px, 5 from 1100px (24px apart). */
  productCarousel: "(min-width: 1360px) 237px, (min-width: 1100px) calc(20vw - 35px), (min-width: 768px) calc(33.33vw - 43px), calc(50vw - 22px)",
  /** .product: the gallery takes the container, from 900px 1.15 parts of 2.15 after the 72px gap. */
  productGallery: "(min-width: 1360px) 646px, (min-width: 900px) calc(53.49vw - 81px), (min-width: 768px) calc(100vw - 80px), calc(100vw - 32px)",
  /** .gallery__thumb: 72px less its 1px border (the 320 width, even at three device pixels a CSS pixel). */
  galleryThumb: "70px",
  /** .hero: the page's whole width, at its own 16:7. */
  fullWidth: pictureSizes.fullWidth,
  /** .banner-carousel: the whole width, at its own 16:7. */
  bannerCarousel: "100vw",
  /** .runway-banner: the whole width and at least 70vh high, which the 16:7 picture covers (70vh × 16/7). */
  runwayBanner: "max(100vw,160vh)",
  /** .looks: 2 columns (12px gap), 4 from 768px (20px gaps). */
  looks: "(min-width: 1360px) 305px, (min-width: 768px) calc(25vw - 35px), calc(50vw - 22px)",
  /** .celebs__slide: a third of the container, less 12px of padding. */
  runwayCarousel: "(min-width: 1360px) 415px, (min-width: 768px) calc(33.33vw - 39px), calc(33.33vw - 23px)",
  /** The bag's, the checkout summary's and an order card's thumbnails. */
  bagThumb: "84px",
  summaryThumb: "72px",
  orderThumb: "56px",
  /** .news-grid: 1 column, 3 from 768px (32px gaps). */
  newsCard: "(min-width: 1360px) 406px, (min-width: 768px) calc(33.33vw - 48px), calc(100vw - 32px)",
  /** .article__poster in a .container.narrow (860px at most, gutters included). */
  newsPoster: "(min-width: 860px) 780px, (min-width: 768px) calc(100vw - 80px), calc(100vw - 32px)",
} as const;
