import { api, unwrapItem, unwrapList } from "@/lib/api/client";


/** Lists never throw: a failure is logged and the list is empty (error catalogue). */
export async function fetchList<T>(path: string): Promise<T[]> {
  try {
    return unwrapList<T>(await api.get(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return [];
  }
}

/** Details never throw either: a failure is logged and the page stays empty. */
export async function fetchItem<T>(path: string): Promise<T | null> {
  try {
    return unwrapItem<T>(await api.get(path));
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return null;
  }
}

/** A route that may answer one entity or a list of them (the featured runway): the first wins. */
export async function fetchFirst<T>(path: string): Promise<T | null> {
  try {
    const body = await api.get(path);
    const list = unwrapList<T>(body);
    if (list.length > 0) return list[0] ?? null;
    return Array.isArray(body) ? null : unwrapItem<T>(body);
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return null;
  }
}
