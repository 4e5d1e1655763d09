/** Server side only (pages and layouts): the snapshot file stays out of the browser bundles. */
import snapshot from "./snapshot.json";
import { detailOf, detailRefs, fallbackOf, type DetailedList, type DetailRef, type Snapshot, type SnapshotKey } from "./fallback";

export function catalogFallback(keys: readonly SnapshotKey[]): Record<string, unknown> {
  return fallbackOf(snapshot as Snapshot, keys);
}

/** The entities of a list whose pages the build renders. */
export function catalogDetailRefs(list: DetailedList): DetailRef[] {
  return detailRefs(snapshot as Snapshot, list);
}

/** One entity's detail as its fetcher returns it, or undefined when the build does not know it. */
export function catalogDetail<T>(key: string): T | undefined {
  return detailOf(snapshot as Snapshot, key) as T | undefined;
}

/** The address segments of a detail route's placeholder page, which serves ids unknown at build time. */
export const PLACEHOLDER = { id: "_", slug: "_" } as const;

/** A detail route's pages: its placeholder and one per entity the snapshot holds (`emptySlug` as the site's links name a slugless one). */
export function detailParams(list: DetailedList, emptySlug: string): { id: string; slug: string }[] {
  return [PLACEHOLDER, ...catalogDetailRefs(list).map(({ id, slug }) => ({ id, slug: slug || emptySlug }))];
}

/** The id a detail page was rendered for, or null for the placeholder (which reads it from the address). */
export function builtId(id: string): string | null {
  return id === PLACEHOLDER.id ? null : decodeURIComponent(id);
}

/** An entity's detail route as the site's data keys name it (`/products/{id}`). */
export function detailKey(list: DetailedList, id: string): string {
  return `${list}/${encodeURIComponent(id)}`;
}

/** The SWR fallback of one detail the build knows, under `swrKey` (its data key by default); empty when unknown. */
export function detailFallback(key: string, swrKey: string = key): Record<string, unknown> {
  const body = catalogDetail(key);
  return body ? { [swrKey]: body } : {};
}
