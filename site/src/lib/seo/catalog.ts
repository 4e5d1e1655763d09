/** The build-time catalogue as the head of each page and the sitemap read it (server side only, as the snapshot is). */
import type { Banner, Collection, News, Product, Runway } from "@/lib/api/types";
import { catalogDetail, catalogFallback, detailKey } from "@/lib/catalog-snapshot";
import { siteOrigin } from "@/config/site-url";
import type { SitemapCatalog } from "./sitemap";

/** The shop's public origin this build names (SITE_URL). */
export const origin = siteOrigin();

const list = <T,>(key: "/products" | "/collections" | "/runways" | "/news" | "/banners") => (catalogFallback([key])[key] ?? []) as T[];

export const builtProduct = (id: string) => catalogDetail<Product>(detailKey("/products", id));
export const builtCollection = (id: string) => catalogDetail<Collection>(detailKey("/collections", id));
export const builtRunway = (id: string) => catalogDetail<Runway>(detailKey("/runways", id));
/** The news list carries each article whole; there is no detail in the snapshot. */
export const builtNews = (id: string) => list<News>("/news").find((n) => n.id === id);
export const builtNewsList = () => list<News>("/news");
export const builtBanners = () => list<Banner>("/banners");

export function sitemapCatalog(): SitemapCatalog {
  return {
    products: list<Product>("/products"),
    collections: list<Collection>("/collections").map((c) => builtCollection(c.id) ?? c),
    runways: list<Runway>("/runways"),
    news: list<News>("/news"),
  };
}
