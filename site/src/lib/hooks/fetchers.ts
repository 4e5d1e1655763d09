import { api, unwrapFirst, unwrapItem, unwrapList } from "@/lib/api/client";
import { takeEarly } from "@/lib/early-fetch/early-fetch";

/** Lists never throw: a failure is logged and the list is empty (error catalogue). */
export async function fetchList<T>(path: string): Promise<T[]> {
  try {
    return unwrapList<T>(await api.get(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
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
  return early?.ok ? early.body : api.get(path);
}

/** Details never throw either: a failure is logged and the page stays empty. */
export async function fetchItem<T>(path: string): Promise<T | null> {
  try {
    return unwrapItem<T>(await getDetail(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return null;
  }
}

/** A route that may answer one entity or a list of them (the featured runway): the first wins. */
export async function fetchFirst<T>(path: string): Promise<T | null> {
  try {
    return unwrapFirst<T>(await api.get(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return null;
  }
}
