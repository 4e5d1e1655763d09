/** Server side only (pages and layouts): the snapshot file stays out of the browser bundles. */
import snapshot from "./snapshot.json";
import { fallbackOf, type Snapshot, type SnapshotKey } from "./fallback";

export function catalogFallback(keys: readonly SnapshotKey[]): Record<string, unknown> {
  return fallbackOf(snapshot as Snapshot, keys);
}
