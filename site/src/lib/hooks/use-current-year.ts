import { useSyncExternalStore } from "react";

/** The year the static pages were built in: what their HTML says before the page hydrates. */
const BUILD_YEAR = Number(process.env.BUILD_YEAR) || new Date().getFullYear();

const unchanging = () => () => {};

/**
 * The current year on the shopper's clock. A static export is rendered once, at build time, so its HTML
 * holds the build's year; hydration renders that same year (no mismatch), then React re-renders with the
 * shopper's own.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}
