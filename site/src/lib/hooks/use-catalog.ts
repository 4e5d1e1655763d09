/** SWR hooks per catalogue resource. Lists are filtered to active content here too, so a lax server never leaks drafts. */
import useSWR from "swr";
import type { Banner, Category, Collection, Menu, News, Product, Runway } from "@/lib/api/types";
import { isActive, sortByOrder } from "@/lib/rules/catalog";
import { collectionKey } from "./collection-key";
import { fetchFirst, fetchItem, fetchList } from "./fetchers";

const options = { revalidateOnFocus: false, dedupingInterval: 60_000 };

// Loading means "no data yet": SWR's own isLoading is also true while it
// revalidates the build-time fallback on mount, which must stay on screen.

function useList<T extends { status?: string }>(path: string | null, sort?: (items: T[]) => T[]) {
  const { data } = useSWR(path, (p: string) => fetchList<T>(p), options);
  const active = (data ?? []).filter(isActive);
  return { items: sort ? sort(active) : active, isLoading: path !== null && data === undefined };
}

function useItem<T>(path: string | null) {
  const { data } = useSWR(path, (p: string) => fetchItem<T>(p), options);
  return { item: data ?? null, isLoading: path !== null && data === undefined };
}

export const useMenus = () => useList<Menu>("/menus", sortByOrder);
export const useCategories = () => useList<Category>("/categories");
export const useBanners = () => useList<Banner>("/banners", sortByOrder);
export const useProducts = () => useList<Product>("/products");
export const useSearch = (q: string) => useList<Product>(q.trim() ? `/products/search?q=${encodeURIComponent(q.trim())}` : null);
export const useCollections = () => useList<Collection>("/collections");
export const useRunways = () => useList<Runway>("/runways");
export const useNewsList = () => useList<News>("/news");

export const useProduct = (id: string | null) => useItem<Product>(id ? `/products/${encodeURIComponent(id)}` : null);
export const useCollection = (id: string | null) => useItem<Collection>(id ? `/collections/${encodeURIComponent(id)}` : null);
export const useRunway = (id: string | null) => useItem<Runway>(id ? `/runways/${encodeURIComponent(id)}` : null);
export function useFeaturedRunway() {
  const { data } = useSWR("/runways/featured", (p: string) => fetchFirst<Runway>(p), options);
  return { item: data ?? null, isLoading: data === undefined };
}
export const useNews = (id: string | null) => useItem<News>(id ? `/news/${encodeURIComponent(id)}` : null);

/**
 * `/collection/{id}/{slug}` names the id; a menu url may give only a slug
 * (or a name). Ask by id first, else find it in the list by slug, id or name.
 */
async function findCollection(ref: string): Promise<Collection | null> {
  const byId = await fetchItem<Collection>(`/collections/${encodeURIComponent(ref)}`);
  if (byId?.id) return byId;
  const key = ref.trim().toLowerCase();
  const match = (await fetchList<Collection>("/collections")).find((c) => [c.slug, c.id, c.name].some((v) => v?.trim().toLowerCase() === key));
  return match ? fetchItem<Collection>(`/collections/${encodeURIComponent(match.id)}`) : null;
}

/**
 * The collection a collection page names by id, slug or name (`ref`: undefined until the address
 * is read), under the key its page hands the build's copy to SWR. Loading only while there is no
 * data at all: SWR's own isLoading is also true while the build's copy is revalidated.
 */
export function useCollectionPage(ref: string | null | undefined) {
  const { data } = useSWR(ref ? collectionKey(ref) : null, ([, r]) => findCollection(r), { revalidateOnFocus: false });
  return { data, isLoading: !!ref && data === undefined };
}
