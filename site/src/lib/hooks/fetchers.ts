import { getKey, itemOf, listOf, type ItemOf, type ListKey } from "@/lib/api/client";
import { takeEarly } from "@/lib/early-fetch/early-fetch";

/** A list key, as the contract names it, or the same route with a query string. */
export type ListRequest = ListKey | `${ListKey}?${string}`;

/** Lists never throw: a failure is logged and the list is empty (error catalogue). Typed from the contract by the key. */
export async function fetchList<K extends ListRequest>(key: K): Promise<ItemOf<K>[]> {
  try {
    return listOf<ItemOf<K>>(await getKey(key));
  } catch (error) {
    console.error(`GET ${key} failed`, error);
    return [];
  }
}

/**
 * The body of a detail route: the answer the page's inline script already
 * asked for while the bundles loaded, else a request of our own (which also
 * handles errors and the session refresh the usual way).
 */
async function getDetail(path: string): Promise<unknown> {
  const early = await takeEarly(path);
  return early?.ok ? early.body : getKey(path);
}

/** Details never throw either: a failure is logged and the page stays empty. */
export async function fetchItem<T>(path: string): Promise<T | null> {
  try {
    return itemOf<T>(await getDetail(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return null;
  }
}
