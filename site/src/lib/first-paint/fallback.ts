/**
 * What a page's first paint holds under each SWR key: the data the key's
 * fetcher returns for the catalogue route's answer. `shopctl publish` writes
 * it into each published page (shared/shopctl/src/publish/first_paint.rs);
 * both sides run the cases of fallback-cases.json, so this stays the one
 * definition of what a key holds.
 */
import { itemOf, listOf, type ListAnswer } from "@/lib/api/client";

/** The SWR keys of the catalogue lists a first paint may carry. */
export const SNAPSHOT_KEYS = [
  "/menus",
  "/categories",
  "/products",
  "/collections",
  "/runways",
  "/runways/featured",
  "/banners",
  "/news",
  "/house",
  "/pages",
] as const;

export type SnapshotKey = (typeof SNAPSHOT_KEYS)[number];

/** The catalogue's answers: route (without /api) → body as served. */
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
