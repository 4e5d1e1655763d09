/** SWR hooks per catalogue resource. Lists are filtered to active content here too, so a lax server never leaks drafts. */
import useSWR from "swr";
import type { GetKey, ItemOf } from "@/lib/api/client";
import type { Collection } from "@/lib/api/types";
import { isActive, sortByOrder } from "@/lib/rules/catalog";
import { SHOP_MENU_PATHS, standsFor } from "@/lib/rules/menu-match";
import { collectionKey } from "./collection-key";
import { fetchItem, fetchList, type ListRequest } from "./fetchers";

/**
 * A tab left open must not keep selling at an old price: when the shopper
 * comes back to it (focus, or the tab shown again) the catalogue is asked
 * again. Each key is asked at most once a minute (mounts on every page change
 * included), and an unchanged answer is a 304 on its ETag.
 */
const options = { revalidateOnFocus: true, dedupingInterval: 60_000 };

// Loading means "no data yet": SWR's own isLoading is also true while it
// revalidates the build-time fallback on mount, which must stay on screen.

function useList<K extends ListRequest>(path: K | null, sort?: (items: ItemOf<K>[]) => ItemOf<K>[]) {
  const { data } = useSWR(path, (p: K) => fetchList(p), options);
  // Every catalogue item has a status; the contract types it, this reads it.
  const active = (data ?? []).filter((item) => isActive(item as { status?: string }));
  return { items: sort ? sort(active) : active, isLoading: path !== null && data === undefined };
}

function useItem<K extends GetKey>(path: K | null) {
  const { data } = useSWR(path, (p: K) => fetchItem(p), options);
  return { item: data ?? null, isLoading: path !== null && data === undefined };
}

export const useMenus = () => useList("/menus", sortByOrder);
export const useCategories = () => useList("/categories");
export const useBanners = () => useList("/banners", sortByOrder);
export const useProducts = () => useList("/products");
export const useSearch = (q: string) => useList(q.trim() ? (`/products/search?q=${encodeURIComponent(q.trim())}` as const) : null);
export const useCollections = () => useList("/collections");
export const useRunways = () => useList("/runways");
export const useNewsList = () => useList("/news");

/**
 * The sections of the shop the house has nothing in, by their link, so menus
 * leave them out: a shop menu (New Arrivals, Women, Men) no active category
 * stands for (the categories are on every page's first paint), and, while
 * `shown` (the sidebar open, so no other page pays for the lists), no active
 * runway or news. Unknown until answered, so nothing is hidden before.
 */
export function useEmptySections(shown: boolean): string[] {
  const categories = useCategories();
  const runways = useList(shown ? "/runways" : null);
  const news = useList(shown ? "/news" : null);
  const empty = (list: { items: unknown[]; isLoading: boolean }, href: string) => (shown && !list.isLoading && list.items.length === 0 ? [href] : []);
  const names = categories.items.filter(isActive).map((c) => c.name);
  const menus = categories.isLoading ? [] : SHOP_MENU_PATHS.filter((menu) => !names.some((name) => standsFor(name, menu))).map((menu) => `/shop/${menu}/`);
  return [...menus, ...empty(runways, "/runway/"), ...empty(news, "/news/")];
}

export const useProduct = (id: string | null) => useItem(id ? `/products/${encodeURIComponent(id)}` : null);
export const useCollection = (id: string | null) => useItem(id ? `/collections/${encodeURIComponent(id)}` : null);
export const useRunway = (id: string | null) => useItem(id ? `/runways/${encodeURIComponent(id)}` : null);
/**
 * The featured show, asked for only once the house is known to have shows
 * (`hasRunways`): a house without any has none, and its home page makes no
 * request the API can only answer 404.
 */
export function useFeaturedRunway(hasRunways = true) {
  const { data } = useSWR(hasRunways ? "/runways/featured" : null, () => fetchItem("/runways/featured"), options);
  return { item: data ?? null, isLoading: hasRunways && data === undefined };
}
export const useNews = (id: string | null) => useItem(id ? `/news/${encodeURIComponent(id)}` : null);

/**
 * `/collection/{id}/{slug}` names the id; a menu url may give only a slug
 * (or a name). Ask by id first, else find it in the list by slug, id or name.
 */
async function findCollection(ref: string): Promise<Collection | null> {
  const byId = await fetchItem(`/collections/${encodeURIComponent(ref)}`);
  if (byId?.id) return byId;
  const key = ref.trim().toLowerCase();
  const match = (await fetchList("/collections")).find((c) => [c.slug, c.id, c.name].some((v) => v?.trim().toLowerCase() === key));
  return match ? fetchItem(`/collections/${encodeURIComponent(match.id)}`) : null;
}

/**
 * The collection a collection page names by id, slug or name (`ref`: undefined until the address
 * is read), under the key its page hands the build's copy to SWR. Loading only while there is no
 * data at all: SWR's own isLoading is also true while the build's copy is revalidated.
 */
export function useCollectionPage(ref: string | null | undefined) {
  const { data } = useSWR(ref ? collectionKey(ref) : null, ([, r]) => findCollection(r));
  return { data, isLoading: !!ref && data === undefined };
}
