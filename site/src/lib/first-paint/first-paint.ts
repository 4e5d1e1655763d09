"use client";
/**
 * A page's first paint: the catalogue data its lists show, which
 * `shopctl publish` writes into the page's `script#first-paint` (a map of SWR
 * key → what the key's fetcher returns, as `fallbackOf` defines it). The
 * templates carry `{}`, so the server render and hydration see nothing; the
 * client reads the script once, and the data lands in the very next render,
 * as SWR's fallback (SWR still asks the API on mount).
 */
import { useSyncExternalStore } from "react";
import { FIRST_PAINT_ID } from "./first-paint-id";

export { FIRST_PAINT_ID };

export type FirstPaint = Readonly<Record<string, unknown>>;

const EMPTY: FirstPaint = Object.freeze({});

let read: FirstPaint | undefined;

/** The page's first paint, parsed once (the script does not change once the page is loaded). */
export function readFirstPaint(doc: Document = document): FirstPaint {
  if (read) return read;
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(FIRST_PAINT_ID)?.textContent || "{}");
    read = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as FirstPaint) : EMPTY;
  } catch {
    read = EMPTY;
  }
  return read;
}

/** Forgets what was read (tests load more than one page). */
export function forgetFirstPaint(): void {
  read = undefined;
}

const nothingChanges = () => () => {};
const onServer = () => EMPTY;

/** `{}` on the server and while hydrating (as the template's HTML), the published data from the next render on. */
export function useFirstPaint(): FirstPaint {
  return useSyncExternalStore(nothingChanges, readFirstPaint, onServer);
}
