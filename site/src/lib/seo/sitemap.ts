/**
 * sitemap.xml and robots.txt from the build-time catalogue: every active
 * product, collection, runway show and news item at the address the site
 * links it by, each dated by its own dates; the site's public pages, the
 * listing ones dated by the newest entity they list, the others undated (they
 * have no date of their own, and a build's date would claim a change that
 * did not happen on every build).
 */
import type { MetadataRoute } from "next";
import type { Collection, News, ProductCard, Runway } from "@/lib/api/types";
import { collectionPath, isActive, newsPath, productPath, runwayPath } from "@/lib/rules/catalog";
import { matchesMenu } from "@/lib/rules/menu-match";
import { absolute } from "./json-ld";
import { DISALLOWED, publicPaths, SHOP_MENUS } from "./pages";

export interface SitemapCatalog {
  products: ProductCard[];
  /** Each with its products where the build has them (`GET /collections/{id}`). */
  collections: Collection[];
  runways: Runway[];
  news: News[];
}

/** A date as the sitemap writes it (W3C datetime), or undefined when there is none. */
function isoDate(value: string | undefined): string | undefined {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function newest(values: (string | undefined)[]): string | undefined {
  return values
    .map(isoDate)
    .filter((d): d is string => d !== undefined)
    .sort()
    .at(-1);
}

type Entry = MetadataRoute.Sitemap[number];

function entry(origin: string, path: string, lastModified: string | undefined, images: string[] = []): Entry {
  return { url: absolute(origin, path), ...(lastModified ? { lastModified } : {}), ...(images.length > 0 ? { images: images.map((src) => absolute(origin, src)) } : {}) };
}

export function sitemapEntries(catalog: SitemapCatalog, origin: string): MetadataRoute.Sitemap {
  const products = catalog.products.filter(isActive);
  const collections = catalog.collections.filter(isActive);
  const runways = catalog.runways.filter(isActive);
  const news = catalog.news.filter(isActive);
  const productDates = (list: ProductCard[]) => newest(list.map((p) => p.createdAt));
  const newsDate = (n: News) => isoDate(n.updatedAt || n.createdAt);
  const collectionDate = (c: Collection) => productDates([...(c.products ?? []), ...products.filter((p) => p.collection === c.id)].filter(isActive));

  const listed: Record<string, string | undefined> = {
    "/shop/": productDates(products),
    "/runway/": newest(runways.map((r) => r.createdAt)),
    "/news/": newest(news.map(newsDate)),
    ...Object.fromEntries(Object.keys(SHOP_MENUS).map((menu) => [`/shop/${menu}/`, productDates(products.filter((p) => matchesMenu(p, menu)))])),
  };
  listed["/"] = newest(Object.values(listed));

  return [
    ...publicPaths().map((path) => entry(origin, path, listed[path])),
    ...products.map((p) => entry(origin, productPath(p), isoDate(p.createdAt), p.productGallery.slice(0, 1))),
    ...collections.map((c) => entry(origin, collectionPath(c), collectionDate(c), c.banner.slice(0, 1))),
    ...runways.map((r) => entry(origin, runwayPath(r), isoDate(r.createdAt), r.banners.slice(0, 1))),
    ...news.map((n) => entry(origin, newsPath(n), newsDate(n), n.poster ? [n.poster] : [])),
  ];
}

/** Every crawler may read the site but a visitor's own pages; the sitemap is named. */
export function robotsRules(origin: string): MetadataRoute.Robots {
  return { rules: [{ userAgent: "*", allow: "/", disallow: [...DISALLOWED] }], sitemap: absolute(origin, "/sitemap.xml") };
}
