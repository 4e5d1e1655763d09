/** The trail from home to each detail page, as the site's own links name its steps. */
import type { Collection, News, Product, Runway } from "@/lib/api/types";
import { collectionPath, newsPath, productPath, runwayPath } from "@/lib/rules/catalog";
import type { Crumb } from "./json-ld";
import { SITE_PAGES } from "./pages";

const HOME: Crumb = { name: "Home", path: "/" };
const SHOP: Crumb = { name: SITE_PAGES["/shop/"].title, path: "/shop/" };

/** Home › All products › its collection (when known) › the product. */
export function productCrumbs(product: Product, collection?: Pick<Collection, "id" | "slug" | "name">): Crumb[] {
  const name = collection?.name.trim() || product.collectionName?.trim();
  const inCollection = product.collection && name ? [{ name, path: collectionPath({ id: product.collection, slug: collection?.slug ?? "" }) }] : [];
  return [HOME, SHOP, ...inCollection, { name: product.name.trim(), path: productPath(product) }];
}

export const collectionCrumbs = (collection: Collection): Crumb[] => [HOME, SHOP, { name: collection.name.trim(), path: collectionPath(collection) }];

export const runwayCrumbs = (runway: Runway): Crumb[] => [HOME, { name: SITE_PAGES["/runway/"].title, path: "/runway/" }, { name: runway.name.trim(), path: runwayPath(runway) }];

export const newsCrumbs = (news: News): Crumb[] => [HOME, { name: SITE_PAGES["/news/"].title, path: "/news/" }, { name: news.title.trim(), path: newsPath(news) }];
