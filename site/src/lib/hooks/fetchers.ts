import { getKey, itemOf, listOf, type AnswerOf, type GetKey, type ItemOf, type ListAnswer, type ListKey } from "@/lib/api/client";
import { takeEarly } from "@/lib/early-fetch/early-fetch";

/** A list key, as the contract names it, or the same route with a query string. */
export type ListRequest = ListKey | `${ListKey}?${string}`;

/** Lists never throw: a failure is logged and the list is empty (error catalogue). Typed from the contract by the key. */
export async function fetchList<K extends ListRequest>(key: K): Promise<ItemOf<K>[]> {
  try {
    // Every list key answers a list; TypeScript cannot follow that through a generic key.
    return listOf((await getKey(key)) as ListAnswer<ItemOf<K>>);
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
async function getDetail<K extends GetKey>(key: K): Promise<AnswerOf<K>> {
  const early = await takeEarly(key);
  // The inline script asked this very key: its body is the key's answer.
  return early?.ok ? (early.body as AnswerOf<K>) : getKey(key);
}

/** Details never throw either: a failure is logged and the page stays empty. Typed from the contract by the key. */
export async function fetchItem<K extends GetKey>(key: K): Promise<AnswerOf<K> | null> {
  try {
    return itemOf(await getDetail(key));
  } catch (error) {
    console.error(`GET ${key} failed`, error);
    return null;
  }
}
