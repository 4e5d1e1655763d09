/**
 * The house and its pages, as the catalogue publishes them (`/api/house`,
 * `/api/pages`): every name, contact and page text the site shows comes from
 * here, never from the site's code. The build's snapshot is their fallback
 * (first paint); SWR asks the API again on mount like the other lists.
 */
import useSWR from "swr";
import type { House, PageAnswer, PageId } from "@/lib/api/types";
import { fetchItem, fetchList } from "./fetchers";

const options = { revalidateOnFocus: true, dedupingInterval: 60_000 };

/** The house, or null while unknown (or before its first import). */
export function useHouse(): { house: House | null; isLoading: boolean } {
  const { data } = useSWR("/house", () => fetchItem("/house"), options);
  return { house: data ?? null, isLoading: data === undefined };
}

/** The ids of the pages the house gives (a link to one it does not give is hidden). */
export function usePageIds(): { ids: ReadonlySet<string>; isLoading: boolean } {
  const { data } = useSWR("/pages", () => fetchList("/pages"), options);
  const ids = new Set((data ?? []).filter((p) => p.status === "active").map((p) => p.id));
  return { ids, isLoading: data === undefined };
}

/**
 * One page of the house: null while loading, or when the house gives none
 * (`missing`). It is asked for once the house's list names it (a published
 * page's first paint holds both): a page the list leaves out could only
 * answer a 404.
 */
export function usePage(id: PageId): { page: PageAnswer | null; isLoading: boolean; missing: boolean } {
  const { ids, isLoading: listing } = usePageIds();
  const given = ids.has(id);
  const { data } = useSWR(given ? `/pages/${id}` : null, () => fetchItem(`/pages/${id}`), options);
  if (listing) return { page: null, isLoading: true, missing: false };
  if (!given) return { page: null, isLoading: false, missing: true };
  return { page: data ?? null, isLoading: data === undefined, missing: data === null };
}
