/**
 * The catalogue as it was at build time (`shopctl snapshot`: each list
 * route's body as served), turned into SWR fallback data so the exported HTML
 * already shows the catalogue; SWR still asks the API on mount.
 */
import { itemOf, listOf, type ListAnswer } from "@/lib/api/client";

/** The SWR keys of the catalogue lists the snapshot carries. */
export const SNAPSHOT_KEYS = ["/menus", "/categories", "/products", "/collections", "/runways", "/runways/featured", "/banners", "/news", "/house", "/pages"] as const;

export type SnapshotKey = (typeof SNAPSHOT_KEYS)[number];

/** The snapshot file: route → body as served. */
export type Snapshot = Partial<Record<string, unknown>>;

/** Keys whose hook answers one entity (fetchItem) rather than a list (fetchList). */
const FIRST_OF: readonly SnapshotKey[] = ["/runways/featured", "/house"];

/**
 * Fields a list never shows, left out of the HTML (every page carrying the
 * product list would otherwise carry every description); the detail route
 * still has them, and the list route is dropping them too.
 */
const NOT_LISTED: Partial<Record<SnapshotKey, readonly string[]>> = { "/products": ["description"] };

function withoutFields(items: unknown[], fields: readonly string[] = []): unknown[] {
  if (fields.length === 0) return items;
  return items.map((item) => (item && typeof item === "object" ? Object.fromEntries(Object.entries(item).filter(([k]) => !fields.includes(k))) : item));
}

/** The data each key's fetcher would return for the snapshot's body; keys the snapshot lacks are left out, so SWR fetches them as before. */
export function fallbackOf(snapshot: Snapshot, keys: readonly SnapshotKey[]): Record<string, unknown> {
  const fallback: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in snapshot)) continue;
    const body = snapshot[key];
    fallback[key] = FIRST_OF.includes(key) ? itemOf(body) : withoutFields(listOf(body as ListAnswer<unknown>), NOT_LISTED[key]);
  }
  return fallback;
}

/** The lists whose entities have a pre-rendered detail page; `${list}/${id}` is an entity's detail key. */
export type DetailedList = "/products" | "/collections" | "/runways";

/** An entity's place in its page's address. */
export interface DetailRef {
  id: string;
  slug: string;
}

/** The entities of a list whose detail the snapshot holds (their pages can be rendered at build time). */
export function detailRefs(snapshot: Snapshot, list: DetailedList): DetailRef[] {
  return listOf(snapshot[list] as ListAnswer<Partial<DetailRef>>)
    .filter((item): item is DetailRef => typeof item?.id === "string" && `${list}/${item.id}` in snapshot)
    .map(({ id, slug }) => ({ id, slug: typeof slug === "string" ? slug : "" }));
}

/** The entity a detail key's fetcher would return for the snapshot's body; undefined when the snapshot lacks it, so SWR fetches it. */
export function detailOf(snapshot: Snapshot, key: string): unknown {
  return key in snapshot ? itemOf(snapshot[key]) : undefined;
}
