/**
 * Each page's head as Next writes it (title, description, canonical, Open
 * Graph, Twitter card): relative addresses, made absolute on the layout's
 * metadataBase (the shop's public origin). A page's Open Graph replaces the
 * layout's whole, so every page gets all of it from here.
 */
import type { Metadata } from "next";
import { house } from "@/config/house";
import type { Collection, News, Product, Runway } from "@/lib/api/types";
import { collectionPath, isActive, newsPath, productPath, runwayPath } from "@/lib/rules/catalog";
import { describeCollection, describeNews, describeProduct, describeRunway, type Described } from "./describe";

export interface Picture {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** The shapes the site draws catalogue pictures in (height over width): product photos 3:4, banners 16:7, news posters 3:2. */
export const PICTURE_SHAPES = { product: 4 / 3, banner: 7 / 16, poster: 2 / 3 } as const;

/**
 * A catalogue picture with its size: the import names each file by its width
 * (`images/catalog/<hash>/<width>.webp`), its height is the shape the site
 * draws it in. Any other address has no known size.
 */
export function pictureOf(url: string | undefined, shape: keyof typeof PICTURE_SHAPES, alt?: string): Picture | undefined {
  if (!url) return undefined;
  const width = Number(/\/images\/catalog\/[0-9a-f]+\/(\d+)\.webp$/.exec(url)?.[1]);
  if (!width) return { url, alt };
  return { url, width, height: Math.floor(width * PICTURE_SHAPES[shape]), alt };
}

/** What pages show when they have no picture of their own: the atelier (public/images/about). */
export const HOUSE_PICTURE: Picture = { url: "/images/about/atelier.jpg", width: 640, height: 360, alt: `The atelier of ${house.name}` };

export interface PageSeo extends Described {
  /** The page's address (trailing slash); null for a page with no address of its own (a placeholder). */
  path: string | null;
  type?: "website" | "article";
  image?: Picture;
  /** Pages a search engine should not list (a visitor's own pages, forms reached by email, results). */
  noindex?: boolean;
  /** The title as it is, without the site's name after it (the home page). */
  absoluteTitle?: boolean;
}

export function pageMetadata({ title, description, path, type = "website", image = HOUSE_PICTURE, noindex = false, absoluteTitle = false }: PageSeo): Metadata {
  const images = [image];
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    ...(path ? { alternates: { canonical: path } } : {}),
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
    openGraph: { type, siteName: house.name, locale: "en_US", title, description, ...(path ? { url: path } : {}), images },
    twitter: { card: "summary_large_image", title, description, images },
  };
}

/** A product's Open Graph type is `product`, which Next's types lack: the page adds it (ProductOpenGraph) and Next leaves og:type out. */
function withoutType(metadata: Metadata): Metadata {
  const openGraph = Object.fromEntries(Object.entries(metadata.openGraph ?? {}).filter(([key]) => key !== "type"));
  return { ...metadata, openGraph };
}

/**
 * A placeholder page (it serves ids unknown at build time, and sets the
 * entity's title once it has it): no canonical address, as it has none of its
 * own, and no noindex, which would keep a new product out of search until the
 * next build.
 */
export function unknownMetadata(title: string, description: string): Metadata {
  return pageMetadata({ title, description, path: null });
}

export function productMetadata(product: Product | undefined): Metadata {
  if (!product || !isActive(product)) return unknownMetadata("Product", `A piece from ${house.name}.`);
  const image = pictureOf(product.productGallery[0], "product", product.name.trim());
  return withoutType(pageMetadata({ ...describeProduct(product), path: productPath(product), image }));
}

export function collectionMetadata(collection: Collection | undefined): Metadata {
  if (!collection || !isActive(collection)) return unknownMetadata("Collection", `A collection of ${house.name}.`);
  const image = pictureOf(collection.banner[0], "banner", collection.name.trim());
  return pageMetadata({ ...describeCollection(collection), path: collectionPath(collection), image });
}

export function runwayMetadata(runway: Runway | undefined): Metadata {
  if (!runway || !isActive(runway)) return unknownMetadata("Runway", `A runway show of ${house.name}.`);
  const image = pictureOf(runway.banners[0], "banner", runway.name.trim());
  return pageMetadata({ ...describeRunway(runway), path: runwayPath(runway), image });
}

export function newsMetadata(news: News | undefined): Metadata {
  if (!news || !isActive(news)) return unknownMetadata("News", `News from ${house.name}.`);
  const image = pictureOf(news.poster, "poster", news.title.trim());
  return pageMetadata({ ...describeNews(news), path: newsPath(news), type: "article", image });
}
